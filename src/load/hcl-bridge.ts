/**
 * Evaluates HCL values files with the HCL evaluator (`src/load/hcl/index.ts`). The import is a
 * plain static one so that every bundle of the library (the component provider's esbuild bundle
 * among them) carries the evaluator; an optional, caught `require` could silently drop it.
 */
import type { ValueMap } from "../shared/value";
import { evaluateHclValues } from "./hcl/index";
import type { LoaderContext } from "./loader-context";

/** Evaluates HCL values files together (cross-file `hv.*` references), in the given order. */
export function evaluateHcl(
  ctx: LoaderContext,
  files: readonly string[],
  shown?: (file: string) => string,
): ValueMap {
  return evaluateHclValues(files, { fs: ctx.fs }, shown);
}
