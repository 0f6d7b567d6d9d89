/**
 * Deploys to real API servers (scripts/test-cluster.sh: etcd + kube-apiserver +
 * kube-controller-manager, no kubelet, so only objects that need no node) through the automation
 * layer and the real engine. Every check of what exists in the cluster goes through kubectl.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { LocalWorkspace, PulumiCommand, type Stack } from "@pulumi/pulumi/automation";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  destroy,
  preview,
  refresh,
  up,
  type HelmfileStackOptions,
  type StackProgress,
} from "../../src/automation";
import { FIRST_UP_PLANNED } from "../../src/automation/operations";
import { Helmfile } from "../../src/emit/helmfile";
import { isHelmfileError } from "../../src/shared/errors";
import { kubeGet, kubectl, testClusters, waitGone, type TestClusters } from "./cluster";
import { ENGINE_ROOT, engineEnv, engineMissingReason } from "./engine";

const reason = engineMissingReason();
const describeEngine = reason === undefined ? describe : describe.skip;
const suffix = reason === undefined ? "" : ` (skipped: ${reason})`;
const CHARTS = join(__dirname, "fixtures", "cluster", "charts");

interface ReleaseDecl {
  readonly name: string;
  readonly namespace: string;
  readonly chart: string;
  readonly values?: Record<string, unknown>;
  readonly kubeContext?: string;
  readonly extra?: string;
}

/** Writes a helmfile.yaml of the given releases into `dir`. */
function writeState(dir: string, releases: readonly ReleaseDecl[]): string {
  const lines = ["releases:"];
  for (const r of releases) {
    lines.push(`  - name: ${r.name}`, `    namespace: ${r.namespace}`, `    chart: ./charts/${r.chart}`);
    if (r.kubeContext !== undefined) lines.push(`    kubeContext: ${r.kubeContext}`);
    if (r.values !== undefined) lines.push(`    values:`, `      - ${JSON.stringify(r.values)}`);
    if (r.extra !== undefined) lines.push(r.extra);
  }
  const file = join(dir, "helmfile.yaml");
  writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
}

function cmValue(clusters: TestClusters, context: string, name: string, namespace: string): unknown {
  const cm = kubeGet(clusters.kubeconfig, context, "configmap", name, namespace);
  return (cm?.data as Record<string, unknown> | undefined)?.value;
}

/** Lets the namespace `namespace` of test-a go: its ConfigMap `hold` loses the finalizer that kept it Terminating. */
function letGo(clusters: TestClusters, namespace: string): void {
  kubectl(
    clusters.kubeconfig,
    "test-a",
    "patch",
    "configmap",
    "hold",
    "-n",
    namespace,
    "--type=merge",
    "-p",
    '{"metadata":{"finalizers":null}}',
  );
}

/** Automation options for a stack of `dir` deployed to the test clusters (context test-a by default). */
function clusterStack(
  dir: string,
  clusters: TestClusters,
  stackName: string,
  extra: Partial<HelmfileStackOptions> = {},
): HelmfileStackOptions {
  return {
    file: join(dir, "helmfile.yaml"),
    stackName,
    applyToCluster: true,
    kubeconfig: clusters.kubeconfig,
    pulumiRoot: ENGINE_ROOT,
    envVars: { ...engineEnv(), KUBECONFIG: clusters.kubeconfig },
    ...extra,
  };
}

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), "phf-cluster-"));
  cpSync(CHARTS, join(dir, "charts"), { recursive: true });
  return dir;
}

describeEngine(`deploy to a real API server${suffix}`, () => {
  jest.setTimeout(900_000);
  let clusters: TestClusters;
  let dir: string;
  let base: HelmfileStackOptions;
  const releases = (alpha: string, beta: string): ReleaseDecl[] => [
    { name: "alpha", namespace: "e2e-a", chart: "cm", values: { value: alpha } },
    { name: "beta", namespace: "e2e-b", chart: "cm", values: { value: beta } },
    { name: "widgets", namespace: "e2e-c", chart: "crd", values: { size: "large" } },
  ];

  beforeAll(() => {
    clusters = testClusters();
    dir = project();
    base = clusterStack(dir, clusters, "cluster");
    // The chart's crds/ CRD outlives destroy (as helm uninstall leaves it): an earlier run's goes first.
    kubectl(clusters.kubeconfig, "test-a", "delete", "crd", "widgets.e2e.example.com", "--ignore-not-found");
  });
  afterAll(async () => {
    await destroy(base).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    kubectl(clusters.kubeconfig, "test-a", "delete", "crd", "widgets.e2e.example.com", "--ignore-not-found");
  });

  it("up creates namespaces, puts namespace-less objects in the release namespace, and applies CRDs before their resources", async () => {
    writeState(dir, releases("one", "two"));
    const result = await up(base);
    expect(result.releases.map((r) => [r.release, r.op]).sort()).toEqual([
      ["e2e-a/alpha", "create"],
      ["e2e-b/beta", "create"],
      ["e2e-c/widgets", "create"],
    ]);
    for (const ns of ["e2e-a", "e2e-b", "e2e-c"])
      expect(kubeGet(clusters.kubeconfig, "test-a", "namespace", ns)).toBeDefined();
    expect(cmValue(clusters, "test-a", "alpha", "e2e-a")).toBe("one");
    expect(cmValue(clusters, "test-a", "beta", "e2e-b")).toBe("two");
    expect(kubeGet(clusters.kubeconfig, "test-a", "configmap", "alpha", "default")).toBeUndefined();
    expect(kubeGet(clusters.kubeconfig, "test-a", "crd", "widgets.e2e.example.com")).toBeDefined();
    const widget = kubeGet(clusters.kubeconfig, "test-a", "widgets.e2e.example.com", "widgets", "e2e-c");
    expect(widget?.spec).toEqual({ size: "large" });
    // Nothing went to the other cluster.
    expect(kubeGet(clusters.kubeconfig, "test-b", "namespace", "e2e-a")).toBeUndefined();
  });

  it("a one-value change previews as exactly that change, and up applies it", async () => {
    writeState(dir, releases("changed", "two"));
    const p = await preview(base);
    expect(p.changedReleases.map((r) => [r.release, r.op])).toEqual([["e2e-a/alpha", "update"]]);
    // writeState's line 6 is alpha's `- {"value":"changed"}`: the value's source.
    expect(p.changedReleases[0]?.valuesChanges).toEqual([
      { path: "value", old: "one", new: "changed", source: "helmfile.yaml:6" },
    ]);
    expect(cmValue(clusters, "test-a", "alpha", "e2e-a")).toBe("one");
    await up(base);
    expect(cmValue(clusters, "test-a", "alpha", "e2e-a")).toBe("changed");
  });

  it("refresh shows an out-of-band edit and the next up restores the object", async () => {
    kubectl(
      clusters.kubeconfig,
      "test-a",
      "-n",
      "e2e-a",
      "patch",
      "configmap",
      "alpha",
      "-p",
      '{"data":{"value":"drifted"}}',
    );
    const r = await refresh(base);
    expect(Object.entries(r.resourceChanges).filter(([op, n]) => op !== "same" && (n ?? 0) > 0)).toEqual([
      ["update", 1],
    ]);
    const again = await preview(base);
    expect(again.resourceChanges.update).toBe(1);
    await up(base);
    expect(cmValue(clusters, "test-a", "alpha", "e2e-a")).toBe("changed");
  });

  it("selectors touch only the selected releases: -l up leaves the others as they are, -l destroy deletes only its own", async () => {
    writeState(dir, releases("third", "also-changed"));
    const p = await preview({ ...base, selectors: ["name=alpha"] });
    expect(p.changedReleases.map((r) => [r.release, r.op])).toEqual([["e2e-a/alpha", "update"]]);
    expect(p.resourceChanges.delete ?? 0).toBe(0);
    await up({ ...base, selectors: ["name=alpha"] });
    expect(cmValue(clusters, "test-a", "alpha", "e2e-a")).toBe("third");
    expect(cmValue(clusters, "test-a", "beta", "e2e-b")).toBe("two");
    expect(kubeGet(clusters.kubeconfig, "test-a", "crd", "widgets.e2e.example.com")).toBeDefined();
    const d = await destroy({ ...base, selectors: ["name=beta"] });
    expect(d.changedReleases.map((r) => [r.release, r.op])).toEqual([["e2e-b/beta", "delete"]]);
    expect(kubeGet(clusters.kubeconfig, "test-a", "configmap", "beta", "e2e-b")).toBeUndefined();
    expect(cmValue(clusters, "test-a", "alpha", "e2e-a")).toBe("third");
    expect(
      kubeGet(clusters.kubeconfig, "test-a", "widgets.e2e.example.com", "widgets", "e2e-c"),
    ).toBeDefined();
    // Without selectors the state is the truth again: beta comes back with its new value.
    await up(base);
    expect(cmValue(clusters, "test-a", "beta", "e2e-b")).toBe("also-changed");
  });

  it("a release removed from the state or set to installed: false is deleted by a full up", async () => {
    writeState(dir, [
      ...releases("third", "also-changed").filter((r) => r.name !== "beta"),
      {
        name: "beta",
        namespace: "e2e-b",
        chart: "cm",
        values: { value: "x" },
        extra: "    installed: false",
      },
    ]);
    const r = await up(base);
    expect(r.releases.find((x) => x.release === "e2e-b/beta")?.op).toBe("delete");
    expect(kubeGet(clusters.kubeconfig, "test-a", "configmap", "beta", "e2e-b")).toBeUndefined();
    expect(await waitGone(clusters.kubeconfig, "test-a", "namespace", "e2e-b")).toBe(true);
  });

  it("destroy leaves nothing of the releases or their namespaces, and the chart's crds/ CRD as helm uninstall does", async () => {
    await destroy(base);
    expect(kubeGet(clusters.kubeconfig, "test-a", "configmap", "alpha", "e2e-a")).toBeUndefined();
    expect(await waitGone(clusters.kubeconfig, "test-a", "namespace", "e2e-a")).toBe(true);
    expect(await waitGone(clusters.kubeconfig, "test-a", "namespace", "e2e-c")).toBe(true);
    expect(kubeGet(clusters.kubeconfig, "test-a", "crd", "widgets.e2e.example.com")).toBeDefined();
  });

  it("destroy does not wait for a namespace to go; the next preview says so and the next up waits for it", async () => {
    writeState(
      dir,
      releases("one", "two").filter((r) => r.name === "alpha"),
    );
    await up(base);
    // An object with a finalizer of its own keeps the namespace Terminating until the test lets it go.
    const hold = join(dir, "hold.json");
    writeFileSync(
      hold,
      JSON.stringify({
        apiVersion: "v1",
        kind: "ConfigMap",
        metadata: { name: "hold", namespace: "e2e-a", finalizers: ["e2e.example.com/hold"] },
      }),
    );
    kubectl(clusters.kubeconfig, "test-a", "apply", "-f", hold);
    await destroy(base);
    // destroy returned with the namespace still there, being deleted (before, it waited for it to go).
    const ns = kubeGet(clusters.kubeconfig, "test-a", "namespace", "e2e-a");
    expect((ns?.metadata as { deletionTimestamp?: string } | undefined)?.deletionTimestamp).toEqual(
      expect.any(String),
    );
    const said = (into: string[]) => (p: StackProgress) => {
      if (p.kind === "diagnostic") into.push(p.message);
    };
    const previewed: string[] = [];
    await preview({ ...base, onProgress: said(previewed) });
    expect(previewed.join("\n")).toContain(
      "namespace e2e-a is being deleted (Terminating): `up` will wait for it to go, then create it again",
    );
    const upSaid: string[] = [];
    let done = false;
    const upping = up({ ...base, onProgress: said(upSaid) }).finally(() => {
      done = true;
    });
    const waiting = "namespace e2e-a is being deleted (Terminating): waiting for it to go before applying";
    for (let i = 0; i < 240 && !done && !upSaid.some((m) => m.includes(waiting)); i++)
      await new Promise((r) => setTimeout(r, 500));
    expect([done, upSaid.some((m) => m.includes(waiting))]).toEqual([false, true]);
    letGo(clusters, "e2e-a");
    const result = await upping;
    expect(result.releases.map((r) => [r.release, r.op])).toEqual([["e2e-a/alpha", "create"]]);
    expect(cmValue(clusters, "test-a", "alpha", "e2e-a")).toBe("one");
    const again = kubeGet(clusters.kubeconfig, "test-a", "namespace", "e2e-a");
    expect(again?.metadata).not.toHaveProperty("deletionTimestamp");
    // A new namespace, not the one being deleted.
    const uid = (o: Record<string, unknown> | undefined): unknown =>
      (o?.metadata as { uid?: unknown } | undefined)?.uid;
    expect(uid(again)).toEqual(expect.any(String));
    expect(uid(again)).not.toBe(uid(ns));
  });

  it("a new stack's up takes the plan made beside its creation, and says while it waits that a namespace being deleted is waited for", async () => {
    const fresh = clusterStack(dir, clusters, "fresh");
    // A namespace kept Terminating by a ConfigMap with a finalizer of its own, until the test lets it go.
    const held = join(dir, "held.json");
    writeFileSync(
      held,
      JSON.stringify({
        apiVersion: "v1",
        kind: "List",
        items: [
          { apiVersion: "v1", kind: "Namespace", metadata: { name: "e2e-f" } },
          {
            apiVersion: "v1",
            kind: "ConfigMap",
            metadata: { name: "hold", namespace: "e2e-f", finalizers: ["e2e.example.com/hold"] },
          },
        ],
      }),
    );
    kubectl(clusters.kubeconfig, "test-a", "apply", "-f", held);
    kubectl(clusters.kubeconfig, "test-a", "delete", "namespace", "e2e-f", "--wait=false");
    writeState(dir, [{ name: "fresh", namespace: "e2e-f", chart: "cm", values: { value: "new" } }]);
    const upSaid: { severity: string; message: string }[] = [];
    let done = false;
    const upping = up({
      ...fresh,
      onProgress: (p: StackProgress) => {
        if (p.kind === "diagnostic") upSaid.push({ severity: p.severity, message: p.message });
      },
    }).finally(() => {
      done = true;
    });
    const waiting = "namespace e2e-f is being deleted (Terminating): waiting for it to go before applying";
    const saidWaiting = (): boolean => upSaid.some((d) => d.message.includes(waiting));
    for (let i = 0; i < 240 && !done && !saidWaiting(); i++) await new Promise((r) => setTimeout(r, 500));
    // Said through the engine (the component's own diagnostics), while the up still waits.
    expect([done, saidWaiting()]).toEqual([false, true]);
    expect(upSaid).toContainEqual({ severity: "debug", message: FIRST_UP_PLANNED });
    letGo(clusters, "e2e-f");
    const result = await upping;
    expect(result.releases.map((r) => [r.release, r.op])).toEqual([["e2e-f/fresh", "create"]]);
    expect(cmValue(clusters, "test-a", "fresh", "e2e-f")).toBe("new");
    // The stack now holds it: its next up plans in the program again (no plan handed over).
    const again: string[] = [];
    await up({ ...fresh, onProgress: (p) => void (p.kind === "diagnostic" && again.push(p.message)) });
    expect(again).not.toContain(FIRST_UP_PLANNED);
    await destroy(fresh);
    expect(kubeGet(clusters.kubeconfig, "test-a", "configmap", "fresh", "e2e-f")).toBeUndefined();
  });

  it("an up of a changed release also applies one whose render key its record lacks, and the next preview is the record's", async () => {
    const keys = clusterStack(dir, clusters, "keys");
    // Not served before the first up: the chart reading every API version renders before its CRD is.
    kubectl(clusters.kubeconfig, "test-a", "delete", "crd", "widgets.e2e.example.com", "--ignore-not-found");
    const state = (size: string): ReleaseDecl[] => [
      { name: "reader", namespace: "e2e-k", chart: "apis", values: { value: "same" } },
      { name: "widgets", namespace: "e2e-k", chart: "crd", values: { size } },
      { name: "other", namespace: "e2e-k2", chart: "cm", values: { value: "same" } },
    ];
    writeState(dir, state("small"));
    await up(keys);
    writeState(dir, state("large"));
    const second = await up(keys);
    // Only widgets changed; reader is applied with it to record its key; other is left out. So are
    // reader's ConfigMap and widgets' crds/ CRD: as the last up applied them.
    expect(second.stdout).toContain(
      "1 of 3 releases are as the last deployment applied them (the stack's record); the engine applies the others, all but 2 of their resources, which are as it applied them: e2e-k/reader, e2e-k/widgets",
    );
    expect(second.changedReleases.map((c) => [c.release, c.op])).toEqual([["e2e-k/widgets", "update"]]);
    expect(
      kubeGet(clusters.kubeconfig, "test-a", "widgets.e2e.example.com", "widgets", "e2e-k")?.spec,
    ).toEqual({ size: "large" });
    const p = await preview(keys);
    expect(p.stdout).toContain(
      "every release is as the last deployment applied it, so the engine did not run",
    );
    await destroy(keys);
  });

  it("an up of a changed release leaves its objects as applied out of the engine, and the engine then finds the state as the program", async () => {
    const pair = clusterStack(dir, clusters, "pair");
    const state = (b: string): ReleaseDecl[] => [
      { name: "pair", namespace: "e2e-p", chart: "pair", values: { a: "same", b } },
      { name: "other", namespace: "e2e-p2", chart: "cm", values: { value: "same" } },
    ];
    writeState(dir, state("one"));
    await up(pair);
    const version = (name: string): unknown =>
      (
        kubeGet(clusters.kubeconfig, "test-a", "configmap", name, "e2e-p")?.metadata as Record<
          string,
          unknown
        >
      ).resourceVersion;
    const before = version("pair-a");
    writeState(dir, state("two"));
    const second = await up(pair);
    expect(second.stdout).toContain(
      "1 of 2 releases are as the last deployment applied them (the stack's record); the engine applies the others, all but 1 of their resources, which are as it applied them: e2e-p/pair",
    );
    expect(second.changedReleases.map((c) => [c.release, c.op])).toEqual([["e2e-p/pair", "update"]]);
    expect(cmValue(clusters, "test-a", "pair-b", "e2e-p")).toBe("two");
    expect(cmValue(clusters, "test-a", "pair-a", "e2e-p")).toBe("same");
    expect(version("pair-a")).toBe(before);
    // The engine over every release finds nothing to do: what the up left out is in the state as
    // it was applied, and the Release's record counts it (the next preview is the record's).
    const full = await preview({ ...pair, engineDiff: true });
    expect(full.changedReleases).toEqual([]);
    expect(Object.keys(full.resourceChanges)).toEqual(["same"]);
    const p = await preview(pair);
    expect(p.stdout).toContain(
      "every release is as the last deployment applied it, so the engine did not run",
    );
    // Nothing changed since: up applies nothing, as helmfile apply with an empty diff, and keeps the outputs.
    const again = await up(pair);
    expect(again.stdout).toContain(
      "from the stack's record: every release is as the last deployment applied it, so nothing was applied",
    );
    expect(again.changedReleases).toEqual([]);
    expect(again.outputs.releaseIds?.value).toEqual(["e2e-p/pair", "e2e-p2/other"]);
    expect(version("pair-a")).toBe(before);
    // Left out, but still the stack's: destroy deletes it.
    await destroy(pair);
    expect(kubeGet(clusters.kubeconfig, "test-a", "configmap", "pair-a", "e2e-p")).toBeUndefined();
  });
});

describeEngine(`deploy with two contexts and a rejected object${suffix}`, () => {
  jest.setTimeout(900_000);
  let clusters: TestClusters;
  let dir: string;
  let base: HelmfileStackOptions;

  beforeAll(() => {
    clusters = testClusters();
    dir = project();
    base = clusterStack(dir, clusters, "contexts");
  });
  afterAll(async () => {
    await destroy(base).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  it("each release goes to the cluster of its kubeContext", async () => {
    writeState(dir, [
      { name: "here", namespace: "e2e-ctx", chart: "cm", values: { value: "a" } },
      { name: "there", namespace: "e2e-ctx", chart: "cm", values: { value: "b" }, kubeContext: "test-b" },
    ]);
    await up(base);
    expect(cmValue(clusters, "test-a", "here", "e2e-ctx")).toBe("a");
    expect(cmValue(clusters, "test-b", "there", "e2e-ctx")).toBe("b");
    expect(kubeGet(clusters.kubeconfig, "test-a", "configmap", "there", "e2e-ctx")).toBeUndefined();
    expect(kubeGet(clusters.kubeconfig, "test-b", "configmap", "here", "e2e-ctx")).toBeUndefined();
  });

  it("a context missing from the kubeconfig fails naming the release and the context, changing nothing", async () => {
    writeState(dir, [
      { name: "here", namespace: "e2e-ctx", chart: "cm", values: { value: "a2" } },
      { name: "lost", namespace: "e2e-ctx", chart: "cm", kubeContext: "test-zzz" },
    ]);
    const err = await preview(base).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isHelmfileError(err) && err.code).toBe("CONFIG_UNKNOWN_KUBE_CONTEXT");
    expect(String(err)).toContain("e2e-ctx/lost");
    expect(String(err)).toContain("test-zzz");
    expect(cmValue(clusters, "test-a", "here", "e2e-ctx")).toBe("a");
  });

  it("an object the API server rejects fails up naming it, keeps what was created, and converges after the fix", async () => {
    writeState(dir, [
      { name: "here", namespace: "e2e-ctx", chart: "cm", values: { value: "a" } },
      {
        name: "bad",
        namespace: "e2e-ctx",
        chart: "cm",
        values: { value: "v", objectName: "Not_A_Valid_Name" },
      },
    ]);
    const err = await up(base).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isHelmfileError(err)).toBe(true);
    const message = String((err as Error).message);
    expect(message).toContain("Not_A_Valid_Name");
    expect(message).toContain("e2e-ctx/bad");
    expect(cmValue(clusters, "test-a", "here", "e2e-ctx")).toBe("a");
    // The failed release has no record of an applied plan: its preview is never answered from the
    // stack's record (it runs the engine, which fails on the object again or plans it).
    const after = await preview(base).then(
      (r) => (r.stdout.includes("from the stack's record") ? "from the record" : "engine"),
      () => "engine failed",
    );
    expect(after).not.toBe("from the record");
    writeState(dir, [
      { name: "here", namespace: "e2e-ctx", chart: "cm", values: { value: "a" } },
      { name: "bad", namespace: "e2e-ctx", chart: "cm", values: { value: "v", objectName: "now-valid" } },
    ]);
    await up(base);
    expect(cmValue(clusters, "test-a", "now-valid", "e2e-ctx")).toBe("v");
    const p = await preview(base);
    expect(p.changedReleases).toEqual([]);
    expect(p.stdout).toContain("from the stack's record");
  });
});

describeEngine(`deploy in mode helm-release${suffix}`, () => {
  jest.setTimeout(900_000);
  let clusters: TestClusters;
  let dir: string;
  let base: HelmfileStackOptions;

  beforeAll(() => {
    clusters = testClusters();
    dir = project();
    base = clusterStack(dir, clusters, "helm", { mode: "helm-release" });
  });
  afterAll(async () => {
    await destroy(base).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  it("installs with helm, upgrades on a value change, and uninstalls", async () => {
    writeState(dir, [{ name: "gamma", namespace: "e2e-helm", chart: "cm", values: { value: "one" } }]);
    await up(base);
    expect(cmValue(clusters, "test-a", "gamma", "e2e-helm")).toBe("one");
    // helm keeps its release record as a Secret of type helm.sh/release.v1.
    const records = JSON.parse(
      kubectl(
        clusters.kubeconfig,
        "test-a",
        "-n",
        "e2e-helm",
        "get",
        "secrets",
        "-l",
        "owner=helm,name=gamma",
        "-o",
        "json",
      ),
    ) as { items: unknown[] };
    expect(records.items.length).toBe(1);
    writeState(dir, [{ name: "gamma", namespace: "e2e-helm", chart: "cm", values: { value: "two" } }]);
    const p = await preview(base);
    expect(p.changedReleases.map((r) => [r.release, r.op])).toEqual([["e2e-helm/gamma", "update"]]);
    await up(base);
    expect(cmValue(clusters, "test-a", "gamma", "e2e-helm")).toBe("two");
    await destroy(base);
    expect(kubeGet(clusters.kubeconfig, "test-a", "configmap", "gamma", "e2e-helm")).toBeUndefined();
  });
});

describeEngine(`two Helmfile components with the same release ids${suffix}`, () => {
  jest.setTimeout(900_000);
  let clusters: TestClusters;
  let dir: string;
  let stack: Stack;

  beforeAll(async () => {
    clusters = testClusters();
    dir = project();
    const file = writeState(dir, [
      { name: "same", namespace: "e2e-twin", chart: "cm", values: { value: "twin" } },
    ]);
    // One program, two components over one state, one per cluster: the release id is the same.
    const program = async (): Promise<void> => {
      const a = new Helmfile("team-a", { file, kubeconfig: clusters.kubeconfig, kubeContext: "test-a" });
      const b = new Helmfile("team-b", { file, kubeconfig: clusters.kubeconfig, kubeContext: "test-b" });
      await Promise.all([a.releases, b.releases]);
    };
    const backend = join(dir, "backend");
    mkdirSync(backend);
    stack = await LocalWorkspace.createOrSelectStack(
      { stackName: "twins", projectName: "twins", program },
      {
        workDir: dir,
        pulumiCommand: await PulumiCommand.get({ root: ENGINE_ROOT }),
        pulumiHome: join(ENGINE_ROOT, "pulumi-home"),
        envVars: { ...engineEnv(), KUBECONFIG: clusters.kubeconfig },
        secretsProvider: "passphrase",
        projectSettings: { name: "twins", runtime: "nodejs", backend: { url: `file://${backend}` } },
      },
    );
  });
  afterAll(async () => {
    await stack?.destroy().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  it("deploys both without a URN clash, each to its own cluster", async () => {
    const r = await stack.up();
    expect(r.summary.result).toBe("succeeded");
    expect(cmValue(clusters, "test-a", "same", "e2e-twin")).toBe("twin");
    expect(cmValue(clusters, "test-b", "same", "e2e-twin")).toBe("twin");
    await stack.destroy();
    expect(kubeGet(clusters.kubeconfig, "test-a", "configmap", "same", "e2e-twin")).toBeUndefined();
    expect(kubeGet(clusters.kubeconfig, "test-b", "configmap", "same", "e2e-twin")).toBeUndefined();
  });
});
