/**
 * The functions helm's engine binds per render (pkg/engine/engine.go): `include` (at most
 * 1000 nested calls per name), `tpl` (renders a string in a clone of the set, so its
 * defines are visible; `<no value>` removed), `required`, `fail`, `lookup` (no cluster:
 * an empty map, as `helm template` gives) and `getHostByName` (DNS off: "").
 */
import { TemplateError } from "../../../shared/errors";
import { FuncError, isStackExhausted, newGoMap, type CallContext, type GoValue } from "../../types";
import { goQuote } from "../sprig/format-v";

const RECURSION_MAX = 1000;
/** helm's root template name, which `tpl` reuses for the text it parses. */
const HELM_SET_NAME = "gotpl";

/** `include name data` (called directly as the function's impl: one JS frame less per nesting level). */
export function include(args: GoValue[], ctx: CallContext): string {
  const name = args[0] as string;
  const data = args[1] ?? null;
  const key = `helm.include:${name}`;
  const depth = (ctx.state.get(key) as number | undefined) ?? 0;
  if (depth > RECURSION_MAX) throw nestedReference(name);
  ctx.state.set(key, depth + 1);
  try {
    return ctx.executeTemplate(name, data);
  } catch (e) {
    // Should the JavaScript stack run out before helm's count does, fail the way helm fails.
    if (isStackExhausted(e)) throw nestedReference(name);
    throw e;
  } finally {
    ctx.state.set(key, depth);
  }
}

function nestedReference(name: string): FuncError {
  return new FuncError(`rendering template has a nested reference name: ${name}: unable to execute template`);
}

/** `tpl text data`. */
export function tpl(ctx: CallContext, text: string, data: GoValue): string {
  let out: string;
  try {
    out = ctx.renderString(text, data, { name: HELM_SET_NAME });
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    if (e instanceof TemplateError && e.code === "TEMPLATE_PARSE") {
      throw new FuncError(`cannot parse template ${goQuote(text)}: ${msg}`, { cause: e });
    }
    throw new FuncError(`error during tpl function execution for ${goQuote(text)}: ${msg}`, { cause: e });
  }
  return out.split("<no value>").join("");
}

/** `required msg value`: nil and "" fail with `msg`. */
export function required(warn: string, v: GoValue): GoValue {
  if (v === null || v === "") throw new FuncError(warn);
  return v;
}

/** `fail msg`. */
export function fail(msg: string): string {
  throw new FuncError(msg);
}

/** `lookup apiVersion kind namespace name`: no cluster, so always an empty map. */
export function lookup(): GoValue {
  return newGoMap();
}
