/**
 * `npm run bench -- real-charts`: a state of charts shaped as widely used public ones
 * (tests/e2e/fixtures/real-shapes/charts/platform: CRDs, RBAC, Secrets, a Deployment and Job hooks
 * with their delete policies; `BENCH_REAL_RELEASES` releases of it, default 12, each in its own
 * namespace) deployed to the test cluster (scripts/test-cluster.sh), each tool on a fresh instance of
 * its own, one after the other:
 *
 * - helmfile v1.8.0 (`HELMFILE_BINARY`, default the oracle of scripts/build-helmfile.sh): `sync`, an
 *   unchanged `diff`, a second `sync` (unchanged), `template`, the `diff` of a one-value change, then
 *   `destroy`;
 * - ours (`up --apply-to-cluster`): `up`, an unchanged `preview`, the preview of a one-value change,
 *   the `up` of that change, then `destroy`.
 *
 * Each figure is the wall time and the CPU time of the command and every process it waits for
 * (engine, provider, helm), with the machine's load; the API server's CPU is read from its process
 * (/proc/<pid>/stat) before and after. `helmfile diff` runs the helm-diff plugin v3.9.14, built and
 * installed by scripts/build-helm-diff.sh (`HELM_PLUGINS` is set for helmfile's commands only). That
 * version passes `--validate` and `--dry-run=client` together to `helm template`, which helm 4
 * refuses, so `diff` is given `--diff-args --disable-validation` (helm-diff then renders as helm
 * template does, without the cluster; it still reads each release's manifest from the cluster).
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { childrenCpu, loadavg, processCpu } from "./proc-stat";

const ROOT = join(__dirname, "..");
const BIN = join(ROOT, "bin", "pulumi-helmfile.js");
const CLUSTER = join(ROOT, "scripts", "test-cluster.sh");
const CHART = join(ROOT, "tests", "e2e", "fixtures", "real-shapes", "charts", "platform");
const CACHE = process.env.PULUMI_HELMFILE_CACHE ?? join(homedir(), ".cache", "pulumi-helmfile");
const HELMFILE = process.env.HELMFILE_BINARY ?? join(CACHE, "bin", "helmfile");
const HELM = process.env.HELM_BINARY ?? "helm";
const BUILD_HELM_DIFF = join(ROOT, "scripts", "build-helm-diff.sh");

/** Builds helm-diff if needed (warm: a fraction of a second) and returns its `HELM_PLUGINS`. */
function helmPlugins(): string {
  const r = spawnSync("bash", [BUILD_HELM_DIFF, "--quiet", "--print-env"], { encoding: "utf8" });
  const dir = /export HELM_PLUGINS="([^"]+)"/.exec(r.stdout)?.[1];
  if (r.status !== 0 || dir === undefined)
    throw new Error(`scripts/build-helm-diff.sh exited ${r.status}:\n${r.stderr.slice(-2000)}`);
  return dir;
}

interface Instance {
  readonly name: string;
  readonly kubeconfig: string;
  readonly apiserverPid: number;
}

function startInstance(name: string): Instance {
  spawnSync("bash", [CLUSTER, "stop", "--name", name], { stdio: "ignore" });
  const r = spawnSync("bash", [CLUSTER, "start", "--name", name], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`test-cluster.sh start --name ${name}: ${r.stderr}`);
  const kubeconfig = /export KUBECONFIG="([^"]+)"/.exec(r.stdout)?.[1] as string;
  const dir = join(kubeconfig, "..");
  return {
    name,
    kubeconfig,
    apiserverPid: Number(readFileSync(join(dir, "kube-apiserver.pid"), "utf8").trim()),
  };
}

function writeState(dir: string, n: number, replicas: number): void {
  const lines = ["releases:"];
  for (let i = 0; i < n; i++)
    lines.push(
      `  - name: p${i}`,
      `    namespace: bench-p${i}`,
      "    chart: ./charts/platform",
      `    values: [{ replicas: ${i === 0 ? replicas : 1} }]`,
    );
  writeFileSync(join(dir, "helmfile.yaml"), `${lines.join("\n")}\n`);
}

interface Phase {
  readonly tool: string;
  readonly phase: string;
  readonly wall: number;
  readonly cpu: number;
  readonly apiCpu: number;
  readonly load: string;
}

function measure(
  tool: string,
  phase: string,
  inst: Instance,
  cmd: string,
  args: string[],
  cwd: string,
  extraEnv: Record<string, string> = {},
): Phase {
  const api0 = processCpu(inst.apiserverPid);
  const cpu0 = childrenCpu();
  const started = performance.now();
  const r = spawnSync(cmd, args, {
    cwd,
    env: {
      ...process.env,
      ...extraEnv,
      KUBECONFIG: inst.kubeconfig,
      HELMFILE_UPGRADE_NOTICE_DISABLED: "1",
    },
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  const wall = performance.now() - started;
  // `preview --detailed-exitcode` and `helmfile diff --detailed-exitcode` exit 2 when there are changes.
  if (r.status !== 0 && !(r.status === 2 && args.includes("--detailed-exitcode")))
    throw new Error(
      `${tool} ${phase}: ${cmd} ${args.join(" ")} exited ${r.status}:\n${r.stderr.slice(-2000)}`,
    );
  return {
    tool,
    phase,
    wall: Math.round(wall),
    cpu: Math.round(childrenCpu() - cpu0),
    apiCpu: Math.round(processCpu(inst.apiserverPid) - api0),
    load: loadavg(),
  };
}

function project(n: number): string {
  const dir = mkdtempSync(join(tmpdir(), "phf-bench-real-"));
  cpSync(CHART, join(dir, "charts", "platform"), { recursive: true });
  writeState(dir, n, 1);
  return dir;
}

export function benchRealCharts(n: number): Phase[] {
  const phases: Phase[] = [];
  const s = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
  const print = (p: Phase): void => {
    phases.push(p);
    process.stdout.write(
      `${p.tool.padEnd(9)} ${p.phase.padEnd(22)} wall ${s(p.wall).padStart(7)}  cpu ${s(p.cpu).padStart(7)}  api-server cpu ${s(p.apiCpu).padStart(6)}  (load ${p.load})\n`,
    );
  };
  const helmfileDir = project(n);
  const hf = startInstance("h");
  const hfArgs = ["--helm-binary", HELM];
  const plugins = { HELM_PLUGINS: helmPlugins() };
  const diff = [...hfArgs, "diff", "--detailed-exitcode", "--diff-args", "--disable-validation"];
  const run = (phase: string, args: string[]): void =>
    print(measure("helmfile", phase, hf, HELMFILE, args, helmfileDir, plugins));
  try {
    run("sync", [...hfArgs, "sync"]);
    run("diff (unchanged)", diff);
    run("sync (unchanged)", [...hfArgs, "sync"]);
    run("template", [...hfArgs, "template", "--skip-deps"]);
    writeState(helmfileDir, n, 2);
    run("diff (one value)", diff);
    run("destroy", [...hfArgs, "destroy"]);
  } finally {
    spawnSync("bash", [CLUSTER, "stop", "--name", hf.name], { stdio: "ignore" });
    rmSync(helmfileDir, { recursive: true, force: true });
  }
  const ourDir = project(n);
  const us = startInstance("o");
  const node = process.execPath;
  const cli = (...a: string[]): string[] => [
    BIN,
    "--helm-binary",
    HELM,
    ...a,
    "--apply-to-cluster",
    "--stack",
    "bench",
  ];
  try {
    print(measure("ours", "up", us, node, cli("up"), ourDir));
    print(measure("ours", "preview (unchanged)", us, node, cli("preview", "--detailed-exitcode"), ourDir));
    writeState(ourDir, n, 2);
    print(measure("ours", "preview (one value)", us, node, cli("preview", "--detailed-exitcode"), ourDir));
    print(measure("ours", "up (one value)", us, node, cli("up"), ourDir));
    print(measure("ours", "destroy", us, node, cli("destroy"), ourDir));
  } finally {
    spawnSync("bash", [CLUSTER, "stop", "--name", us.name], { stdio: "ignore" });
    rmSync(ourDir, { recursive: true, force: true });
  }
  const get = (tool: string, phase: string): Phase | undefined =>
    phases.find((p) => p.tool === tool && p.phase === phase);
  const ratio = (a: string, b: string, label: string): void => {
    const x = get("ours", a);
    const y = get("helmfile", b);
    if (x === undefined || y === undefined) return;
    process.stdout.write(
      `ratio ${label.padEnd(44)} wall ${(x.wall / y.wall).toFixed(2)}x  cpu ${(x.cpu / y.cpu).toFixed(2)}x\n`,
    );
  };
  ratio("up", "sync", "up / helmfile sync");
  ratio("preview (unchanged)", "diff (unchanged)", "unchanged preview / unchanged helmfile diff");
  ratio("preview (unchanged)", "sync (unchanged)", "unchanged preview / unchanged helmfile sync");
  ratio("preview (one value)", "diff (one value)", "one-value preview / one-value helmfile diff");
  ratio("preview (one value)", "template", "one-value preview / helmfile template");
  ratio("destroy", "destroy", "destroy / helmfile destroy");
  return phases;
}

if (require.main === module) {
  const n = Number(process.env.BENCH_REAL_RELEASES ?? "12");
  benchRealCharts(n);
}
