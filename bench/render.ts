/**
 * Render benchmark: `template` of a generated 100-release state on a local chart, cold
 * (empty render cache) and warm (cache filled), against the floor: plain `helm template`
 * calls for the same releases and values at the same concurrency. Goal: cold ≤ 1.1× floor,
 * warm ≤ 0.1× floor.
 *
 *   npx tsx bench/render.ts [releases] [concurrency]
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { runCli } from "../src/cli/main";

/** Options of {@link benchRender}. */
export interface BenchRenderOptions {
  /** Number of releases; default 100. */
  readonly releases?: number;
  /** Concurrent helm processes for both sides; default 4. */
  readonly concurrency?: number;
  /** helm binary; default `$HELM_BINARY` or `helm`. */
  readonly helm?: string;
  /** Measurement rounds (the best of each is reported); default 2. */
  readonly rounds?: number;
}

/** Timings in milliseconds and the ratios to the floor. */
export interface BenchRenderResult {
  readonly releases: number;
  readonly concurrency: number;
  readonly floorMs: number;
  readonly coldMs: number;
  readonly warmMs: number;
  readonly coldRatio: number;
  readonly warmRatio: number;
}

const CHART_YAML = "apiVersion: v2\nname: bench\nversion: 0.1.0\n";
const TEMPLATE = `apiVersion: v1
kind: ConfigMap
metadata:
  name: {{ .Release.Name }}
  namespace: {{ .Release.Namespace }}
data:
{{- range $k, $v := .Values.data }}
  {{ $k }}: {{ $v | quote }}
{{- end }}
`;

function generate(dir: string, n: number): void {
  mkdirSync(join(dir, "chart/templates"), { recursive: true });
  writeFileSync(join(dir, "chart/Chart.yaml"), CHART_YAML);
  writeFileSync(join(dir, "chart/values.yaml"), "data: {}\n");
  writeFileSync(join(dir, "chart/templates/cm.yaml"), TEMPLATE);
  const lines = ["releases:"];
  for (let i = 0; i < n; i++) {
    writeFileSync(join(dir, `values-${i}.yaml`), `data:\n  index: "${i}"\n  name: release-${i}\n`);
    lines.push(
      `- name: r${i}`,
      `  namespace: bench`,
      `  chart: ./chart`,
      `  values:`,
      `  - values-${i}.yaml`,
    );
  }
  writeFileSync(join(dir, "helmfile.yaml"), `${lines.join("\n")}\n`);
}

function runHelm(helm: string, args: string[]): Promise<void> {
  return new Promise((ok, fail) => {
    const p = spawn(helm, args, { stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    p.stderr.on("data", (b: Buffer) => (err += b.toString()));
    p.on("close", (code) => (code === 0 ? ok() : fail(new Error(err))));
  });
}

async function floor(helm: string, dir: string, n: number, concurrency: number): Promise<number> {
  const start = performance.now();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < n) {
      const i = next++;
      await runHelm(helm, [
        "template",
        `r${i}`,
        join(dir, "chart"),
        "--namespace",
        "bench",
        "--values",
        join(dir, `values-${i}.yaml`),
      ]);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return performance.now() - start;
}

async function ours(dir: string, cacheDir: string, helm: string, concurrency: number): Promise<number> {
  const start = performance.now();
  const code = await runCli(
    [
      "-f",
      join(dir, "helmfile.yaml"),
      "template",
      `--concurrency=${concurrency}`,
      "--cache-dir",
      cacheDir,
      "-q",
    ],
    {
      cwd: dir,
      env: { ...process.env, HELM_BINARY: helm },
      writeStdout: () => {},
      writeStderr: (t) => process.stderr.write(t),
    },
  );
  if (code !== 0) throw new Error(`pulumi-helmfile template exited ${code}`);
  return performance.now() - start;
}

/** Runs the benchmark and returns the timings. */
export async function benchRender(options: BenchRenderOptions = {}): Promise<BenchRenderResult> {
  const n = options.releases ?? 100;
  const concurrency = options.concurrency ?? 4;
  const helm = resolve(options.helm ?? process.env.HELM_BINARY ?? "helm");
  const dir = mkdtempSync(join(tmpdir(), "ph-bench-"));
  try {
    generate(dir, n);
    // Warm-up: the OS file cache, helm's binary and our lazily loaded modules, on both sides.
    await floor(helm, dir, Math.min(n, 4), concurrency);
    await ours(dir, join(dir, "warmup-cache"), helm, concurrency);
    // Best of `rounds`: the machine is shared, so the minimum is the least noisy estimate.
    let floorMs = Number.POSITIVE_INFINITY;
    let coldMs = Number.POSITIVE_INFINITY;
    let warmMs = Number.POSITIVE_INFINITY;
    for (let round = 0; round < (options.rounds ?? 2); round++) {
      const cacheDir = join(dir, `cache-${round}`);
      floorMs = Math.min(floorMs, await floor(helm, dir, n, concurrency));
      coldMs = Math.min(coldMs, await ours(dir, cacheDir, helm, concurrency));
      warmMs = Math.min(warmMs, await ours(dir, cacheDir, helm, concurrency));
    }
    return {
      releases: n,
      concurrency,
      floorMs,
      coldMs,
      warmMs,
      coldRatio: coldMs / floorMs,
      warmRatio: warmMs / floorMs,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  const [n, c] = process.argv.slice(2).map(Number);
  benchRender({ ...(n ? { releases: n } : {}), ...(c ? { concurrency: c } : {}) }).then(
    (r) => {
      process.stdout.write(
        `render bench: ${r.releases} releases, concurrency ${r.concurrency}\n` +
          `  floor (plain helm template): ${r.floorMs.toFixed(0)} ms\n` +
          `  cold: ${r.coldMs.toFixed(0)} ms (${r.coldRatio.toFixed(2)}x floor, goal <= 1.1x)\n` +
          `  warm: ${r.warmMs.toFixed(0)} ms (${r.warmRatio.toFixed(2)}x floor, goal <= 0.1x)\n`,
      );
    },
    (err: unknown) => {
      process.stderr.write(`bench failed: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
