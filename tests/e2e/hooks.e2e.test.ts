/**
 * helmfile hooks and chart hooks on a real API server (scripts/test-cluster.sh, no kubelet: only
 * ConfigMaps as hook objects) through the automation layer and the real engine: the release hooks
 * append `<event> <release>` to a file, read back after each operation.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { destroy, preview, up, type HelmfileStackOptions } from "../../src/automation";
import { kubeGet, kubectl, testClusters, type TestClusters } from "./cluster";
import { ENGINE_ROOT, engineEnv, engineMissingReason } from "./engine";

const reason = engineMissingReason();
const describeEngine = reason === undefined ? describe : describe.skip;
const suffix = reason === undefined ? "" : ` (skipped: ${reason})`;

function writeState(dir: string, log: string, value: string, installed = true): void {
  const hook = (event: string): string =>
    `      - events: [${event}]\n        command: sh\n        args: ["-c", "echo '{{\`{{ .Event.Name }}\`}} {{\`{{ .Release.Name }}\`}}' >> ${log}"]\n`;
  writeFileSync(
    join(dir, "helmfile.yaml.gotmpl"),
    `releases:\n  - name: hk\n    namespace: e2e-hooks\n    chart: ./charts/hooked\n    installed: ${installed}\n    values: [{value: ${value}}]\n    hooks:\n` +
      ["presync", "postsync", "preuninstall", "postuninstall", "prepare", "cleanup"].map(hook).join(""),
  );
}

describeEngine(`helmfile hooks and chart hooks on a real API server${suffix}`, () => {
  jest.setTimeout(900_000);
  let clusters: TestClusters;
  let dir: string;
  let log: string;
  let base: HelmfileStackOptions;
  /** The engine's TMPDIR parent: the operations leave nothing in it. */
  let temp: string;
  const events = (): string[] =>
    existsSync(log)
      ? readFileSync(log, "utf8")
          .split("\n")
          .filter((l) => l !== "")
      : [];
  const cm = (name: string): Record<string, unknown> | undefined =>
    kubeGet(clusters.kubeconfig, "test-a", "configmap", name, "e2e-hooks");

  beforeAll(() => {
    clusters = testClusters();
    dir = mkdtempSync(join(tmpdir(), "phf-hooks-"));
    cpSync(join(__dirname, "fixtures", "hooks", "charts"), join(dir, "charts"), { recursive: true });
    log = join(dir, "hooks.log");
    temp = join(dir, "tmp");
    mkdirSync(temp);
    base = {
      file: join(dir, "helmfile.yaml.gotmpl"),
      stackName: "hooks",
      applyToCluster: true,
      kubeconfig: clusters.kubeconfig,
      pulumiRoot: ENGINE_ROOT,
      envVars: { ...engineEnv(), KUBECONFIG: clusters.kubeconfig, TMPDIR: temp },
    };
  });
  afterAll(async () => {
    await destroy(base).catch(() => undefined);
    // Left by design (helm.sh/resource-policy: keep), with the namespace that holds it.
    if (clusters !== undefined)
      kubectl(
        clusters.kubeconfig,
        "test-a",
        "delete",
        "namespace",
        "e2e-hooks",
        "--ignore-not-found",
        "--wait=false",
      );
    rmSync(dir, { recursive: true, force: true });
  });

  it("preview runs no hook and creates nothing", async () => {
    writeState(dir, log, "one");
    await preview(base);
    expect(events()).toEqual([]);
    expect(cm("hk-main")).toBeUndefined();
  });

  it("up runs presync before and postsync after the release, applies chart hooks in phase and weight order, never the test Pod", async () => {
    await up(base);
    // helmfile apply runs presync, helm install, postsync (prepare/cleanup belong to the CLI commands).
    expect(events()).toEqual(["presync hk", "postsync hk"]);
    for (const n of ["hk-main", "hk-pre-late", "hk-pre-early", "hk-post"]) expect(cm(n)).toBeDefined();
    expect(kubeGet(clusters.kubeconfig, "test-a", "pod", "hk-test", "e2e-hooks")).toBeUndefined();
    const created = (n: string): string =>
      String((cm(n)?.metadata as Record<string, unknown>).creationTimestamp);
    // The pre hooks (ConfigMaps: helm waits for neither, so they are applied side by side) before
    // the release's objects before the post hook (second resolution).
    expect(created("hk-pre-early") <= created("hk-main")).toBe(true);
    expect(created("hk-pre-late") <= created("hk-main")).toBe(true);
    expect(created("hk-main") <= created("hk-post")).toBe(true);
  });

  it("an unchanged up runs no hook; a changed one runs presync and postsync again", async () => {
    rmSync(log, { force: true });
    await up(base);
    expect(events()).toEqual([]);
    writeState(dir, log, "two");
    const p = await preview(base);
    expect(p.changedReleases.map((r) => r.release)).toEqual(["e2e-hooks/hk"]);
    expect(events()).toEqual([]);
    await up(base);
    expect(events()).toEqual(["presync hk", "postsync hk"]);
    expect((cm("hk-main")?.data as Record<string, unknown>).value).toBe("two");
  });

  it("destroy runs preuninstall before and postuninstall after deleting, and leaves the keep object as helm uninstall does", async () => {
    // A `keep` object is upgraded in place like the others.
    expect((cm("hk-kept")?.data as Record<string, unknown>).value).toBe("two");
    rmSync(log, { force: true });
    await destroy(base);
    expect(events()).toEqual(["preuninstall hk", "postuninstall hk"]);
    for (const n of ["hk-main", "hk-pre-late", "hk-pre-early", "hk-post"]) expect(cm(n)).toBeUndefined();
    expect((cm("hk-kept")?.data as Record<string, unknown>).value).toBe("two");
  });

  it("an up after the destroy takes the left keep object over; a release set to installed: false leaves it too", async () => {
    writeState(dir, log, "three");
    await up(base);
    expect((cm("hk-kept")?.data as Record<string, unknown>).value).toBe("three");
    expect(cm("hk-main")).toBeDefined();
    writeState(dir, log, "three", false);
    rmSync(log, { force: true });
    await up(base);
    expect(events()).toEqual(["preuninstall hk", "postuninstall hk"]);
    expect(cm("hk-main")).toBeUndefined();
    expect((cm("hk-kept")?.data as Record<string, unknown>).value).toBe("three");
  });

  it("leaves nothing in the temporary folder: the Kubernetes provider's copy of the kubeconfig, credentials included, goes with the engine's private folder", async () => {
    writeState(dir, log, "four");
    const seen: string[] = [];
    await up({
      ...base,
      onProgress: () => {
        // While the engine runs: its private folder, and in it what the provider wrote.
        for (const d of readdirSync(temp)) {
          seen.push(d);
          for (const f of readdirSync(join(temp, d))) seen.push(`${d}/${f}`);
        }
      },
    });
    expect(seen.some((p) => /^pulumi-helmfile-engine-[^/]+\/kubeconfig\d+$/.test(p))).toBe(true);
    expect(readdirSync(temp)).toEqual([]);
  });
});
