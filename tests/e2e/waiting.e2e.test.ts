/**
 * What waits, on the test cluster's simulated nodes (kube-scheduler binds Pods to kwok's nodes; kwok's
 * stages make them Ready 2 s later and finish Jobs' Pods 1 s after they run, or fail those labelled
 * test.pulumi-helmfile.dev/fail). The order of hook Jobs and the release's objects is read from the
 * objects' own timestamps with kubectl, for `up` and for the real `helmfile sync` (the oracle).
 */
import { execFile, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { destroy, preview, up, type HelmfileStackOptions } from "../../src/automation";
import { isHelmfileError } from "../../src/shared/errors";
import { HELM, HELMFILE_ORACLE, helmUninstall, kubectl, testClusters, type TestClusters } from "./cluster";
import { ENGINE_ROOT, engineEnv, engineMissingReason } from "./engine";

const reason = engineMissingReason();
const ORACLE = HELMFILE_ORACLE;
const skipped = reason ?? (existsSync(ORACLE) ? undefined : `no helmfile oracle at ${ORACLE}`);
const describeNodes = skipped === undefined ? describe : describe.skip;
const suffix = skipped === undefined ? "" : ` (skipped: ${skipped})`;
const CHARTS = join(__dirname, "fixtures", "waiting", "charts");

interface Times {
  /** The migration hook Job: finished. */
  readonly migrated: number;
  readonly deploymentCreated: number;
  /** The Deployment's Available condition turned True. */
  readonly available: number;
  /** The smoke-test hook Job: created. */
  readonly smokeCreated: number;
}

const seconds = (t: unknown): number => Date.parse(String(t));

function times(clusters: TestClusters, namespace: string, release: string): Times {
  const get = (kind: string, name: string): Record<string, unknown> =>
    JSON.parse(
      kubectl(clusters.kubeconfig, "test-a", "-n", namespace, "get", kind, name, "-o", "json"),
    ) as Record<string, unknown>;
  const meta = (o: Record<string, unknown>): { creationTimestamp?: string } =>
    o.metadata as { creationTimestamp?: string };
  const migrate = get("job", `${release}-migrate`);
  const deployment = get("deployment", release);
  const smoke = get("job", `${release}-smoke`);
  const conditions = ((deployment.status as { conditions?: unknown[] } | undefined)?.conditions ??
    []) as Array<{
    type: string;
    status: string;
    lastTransitionTime: string;
  }>;
  return {
    migrated: seconds((migrate.status as { completionTime?: string }).completionTime),
    deploymentCreated: seconds(meta(deployment).creationTimestamp),
    available: seconds(
      conditions.find((c) => c.type === "Available" && c.status === "True")?.lastTransitionTime,
    ),
    smokeCreated: seconds(meta(smoke).creationTimestamp),
  };
}

function readyReplicas(clusters: TestClusters, namespace: string, name: string): number {
  const out = kubectl(
    clusters.kubeconfig,
    "test-a",
    "-n",
    namespace,
    "get",
    "deployment",
    name,
    "-o",
    "json",
  );
  return Number((JSON.parse(out) as { status?: { readyReplicas?: number } }).status?.readyReplicas ?? 0);
}

function writeState(
  dir: string,
  file: string,
  release: string,
  namespace: string,
  extra: string[] = [],
  chart = "app",
): string {
  const path = join(dir, file);
  writeFileSync(
    path,
    [
      "releases:",
      `  - name: ${release}`,
      `    namespace: ${namespace}`,
      `    chart: ./charts/${chart}`,
      "    wait: true",
      "    timeout: 60",
      ...extra.map((l) => `    ${l}`),
      "",
    ].join("\n"),
  );
  return path;
}

/** What of the policies chart's hooks the namespace holds: name → uid (ConfigMaps with their data). */
function hookObjects(clusters: TestClusters, namespace: string, release: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const kind of ["job", "serviceaccount", "configmap"]) {
    const list = JSON.parse(
      kubectl(clusters.kubeconfig, "test-a", "-n", namespace, "get", kind, "-o", "json"),
    ) as { items: Array<{ metadata: { name: string; uid: string }; data?: Record<string, string> }> };
    for (const o of list.items) {
      if (!o.metadata.name.startsWith(`${release}-`)) continue;
      out[`${kind}/${o.metadata.name}`] = o.data === undefined ? o.metadata.uid : JSON.stringify(o.data);
    }
  }
  return out;
}

const keys = (o: Record<string, string>): string[] => Object.keys(o).sort();

describeNodes(`waiting on simulated nodes: hook Jobs, wait, timeout${suffix}`, () => {
  jest.setTimeout(900_000);
  let clusters: TestClusters;
  let dir: string;
  const stacks: HelmfileStackOptions[] = [];
  const options = (file: string, stackName: string): HelmfileStackOptions => {
    const o: HelmfileStackOptions = {
      file,
      stackName,
      applyToCluster: true,
      kubeconfig: clusters.kubeconfig,
      kubeContext: "test-a",
      pulumiRoot: ENGINE_ROOT,
      envVars: { ...engineEnv(), KUBECONFIG: clusters.kubeconfig },
    };
    stacks.push(o);
    return o;
  };

  beforeAll(() => {
    clusters = testClusters();
    dir = mkdtempSync(join(tmpdir(), "phf-wait-"));
    cpSync(CHARTS, join(dir, "charts"), { recursive: true });
  });
  afterAll(async () => {
    for (const s of stacks) await destroy(s).catch(() => undefined);
    helmUninstall(clusters.kubeconfig, "shop", "e2e-wait-helmfile");
    helmUninstall(clusters.kubeconfig, "pol", "e2e-wait-pol-helmfile");
    // helm leaves hook objects behind on uninstall; a rerun on this cluster must not meet them.
    kubectl(
      clusters.kubeconfig,
      "test-a",
      "delete",
      "namespace",
      "e2e-wait-pol-helmfile",
      "--ignore-not-found",
    );
    rmSync(dir, { recursive: true, force: true });
  });

  it("the test cluster schedules Pods onto Ready simulated nodes", () => {
    const nodes = JSON.parse(kubectl(clusters.kubeconfig, "test-a", "get", "nodes", "-o", "json")) as {
      items: Array<{
        metadata: { name: string };
        spec: { taints?: unknown[] };
        status: { conditions: Array<{ type: string; status: string }> };
      }>;
    };
    expect(nodes.items.length).toBeGreaterThan(0);
    for (const n of nodes.items) {
      expect(n.status.conditions.find((c) => c.type === "Ready")?.status).toBe("True");
      expect(n.spec.taints ?? []).toEqual([]);
    }
  });

  it("pre-install hook Job completes before the Deployment; the post-install hook starts after it is Ready; up returns after that — as helmfile sync --wait", async () => {
    const ours = writeState(dir, "ours.yaml", "shop", "e2e-wait-ours");
    await up(options(ours, "wait-ours"));
    // up returned only after the Deployment was Ready.
    expect(readyReplicas(clusters, "e2e-wait-ours", "shop")).toBe(2);
    const t = times(clusters, "e2e-wait-ours", "shop");

    writeState(dir, "helmfile.yaml", "shop", "e2e-wait-helmfile");
    await promisify(execFile)(ORACLE, ["--helm-binary", HELM, "--kube-context", "test-a", "sync"], {
      cwd: dir,
      env: { ...process.env, KUBECONFIG: clusters.kubeconfig, HELMFILE_UPGRADE_NOTICE_DISABLED: "1" },
    });
    expect(readyReplicas(clusters, "e2e-wait-helmfile", "shop")).toBe(2);
    const h = times(clusters, "e2e-wait-helmfile", "shop");

    for (const x of [t, h]) {
      expect(Object.values(x).every((v) => !Number.isNaN(v))).toBe(true);
      expect(x.migrated).toBeLessThanOrEqual(x.deploymentCreated);
      expect(x.available).toBeGreaterThan(x.deploymentCreated); // Pods become Ready 2 s after they run
      expect(x.smokeCreated).toBeGreaterThanOrEqual(x.available);
    }
  });

  it("mode helm-release passes wait and timeout to helm: up returns after the Deployment is Ready, hooks in helm's order", async () => {
    const file = writeState(dir, "helm-release.yaml", "shop", "e2e-wait-helm-release");
    await up({ ...options(file, "wait-helm-release"), mode: "helm-release" });
    expect(readyReplicas(clusters, "e2e-wait-helm-release", "shop")).toBe(2);
    const t = times(clusters, "e2e-wait-helm-release", "shop");
    expect(t.migrated).toBeLessThanOrEqual(t.deploymentCreated);
    expect(t.smokeCreated).toBeGreaterThanOrEqual(t.available);
  });

  it("a hook Job that fails fails up, naming the release, the hook and the Job; after the fix the next up converges", async () => {
    const file = writeState(dir, "failing.yaml", "broken", "e2e-wait-fail", [
      "values:",
      "  - failMigration: true",
    ]);
    const o = options(file, "wait-fail");
    const started = Date.now();
    const err = await up(o).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isHelmfileError(err) && err.code).toBe("PULUMI_UPDATE_FAILED");
    const message = String((err as Error).message);
    expect(message).toContain("e2e-wait-fail/broken-pre-job-broken-migrate");
    expect(message).toContain("failed on purpose");
    expect(Date.now() - started).toBeLessThan(120_000);
    // The release's other objects were not applied after the failed pre-install hook.
    expect(() =>
      kubectl(clusters.kubeconfig, "test-a", "-n", "e2e-wait-fail", "get", "deployment", "broken"),
    ).toThrow();
    writeState(dir, "failing.yaml", "broken", "e2e-wait-fail", ["values:", "  - failMigration: false"]);
    await up(o);
    expect(readyReplicas(clusters, "e2e-wait-fail", "broken")).toBe(2);
  });

  it("a Deployment that never becomes Ready fails up within the release's timeout, naming it", async () => {
    const file = join(dir, "stuck.yaml");
    writeFileSync(
      file,
      [
        "releases:",
        "  - name: stuck",
        "    namespace: e2e-wait-stuck",
        "    chart: ./charts/app",
        "    wait: true",
        "    timeout: 15",
        "    values:",
        "      - neverReady: true",
        "",
      ].join("\n"),
    );
    const started = Date.now();
    const err = await up(options(file, "wait-stuck")).then(
      () => undefined,
      (e: unknown) => e,
    );
    const elapsed = Date.now() - started;
    expect(isHelmfileError(err) && err.code).toBe("PULUMI_UPDATE_FAILED");
    expect(String((err as Error).message)).toMatch(/e2e-wait-stuck\/stuck.*timed out waiting to be Ready/s);
    // 15 s for the Deployment, the hooks' few seconds and the engine's start; far below Pulumi's 10-minute default.
    expect(elapsed).toBeLessThan(90_000);
  });

  it("hook-delete-policy as helmfile sync --wait honours it: hook-succeeded hooks go after the phase, hook-failed ones stay on success; upgrades re-run upgrade hooks and leave install-only ones; the preview after up is empty", async () => {
    const state = (file: string, ns: string, replicas: number): string =>
      writeState(dir, file, "pol", ns, ["values:", `  - replicas: ${replicas}`], "policies");
    const o = options(state("policies.yaml", "e2e-wait-pol", 1), "wait-policies");
    await up(o);
    const oursInstall = hookObjects(clusters, "e2e-wait-pol", "pol");
    state("helmfile.yaml", "e2e-wait-pol-helmfile", 1);
    const sync = (): Promise<unknown> =>
      promisify(execFile)(ORACLE, ["--helm-binary", HELM, "--kube-context", "test-a", "sync"], {
        cwd: dir,
        env: { ...process.env, KUBECONFIG: clusters.kubeconfig, HELMFILE_UPGRADE_NOTICE_DISABLED: "1" },
      });
    await sync();
    const helmInstall = hookObjects(clusters, "e2e-wait-pol-helmfile", "pol");
    // The setup Job and its ServiceAccount (hook-succeeded) are gone, the check Job (hook-failed)
    // and the install-only ConfigMap stay: what helm leaves.
    expect(keys(oursInstall)).toEqual(keys(helmInstall));
    expect(keys(oursInstall)).toEqual(["configmap/pol-installed", "job/pol-check"]);

    // An upgrade: the post-upgrade check Job runs again (a new object), the install-only ConfigMap
    // is not touched (its data still says 1), as helm upgrades.
    state("policies.yaml", "e2e-wait-pol", 2);
    await up(o);
    const oursUpgrade = hookObjects(clusters, "e2e-wait-pol", "pol");
    state("helmfile.yaml", "e2e-wait-pol-helmfile", 2);
    await sync();
    const helmUpgrade = hookObjects(clusters, "e2e-wait-pol-helmfile", "pol");
    expect(keys(oursUpgrade)).toEqual(keys(helmUpgrade));
    expect(oursUpgrade["job/pol-check"]).not.toBe(oursInstall["job/pol-check"]);
    expect(helmUpgrade["job/pol-check"]).not.toBe(helmInstall["job/pol-check"]);
    expect(oursUpgrade["configmap/pol-installed"]).toBe(helmUpgrade["configmap/pol-installed"]);
    expect(JSON.parse(oursUpgrade["configmap/pol-installed"] as string)).toEqual({ replicas: "1" });
    expect(readyReplicas(clusters, "e2e-wait-pol", "pol")).toBe(2);

    // The deleted hooks are not planned again: nothing changed, nothing to do.
    const after = await preview(o);
    expect(after.changedReleases).toEqual([]);
  });

  it("a hook-failed hook that fails is deleted (as helm deletes it) and fails up; after the fix the next up converges", async () => {
    const file = writeState(
      dir,
      "policies-fail.yaml",
      "polfail",
      "e2e-wait-polfail",
      ["values:", "  - failCheck: true"],
      "policies",
    );
    const o = options(file, "wait-policies-fail");
    const err = await up(o).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isHelmfileError(err) && err.code).toBe("PULUMI_UPDATE_FAILED");
    expect(String((err as Error).message)).toContain("e2e-wait-polfail/polfail-post-job-polfail-check");
    expect(keys(hookObjects(clusters, "e2e-wait-polfail", "polfail"))).toEqual([]);
    writeState(
      dir,
      "policies-fail.yaml",
      "polfail",
      "e2e-wait-polfail",
      ["values:", "  - failCheck: false"],
      "policies",
    );
    await up(o);
    expect(keys(hookObjects(clusters, "e2e-wait-polfail", "polfail"))).toEqual([
      "configmap/polfail-installed",
      "job/polfail-check",
    ]);
    expect((await preview(o)).changedReleases).toEqual([]);
  });

  it("mode helm-release passes atomic: a failing hook Job fails up and helm uninstalls the failed first install; after the fix the next up converges", async () => {
    const file = writeState(dir, "atomic.yaml", "atom", "e2e-wait-atomic", [
      "atomic: true",
      "values:",
      "  - failMigration: true",
    ]);
    const o = { ...options(file, "wait-atomic"), mode: "helm-release" as const };
    const err = await up(o).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isHelmfileError(err) && err.code).toBe("PULUMI_UPDATE_FAILED");
    // helm --atomic rolled the failed install back: no release record, no Deployment.
    const status = spawnSync(
      HELM,
      ["status", "atom", "-n", "e2e-wait-atomic", "--kubeconfig", clusters.kubeconfig],
      {
        encoding: "utf8",
      },
    );
    expect([status.status, status.stderr]).toEqual([1, expect.stringContaining("release: not found")]);
    expect(() =>
      kubectl(clusters.kubeconfig, "test-a", "-n", "e2e-wait-atomic", "get", "deployment", "atom"),
    ).toThrow();
    writeState(dir, "atomic.yaml", "atom", "e2e-wait-atomic", [
      "atomic: true",
      "values:",
      "  - failMigration: false",
    ]);
    await up(o);
    expect(readyReplicas(clusters, "e2e-wait-atomic", "atom")).toBe(2);
  });
});
