import { CapabilitiesProbe, renderAgainstCluster, type RunHelm } from "./cluster-render";
import type { HelmBinary } from "./render-types";
import type { ProcessRunner } from "../shared/io";
import type { ScratchFileSystem } from "./render-io";

// helm's own messages (helm 4.1: `helm history` of an unknown release; `helm template --dry-run=server`
// of an install whose objects exist without helm's ownership metadata).
const NOT_FOUND = "Error: release: not found\n";
const NOT_OWNED =
  'Error: INSTALLATION FAILED: Unable to continue with install: Secret "web-admin" in namespace "web" exists and cannot be imported into the current release: invalid ownership metadata\n';

const helm4 = { path: "/usr/bin/helm", major: 4 } as unknown as HelmBinary;
const args = ["template", "web", "/charts/web", "--namespace", "web"];

/** A fake helm (unit test): history says "not found"; an install render fails while objects exist. */
function fakeHelm(objectsExist: boolean): { run: RunHelm; calls: string[][] } {
  const calls: string[][] = [];
  const run: RunHelm = (a) => {
    calls.push([...a]);
    if (a[0] === "history") return Promise.resolve({ exitCode: 1, stdout: "", stderr: NOT_FOUND });
    if (objectsExist && !a.includes("--is-upgrade"))
      return Promise.resolve({ exitCode: 1, stdout: "", stderr: NOT_OWNED });
    return Promise.resolve({ exitCode: 0, stdout: "---\nkind: Secret\n", stderr: "" });
  };
  return { run, calls };
}

function probe(options: ConstructorParameters<typeof CapabilitiesProbe>[4]): CapabilitiesProbe {
  return new CapabilitiesProbe(helm4, {} as ProcessRunner, {} as ScratchFileSystem, {}, options);
}

const templates = (calls: string[][]): string[][] => calls.filter((c) => c[0] === "template");

describe("renderAgainstCluster: install or upgrade", () => {
  it("renders a release the stack recorded as an upgrade at once, though helm has no record of it", async () => {
    const options = { recorded: new Set(["web/web"]) };
    const helm = fakeHelm(true);
    const { result, args: ran } = await renderAgainstCluster(
      args,
      helm4,
      options,
      probe(options),
      helm.run,
      "web/web",
    );
    expect(result.exitCode).toBe(0);
    expect(templates(helm.calls)).toHaveLength(1);
    expect(ran).toContain("--is-upgrade");
    expect(ran).toContain("--dry-run=server");
    // The stack's record decides: helm's is not asked for.
    expect(helm.calls.filter((c) => c[0] === "history")).toEqual([]);
    // Validated against the cluster's OpenAPI schema unless told otherwise.
    expect(ran).not.toContain("--disable-openapi-validation");
  });

  it("without validation (a plan compared with the stack's record): helm 4 skips OpenAPI validation", async () => {
    const options = { recorded: new Set(["web/web"]), validate: false };
    const helm = fakeHelm(false);
    const recorded = await renderAgainstCluster(args, helm4, options, probe(options), helm.run, "web/web");
    expect(recorded.args).toContain("--disable-openapi-validation");
    const fresh = fakeHelm(false);
    const install = await renderAgainstCluster(
      args,
      helm4,
      { validate: false },
      probe({}),
      fresh.run,
      "web/web",
    );
    expect([
      install.args.includes("--is-upgrade"),
      install.args.includes("--disable-openapi-validation"),
    ]).toEqual([false, true]);
  });

  it("renders a release no record holds as an install, and as an upgrade when its objects exist", async () => {
    const options = { recorded: new Set(["other/other"]) };
    const fresh = fakeHelm(false);
    const first = await renderAgainstCluster(args, helm4, options, probe(options), fresh.run, "web/web");
    expect(first.args).not.toContain("--is-upgrade");
    expect(templates(fresh.calls)).toHaveLength(1);

    const existing = fakeHelm(true);
    const second = await renderAgainstCluster(args, helm4, {}, probe({}), existing.run, "web/web");
    expect(second.result.exitCode).toBe(0);
    expect(templates(existing.calls).map((c) => c.includes("--is-upgrade"))).toEqual([false, true]);
  });
});
