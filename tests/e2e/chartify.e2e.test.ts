/**
 * chartify releases on a real API server (scripts/test-cluster.sh) through the automation layer and
 * the real engine: a kustomization directory (namePrefix, commonLabels, a configMapGenerator, a
 * values-set nameSuffix) and a chart with `strategicMergePatches` and `jsonPatches`. What lands in
 * the cluster is compared with what the real helmfile v1.8.0's `template` renders for the same state
 * with the same kustomize (docs/chartify.md), then a second preview is empty and destroy removes it.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseAllDocuments } from "yaml";
import { destroy, preview, up, type HelmfileStackOptions } from "../../src/automation";
import { kubeGet, kubectl, testClusters, type TestClusters } from "./cluster";
import { ENGINE_ROOT, engineEnv, engineMissingReason } from "./engine";

const reason = engineMissingReason();
const oracle = process.env.PULUMI_HELMFILE_ORACLE;
const chartifyBin = join(ENGINE_ROOT, "bin", "pulumi-helmfile-chartify");
const why =
  reason ??
  (oracle === undefined ? "PULUMI_HELMFILE_ORACLE unset (scripts/build-helmfile.sh --print-env)" : undefined);
const describeEngine = why === undefined ? describe : describe.skip;
const suffix = why === undefined ? "" : ` (skipped: ${why})`;
const ROOT = resolve(__dirname, "..", "..");
const NS = "e2e-chartify";

function writeState(dir: string): void {
  mkdirSync(join(dir, "kust"), { recursive: true });
  writeFileSync(
    join(dir, "kust", "kustomization.yaml"),
    [
      "apiVersion: kustomize.config.k8s.io/v1beta1",
      "kind: Kustomization",
      "resources: [config.yaml, account.yaml]",
      "namePrefix: team-",
      "commonLabels: {managed-by: kustomize}",
      "configMapGenerator:",
      "- name: generated",
      "  literals: [mode=blue]",
      "",
    ].join("\n"),
  );
  writeFileSync(
    join(dir, "kust", "config.yaml"),
    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  level: info\n",
  );
  writeFileSync(
    join(dir, "kust", "account.yaml"),
    "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: runner\n",
  );
  writeFileSync(
    join(dir, "helmfile.yaml"),
    [
      "releases:",
      "- name: kust",
      `  namespace: ${NS}`,
      "  chart: ./kust",
      "  values: [{nameSuffix: -v1}]",
      "- name: patched",
      `  namespace: ${NS}`,
      "  chart: ./charts/cm",
      "  values: [{value: base}]",
      "  strategicMergePatches:",
      "  - apiVersion: v1",
      "    kind: ConfigMap",
      "    metadata: {name: patched}",
      "    data: {added: by-patch}",
      "  jsonPatches:",
      "  - target: {version: v1, kind: ConfigMap, name: patched}",
      "    patch:",
      "    - {op: replace, path: /data/value, value: replaced}",
      "",
    ].join("\n"),
  );
}

/** The objects the real helmfile renders for the state: kind/name → object. */
function helmfileObjects(dir: string): Map<string, Record<string, unknown>> {
  const tools = join(dir, "tools");
  mkdirSync(tools, { recursive: true });
  symlinkSync(process.env.HELM_BINARY ?? join(ROOT, ".tools", "helm4", "helm"), join(tools, "helm"));
  symlinkSync(join(ENGINE_ROOT, "bin", "kustomize"), join(tools, "kustomize"));
  const out = execFileSync(oracle as string, ["template", "--skip-deps"], {
    cwd: dir,
    env: {
      PATH: `${tools}:/usr/bin:/bin`,
      HOME: dir,
      HELMFILE_UPGRADE_NOTICE_DISABLED: "1",
      CHARTIFY_TEMPDIR: join(dir, "oracle-chartify"),
    },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  const objects = new Map<string, Record<string, unknown>>();
  for (const doc of parseAllDocuments(out)) {
    const o = doc.toJS() as Record<string, unknown> | null;
    if (o === null) continue;
    const meta = o.metadata as Record<string, unknown>;
    objects.set(`${String(o.kind)}/${String(meta.name)}`, o);
  }
  return objects;
}

describeEngine(`chartify releases on a real API server${suffix}`, () => {
  jest.setTimeout(900_000);
  let clusters: TestClusters;
  let dir: string;
  let base: HelmfileStackOptions;

  beforeAll(() => {
    clusters = testClusters();
    dir = mkdtempSync(join(tmpdir(), "phf-chartify-"));
    cpSync(join(__dirname, "fixtures", "cluster", "charts", "cm"), join(dir, "charts", "cm"), {
      recursive: true,
    });
    writeState(dir);
    base = {
      file: join(dir, "helmfile.yaml"),
      stackName: "chartify",
      applyToCluster: true,
      kubeconfig: clusters.kubeconfig,
      pulumiRoot: ENGINE_ROOT,
      envVars: { ...engineEnv(), KUBECONFIG: clusters.kubeconfig, PULUMI_HELMFILE_CHARTIFY: chartifyBin },
    };
  });
  afterAll(async () => {
    await destroy(base).catch(() => undefined);
    if (clusters !== undefined)
      kubectl(clusters.kubeconfig, "test-a", "delete", "namespace", NS, "--ignore-not-found", "--wait=false");
    rmSync(dir, { recursive: true, force: true });
  });

  it("up creates what helmfile's template renders for a kustomization directory and a patched chart", async () => {
    const expected = helmfileObjects(dir);
    // helmfile's output: the kustomize names and labels, and both patches applied.
    expect([...expected.keys()].sort()).toEqual(
      expect.arrayContaining([
        "ConfigMap/patched",
        "ConfigMap/team-settings-v1",
        "ServiceAccount/team-runner-v1",
      ]),
    );
    const result = await up(base);
    expect(result.changedReleases.map((r) => r.release).sort()).toEqual([`${NS}/kust`, `${NS}/patched`]);
    for (const [key, want] of expected) {
      const [kind = "", name = ""] = key.split("/");
      const got = kubeGet(clusters.kubeconfig, "test-a", kind.toLowerCase(), name, NS);
      expect([key, got === undefined]).toEqual([key, false]);
      const meta = (got as Record<string, unknown>).metadata as Record<string, unknown>;
      const wantMeta = want.metadata as Record<string, unknown>;
      expect([key, meta.labels ?? {}]).toEqual([key, expect.objectContaining(wantMeta.labels ?? {})]);
      if (kind === "ConfigMap")
        expect([key, (got as Record<string, unknown>).data]).toEqual([key, want.data]);
    }
    expect((expected.get("ConfigMap/patched") as Record<string, unknown>).data).toEqual({
      value: "replaced",
      added: "by-patch",
    });
  });

  it("a preview right after up changes nothing; destroy removes the objects", async () => {
    const p = await preview(base);
    expect(p.changedReleases).toEqual([]);
    await destroy(base);
    expect(kubeGet(clusters.kubeconfig, "test-a", "configmap", "patched", NS)).toBeUndefined();
    expect(kubeGet(clusters.kubeconfig, "test-a", "serviceaccount", "team-runner-v1", NS)).toBeUndefined();
  });
});
