/**
 * End-to-end CLI benchmark: the `pulumi-helmfile` binary against helmfile (when
 * `HELMFILE_BINARY` is set) and the plain-helm floor, on the same generated inputs in the same
 * run. Every figure is printed with the machine's load (/proc/loadavg) before and after it, since
 * wall times on a shared machine are noisy; counts (modules loaded, helm calls, state bytes)
 * are exact.
 *
 *   npx tsx bench/cli.ts            # or: npm run bench -- cli
 *   BENCH_PREVIEW_RELEASES=100,500,1000  BENCH_STATE_RELEASES=100  BENCH_CONCURRENCY=4
 */
import { spawn, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { childrenCpu, loadavg } from "./proc-stat";

const ROOT = join(__dirname, "..");
const BIN = join(ROOT, "bin", "pulumi-helmfile.js");

/** One measured figure. */
export interface Figure {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  /** The same figure for the reference (helmfile or the helm floor), when measured. */
  readonly reference?: { readonly name: string; readonly value: number };
  readonly load: string;
}

/** A chart rendering ~20 KB (a 40-key ConfigMap, a Service, a Deployment) and `n` releases of it. */
export function generateState(dir: string, n: number): void {
  mkdirSync(join(dir, "chart", "templates"), { recursive: true });
  writeFileSync(join(dir, "chart", "Chart.yaml"), "apiVersion: v2\nname: app\nversion: 0.1.0\n");
  writeFileSync(join(dir, "chart", "values.yaml"), "replicas: 1\nkeys: 40\n");
  writeFileSync(
    join(dir, "chart", "templates", "all.yaml"),
    [
      "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}-config\n  labels: {app: {{ .Release.Name }}}\ndata:",
      '{{- range $i := until (int .Values.keys) }}\n  key{{ $i }}: {{ printf "%s-%d-%s" $.Release.Name $i (repeat 480 "x") | quote }}\n{{- end }}',
      "---\napiVersion: v1\nkind: Service\nmetadata:\n  name: {{ .Release.Name }}\nspec:\n  selector: {app: {{ .Release.Name }}}\n  ports: [{port: 80, targetPort: 8080}]",
      "---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {{ .Release.Name }}\nspec:\n  replicas: {{ .Values.replicas }}\n  selector: {matchLabels: {app: {{ .Release.Name }}}}\n  template:\n    metadata: {labels: {app: {{ .Release.Name }}}}\n    spec:\n      containers:\n      - name: app\n        image: nginx:1.27\n        ports: [{containerPort: 8080}]\n",
    ].join("\n"),
  );
  const lines = ["releases:"];
  for (let i = 0; i < n; i++)
    lines.push(
      `- name: r${i}`,
      "  namespace: bench",
      "  chart: ./chart",
      "  values:",
      `  - replicas: ${(i % 3) + 1}`,
    );
  writeFileSync(join(dir, "helmfile.yaml"), `${lines.join("\n")}\n`);
}

function env(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, HELMFILE_UPGRADE_NOTICE_DISABLED: "1", ...extra };
}

/** Wall milliseconds of one run; throws when it fails. */
function timed(
  cmd: string,
  args: readonly string[],
  cwd: string,
  extra: Record<string, string> = {},
): number {
  const started = performance.now();
  const r = spawnSync(cmd, [...args], {
    cwd,
    env: env(extra),
    stdio: ["ignore", "ignore", "pipe"],
    maxBuffer: 1 << 28,
  });
  if (r.status !== 0)
    throw new Error(`${cmd} ${args.join(" ")} exited ${r.status}: ${String(r.stderr).slice(0, 800)}`);
  return performance.now() - started;
}

/**
 * Wall and CPU milliseconds of one synchronous run: the CPU of the command and every process it
 * waits for (the Pulumi engine, its plugins, helm), which the machine's load barely changes.
 */
function measured(run: () => number): { wall: number; cpu: number } {
  const before = childrenCpu();
  const wall = run();
  return { wall: Math.round(wall), cpu: Math.round(childrenCpu() - before) };
}

/** Best of `rounds` (the least noisy estimate on a shared machine). */
function best(rounds: number, run: (round: number) => number): number {
  let min = Number.POSITIVE_INFINITY;
  for (let i = 0; i < rounds; i++) min = Math.min(min, run(i));
  return Math.round(min);
}

function ours(args: readonly string[], cwd: string, extra: Record<string, string> = {}): number {
  return timed(process.execPath, [BIN, ...args], cwd, extra);
}

/** Plain `helm template` of every release at `concurrency`: what any tool must at least spend. */
async function helmFloor(helm: string, dir: string, n: number, concurrency: number): Promise<number> {
  const started = performance.now();
  let next = 0;
  const one = (i: number): Promise<void> =>
    new Promise((ok, fail) => {
      const p = spawn(
        helm,
        ["template", `r${i}`, join(dir, "chart"), "--namespace", "bench", "--set", `replicas=${(i % 3) + 1}`],
        {
          stdio: ["ignore", "ignore", "pipe"],
        },
      );
      p.on("close", (code) => (code === 0 ? ok() : fail(new Error(`helm exited ${code}`))));
    });
  const worker = async (): Promise<void> => {
    while (next < n) await one(next++);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return performance.now() - started;
}

/** Modules a command loads, and whether any is the Pulumi SDK, grpc or protobuf. */
function modulesLoaded(args: readonly string[], cwd: string): { total: number; heavy: number } {
  const probe = join(cwd, "modules-probe.js");
  writeFileSync(
    probe,
    'process.on("exit",()=>{const k=Object.keys(require.cache);process.stderr.write("\\nMODULES "+k.length+" "+k.filter(x=>/@pulumi|grpc|protobuf/.test(x)).length+"\\n")});',
  );
  const r = spawnSync(process.execPath, ["-r", probe, BIN, ...args], {
    cwd,
    env: env({}),
    encoding: "utf8",
    stdio: ["ignore", "ignore", "pipe"],
  });
  const m = /MODULES (\d+) (\d+)/.exec(r.stderr ?? "");
  return { total: Number(m?.[1] ?? -1), heavy: Number(m?.[2] ?? -1) };
}

function filesBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    total += entry.isDirectory() ? filesBytes(p) : statSync(p).size;
  }
  return total;
}

function stateFile(project: string): string | undefined {
  const stacks = join(project, ".pulumi-helmfile", ".pulumi", "stacks");
  if (!existsSync(stacks)) return undefined;
  for (const p of readdirSync(stacks)) {
    const f = join(stacks, p, "default.json");
    if (existsSync(f)) return f;
  }
  return undefined;
}

/**
 * Where a state file's bytes go (compact JSON, as the file backend writes it): the Kubernetes
 * objects' inputs, their outputs, the copy of their inputs the provider keeps in the outputs
 * (`__inputs`), the stack traces and source positions of every resource, and the rest.
 */
export function stateParts(text: string): Record<string, number> {
  const size = (v: unknown): number => Buffer.byteLength(JSON.stringify(v));
  const parts = { "object inputs": 0, "object outputs": 0, "object outputs.__inputs": 0, "stack traces": 0 };
  const deployment = (JSON.parse(text) as { checkpoint?: { latest?: { resources?: unknown[] } } }).checkpoint
    ?.latest;
  for (const r of (deployment?.resources ?? []) as Array<Record<string, unknown>>) {
    parts["stack traces"] += size(r.stackTrace ?? []) + size(r.sourcePosition ?? "");
    const type = String(r.type);
    if (r.custom !== true || !type.startsWith("kubernetes:") || type.startsWith("kubernetes:helm.sh"))
      continue;
    parts["object inputs"] += size(r.inputs ?? {});
    const { __inputs, ...outputs } = (r.outputs ?? {}) as Record<string, unknown>;
    parts["object outputs"] += size(outputs);
    parts["object outputs.__inputs"] += __inputs === undefined ? 0 : size(__inputs);
  }
  const counted = Object.values(parts).reduce((a, b) => a + b, 0);
  return { ...parts, rest: Buffer.byteLength(text) - counted };
}

/** Runs every figure; `report` gets each as soon as it is measured. */
export async function benchCli(report: (f: Figure) => void): Promise<void> {
  const helm = process.env.HELM_BINARY ?? "helm";
  const helmfileBinary = process.env.HELMFILE_BINARY;
  const helmfile = helmfileBinary === undefined || helmfileBinary === "" ? undefined : helmfileBinary;
  // helmfile finds helm on PATH only; give it the same helm as ours.
  const hf = (args: readonly string[], cwd: string): number =>
    timed(helmfile ?? "helmfile", ["--helm-binary", helm, ...args], cwd);
  const concurrency = Number(process.env.BENCH_CONCURRENCY ?? "4");
  const root = mkdtempSync(join(tmpdir(), "ph-bench-cli-"));
  const fig = (
    name: string,
    value: number,
    unit: string,
    reference?: { name: string; value: number },
  ): void =>
    report({ name, value, unit, ...(reference === undefined ? {} : { reference }), load: loadavg() });
  try {
    const s100 = join(root, "s100");
    generateState(s100, 100);
    // Start-up.
    const help = best(5, () => ours(["--help"], s100));
    fig(
      "start-up: --help",
      help,
      "ms",
      helmfile === undefined
        ? undefined
        : { name: "helmfile --version", value: best(5, () => timed(helmfile, ["--version"], s100)) },
    );
    for (const cmd of [["--help"], ["list"], ["build"], ["template", "--skip-deps", "-q"]]) {
      const m = modulesLoaded(["-f", "helmfile.yaml", ...cmd], s100);
      fig(`modules loaded: ${cmd.join(" ")} (of them @pulumi/grpc/protobuf: ${m.heavy})`, m.total, "modules");
    }
    // Cold and warm template.
    const conc = `--concurrency=${concurrency}`;
    const floor = Math.round(await helmFloor(helm, s100, 100, concurrency));
    const hfTemplate =
      helmfile === undefined
        ? undefined
        : best(2, () => hf(["-f", "helmfile.yaml", "template", "--skip-deps", "-q", conc], s100));
    const cold = best(2, (r) =>
      ours(
        [
          "-f",
          "helmfile.yaml",
          "template",
          "--skip-deps",
          "-q",
          conc,
          "--cache-dir",
          join(root, `cold-${r}`),
        ],
        s100,
      ),
    );
    fig("cold template --skip-deps, 100 releases", cold, "ms", { name: "plain helm floor", value: floor });
    if (hfTemplate !== undefined)
      fig("cold template --skip-deps, 100 releases", cold, "ms", {
        name: "helmfile template",
        value: hfTemplate,
      });
    const warm = best(3, () =>
      ours(
        ["-f", "helmfile.yaml", "template", "--skip-deps", "-q", conc, "--cache-dir", join(root, "cold-0")],
        s100,
      ),
    );
    fig("warm template (render cache), 100 releases", warm, "ms", { name: "plain helm floor", value: floor });
    // build of 500 releases.
    const s500 = join(root, "s500");
    generateState(s500, 500);
    const build = best(2, () => ours(["-f", "helmfile.yaml", "build"], s500));
    fig(
      "build, 500 releases",
      build,
      "ms",
      helmfile === undefined
        ? undefined
        : {
            name: "helmfile build",
            value: best(2, () => hf(["-f", "helmfile.yaml", "build"], s500)),
          },
    );
    if (!existsSync(join(process.env.PULUMI_HELMFILE_PULUMI_ROOT ?? "/nonexistent", "bin", "pulumi"))) {
      fig("preview/state skipped: no Pulumi engine (source scripts/engine-env.sh)", 0, "");
      return;
    }
    // Preview of N unchanged releases (after an `up` to a directory, warm render cache) against
    // `helmfile template` of the same state, run back to back; wall and CPU time of each.
    const previews: Array<{ n: number; wall: number; cpu: number }> = [];
    const upDirs = new Map<number, string>();
    for (const n of (process.env.BENCH_PREVIEW_RELEASES ?? "100,500").split(",").map(Number)) {
      const dir = join(root, `p${n}`);
      generateState(dir, n);
      const cache = { PULUMI_HELMFILE_CACHE_DIR: join(root, `pcache-${n}`) };
      const up = measured(() => ours(["-f", "helmfile.yaml", "up"], dir, cache));
      fig(`up (fresh stack, cold render cache), ${n} releases`, up.wall, "ms");
      fig(`up (fresh stack, cold render cache), ${n} releases: CPU`, up.cpu, "ms");
      upDirs.set(n, dir);
      const hfRun =
        helmfile === undefined
          ? undefined
          : measured(() => hf(["-f", "helmfile.yaml", "template", "--skip-deps", "-q"], dir));
      const pv = measured(() => ours(["-f", "helmfile.yaml", "preview"], dir, cache));
      previews.push({ n, ...pv });
      fig(
        `preview (unchanged), ${n} releases`,
        pv.wall,
        "ms",
        hfRun === undefined ? undefined : { name: "helmfile template", value: hfRun.wall },
      );
      fig(
        `preview (unchanged), ${n} releases: CPU`,
        pv.cpu,
        "ms",
        hfRun === undefined ? undefined : { name: "helmfile template CPU", value: hfRun.cpu },
      );
    }
    // Linearity: per-release cost between consecutive sizes, and growth against the size ratio.
    for (let i = 1; i < previews.length; i++) {
      const a = previews[i - 1];
      const b = previews[i];
      if (a === undefined || b === undefined || b.n === a.n) continue;
      for (const k of ["wall", "cpu"] as const) {
        fig(
          `preview (unchanged) ${k} slope ${a.n}->${b.n} releases (growth ${(b[k] / a[k]).toFixed(2)}x for ${(b.n / a.n).toFixed(2)}x releases)`,
          Math.round((b[k] - a[k]) / (b.n - a.n)),
          "ms/release",
        );
      }
    }
    // State bytes after `up` (file backend, rendering to a directory).
    const n = Number(process.env.BENCH_STATE_RELEASES ?? "100");
    let dir = upDirs.get(n);
    if (dir === undefined) {
      dir = join(root, `u${n}`);
      generateState(dir, n);
      fig(`up, ${n} releases`, Math.round(ours(["-f", "helmfile.yaml", "up"], dir)), "ms");
    }
    const file = stateFile(dir);
    const manifests = filesBytes(join(dir, ".pulumi-helmfile", "manifests"));
    if (file !== undefined) {
      const bytes = statSync(file).size;
      fig(`state bytes, ${n} releases`, bytes, "bytes", {
        name: "rendered manifest bytes",
        value: manifests,
      });
      fig(
        "state bytes per release beyond 3x its manifest (the provider's floor)",
        Math.round((bytes - 3 * manifests) / n),
        "bytes",
      );
      for (const [part, partBytes] of Object.entries(stateParts(readFileSync(file, "utf8"))))
        fig(`state bytes, ${n} releases: ${part}`, partBytes, "bytes", {
          name: "rendered manifest bytes",
          value: manifests,
        });
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (require.main === module) {
  process.stdout.write(`load at start: ${loadavg()}\n`);
  benchCli((f) => {
    const ratio =
      f.reference === undefined
        ? ""
        : `  vs ${f.reference.name} ${f.reference.value} ${f.unit}: ${(f.value / f.reference.value).toFixed(2)}x`;
    process.stdout.write(`${f.name}: ${f.value} ${f.unit}${ratio}  [load ${f.load}]\n`);
  }).catch((err: unknown) => {
    process.stderr.write(`bench failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  });
}
