/**
 * helmfile's `maputil.MergeMaps`: a deep merge of two value maps with a choice of list
 * strategy. Never mutates its inputs; shares unchanged subtrees with them.
 */
import { FORBIDDEN_KEYS, isMap, newMap, type Value, type ValueMap } from "../shared/value";
import { MergeError } from "../shared/errors";

/**
 * How lists meet lists.
 * - `sparse` (helmfile's default): an override list holding at least one null merges index by
 *   index (null keeps the base element); a list without nulls replaces the base list.
 * - `replace`: the override list always replaces.
 * - `merge`: always index by index (helmfile uses it for `--state-values-set`).
 */
export type ArrayMergeStrategy = "sparse" | "replace" | "merge";

/** Options of {@link mergeValues}. */
export interface MergeValuesOptions {
  /** List strategy; default `sparse`. */
  readonly arrays?: ArrayMergeStrategy;
}

/**
 * Merges `override` over `base` like helmfile's MergeMaps: maps merge recursively, a null
 * override value is ignored for a key the base has (and added as null otherwise), lists
 * follow `options.arrays`, anything else replaces.
 */
export function mergeValues(base: ValueMap, override: ValueMap, options: MergeValuesOptions = {}): ValueMap {
  return mergeMaps(base, override, options.arrays ?? "sparse");
}

function mergeMaps(a: ValueMap, b: ValueMap, strategy: ArrayMergeStrategy): ValueMap {
  const out = newMap();
  for (const k of Object.keys(a)) out[k] = a[k] as Value;
  for (const k of Object.keys(b)) {
    if (FORBIDDEN_KEYS.has(k))
      throw new MergeError("MERGE_FORBIDDEN_KEY", `refusing map key ${JSON.stringify(k)}`);
    const v = b[k] as Value;
    if (v === null) {
      // helmfile issue #1154: a null only lands when the key is new.
      if (!(k in out)) out[k] = null;
      continue;
    }
    const current = out[k];
    if (isMap(v) && isMap(current)) {
      out[k] = mergeMaps(current, v, strategy);
      continue;
    }
    if (Array.isArray(v) && Array.isArray(current)) {
      out[k] = mergeLists(current, v, strategy);
      continue;
    }
    out[k] = v;
  }
  return out;
}

function mergeLists(base: Value[], override: Value[], strategy: ArrayMergeStrategy): Value[] {
  if (strategy === "replace") return override;
  if (strategy === "sparse" && !override.some((x) => x === null)) return override;
  const length = Math.max(base.length, override.length);
  const out: Value[] = [];
  for (let i = 0; i < length; i++) out.push(i < base.length ? (base[i] as Value) : null);
  override.forEach((v, i) => {
    if (v === null) return;
    const b = i < base.length ? base[i] : undefined;
    out[i] = isMap(v) && isMap(b) ? mergeMaps(b, v, strategy) : v;
  });
  return out;
}
