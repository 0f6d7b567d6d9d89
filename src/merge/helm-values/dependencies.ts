/**
 * helm's `ProcessDependencies`: aliases, `condition` / `tags` switching subcharts on or off,
 * and `import-values`, which also rewrites each parent's defaults to include its subcharts'
 * (helm does this, and it is why some warnings appear more than once).
 */
import { cloneValue, isMap, newMap, type Value, type ValueMap } from "../../shared/value";
import type { ChartNode, DependencySpec } from "./chart-node";
import { coalesceTables, coalesceValuesTree, mergeValuesTree, type CoalesceContext } from "./coalesce";

/** Runs helm's dependency processing on `chart` (mutated) against the user values. */
export function processDependencies(ctx: CoalesceContext, chart: ChartNode, userValues: ValueMap): void {
  processEnabled(ctx, chart, userValues, "");
  processImportValuesTree(ctx, chart);
}

function processEnabled(ctx: CoalesceContext, c: ChartNode, v: ValueMap, path: string): void {
  const reqs = c.metadataDeps;
  if (reqs === null) return;
  const kept = c.dependencies.filter((existing) => !reqs.some((req) => req.name === existing.name));
  for (const req of reqs) {
    const found = c.dependencies.find((d) => d.name === req.name);
    if (found !== undefined)
      kept.push({
        ...found,
        name: req.alias !== undefined && req.alias !== "" ? req.alias : found.name,
        dependencies: found.dependencies.map((d) => ({ ...d })),
        metadataDeps: found.metadataDeps === null ? null : found.metadataDeps.map((d) => ({ ...d })),
      });
    if (req.alias !== undefined && req.alias !== "") req.name = req.alias;
  }
  c.dependencies = kept;
  for (const req of reqs) req.enabled = true;
  const cvals = coalesceValuesTree(ctx, c, v);
  processTags(ctx, reqs, cvals);
  processConditions(ctx, reqs, cvals, path);
  const removed = new Set(reqs.filter((r) => !r.enabled).map((r) => r.name));
  const enabledCharts = c.dependencies.filter((d) => !removed.has(d.name));
  const enabledReqs = reqs.filter((r) => !removed.has(r.name));
  for (const sub of enabledCharts) processEnabled(ctx, sub, cvals, `${path}${sub.name}.`);
  c.metadataDeps = enabledReqs.length > 0 ? enabledReqs : null;
  c.dependencies = enabledCharts;
}

function processConditions(
  ctx: CoalesceContext,
  reqs: DependencySpec[],
  cvals: ValueMap,
  path: string,
): void {
  for (const r of reqs) {
    for (const cond of r.condition.trim().split(",")) {
      if (cond === "") continue;
      const found = pathValue(cvals, path + cond);
      if (found === undefined) continue;
      const value = ctx.scalar === undefined ? found.value : ctx.scalar(found.value);
      if (typeof value === "boolean") {
        r.enabled = value;
        break;
      }
      ctx.printf(
        ctx.major === 3
          ? `Warning: Condition path '${cond}' for chart ${r.name} returned non-bool value`
          : `returned non-bool value path=${cond} chart=${r.name}`,
      );
    }
  }
}

function processTags(ctx: CoalesceContext, reqs: DependencySpec[], cvals: ValueMap): void {
  const vt = table(cvals, "tags");
  if (vt === undefined) return;
  for (const r of reqs) {
    let hasTrue = false;
    let hasFalse = false;
    for (const k of r.tags) {
      if (!(k in vt)) continue;
      const b = ctx.scalar === undefined ? vt[k] : ctx.scalar(vt[k] as Value);
      if (typeof b === "boolean") {
        if (b) hasTrue = true;
        else hasFalse = true;
      } else {
        ctx.printf(
          ctx.major === 3
            ? `Warning: Tag '${k}' for chart ${r.name} returned non-bool value`
            : `returned non-bool value tag=${k} chart=${r.name}`,
        );
      }
    }
    if (!hasTrue && hasFalse) r.enabled = false;
    else r.enabled = true;
  }
}

/** `Values.Table`: follows dotted names through maps only. */
function table(v: ValueMap, name: string): ValueMap | undefined {
  const found = lookupTable(v, name);
  return "table" in found ? found.table : undefined;
}

/** Like {@link table}, naming the segment that was not a table (helm's `ErrNoTable`). */
function lookupTable(v: ValueMap, name: string): { table: ValueMap } | { missing: string } {
  let t: ValueMap = v;
  for (const part of name.split(".")) {
    const next = t[part];
    if (next === undefined || !isMap(next)) return { missing: part };
    t = next;
  }
  return { table: t };
}

/** `Values.PathValue`: a non-map value at a dotted path (a present null counts). */
function pathValue(v: ValueMap, path: string): { value: Value } | undefined {
  const parts = path.split(".");
  const key = parts.pop() as string;
  const t = parts.length === 0 ? v : table(v, parts.join("."));
  if (t === undefined || !(key in t)) return undefined;
  const value = t[key] as Value;
  return isMap(value) ? undefined : { value };
}

function processImportValuesTree(ctx: CoalesceContext, c: ChartNode): void {
  for (const d of c.dependencies) processImportValuesTree(ctx, d);
  processImportValues(ctx, c);
}

function processImportValues(ctx: CoalesceContext, c: ChartNode): void {
  if (c.metadataDeps === null) return;
  const cvals = mergeValuesTree(ctx, c, null);
  let b = newMap();
  for (const r of c.metadataDeps) {
    for (const iv of r.importValues) {
      const child = typeof iv === "string" ? `exports.${iv}` : iv.child;
      const parent = typeof iv === "string" ? "." : iv.parent;
      const found = lookupTable(cvals, `${r.name}.${child}`);
      if ("missing" in found) {
        // helm logs these through slog; the text here is the message with its attributes.
        const error = `${JSON.stringify(found.missing)} is not a table`;
        if (ctx.major === 3) {
          ctx.printf(
            typeof iv === "string"
              ? `Warning: ImportValues missing table: ${error}`
              : `Warning: ImportValues missing table from chart ${r.name}: ${error}`,
          );
        } else {
          ctx.printf(
            typeof iv === "string"
              ? `ImportValues missing table error=${error}`
              : `ImportValues missing table from chart chart=${r.name} error=${error}`,
          );
        }
        continue;
      }
      b = coalesceTables(ctx, b, pathToMap(parent, found.table), true);
    }
  }
  c.values = coalesceTables(ctx, cloneValue(cvals) as ValueMap, b, true);
}

function pathToMap(path: string, data: ValueMap): ValueMap {
  if (path === ".") return data;
  let cur: ValueMap = data;
  const parts = path.split(".");
  for (let i = parts.length - 1; i >= 0; i--) {
    const wrap = newMap();
    wrap[parts[i] as string] = cur;
    cur = wrap;
  }
  return cur;
}
