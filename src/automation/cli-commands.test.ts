import { formatSummary } from "./cli-commands";

describe("formatSummary", () => {
  it("prints the step counts and one line per changed release with its value changes", () => {
    const text = formatSummary("preview", {
      stackName: "dev",
      resourceChanges: { same: 5, update: 2 },
      releases: [],
      changedReleases: [
        {
          release: "web/frontend",
          urn: "urn:x",
          op: "update",
          changedInputs: ["values", "manifest"],
          valuesChanges: [{ path: "image.tag", old: "1", new: "2" }],
          childSteps: { update: 1 },
        },
      ],
      adoptions: [],
      stdout: "",
    });
    expect(text).toBe(
      'preview of stack "dev": same 5, update 2\n  update web/frontend (values, manifest)\n      image.tag: "1" => "2"\n',
    );
  });

  it("says so when no release changes", () => {
    expect(
      formatSummary("up", {
        stackName: "s",
        resourceChanges: { same: 3 },
        releases: [],
        changedReleases: [],
        adoptions: [],
        stdout: "",
      }),
    ).toBe('up of stack "s": same 3\nno release changes\n');
  });
});
