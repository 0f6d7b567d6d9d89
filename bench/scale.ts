/**
 * Scale benchmark: a generated state with 5,000 releases (environment values, a base, inline
 * and templated values, needs, labels) is loaded and merged from memory; reports wall time and
 * peak memory (RSS and heap). Run with `npx tsx bench/scale.ts [releases]`.
 */
import { MemoryFileSystem, loadDesiredState } from "../src/load/index";

/** Result of {@link runScaleBench}. */
export interface ScaleBenchResult {
  readonly releases: number;
  readonly loadedReleases: number;
  readonly milliseconds: number;
  readonly peakRssMiB: number;
  readonly peakHeapMiB: number;
}

/** Builds the files of a state with `count` releases. */
export function scaleStateFiles(count: number): Record<string, string> {
  const rel: string[] = [];
  for (let i = 0; i < count; i++) {
    const needs = i > 0 && i % 10 !== 0 ? `\n  needs:\n  - ns${i % 50}/r${i - 1}` : "";
    rel.push(
      `- name: r${i}\n  namespace: ns${i % 50}\n  chart: ./charts/app\n  labels:\n    tier: t${i % 7}\n` +
        `  values:\n  - values/common.yaml\n  - values/app.yaml.gotmpl\n  - replicas: ${i % 5}\n    name: r${i}${needs}`,
    );
  }
  return {
    "/bench/helmfile.yaml.gotmpl":
      "bases:\n- base.yaml\n---\nenvironments:\n  default:\n    values:\n    - env.yaml\n---\nreleases:\n" +
      rel.join("\n") +
      "\n",
    "/bench/base.yaml": "helmDefaults:\n  wait: true\n",
    "/bench/env.yaml": "domain: example.com\nimage:\n  tag: '1.2.3'\nlist: [1, 2, 3]\n",
    "/bench/values/common.yaml": "resources:\n  limits:\n    cpu: 100m\n",
    "/bench/values/app.yaml.gotmpl":
      "host: {{ .Release.Name }}.{{ .Values.domain }}\ntag: {{ .Values.image.tag | quote }}\n",
  };
}

/** Loads and merges a generated `releases`-release state; returns time and peak memory. */
export function runScaleBench(releases = 5000): ScaleBenchResult {
  const fs = new MemoryFileSystem(scaleStateFiles(releases));
  let peakRss = process.memoryUsage().rss;
  let peakHeap = process.memoryUsage().heapUsed;
  const sample = (): void => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  };
  const started = performance.now();
  const state = loadDesiredState(
    { cwd: "/bench", file: "helmfile.yaml.gotmpl", onStateRead: sample },
    { fs, env: {} },
  );
  const milliseconds = performance.now() - started;
  sample();
  const mib = (n: number): number => Math.round((n / 1024 / 1024) * 10) / 10;
  return {
    releases,
    loadedReleases: state.releases.length,
    milliseconds: Math.round(milliseconds),
    peakRssMiB: mib(peakRss),
    peakHeapMiB: mib(peakHeap),
  };
}

if (require.main === module) {
  const n = Number(process.argv[2] ?? "5000");
  process.stdout.write(`${JSON.stringify(runScaleBench(Number.isSafeInteger(n) && n > 0 ? n : 5000))}\n`);
}
