/**
 * helm's coalescing of user values with chart defaults (`CoalesceValues` / `MergeValues`),
 * including subchart scoping, `global` propagation, null deletion and the shape-conflict
 * warnings. Works in place on copies, with helm's aliasing between maps, because several
 * observable results (globals seen by subcharts, repeated warnings) depend on it.
 */
import { cloneValue, isMap, newMap, type Value, type ValueMap } from "../../shared/value";
import { concatPrefix, type ChartNode } from "./chart-node";
import { goBoolVerb, goValueString } from "./go-format";

/** Collects helm's log lines (`warning: …`). */
export type Printf = (message: string) => void;

/** What coalescing needs besides the values: the log sink and helm's major version. */
export interface CoalesceContext {
  readonly printf: Printf;
  /** helm 3 deletes a nested key whenever the user value is null; helm 4 only when it nullifies a default. */
  readonly major: 3 | 4;
  /**
   * The scalar a leaf stands for, where a decision reads one (a dependency's `condition` and
   * `tags`); default the leaf itself. explain's tagged leaves are unwrapped this way.
   */
  readonly scalar?: (leaf: Value) => Value;
}

/** A coalescing failure (`type mismatch on <sub>: …`). */
export class CoalesceError extends Error {}

const GLOBAL = "global";

/** `CoalesceValues`: user nulls delete defaults. Returns a new map; `vals` is not touched. */
export function coalesceValuesTree(ctx: CoalesceContext, chart: ChartNode, vals: ValueMap | null): ValueMap {
  return coalesce(ctx, chart, copyValues(vals), "", false);
}

/** `MergeValues`: like {@link coalesceValuesTree} but nulls are kept. */
export function mergeValuesTree(ctx: CoalesceContext, chart: ChartNode, vals: ValueMap | null): ValueMap {
  return coalesce(ctx, chart, copyValues(vals), "", true);
}

function copyValues(vals: ValueMap | null): ValueMap {
  return vals === null ? newMap() : (cloneValue(vals) as ValueMap);
}

function coalesce(
  ctx: CoalesceContext,
  chart: ChartNode,
  dest: ValueMap,
  prefix: string,
  merge: boolean,
): ValueMap {
  coalesceChartValues(ctx, chart, dest, prefix, merge);
  return coalesceDeps(ctx, chart, dest, prefix, merge);
}

function coalesceDeps(
  ctx: CoalesceContext,
  chart: ChartNode,
  dest: ValueMap,
  prefix: string,
  merge: boolean,
): ValueMap {
  for (const sub of chart.dependencies) {
    const existing = dest[sub.name];
    if (existing === undefined) dest[sub.name] = newMap();
    else if (!isMap(existing))
      throw new CoalesceError(`type mismatch on ${sub.name}: ${goBoolVerb(existing)}`);
    const dvmap = dest[sub.name] as ValueMap;
    const subPrefix = concatPrefix(prefix, chart.name);
    coalesceGlobals(ctx, dvmap, dest, subPrefix);
    dest[sub.name] = coalesce(ctx, sub, dvmap, subPrefix, merge);
  }
  return dest;
}

/** The `global` table of `values` (a new one when absent); undefined, with helm's warning, when it is not a map. */
function globalTable(
  ctx: CoalesceContext,
  values: ValueMap,
  side: "destination" | "source",
): ValueMap | undefined {
  const global = values[GLOBAL];
  if (global === undefined) return newMap();
  if (isMap(global)) return global;
  ctx.printf(`warning: skipping globals because ${side} ${GLOBAL} is not a table.`);
  return undefined;
}

/** Copies the parent's `global` into the subchart's values; the parent's entries win. */
function coalesceGlobals(ctx: CoalesceContext, dest: ValueMap, src: ValueMap, prefix: string): void {
  const dg = globalTable(ctx, dest, "destination");
  if (dg === undefined) return;
  const sg = globalTable(ctx, src, "source");
  if (sg === undefined) return;
  for (const key of Object.keys(sg)) {
    const val = sg[key] as Value;
    if (isMap(val)) {
      // A shallow copy, as helm makes: nested maps stay shared with the parent's global.
      const vv = Object.assign(newMap(), val);
      const destv = dg[key];
      if (destv === undefined) dg[key] = vv;
      else if (!isMap(destv))
        ctx.printf(`Conflict: cannot merge map onto non-map for ${JSON.stringify(key)}. Skipping.`);
      else {
        coalesceTablesFullKey(ctx, vv, destv, concatPrefix(prefix, key), true);
        dg[key] = vv;
      }
    } else if (key in dg && isMap(dg[key] as Value)) {
      ctx.printf(`key ${key} is table. Skipping`);
    } else {
      dg[key] = val;
    }
  }
  dest[GLOBAL] = dg;
}

/** Fills `v` (the values for `chart`) with the chart's defaults. */
function coalesceChartValues(
  ctx: CoalesceContext,
  chart: ChartNode,
  v: ValueMap,
  prefix: string,
  merge: boolean,
): void {
  const subPrefix = concatPrefix(prefix, chart.name);
  const vc = cloneValue(chart.values) as ValueMap;
  for (const key of Object.keys(vc)) {
    const val = vc[key] as Value;
    if (!(key in v)) {
      v[key] = val;
      continue;
    }
    const value = v[key] as Value;
    if (value === null && !merge) {
      delete v[key];
    } else if (isMap(value)) {
      if (!isMap(val)) {
        if (val !== null) ctx.printf(`warning: skipped value for ${subPrefix}.${key}: Not a table.`);
      } else {
        const isChild = chart.dependencies.some((d) => d.name === key);
        coalesceTablesFullKey(ctx, value, val, concatPrefix(subPrefix, key), isChild ? true : merge);
      }
    }
  }
}

/** helm's `CoalesceTables` (merge=false) / `MergeTables` (merge=true) with an empty prefix. */
export function coalesceTables(ctx: CoalesceContext, dst: ValueMap, src: ValueMap, merge: boolean): ValueMap {
  return coalesceTablesFullKey(ctx, dst, src, "", merge);
}

/** Merges `src` (lower precedence) into `dst` (authoritative), in place. */
function coalesceTablesFullKey(
  ctx: CoalesceContext,
  dst: ValueMap,
  src: ValueMap,
  prefix: string,
  merge: boolean,
): ValueMap {
  const srcNonNil = new Set(Object.keys(src).filter((k) => ctx.major === 3 || src[k] !== null));
  if (ctx.major === 4) for (const key of Object.keys(dst)) if (dst[key] === null) src[key] = null;
  for (const key of Object.keys(src)) {
    const val = src[key] as Value;
    const fullkey = concatPrefix(prefix, key);
    const present = key in dst;
    const dv = dst[key];
    if (present && !merge && dv === null && srcNonNil.has(key)) {
      delete dst[key];
    } else if (!present) {
      dst[key] = val;
    } else if (isMap(val)) {
      if (dv !== undefined && isMap(dv)) coalesceTablesFullKey(ctx, dv, val, fullkey, merge);
      else
        ctx.printf(`warning: cannot overwrite table with non table for ${fullkey} (${goValueString(val)})`);
    } else if (dv !== undefined && isMap(dv) && val !== null) {
      ctx.printf(
        `warning: destination for ${fullkey} is a table. Ignoring non-table value (${goValueString(val)})`,
      );
    }
  }
  return dst;
}
