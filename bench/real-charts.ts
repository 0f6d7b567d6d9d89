/**
 * `npm run bench -- real-charts`: two states, one after the other (`BENCH_REAL_STATE`:
 * `real-shapes`, `public-charts` or `both`, the default):
 * - a state of charts shaped as widely used public ones (tests/e2e/fixtures/real-shapes/charts/platform:
 *   CRDs, RBAC, Secrets, a Deployment and Job hooks with their delete policies; `BENCH_REAL_RELEASES`
 *   releases of it, default 12, each in its own namespace);
 * - the five public charts of tests/fixtures/public-charts with their install hooks off (~240 objects);
 *
 * each deployed to the test cluster (scripts/test-cluster.sh), each tool on a fresh instance of
 * its own, one after the other:
 *
 * - helmfile v1.8.0 (`HELMFILE_BINARY`, default the oracle of scripts/build-helmfile.sh): `sync`, an
 *   unchanged `diff`, a second `sync` (unchanged), a `diff` after it, `template`, the `diff` of a
 *   one-value change, then `destroy`;
 * - ours (`up --apply-to-cluster`), in the same order: `up`, an unchanged `preview`, a second `up`
 *   (unchanged), a `preview` after it, the preview of the one-value change, the `up` of that change,
 *   then `destroy`.
 *
 * "Unchanged" is the state as the first sync/up left it. A chart can render differently on the next
 * install-or-upgrade although nothing of its inputs changed: grafana's install render draws its admin
 * password (the Secret, and its checksum annotation on the Deployment) where an upgrade's render
 * reads it back through `lookup`, and the two differ in quoting, so the first upgrade changes that
 * annotation, for helm as for us. The phases after a second sync/up measure a state that no render
 * changes any more, and the one-value change is made there on both sides. Each diff and preview
 * says whether it found changes (`--detailed-exitcode`).
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
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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

/** A state the bench deploys: where its files go, and its state before and after the one-value change. */
interface BenchState {
  readonly label: string;
  /** A fresh project folder holding the charts and the state (before the change). */
  project(): string;
  /** Writes the state; `changed`: with the one-value change. */
  write(dir: string, changed: boolean): void;
  /**
   * Writes the state with one value of its largest chart changed instead (a state of more than one
   * chart): that release's render is the longest, and the engine previews its objects after it.
   */
  writeLargest?(dir: string): void;
  /**
   * Fails unless each change alters what helm renders of the template it names: a value the chart's
   * templates do not read would time a preview of the Release's values alone, with no object to diff.
   */
  checkChanges?(): void;
}

/** `n` releases of the real-shapes chart, Job hooks on. */
function realShapes(n: number): BenchState {
  return {
    label: `real-shapes, ${n} releases, Job hooks on`,
    project: () => project(n),
    write: (dir, changed) => writeState(dir, n, changed ? 2 : 1),
  };
}

const PUBLIC_CHARTS = join(ROOT, "tests", "fixtures", "public-charts");

/**
 * The five public charts of tests/fixtures/public-charts (PROVENANCE.md there), each in its own
 * namespace, with their install hooks off (cert-manager's startupapicheck, ingress-nginx's and
 * kube-prometheus-stack's admission-webhook certificate Jobs, argo-cd's Redis secret Job): none of
 * them then renders a `helm.sh/hook` object. The one-value change is ingress-nginx's replica count;
 * the largest chart's (kube-prometheus-stack: ~130 objects, the longest `helm template`) is its
 * operator Deployment's `revisionHistoryLimit` (its replica count is fixed in the template: setting
 * `prometheusOperator.replicas`, as the bench did before, changed no object).
 */
const PUBLIC_RELEASES = [
  {
    name: "cm",
    namespace: "bench-cert-manager",
    archive: "cert-manager-v1.21.1.tgz",
    values: { crds: { enabled: true }, startupapicheck: { enabled: false } },
  },
  {
    name: "ingress",
    namespace: "bench-ingress",
    archive: "ingress-nginx-4.15.1.tgz",
    values: { controller: { admissionWebhooks: { enabled: false } } },
    changed: { controller: { admissionWebhooks: { enabled: false }, replicaCount: 2 } },
    changes: "templates/controller-deployment.yaml",
  },
  { name: "grafana", namespace: "bench-grafana", archive: "grafana-12.11.1.tgz", values: {} },
  {
    name: "argocd",
    namespace: "bench-argocd",
    archive: "argo-cd-10.1.1.tgz",
    values: { redisSecretInit: { enabled: false } },
  },
  {
    name: "kps",
    namespace: "bench-monitoring",
    archive: "kube-prometheus-stack-88.5.3.tgz",
    values: { prometheusOperator: { admissionWebhooks: { enabled: false, patch: { enabled: false } } } },
    largest: {
      prometheusOperator: {
        revisionHistoryLimit: 5,
        admissionWebhooks: { enabled: false, patch: { enabled: false } },
      },
    },
    changes: "templates/prometheus-operator/deployment.yaml",
  },
] as const;

function publicCharts(): BenchState {
  const writeWith = (dir: string, change: "none" | "one value" | "largest"): void => {
    const lines = ["releases:"];
    for (const r of PUBLIC_RELEASES) {
      const values =
        change === "one value" && "changed" in r
          ? r.changed
          : change === "largest" && "largest" in r
            ? r.largest
            : r.values;
      lines.push(
        `  - name: ${r.name}`,
        `    namespace: ${r.namespace}`,
        `    chart: ./charts/${r.archive}`,
        `    values: [${JSON.stringify(values)}]`,
      );
    }
    writeFileSync(join(dir, "helmfile.yaml"), `${lines.join("\n")}\n`);
  };
  const write = (dir: string, changed: boolean): void => writeWith(dir, changed ? "one value" : "none");
  return {
    label: "the five public charts, install hooks off",
    project: () => {
      const dir = mkdtempSync(join(tmpdir(), "phf-bench-public-"));
      mkdirSync(join(dir, "charts"));
      for (const r of PUBLIC_RELEASES) cpSync(join(PUBLIC_CHARTS, r.archive), join(dir, "charts", r.archive));
      write(dir, false);
      return dir;
    },
    write,
    writeLargest: (dir) => writeWith(dir, "largest"),
    checkChanges: () => {
      for (const r of PUBLIC_RELEASES) {
        if (!("changes" in r)) continue;
        const changed: unknown = "changed" in r ? r.changed : r.largest;
        const render = (values: unknown): string => {
          const out = spawnSync(
            HELM,
            [
              ...["template", r.name, join(PUBLIC_CHARTS, r.archive), "--namespace", r.namespace],
              ...["--show-only", r.changes, "--values", "-"],
            ],
            { input: JSON.stringify(values), encoding: "utf8" },
          );
          if (out.status !== 0) throw new Error(`helm template ${r.name}: ${out.stderr}`);
          return out.stdout;
        };
        if (render(r.values) === render(changed))
          throw new Error(`the bench's change of ${r.name} alters nothing helm renders of ${r.changes}`);
      }
    },
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
  /** With `--detailed-exitcode`: whether the diff or preview found changes (exit 2). */
  readonly changes?: boolean;
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
    ...(args.includes("--detailed-exitcode") ? { changes: r.status === 2 } : {}),
  };
}

function project(n: number): string {
  const dir = mkdtempSync(join(tmpdir(), "phf-bench-real-"));
  cpSync(CHART, join(dir, "charts", "platform"), { recursive: true });
  writeState(dir, n, 1);
  return dir;
}

export function benchRealCharts(state: BenchState): Phase[] {
  process.stdout.write(`state: ${state.label}\n`);
  state.checkChanges?.();
  const phases: Phase[] = [];
  const s = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
  const print = (p: Phase): void => {
    phases.push(p);
    process.stdout.write(
      `${p.tool.padEnd(9)} ${p.phase.padEnd(22)} wall ${s(p.wall).padStart(7)}  cpu ${s(p.cpu).padStart(7)}  api-server cpu ${s(p.apiCpu).padStart(6)}  (load ${p.load})${p.changes === undefined ? "" : p.changes ? "  changes" : "  no changes"}\n`,
    );
  };
  const helmfileDir = state.project();
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
    run("diff (after 2nd sync)", diff);
    run("template", [...hfArgs, "template", "--skip-deps"]);
    state.write(helmfileDir, true);
    run("diff (one value)", diff);
    if (state.writeLargest !== undefined) {
      state.writeLargest(helmfileDir);
      run("diff (largest chart)", diff);
    }
    run("destroy", [...hfArgs, "destroy"]);
  } finally {
    spawnSync("bash", [CLUSTER, "stop", "--name", hf.name], { stdio: "ignore" });
    rmSync(helmfileDir, { recursive: true, force: true });
  }
  const ourDir = state.project();
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
    print(measure("ours", "up (unchanged)", us, node, cli("up"), ourDir));
    print(measure("ours", "preview (after 2nd up)", us, node, cli("preview", "--detailed-exitcode"), ourDir));
    state.write(ourDir, true);
    print(measure("ours", "preview (one value)", us, node, cli("preview", "--detailed-exitcode"), ourDir));
    if (state.writeLargest !== undefined) {
      state.writeLargest(ourDir);
      print(
        measure("ours", "preview (largest chart)", us, node, cli("preview", "--detailed-exitcode"), ourDir),
      );
      state.write(ourDir, true);
    }
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
  ratio("up (unchanged)", "sync (unchanged)", "second up / second helmfile sync");
  ratio("preview (after 2nd up)", "diff (after 2nd sync)", "preview / helmfile diff, after a second up/sync");
  ratio("preview (one value)", "diff (one value)", "one-value preview / one-value helmfile diff");
  ratio("preview (one value)", "template", "one-value preview / helmfile template");
  ratio(
    "preview (largest chart)",
    "diff (largest chart)",
    "largest chart's one-value preview / helmfile diff",
  );
  ratio("destroy", "destroy", "destroy / helmfile destroy");
  return phases;
}

/** The states `BENCH_REAL_STATE` names: `real-shapes`, `public-charts`, or both (the default), in that order. */
export function benchStates(which = process.env.BENCH_REAL_STATE ?? "both"): BenchState[] {
  const n = Number(process.env.BENCH_REAL_RELEASES ?? "12");
  const all: Record<string, BenchState> = { "real-shapes": realShapes(n), "public-charts": publicCharts() };
  if (which === "both") return Object.values(all);
  const one = all[which];
  if (one === undefined)
    throw new Error(`BENCH_REAL_STATE: expected real-shapes, public-charts or both, found ${which}`);
  return [one];
}

if (require.main === module) for (const state of benchStates()) benchRealCharts(state);
