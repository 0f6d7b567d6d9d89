/**
 * Typed reads of release / helmDefaults fields from a {@link ValueMap}. A field of the wrong
 * type counts as unset here: the loader validates types and reports them with positions.
 */
import { isMap, type Value, type ValueMap } from "../shared/value";

/** A string field, or undefined when absent or not a string (ints are printed). */
export function str(map: ValueMap | undefined, key: string): string | undefined {
  const v = map?.[key];
  if (typeof v === "string") return v;
  if (typeof v === "bigint" || typeof v === "number") return String(v);
  return undefined;
}

/** A boolean field, or undefined when absent (strings `"true"`/`"false"` are accepted). */
export function bool(map: ValueMap | undefined, key: string): boolean | undefined {
  const v = map?.[key];
  if (typeof v === "boolean") return v;
  if (v === "true") return true;
  if (v === "false") return false;
  return undefined;
}

/** A list of strings; non-string items are printed, a missing field is an empty list. */
export function strList(map: ValueMap | undefined, key: string): string[] {
  const v = map?.[key];
  if (!Array.isArray(v)) return [];
  return v.flatMap((x: Value) =>
    typeof x === "string"
      ? [x]
      : typeof x === "bigint" || typeof x === "number" || typeof x === "boolean"
        ? [String(x)]
        : [],
  );
}

/** A nested map field, or undefined. */
export function sub(map: ValueMap | undefined, key: string): ValueMap | undefined {
  const v = map?.[key];
  return isMap(v) ? v : undefined;
}
