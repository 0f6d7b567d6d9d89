/**
 * Reaches the HCL values evaluator (`src/load/hcl/index.ts`, written separately) lazily;
 * without it an `.hcl` values file is a clear `HCL_UNSUPPORTED` error.
 */
import { LoadError } from "../shared/errors";
import type { ValueMap } from "../shared/value";
import type { LoaderContext } from "./loader-context";

type HclEvaluator = (files: readonly string[], io: { readonly fs: LoaderContext["fs"] }) => ValueMap;

function evaluator(): HclEvaluator | undefined {
  try {
    const req = require as (id: string) => Record<string, unknown>;
    return req("./hcl/index").evaluateHclValues as HclEvaluator | undefined;
  } catch {
    return undefined;
  }
}

/** Evaluates HCL values files together (cross-file `hv.*` references), in the given order. */
export function evaluateHcl(ctx: LoaderContext, files: readonly string[]): ValueMap {
  const fn = evaluator();
  if (fn === undefined) {
    throw new LoadError(
      "HCL_UNSUPPORTED",
      `cannot load HCL values file ${files[0] ?? ""}: HCL values are not supported yet`,
      {
        ...(files[0] === undefined ? {} : { file: files[0] }),
      },
    );
  }
  return fn(files, { fs: ctx.fs });
}
