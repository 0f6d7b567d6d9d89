/**
 * Template engine benchmark: renders a generated ~2,000-line `values.yaml.gotmpl` that uses
 * `range`, `include` (a helper from another file) and `toYaml`, and reports wall time and
 * peak memory. `npx tsx bench/template.ts` runs it standalone.
 */
import { parseTemplates } from "../src/template/index";
import { fn, mergeFuncMaps, newGoMap, type FuncMap, type GoMap, type GoValue } from "../src/template/types";

/** Result of {@link benchTemplate}. */
export interface TemplateBenchResult {
  readonly name: string;
  readonly lines: number;
  readonly outputBytes: number;
  /** Wall time of the first (cold, unoptimised) run, milliseconds. */
  readonly coldMs: number;
  /** Median wall time of the measured runs, milliseconds. */
  readonly medianMs: number;
  /** Peak resident set size observed, MiB. */
  readonly peakRssMiB: number;
}

async function family(path: string, exportName: string): Promise<FuncMap> {
  try {
    const mod = (await import(path)) as Record<string, unknown>;
    const f = mod[exportName];
    const r: unknown = typeof f === "function" ? (f as () => unknown)() : undefined;
    return r instanceof Map ? (r as FuncMap) : new Map();
  } catch {
    return new Map();
  }
}

/** Minimal stand-ins used only when the helm family is not available yet. */
const FALLBACK: FuncMap = new Map([
  ["include", fn(["string", "interface {}"], ([n, d], ctx) => ctx.executeTemplate(String(n), d ?? null))],
  [
    "toYaml",
    fn(["interface {}"], ([v]) =>
      JSON.stringify(v, (_k, x: unknown) => (typeof x === "bigint" ? Number(x) : x)),
    ),
  ],
]);

/** A template file of about 2,000 lines: one block per service, each with range, include and toYaml. */
function generate(services: number): { helpers: string; main: string } {
  const helpers = [
    '{{- define "svc.labels" -}}',
    "app: {{ .name }}",
    'tier: {{ .tier | default "web" }}',
    "{{- end -}}",
    '{{- define "svc.port" -}}{{ add .port 1000 }}{{- end -}}',
  ].join("\n");
  const lines: string[] = [];
  for (let i = 0; i < services; i++) {
    lines.push(
      `{{- $s := index .Values.services ${i} }}`,
      `service${i}:`,
      "  labels:",
      '{{ include "svc.labels" $s | indent 4 }}',
      '  port: {{ include "svc.port" $s }}',
      "  env:",
      "{{- range $k, $v := $s.env }}",
      "    {{ $k }}: {{ $v | quote }}",
      "{{- end }}",
      "  yaml: |\n{{ toYaml $s.env | indent 4 }}",
    );
  }
  return { helpers, main: lines.join("\n") };
}

function data(services: number): GoMap {
  const list: GoValue[] = [];
  for (let i = 0; i < services; i++) {
    const env = newGoMap();
    for (let j = 0; j < 3; j++) env[`VAR_${j}`] = `value-${i}-${j}`;
    const s = newGoMap();
    s.name = `svc-${i}`;
    s.port = BigInt(8000 + i);
    s.env = env;
    if (i % 2 === 0) s.tier = "backend";
    list.push(s);
  }
  const values = newGoMap();
  values.services = list;
  const root = newGoMap();
  root.Values = values;
  return root;
}

/** Renders the generated template `runs` times; returns timing and memory. */
export async function benchTemplate(runs = 10): Promise<TemplateBenchResult> {
  const sprig = await family("../src/template/funcs/sprig/index", "sprigFunctions");
  const helm = await family("../src/template/funcs/helm/index", "helmFunctions");
  const funcs = mergeFuncMaps(FALLBACK, sprig, helm);
  const services = 200;
  const { helpers, main } = generate(services);
  const input = data(services);
  const times: number[] = [];
  let peak = process.memoryUsage().rss;
  let output = "";
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    const set = parseTemplates(
      [
        { name: "_helpers.tpl", source: helpers },
        { name: "values.yaml.gotmpl", source: main },
      ],
      { funcs },
    );
    output = set.execute("values.yaml.gotmpl", input);
    times.push(performance.now() - t0);
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  const coldMs = Math.round((times[0] ?? 0) * 100) / 100;
  times.sort((a, b) => a - b);
  return {
    name: "template: values.yaml.gotmpl (range + include + toYaml)",
    lines: output.split("\n").length,
    outputBytes: Buffer.byteLength(output),
    coldMs,
    medianMs: Math.round((times[Math.floor(times.length / 2)] ?? 0) * 100) / 100,
    peakRssMiB: Math.round((peak / 1048576) * 10) / 10,
  };
}

if (require.main === module) {
  benchTemplate().then(
    (r) => process.stdout.write(`${JSON.stringify(r)}\n`),
    (e: unknown) => {
      process.stderr.write(`${String(e)}\n`);
      process.exit(1);
    },
  );
}
