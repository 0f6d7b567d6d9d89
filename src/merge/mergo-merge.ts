/**
 * The `mergo.Merge(dst, src, mergo.WithOverride)` behaviour helmfile uses for environment
 * values files (override strategy), root `values:` and secrets: maps merge recursively,
 * lists and scalars from `src` replace, an explicit null in `src` replaces too, and an empty
 * map in `dst` is replaced by the map from `src`. Never mutates its inputs.
 */
import { FORBIDDEN_KEYS, isMap, newMap, type Value, type ValueMap } from "../shared/value";
import { MergeError } from "../shared/errors";

/** Returns `dst` overlaid by `src` with mergo's WithOverride rules for `map[string]any`. */
export function mergoOverride(dst: ValueMap, src: ValueMap): ValueMap {
  const out = newMap();
  for (const k of Object.keys(dst)) out[k] = dst[k] as Value;
  for (const k of Object.keys(src)) {
    if (FORBIDDEN_KEYS.has(k))
      throw new MergeError("MERGE_FORBIDDEN_KEY", `refusing map key ${JSON.stringify(k)}`);
    const v = src[k] as Value;
    const current = out[k];
    if (isMap(v) && isMap(current) && Object.keys(current).length > 0) {
      out[k] = mergoOverride(current, v);
      continue;
    }
    out[k] = v;
  }
  return out;
}
