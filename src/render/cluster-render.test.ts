import {
  CapabilitiesProbe,
  renderAgainstCluster,
  serverValidatesFields,
  type RunHelm,
} from "./cluster-render";
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

/** Scratch space for the capabilities probe's chart (nothing written). */
const scratch = {
  makeTempDir: () => "/scratch/caps",
  makeDir: () => undefined,
  writeFile: () => undefined,
  remove: () => undefined,
} as unknown as ScratchFileSystem;

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
    // Validated against the cluster's OpenAPI schema when its version is not known.
    expect(ran).not.toContain("--disable-openapi-validation");
  });

  it("helm 4 skips its OpenAPI validation against a cluster that validates fields itself (Kubernetes 1.27 on), not an older one", async () => {
    const withVersion = (kubeVersion: string) => {
      const caps = `# ${JSON.stringify({ kubeVersion, apiVersions: ["v1"] })}\n`;
      const answer = (a: readonly string[]) =>
        a[1] === "capabilities"
          ? { exitCode: 0, stdout: caps, stderr: "" }
          : { exitCode: 0, stdout: "---\nkind: ConfigMap\n", stderr: "" };
      const runner = {
        run: (_c: string, a: readonly string[]) => Promise.resolve(answer(a)),
        runSync: (_c: string, a: readonly string[]) => answer(a),
      } as unknown as ProcessRunner;
      const options = { recorded: new Set(["web/web"]) };
      const probe = new CapabilitiesProbe(helm4, runner, scratch, {}, options);
      return renderAgainstCluster(args, helm4, options, probe, (a) => Promise.resolve(answer(a)), "web/web");
    };
    for (const v of ["v1.27.0", "v1.34.2", "v1.30.4-eks-a737599", "v2.0.0"])
      expect((await withVersion(v)).args).toContain("--disable-openapi-validation");
    for (const v of ["v1.26.15", "v1.9.0", "unknown"])
      expect((await withVersion(v)).args).not.toContain("--disable-openapi-validation");
    expect(serverValidatesFields("1.27")).toBe(true);
    expect(serverValidatesFields("v1.2")).toBe(false);
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

describe("renderAgainstCluster: an install whose chart brings CRDs the cluster does not serve", () => {
  // helm 4.1's message when `--dry-run=server` meets an object of a kind the cluster does not serve.
  const NO_KIND =
    'Error: INSTALLATION FAILED: unable to build kubernetes objects from release manifest: resource mapping not found for name: "g" namespace: "web" from "": no matches for kind "Gadget" in version "example.com/v1"\nensure CRDs are installed first\n';
  const CAPS = {
    kubeVersion: "v1.34.1",
    apiVersions: ["v1", "v1/ConfigMap", "apps/v1", "apps/v1/Deployment"],
  };
  const GADGET = "---\napiVersion: example.com/v1\nkind: Gadget\nmetadata:\n  name: g\n";
  const CONFIGMAP = "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n";

  /** helm: no record; the probe chart prints the capabilities; server-side renders refuse a Gadget. */
  function fake(output: string): { run: RunHelm; runner: ProcessRunner; calls: string[][] } {
    const calls: string[][] = [];
    const answer = (a: readonly string[]) => {
      calls.push([...a]);
      if (a[0] === "history") return { exitCode: 1, stdout: "", stderr: NOT_FOUND };
      if (a[1] === "capabilities") return { exitCode: 0, stdout: `# ${JSON.stringify(CAPS)}\n`, stderr: "" };
      if (a.includes("--dry-run=server") && output.includes("kind: Gadget"))
        return { exitCode: 1, stdout: "", stderr: NO_KIND };
      return { exitCode: 0, stdout: output, stderr: "" };
    };
    return {
      run: (a) => Promise.resolve(answer(a)),
      runner: { run: (_c, a) => Promise.resolve(answer(a)), runSync: (_c, a) => answer(a) } as ProcessRunner,
      calls,
    };
  }
  const gadgetCrd = () => ["example.com/Gadget"];

  /** Renders release web with helm `output` on a fake helm; the release's renders' arguments. */
  async function render(
    output: string,
    chartCrds?: () => readonly string[],
    options: ConstructorParameters<typeof CapabilitiesProbe>[4] = {},
    binary: HelmBinary = helm4,
  ) {
    const helm = fake(output);
    const probe = new CapabilitiesProbe(binary, helm.runner, scratch, {}, options);
    const r = await renderAgainstCluster(args, binary, options, probe, helm.run, "web/web", chartCrds);
    const renders = templates(helm.calls).filter((c) => c[1] === "web");
    return { r, renders, serverSide: renders.map((c) => c.includes("--dry-run=server")) };
  }

  it("renders client-side at once: the render the failed server-side one would have fallen back to", async () => {
    const before = await render(GADGET);
    expect(before.serverSide).toEqual([true, false]);
    const now = await render(GADGET, gadgetCrd);
    expect(now.renders).toEqual([before.r.args]);
    expect(now.r).toEqual(before.r);
    expect(now.r.args).toContain("--api-versions");
  });

  it("renders server-side as before when the client-side render holds no object of an unserved kind", async () => {
    const now = await render(CONFIGMAP, gadgetCrd);
    expect(now.r.args).toContain("--dry-run=server");
    expect(now.serverSide).toEqual([false, true]);
  });

  it("never tries it when the cluster serves the chart's CRDs, for an upgrade, or with helm 3", async () => {
    expect((await render(CONFIGMAP, () => ["apps/Deployment"])).serverSide).toEqual([true]);
    expect((await render(GADGET, gadgetCrd, { recorded: new Set(["web/web"]) })).serverSide[0]).toBe(true);
    const helm3 = { path: "/usr/bin/helm", major: 3 } as unknown as HelmBinary;
    expect((await render(CONFIGMAP, gadgetCrd, {}, helm3)).serverSide).toEqual([true]);
  });
});

describe("CapabilitiesProbe.reachedProbing", () => {
  const caps = `# ${JSON.stringify({ kubeVersion: "v1.34.2", apiVersions: ["v1"] })}\n`;

  it("starts helm's probe beside the reachability check, not after it, and reads it once", async () => {
    const events: string[] = [];
    let reached: () => void = () => undefined;
    const runner = {
      run: () => {
        events.push("helm probe");
        return Promise.resolve({ exitCode: 0, stdout: caps, stderr: "" });
      },
    } as unknown as ProcessRunner;
    const p = new CapabilitiesProbe(
      helm4,
      runner,
      scratch,
      {},
      {
        reach: () => {
          events.push("reach asked");
          return new Promise<void>((r) => (reached = r));
        },
      },
    );
    const done = p.reachedProbing(undefined).then(() => events.push("reached"));
    await new Promise((r) => setTimeout(r, 10));
    // Both asked, the check not answered yet.
    expect([...events].sort()).toEqual(["helm probe", "reach asked"]);
    reached();
    await done;
    expect((await p.capabilities(undefined)).kubeVersion).toBe("v1.34.2");
    expect(events.slice(2)).toEqual(["reached"]);
  });

  it("fails with the check's error, which names the cause, when both fail", async () => {
    const runner = {
      run: () => Promise.resolve({ exitCode: 1, stdout: "", stderr: "Error: connection refused" }),
    } as unknown as ProcessRunner;
    const p = new CapabilitiesProbe(
      helm4,
      runner,
      scratch,
      {},
      {
        reach: () => Promise.reject(new Error("cannot reach the cluster of context x: ECONNREFUSED")),
      },
    );
    await expect(p.reachedProbing("x")).rejects.toThrow(
      "cannot reach the cluster of context x: ECONNREFUSED",
    );
  });
});
