/**
 * The test API servers for end-to-end deploy tests: instances `a` and `b` of
 * scripts/test-cluster.sh (real etcd + kube-apiserver + kube-controller-manager on 127.0.0.1,
 * no kubelet), started when not running, and a kubeconfig with both contexts (`test-a`, the
 * current one, and `test-b`). Objects are checked with the built kubectl, never with our code.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

const ROOT = resolve(__dirname, "..", "..");
const CACHE = process.env.PULUMI_HELMFILE_CACHE ?? join(homedir(), ".cache", "pulumi-helmfile");
/** The kubectl the cluster script built (v1.34.2, like the servers). */
export const KUBECTL = join(CACHE, "cluster-bin", "kubectl");

/** Paths of the kubeconfigs of the running test clusters. */
export interface TestClusters {
  /** Both contexts, `test-a` current. */
  readonly kubeconfig: string;
  readonly a: string;
  readonly b: string;
}

let started: TestClusters | undefined;

// Jest gives each test file its own instance of this module (so its own merged kubeconfig) and its
// own copy of `process`, whose "exit" Jest never emits: the kubeconfig's folder is removed by this
// hook of the file's outermost block, which runs after the hooks of the file's describe blocks.
afterAll(() => {
  if (started === undefined) return;
  rmSync(dirname(started.kubeconfig), { recursive: true, force: true });
  started = undefined;
});

/** Starts (or reuses) instances a and b; throws with the script's output when that fails. */
export function testClusters(): TestClusters {
  if (started !== undefined) return started;
  const script = join(ROOT, "scripts", "test-cluster.sh");
  const paths: Record<string, string> = {};
  for (const name of ["a", "b"]) {
    const r = spawnSync("bash", [script, "start", "--name", name], {
      encoding: "utf8",
      timeout: 60 * 60 * 1000,
    });
    if (r.status !== 0) throw new Error(`scripts/test-cluster.sh start --name ${name} failed:\n${r.stderr}`);
    const m = /export KUBECONFIG="([^"]+)"/.exec(r.stdout);
    if (m?.[1] === undefined) throw new Error(`test-cluster.sh printed no KUBECONFIG: ${r.stdout}`);
    paths[name] = m[1];
  }
  const merged = join(mkdtempSync(join(tmpdir(), "phf-kube-")), "config");
  writeFileSync(merged, execFileSync("bash", [script, "kubeconfig", "a", "b"], { encoding: "utf8" }), {
    mode: 0o600,
  });
  started = { kubeconfig: merged, a: paths.a as string, b: paths.b as string };
  return started;
}

/** `kubectl get` of one object as JSON, or undefined when it does not exist. */
export function kubeGet(
  kubeconfig: string,
  context: string,
  kind: string,
  name: string,
  namespace?: string,
): Record<string, unknown> | undefined {
  const args = ["--kubeconfig", kubeconfig, "--context", context, "get", kind, name, "-o", "json"];
  if (namespace !== undefined) args.push("-n", namespace);
  const r = spawnSync(KUBECTL, args, { encoding: "utf8" });
  if (r.status !== 0) {
    if (/NotFound|not found/.test(r.stderr)) return undefined;
    throw new Error(`kubectl ${args.join(" ")}: ${r.stderr}`);
  }
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

/** Runs kubectl and returns stdout; throws on failure. */
export function kubectl(kubeconfig: string, context: string, ...args: string[]): string {
  return execFileSync(KUBECTL, ["--kubeconfig", kubeconfig, "--context", context, ...args], {
    encoding: "utf8",
  });
}

/** Waits until `kubectl get` finds nothing (namespace deletion finishes asynchronously). */
export async function waitGone(
  kubeconfig: string,
  context: string,
  kind: string,
  name: string,
  namespace?: string,
  timeoutMs = 60_000,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (kubeGet(kubeconfig, context, kind, name, namespace) === undefined) return true;
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

/** The helm the tests run (`HELM_BINARY`, else `helm` on PATH). */
export const HELM = process.env.HELM_BINARY ?? "helm";

/** The real helmfile the tests compare with (scripts/build-helmfile.sh builds v1.8.0 there). */
export const HELMFILE_ORACLE = process.env.PULUMI_HELMFILE_ORACLE ?? join(CACHE, "bin", "helmfile");

/** `helm uninstall` of a release, ignoring that it may not exist (clean-up before and after tests). */
export function helmUninstall(kubeconfig: string, name: string, namespace: string, ...flags: string[]): void {
  spawnSync(
    HELM,
    ["uninstall", name, "-n", namespace, "--kubeconfig", kubeconfig, "--kube-context", "test-a", ...flags],
    { stdio: "ignore" },
  );
}

/** A release of the ConfigMap chart (tests/e2e/fixtures/cluster/charts/cm) with its `value`. */
export interface CmRelease {
  readonly name: string;
  readonly namespace: string;
  readonly value: string;
}

/** The `releases:` lines of a state of ConfigMap-chart releases (chart at `./charts/cm`). */
export function cmReleaseLines(releases: readonly CmRelease[]): string[] {
  const lines = ["releases:"];
  for (const r of releases)
    lines.push(
      `  - name: ${r.name}`,
      `    namespace: ${r.namespace}`,
      `    chart: ./charts/cm`,
      `    values:`,
      `      - value: ${JSON.stringify(r.value)}`,
    );
  return lines;
}

/**
 * What `helmfile sync` runs for one ConfigMap-chart release (`helm upgrade --install` from
 * `<dir>/charts/cm` with its value), after removing what an earlier, failed run left.
 */
export function helmInstallCm(kubeconfig: string, dir: string, r: CmRelease): void {
  helmUninstall(kubeconfig, r.name, r.namespace, "--wait");
  const values = join(dir, `${r.name}-values.yaml`);
  writeFileSync(values, `value: ${JSON.stringify(r.value)}\n`);
  execFileSync(
    HELM,
    [
      "upgrade",
      "--install",
      r.name,
      join(dir, "charts", "cm"),
      "--namespace",
      r.namespace,
      "--create-namespace",
      "--reset-values",
      "--values",
      values,
      "--kubeconfig",
      kubeconfig,
      "--kube-context",
      "test-a",
    ],
    { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
}
