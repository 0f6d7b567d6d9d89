/**
 * `conformance helm-values <vectors.json>`: helm's -f/--set merge and coalescing, checked
 * against vectors recorded with the real helm. Numbers are compared with their Go type
 * (`int64Paths`), warnings as a sorted multiset, errors by helm's message text.
 */
import { readFileSync } from "node:fs";
import type { SetFlag } from "../shared/model";
import { isMap, type Value } from "../shared/value";
import {
  computeHelmValues,
  type HelmSubchartInput,
  type HelmValuesInput,
  type HelmValuesResult,
} from "../merge/helm-values/compute-helm-values";
import { MergeError } from "../shared/errors";
import { printReport, type Outcome } from "./report";

interface RawNumber {
  readonly raw: string;
}

interface Vector {
  readonly id: string;
  readonly topic: string;
  readonly chartValues: string | null;
  readonly files: readonly string[];
  readonly args: readonly string[];
  readonly extraFiles?: Record<string, string>;
  readonly subchart?: { name: string; values: string | null; condition?: string; alias?: string };
  readonly expected?: unknown;
  readonly expectedNoDefaults?: unknown;
  readonly expectedSubchart?: unknown;
  readonly expectedSubchartNoDefaults?: unknown;
  readonly int64Paths?: readonly string[];
  readonly int64PathsNoDefaults?: readonly string[];
  readonly error?: string;
  readonly errorNoDefaults?: string | null;
  readonly warnings: readonly string[];
  readonly warningsNoDefaults?: readonly string[];
}

/** Runs every vector and prints the report. */
export async function runHelmValues(path: string): Promise<boolean> {
  // Keep number literals as text: four vectors hold integers beyond 2^53.
  const data = JSON.parse(
    readFileSync(path, "utf8"),
    (_key, value: unknown, context?: { source?: string }) =>
      typeof value === "number" ? ({ raw: context?.source ?? String(value) } satisfies RawNumber) : value,
  ) as { vectors: Vector[] };
  const outcomes: Outcome[] = data.vectors.map((v) => {
    const reason = checkVector(v);
    return reason === undefined
      ? { id: v.id, passed: true, group: v.topic }
      : { id: v.id, passed: false, reason, group: v.topic };
  });
  return printReport("helm-values", outcomes, { breakdown: true });
}

function checkVector(v: Vector): string | undefined {
  const withDefaults = checkRun(v, true);
  if (withDefaults !== undefined) return withDefaults;
  const noDefaults = checkRun(v, false);
  return noDefaults === undefined ? undefined : `(no defaults) ${noDefaults}`;
}

function checkRun(v: Vector, defaults: boolean): string | undefined {
  const expectedError = defaults
    ? v.error
    : v.errorNoDefaults === undefined
      ? v.error
      : (v.errorNoDefaults ?? undefined);
  let result: HelmValuesResult;
  try {
    result = computeHelmValues(inputOf(v, defaults));
  } catch (err) {
    const message =
      err instanceof MergeError
        ? err.detail
        : err instanceof Error
          ? `${err.name}: ${err.message}`
          : String(err);
    if (expectedError === undefined) return `unexpected error: ${message}`;
    return message === expectedError
      ? undefined
      : `error text differs: got ${JSON.stringify(message)}, want ${JSON.stringify(expectedError)}`;
  }
  if (expectedError !== undefined) return `expected error ${JSON.stringify(expectedError)}, got success`;
  const ints = new Set((defaults ? v.int64Paths : (v.int64PathsNoDefaults ?? v.int64Paths)) ?? []);
  const expected = defaults ? v.expected : v.expectedNoDefaults;
  const diff = compare(result.values, expected, "", ints);
  if (diff !== undefined) return `values ${diff}`;
  if (v.subchart !== undefined) {
    const name = v.subchart.alias ?? v.subchart.name;
    const want = defaults ? v.expectedSubchart : v.expectedSubchartNoDefaults;
    const got = result.subchartValues[name] ?? null;
    const subDiff =
      want === null
        ? got === null
          ? undefined
          : "should be disabled"
        : compare(got, want, `/${name}`, ints);
    if (subDiff !== undefined) return `subchart ${subDiff}`;
  }
  const wantWarnings = [...((defaults ? v.warnings : (v.warningsNoDefaults ?? v.warnings)) ?? [])].sort();
  const gotWarnings = [...result.warnings].sort();
  if (JSON.stringify(wantWarnings) !== JSON.stringify(gotWarnings)) {
    return `warnings differ: got ${JSON.stringify(gotWarnings)}, want ${JSON.stringify(wantWarnings)}`;
  }
  return undefined;
}

function inputOf(v: Vector, defaults: boolean): HelmValuesInput {
  const available = new Map<string, string>(Object.entries(v.extraFiles ?? {}));
  v.files.forEach((content, i) => available.set(`values-${i}.yaml`, content));
  const files: { name: string }[] = [];
  const flags: SetFlag[] = [];
  for (let i = 0; i + 1 < v.args.length; i += 2) {
    const flag = v.args[i] as string;
    const arg = v.args[i + 1] as string;
    if (flag === "-f" || flag === "--values") for (const name of arg.split(",")) files.push({ name });
    else flags.push({ kind: flag.slice(2) as SetFlag["kind"], expression: arg, secret: false });
  }
  const subcharts: HelmSubchartInput[] = [];
  if (v.subchart !== undefined) {
    subcharts.push({
      name: v.subchart.name,
      values: defaults ? v.subchart.values : null,
      ...(v.subchart.alias === undefined ? {} : { alias: v.subchart.alias }),
      ...(v.subchart.condition === undefined ? {} : { condition: v.subchart.condition }),
    });
  }
  return {
    chartName: "oracle",
    chartValues: defaults ? v.chartValues : null,
    subcharts,
    files,
    flags,
    readFile: (name) => {
      const content = available.get(name);
      if (content === undefined) throw new Error(`open ${name}: no such file or directory`);
      return content;
    },
  };
}

/** Compares our value with the recorded JSON; numbers must match in value and Go type. */
function compare(got: Value, want: unknown, path: string, ints: ReadonlySet<string>): string | undefined {
  if (want !== null && typeof want === "object" && "raw" in want) {
    const raw = (want as RawNumber).raw;
    if (ints.has(path))
      return typeof got === "bigint" && got === BigInt(raw)
        ? undefined
        : `at ${path}: got ${show(got)}, want int64 ${raw}`;
    return typeof got === "number" && got === Number(raw)
      ? undefined
      : `at ${path}: got ${show(got)}, want float64 ${raw}`;
  }
  if (Array.isArray(want)) {
    if (!Array.isArray(got) || got.length !== want.length)
      return `at ${path}: got ${show(got)}, want a list of ${want.length}`;
    for (let i = 0; i < want.length; i++) {
      const d = compare(got[i] as Value, want[i], `${path}/${i}`, ints);
      if (d !== undefined) return d;
    }
    return undefined;
  }
  if (want !== null && typeof want === "object") {
    if (!isMap(got)) return `at ${path}: got ${show(got)}, want a map`;
    const wantKeys = Object.keys(want).sort();
    const gotKeys = Object.keys(got).sort();
    if (JSON.stringify(wantKeys) !== JSON.stringify(gotKeys))
      return `at ${path || "/"}: keys ${JSON.stringify(gotKeys)}, want ${JSON.stringify(wantKeys)}`;
    for (const k of wantKeys) {
      const d = compare(
        got[k] as Value,
        (want as Record<string, unknown>)[k],
        `${path}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`,
        ints,
      );
      if (d !== undefined) return d;
    }
    return undefined;
  }
  return got === want ? undefined : `at ${path}: got ${show(got)}, want ${JSON.stringify(want)}`;
}

function show(v: Value): string {
  return JSON.stringify(v, (_k, x: unknown) => (typeof x === "bigint" ? `${x}n` : x));
}
