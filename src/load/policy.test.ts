import { checkStatePolicy } from "./policy";

describe("checkStatePolicy", () => {
  it("accepts environments and releases in separate parts", () => {
    expect(() =>
      checkStatePolicy("h.yaml", "environments:\n  default: {}\n---\nreleases: []\n"),
    ).not.toThrow();
  });

  it("refuses environments and releases in one part with helmfile's message", () => {
    expect(() => checkStatePolicy("h.yaml", "environments: {}\nreleases: []\n")).toThrow(
      "environments and releases cannot be defined within the same YAML part. Use --- to extract the environments into a dedicated part",
    );
  });

  it("requires bases before releases", () => {
    expect(() => checkStatePolicy("h.yaml", "releases: []\n---\nbases: [b.yaml]\n")).toThrow(
      "top-level config key bases must be defined before releases in h.yaml",
    );
  });

  it("refuses a file without any top-level key", () => {
    expect(() => checkStatePolicy("h.yaml", "# nothing\n")).toThrow(
      "no top-level config keys are found in h.yaml",
    );
  });
});
