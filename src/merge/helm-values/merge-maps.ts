/** helm's `loader.MergeMaps`: later maps win, nested maps merge, everything else replaces. */
import { isMap, newMap, type ValueMap } from "../../shared/value";

/** Returns a new map with `b` merged over `a`; values of `b` are shared, not copied (as in Go). */
export function mergeMaps(a: ValueMap, b: ValueMap): ValueMap {
  const out = newMap();
  for (const k of Object.keys(a)) out[k] = a[k] ?? null;
  for (const k of Object.keys(b)) {
    const v = b[k] ?? null;
    const old = out[k];
    out[k] = isMap(v) && old !== undefined && isMap(old) ? mergeMaps(old, v) : v;
  }
  return out;
}
