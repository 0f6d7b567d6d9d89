/**
 * The `include` function helm's engine and helmfile both bind: runs a named define, with at
 * most 1000 nested calls of one name (helm's `recursionMaxNums`; helmfile copies it).
 */
import { FuncError, isStackExhausted, type CallContext, type GoValue } from "../types";

const RECURSION_MAX = 1000;

/** The `include` implementation: `include name data`. */
export type IncludeFunc = (args: GoValue[], ctx: CallContext) => string;

/**
 * Makes an `include` whose nesting count lives in the call state under `stateKeyPrefix:name`,
 * so helm's and helmfile's counters stay apart. The result is called directly as the
 * function's impl: one JS frame less per nesting level.
 */
export function boundedInclude(stateKeyPrefix: string): IncludeFunc {
  return (args, ctx) => {
    const name = args[0] as string;
    const data = args[1] ?? null;
    const key = `${stateKeyPrefix}:${name}`;
    const depth = (ctx.state.get(key) as number | undefined) ?? 0;
    if (depth > RECURSION_MAX) throw nestedReference(name);
    ctx.state.set(key, depth + 1);
    try {
      return ctx.executeTemplate(name, data);
    } catch (e) {
      // Should the JavaScript stack run out before the Go count does, fail the way Go fails.
      if (isStackExhausted(e)) throw nestedReference(name);
      throw e;
    } finally {
      ctx.state.set(key, depth);
    }
  };
}

function nestedReference(name: string): FuncError {
  return new FuncError(`rendering template has a nested reference name: ${name}: unable to execute template`);
}
