/** sprig's `strslice`: turns a list (or a scalar) into a `[]string`, dropping nils. */
import { typedSlice, type GoValue } from "../../types";
import { strval } from "./format-v";

/** sprig's `strslice` (used by `join`, `toStrings`, `sortAlpha`). */
export function strslice(v: GoValue): string[] {
  if (v === null) return typedSlice([], "string");
  if (v instanceof Uint8Array)
    return typedSlice(
      Array.from(v, (b) => String(b)),
      "string",
    );
  if (Array.isArray(v)) return typedSlice(v.filter((x) => x !== null).map(strval), "string");
  return typedSlice([strval(v)], "string");
}
