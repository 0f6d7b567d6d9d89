/**
 * The values a release's templates see, computed as helm does: user values from `-f` files and
 * `--set*` flags, dependency processing (aliases, conditions, tags, import-values), then
 * coalescing with the chart defaults. Pure: files are read only through `readFile`.
 */
import { HelmfileError, MergeError } from "../../shared/errors";
import type { SetFlag } from "../../shared/model";
import { cloneValue, isMap, newMap, type Value, type ValueMap } from "../../shared/value";
import type { ChartNode, DependencySpec, ImportValue } from "./chart-node";
import { CoalesceError, coalesceValuesTree, type CoalesceContext } from "./coalesce";
import { processDependencies } from "./dependencies";
import { parseHelmValuesText, ValuesFileError } from "./helm-values-file";
import { mergeUserValues, type HelmValuesFile } from "./user-values";

export type { HelmValuesFile } from "./user-values";
export type { ImportValue } from "./chart-node";

/** A subchart under `charts/`, with its dependency entry from the parent's Chart.yaml. */
export interface HelmSubchartInput {
  /** The subchart's name (its Chart.yaml `name`, which the dependency entry names). */
  readonly name: string;
  /** Its values.yaml: text, or an already decoded map (numbers become float64, as helm reads them); absent or null when it has none. */
  readonly values?: string | ValueMap | null;
  /** The dependency's `alias`; default none. */
  readonly alias?: string;
  /** The dependency's `condition` (comma-separated paths); default none. */
  readonly condition?: string;
  /** The dependency's `tags`; default none. */
  readonly tags?: readonly string[];
  /** The dependency's `import-values`; default none. */
  readonly importValues?: readonly ImportValue[];
  /** Its own subcharts; default none. */
  readonly subcharts?: readonly HelmSubchartInput[];
  /** False for a chart that sits in `charts/` without a Chart.yaml dependency entry; default true. */
  readonly declared?: boolean;
}

/** Everything helm reads to compute `.Values`. */
export interface HelmValuesInput {
  /** The chart's values.yaml: text, or an already decoded map (numbers become float64, as helm reads them); absent or null when it has none. */
  readonly chartValues?: string | ValueMap | null;
  /** The chart's name, which prefixes helm's warnings; default `chart`. */
  readonly chartName?: string;
  /** The chart's subcharts; default none. */
  readonly subcharts?: readonly HelmSubchartInput[];
  /** `-f` files in command-line order. */
  readonly files: readonly HelmValuesFile[];
  /** `--set`-family flags, in command-line order (helm regroups them by kind). */
  readonly flags: readonly SetFlag[];
  /** Reads `--set-file` files and `-f` files given without content; throws when missing. Default: every read fails. */
  readonly readFile?: (path: string) => string;
  /** helm's major version, 3 or 4; default 4. */
  readonly helmVersion?: 3 | 4;
}

/** The outcome of {@link computeHelmValues}. */
export interface HelmValuesResult {
  /** The merged user-supplied values before chart defaults (what helm stores as the release config). */
  readonly userValues: ValueMap;
  /** The chart's `.Values`. */
  readonly values: ValueMap;
  /** Each subchart's `.Values` by its dotted path of (aliased) names; null when its condition or tags disabled it. */
  readonly subchartValues: Readonly<Record<string, ValueMap | null>>;
  /** helm's log lines about values, e.g. `warning: cannot overwrite table with non table for …`. */
  readonly warnings: readonly string[];
}

/** The result of {@link tryComputeHelmValues}. */
export type TryHelmValuesResult =
  | { readonly success: true; readonly data: HelmValuesResult }
  | { readonly success: false; readonly error: MergeError };

/** Computes `.Values` like `helm template`; throws a {@link MergeError} where helm would fail. */
export function computeHelmValues(input: HelmValuesInput): HelmValuesResult {
  const major = input.helmVersion ?? 4;
  const readFile =
    input.readFile ??
    ((path: string): string => {
      throw new MergeError("HELM_VALUES_FILE", `open ${path}: no such file or directory`, { file: path });
    });
  // helm merges the user's values before it loads the chart, so their errors come first.
  const userValues = mergeUserValues(input.files, input.flags, { readFile, major });
  const chart: ChartNode = {
    name: input.chartName ?? "chart",
    values: chartValuesOf(input.chartValues, "values.yaml", major, ""),
    ...dependenciesOf(input.subcharts ?? [], major, "", input.chartName ?? "chart"),
  };
  const warnings: string[] = [];
  const ctx: CoalesceContext = { printf: (m) => warnings.push(m), major };
  try {
    processDependencies(ctx, chart, userValues);
  } catch (err) {
    if (!(err instanceof CoalesceError)) throw err;
    if (major === 3) throw new MergeError("HELM_SUBCHART_TYPE", err.message, { cause: err });
    throw new MergeError("HELM_SUBCHART_TYPE", `chart dependencies processing failed: ${err.message}`, {
      cause: err,
    });
  }
  let values: ValueMap;
  try {
    values = coalesceValuesTree(ctx, chart, userValues);
  } catch (err) {
    if (!(err instanceof CoalesceError)) throw err;
    throw new MergeError("HELM_SUBCHART_TYPE", err.message, { cause: err });
  }
  const subchartValues: Record<string, ValueMap | null> = {};
  collectSubcharts(chart, values, input.subcharts ?? [], "", subchartValues);
  return { userValues: cloneValue(userValues) as ValueMap, values, subchartValues, warnings };
}

/** {@link computeHelmValues} without throwing for user mistakes. */
export function tryComputeHelmValues(input: HelmValuesInput): TryHelmValuesResult {
  try {
    return { success: true, data: computeHelmValues(input) };
  } catch (err) {
    if (err instanceof MergeError) return { success: false, error: err };
    if (err instanceof HelmfileError)
      return { success: false, error: new MergeError(err.code, err.detail, { cause: err }) };
    throw err;
  }
}

function asFloat64Numbers(v: Value): Value {
  if (typeof v === "bigint") return Number(v);
  if (Array.isArray(v)) return v.map(asFloat64Numbers);
  if (isMap(v)) {
    const out = newMap();
    for (const k of Object.keys(v)) out[k] = asFloat64Numbers(v[k] as Value);
    return out;
  }
  return v;
}

/** `unpacking` is helm's prefix for a subchart's load error, e.g. `error unpacking subchart sub in app: `. */
function chartValuesOf(
  values: string | ValueMap | null | undefined,
  file: string,
  major: 3 | 4,
  unpacking: string,
): ValueMap {
  if (values === undefined || values === null) return newMap();
  // helm reads chart values through JSON, so every number is a float64 whatever the caller decoded.
  if (typeof values !== "string") return asFloat64Numbers(values) as ValueMap;
  try {
    return parseHelmValuesText(values, major);
  } catch (err) {
    if (!(err instanceof ValuesFileError)) throw err;
    throw new MergeError("HELM_CHART_VALUES_YAML", `${unpacking}cannot load values.yaml: ${err.message}`, {
      file,
      ...(err.line === undefined ? {} : { line: err.line }),
      cause: err,
    });
  }
}

function dependenciesOf(
  subs: readonly HelmSubchartInput[],
  major: 3 | 4,
  path: string,
  parent: string,
  unpacking = "",
): Pick<ChartNode, "dependencies" | "metadataDeps"> {
  const dependencies: ChartNode[] = subs.map((s) => {
    const inner = `${unpacking}error unpacking subchart ${s.name} in ${parent}: `;
    return {
      name: s.name,
      values: chartValuesOf(s.values, `${path}charts/${s.name}/values.yaml`, major, inner),
      ...dependenciesOf(s.subcharts ?? [], major, `${path}charts/${s.name}/`, s.name, inner),
    };
  });
  const declared: DependencySpec[] = subs
    .filter((s) => s.declared !== false)
    .map((s) => ({
      name: s.name,
      alias: s.alias,
      condition: s.condition ?? "",
      tags: s.tags ?? [],
      importValues: s.importValues ?? [],
      enabled: true,
    }));
  return { dependencies, metadataDeps: declared.length > 0 ? declared : null };
}

/** Subchart `.Values` are the parent's values under the subchart's (aliased) name. */
function collectSubcharts(
  chart: ChartNode,
  values: ValueMap,
  inputs: readonly HelmSubchartInput[],
  prefix: string,
  out: Record<string, ValueMap | null>,
): void {
  for (const input of inputs) {
    const name =
      input.declared !== false && input.alias !== undefined && input.alias !== "" ? input.alias : input.name;
    const node = chart.dependencies.find((d) => d.name === name);
    const key = `${prefix}${name}`;
    const sub = values[name];
    if (node === undefined || sub === undefined || !isMap(sub)) {
      out[key] = null;
      continue;
    }
    out[key] = sub;
    collectSubcharts(node, sub, input.subcharts ?? [], `${key}.`, out);
  }
}
