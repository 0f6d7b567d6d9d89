/**
 * Adoption of what helm deployed (as `helmfile sync` does: `helm upgrade --install` per release)
 * by the first `up` of the same state, on a real API server (scripts/test-cluster.sh). Every
 * check of the cluster goes through kubectl and the real helm, never through our code.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { destroy, preview, up, type HelmfileStackOptions } from "../../src/automation";
import {
  HELM,
  cmReleaseLines,
  helmInstallCm,
  helmUninstall,
  kubeGet,
  kubectl,
  testClusters,
  waitGone,
  type CmRelease,
  type TestClusters,
} from "./cluster";
import { ENGINE_ROOT, engineEnv, engineMissingReason } from "./engine";

const reason = engineMissingReason();
const describeEngine = reason === undefined ? describe : describe.skip;
const suffix = reason === undefined ? "" : ` (skipped: ${reason})`;
const CHARTS = join(__dirname, "fixtures", "cluster", "charts");

type Rel = CmRelease;

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), "phf-adopt-"));
  cpSync(CHARTS, join(dir, "charts"), { recursive: true });
  return dir;
}

function writeState(dir: string, releases: readonly Rel[]): void {
  writeFileSync(join(dir, "helmfile.yaml"), `${cmReleaseLines(releases).join("\n")}\n`);
}

function helmList(clusters: TestClusters, namespace: string): Array<{ name: string; revision: string }> {
  const out = execFileSync(
    HELM,
    ["list", "-n", namespace, "-o", "json", "--kubeconfig", clusters.kubeconfig, "--kube-context", "test-a"],
    { encoding: "utf8" },
  );
  return (JSON.parse(out) as Array<{ name: string; revision: string | number }>).map((r) => ({
    name: r.name,
    revision: String(r.revision),
  }));
}

function uid(clusters: TestClusters, kind: string, name: string, namespace?: string): string | undefined {
  const o = kubeGet(clusters.kubeconfig, "test-a", kind, name, namespace);
  return (o?.metadata as { uid?: string } | undefined)?.uid;
}

function cmValue(clusters: TestClusters, name: string, namespace: string): unknown {
  const cm = kubeGet(clusters.kubeconfig, "test-a", "configmap", name, namespace);
  return (cm?.data as Record<string, unknown> | undefined)?.value;
}

describeEngine(`adopting helm-installed releases, mode manifests${suffix}`, () => {
  jest.setTimeout(900_000);
  let clusters: TestClusters;
  let dir: string;
  let base: HelmfileStackOptions;
  const one: Rel = { name: "adopt-one", namespace: "e2e-adopt-1", value: "one" };
  const two: Rel = { name: "adopt-two", namespace: "e2e-adopt-2", value: "two" };
  const uids: Record<string, string | undefined> = {};

  beforeAll(() => {
    clusters = testClusters();
    dir = project();
    base = {
      file: join(dir, "helmfile.yaml"),
      stackName: "adopt",
      applyToCluster: true,
      kubeconfig: clusters.kubeconfig,
      pulumiRoot: ENGINE_ROOT,
      envVars: { ...engineEnv(), KUBECONFIG: clusters.kubeconfig },
    };
    writeState(dir, [one, two]);
    helmInstallCm(clusters.kubeconfig, dir, one);
    helmInstallCm(clusters.kubeconfig, dir, two);
    for (const r of [one, two]) {
      uids[`cm/${r.name}`] = uid(clusters, "configmap", r.name, r.namespace);
      uids[`ns/${r.namespace}`] = uid(clusters, "namespace", r.namespace);
    }
    // An out-of-band edit: the adoption must show it as an update, not overwrite it silently.
    kubectl(
      clusters.kubeconfig,
      "test-a",
      "-n",
      two.namespace,
      "patch",
      "configmap",
      two.name,
      "-p",
      '{"data":{"value":"edited"}}',
    );
  });
  afterAll(async () => {
    await destroy(base).catch(() => undefined);
    for (const r of [one, two]) helmUninstall(clusters.kubeconfig, r.name, r.namespace);
    rmSync(dir, { recursive: true, force: true });
  });

  it("preview lists, per release, the existing objects it adopts and what changes on them; nothing is replaced or deleted", async () => {
    expect(uids[`cm/${one.name}`]).toBeDefined();
    const p = await preview(base);
    expect(p.resourceChanges.delete ?? 0).toBe(0);
    expect(p.resourceChanges.replace ?? 0).toBe(0);
    const byRelease = Object.fromEntries(p.adoptions.map((a) => [a.release, a]));
    const first = byRelease["e2e-adopt-1/adopt-one"];
    const second = byRelease["e2e-adopt-2/adopt-two"];
    expect(first?.objects.map((o) => [o.kind, o.namespace, o.name, o.uid, o.differences])).toEqual([
      ["ConfigMap", one.namespace, one.name, uids[`cm/${one.name}`], []],
    ]);
    expect(second?.objects.map((o) => [o.kind, o.name, o.differences])).toEqual([
      ["ConfigMap", two.name, ["data.value"]],
    ]);
    expect(first?.helmRecords).toBe("kept");
    expect(first?.helmReleaseRecords).toEqual([`sh.helm.release.v1.${one.name}.v1`]);
    // The namespaces helm created are taken over too.
    const loose = byRelease[""]?.objects.map((o) => `${o.kind}/${o.name}`).sort();
    expect(loose).toEqual([`Namespace/${one.namespace}`, `Namespace/${two.namespace}`]);
    // Preview changed nothing.
    expect(cmValue(clusters, two.name, two.namespace)).toBe("edited");
    // --forget-helm-releases is announced by preview, done only by up.
    const forget = await preview({ ...base, forgetHelmReleases: true });
    expect(forget.adoptions.find((a) => a.release === "e2e-adopt-1/adopt-one")?.helmRecords).toBe("removed");
    expect(helmList(clusters, one.namespace).map((r) => r.name)).toEqual([one.name]);
  });

  it("up takes the objects over in place: same UIDs, the edit restored, helm's records kept", async () => {
    const r = await up(base);
    expect(r.resourceChanges.delete ?? 0).toBe(0);
    expect(r.resourceChanges.replace ?? 0).toBe(0);
    const adopted = r.adoptions.flatMap((a) => a.objects.map((o) => `${o.kind}/${o.name}`)).sort();
    expect(adopted).toEqual(
      [
        `ConfigMap/${one.name}`,
        `ConfigMap/${two.name}`,
        `Namespace/${one.namespace}`,
        `Namespace/${two.namespace}`,
      ].sort(),
    );
    for (const rel of [one, two]) {
      expect(uid(clusters, "configmap", rel.name, rel.namespace)).toBe(uids[`cm/${rel.name}`]);
      expect(uid(clusters, "namespace", rel.namespace)).toBe(uids[`ns/${rel.namespace}`]);
    }
    expect(cmValue(clusters, two.name, two.namespace)).toBe("two");
    // As docs/migrating-from-helmfile.md says: helm still lists the releases, at the revision it installed.
    expect(helmList(clusters, one.namespace)).toEqual([{ name: one.name, revision: "1" }]);
    const again = await preview(base);
    expect(again.changedReleases).toEqual([]);
    expect(again.adoptions.flatMap((a) => a.objects)).toEqual([]);
  });

  it("a values change then applies as an update of the adopted object; --forget-helm-releases drops helm's records", async () => {
    writeState(dir, [{ ...one, value: "changed" }, two]);
    const p = await preview(base);
    expect(p.changedReleases.map((c) => [c.release, c.op])).toEqual([["e2e-adopt-1/adopt-one", "update"]]);
    const r = await up({ ...base, forgetHelmReleases: true });
    expect(r.resourceChanges.delete ?? 0).toBe(0);
    expect(cmValue(clusters, one.name, one.namespace)).toBe("changed");
    expect(uid(clusters, "configmap", one.name, one.namespace)).toBe(uids[`cm/${one.name}`]);
    expect(r.adoptions.find((a) => a.release === "e2e-adopt-1/adopt-one")?.helmRecords).toBe("removed");
    expect(helmList(clusters, one.namespace)).toEqual([]);
    expect(helmList(clusters, two.namespace)).toEqual([]);
    await destroy(base);
    expect(await waitGone(clusters.kubeconfig, "test-a", "namespace", one.namespace)).toBe(true);
  });
});

describeEngine(`adopting a helm-installed release, mode helm-release${suffix}`, () => {
  jest.setTimeout(900_000);
  let clusters: TestClusters;
  let dir: string;
  let base: HelmfileStackOptions;
  const rel: Rel = { name: "adopt-helm", namespace: "e2e-adopt-helm", value: "one" };

  beforeAll(() => {
    clusters = testClusters();
    dir = project();
    base = {
      file: join(dir, "helmfile.yaml"),
      stackName: "adopt-helm",
      mode: "helm-release",
      applyToCluster: true,
      kubeconfig: clusters.kubeconfig,
      pulumiRoot: ENGINE_ROOT,
      envVars: { ...engineEnv(), KUBECONFIG: clusters.kubeconfig },
    };
    writeState(dir, [rel]);
    helmInstallCm(clusters.kubeconfig, dir, rel);
  });
  afterAll(async () => {
    await destroy(base).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  it("the first up imports the helm release instead of reinstalling it (then upgrades it in place to the state's inputs); a values change is a helm upgrade", async () => {
    const before = uid(clusters, "configmap", rel.name, rel.namespace);
    const p = await preview(base);
    expect(p.resourceChanges.delete ?? 0).toBe(0);
    expect(p.resourceChanges.import).toBe(1);
    expect(p.adoptions.find((a) => a.release === "e2e-adopt-helm/adopt-helm")?.helmRecords).toBe("imported");
    await up(base);
    // Imported, then upgraded to the stack's inputs (the chart path differs from helm's record): one revision more.
    expect(helmList(clusters, rel.namespace)).toEqual([{ name: rel.name, revision: "2" }]);
    expect(uid(clusters, "configmap", rel.name, rel.namespace)).toBe(before);
    writeState(dir, [{ ...rel, value: "two" }]);
    const change = await preview(base);
    expect(change.changedReleases.map((c) => [c.release, c.op])).toEqual([
      ["e2e-adopt-helm/adopt-helm", "update"],
    ]);
    await up(base);
    expect(cmValue(clusters, rel.name, rel.namespace)).toBe("two");
    expect(helmList(clusters, rel.namespace)).toEqual([{ name: rel.name, revision: "3" }]);
    expect(uid(clusters, "configmap", rel.name, rel.namespace)).toBe(before);
  });
});
