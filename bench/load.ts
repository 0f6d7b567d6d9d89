/**
 * Load benchmark: a generated state with 500 releases, 20 environment values files and
 * 5 bases, loaded from a temp directory through the Node file system. Reports wall time of
 * load + merge and the peak heap/RSS seen while loading.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadDesiredState } from "../src/load/index";
import { NodeFileSystem } from "../src/node/index";

/** Result of {@link benchLoad}. */
export interface LoadBenchResult {
  readonly releases: number;
  readonly iterations: number;
  /** Median milliseconds for one full load. */
  readonly medianMs: number;
  readonly minMs: number;
  /** Peak heap used during the runs, MiB. */
  readonly peakHeapMiB: number;
  /** Peak resident set size during the runs, MiB. */
  readonly peakRssMiB: number;
}

/** Options of {@link benchLoad}. */
export interface LoadBenchOptions {
  /** Number of releases; default 500. */
  readonly releases?: number;
  /** Environment values files; default 20. */
  readonly envFiles?: number;
  /** Base files; default 5. */
  readonly bases?: number;
  /** Timed runs after one warm-up; default 5. */
  readonly iterations?: number;
  /** Load with `explain: true` (records the values layers); default false. */
  readonly explain?: boolean;
}

/** Writes the generated state (helmfile.yaml.gotmpl, env/, bases/) into `dir`. */
export function writeFixture(dir: string, releases: number, envFiles: number, bases: number): void {
  mkdirSync(join(dir, "env"), { recursive: true });
  mkdirSync(join(dir, "bases"), { recursive: true });
  for (let i = 0; i < envFiles; i++) {
    const lines = [
      `file${i}:`,
      `  index: ${i}`,
      "shared:",
      `  last: file${i}`,
      "  list:",
      `    - a${i}`,
      `    - b${i}`,
    ];
    for (let k = 0; k < 20; k++) lines.push(`key${i}_${k}: value-${k}`);
    writeFileSync(join(dir, "env", `values-${String(i).padStart(2, "0")}.yaml`), `${lines.join("\n")}\n`);
  }
  for (let b = 0; b < bases; b++) {
    writeFileSync(
      join(dir, "bases", `base-${b}.yaml`),
      `environments:\n  default:\n    values:\n    - base${b}: {enabled: true}\nhelmDefaults:\n  timeout: ${300 + b}\ncommonLabels:\n  base${b}: "yes"\n`,
    );
  }
  const out: string[] = ["bases:"];
  for (let b = 0; b < bases; b++) out.push(`- bases/base-${b}.yaml`);
  out.push("values:", "- global: {registry: example.com}", "environments:", "  default:", "    values:");
  for (let i = 0; i < envFiles; i++) out.push(`    - env/values-${String(i).padStart(2, "0")}.yaml`);
  out.push("templates:", "  common:", "    namespace: apps", "    labels: {team: bench}", "---", "releases:");
  for (let r = 0; r < releases; r++) {
    out.push(
      `- name: app-${r}`,
      "  chart: repo/app",
      "  inherit: [{template: common}]",
      `  needs: [${r > 0 ? `app-${r - 1}` : ""}]`.replace("[]", "[]"),
      "  values:",
      `  - image: {repository: '{{ .Values.global.registry }}/app-${r}', tag: "1.${r}"}`,
      `    replicas: ${(r % 3) + 1}`,
      "  set:",
      `  - {name: index, value: "${r}"}`,
    );
  }
  writeFileSync(join(dir, "helmfile.yaml.gotmpl"), `${out.join("\n")}\n`);
}

/** Generates the fixture, loads it `iterations` times and reports timings and peak memory. */
export function benchLoad(options: LoadBenchOptions = {}): LoadBenchResult {
  const releases = options.releases ?? 500;
  const iterations = options.iterations ?? 5;
  const dir = mkdtempSync(join(tmpdir(), "pulumi-helmfile-bench-"));
  try {
    writeFixture(dir, releases, options.envFiles ?? 20, options.bases ?? 5);
    const fs = new NodeFileSystem();
    const env: Record<string, string> = {};
    let peakHeap = 0;
    let peakRss = 0;
    const sample = (): void => {
      const m = process.memoryUsage();
      peakHeap = Math.max(peakHeap, m.heapUsed);
      peakRss = Math.max(peakRss, m.rss);
    };
    const timer = setInterval(sample, 5);
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i <= iterations; i++) {
      const start = process.hrtime.bigint();
      const state = loadDesiredState(
        { cwd: dir, ...(options.explain === true ? { explain: true } : {}) },
        { fs, env },
      );
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      sample();
      count = state.releases.length;
      if (i > 0) times.push(ms);
    }
    clearInterval(timer);
    times.sort((a, b) => a - b);
    return {
      releases: count,
      iterations,
      medianMs: Math.round((times[Math.floor(times.length / 2)] ?? 0) * 10) / 10,
      minMs: Math.round((times[0] ?? 0) * 10) / 10,
      peakHeapMiB: Math.round(peakHeap / 2 ** 20),
      peakRssMiB: Math.round(peakRss / 2 ** 20),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  // `tsx bench/load.ts [--explain] [iterations]`
  const explain = process.argv.includes("--explain");
  const n = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 5);
  process.stdout.write(`${JSON.stringify(benchLoad({ explain, iterations: n }), null, 2)}\n`);
}
