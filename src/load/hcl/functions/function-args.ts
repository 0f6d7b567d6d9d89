/** Argument helpers shared by the HCL function families. */
import { fail, HclEvalFailure } from "../hcl-errors";
import type { HclValue } from "../hcl-value";

/** One registered function: receives evaluated arguments, returns a value or throws. */
export type HclFunction = (args: readonly HclValue[]) => HclValue;

/** Fails blaming argument `index` (cty's ArgError): hcl points at that argument and names its parameter. */
export function argError(index: number, detail: string): never {
  throw new HclEvalFailure("HCL_FUNCTION", detail, undefined, undefined, index);
}

/** Checks the argument count (`max` Infinity means variadic). */
export function arity(args: readonly HclValue[], min: number, max: number = min): void {
  if (args.length < min || args.length > max) {
    const want = max === Infinity ? `at least ${min}` : min === max ? `${min}` : `${min} to ${max}`;
    fail("HCL_FUNCTION", `wrong number of arguments: expected ${want}, got ${args.length}`);
  }
}

/** The i-th argument (null when absent; arity is checked separately). */
export function arg(args: readonly HclValue[], i: number): HclValue {
  return args[i] ?? null;
}

/** Counts user-perceived characters (grapheme clusters), as cty does for strings. */
export function graphemes(s: string): string[] {
  const seg = new Intl.Segmenter(undefined, { granularity: "grapheme" });
  return [...seg.segment(s)].map((x) => x.segment);
}
