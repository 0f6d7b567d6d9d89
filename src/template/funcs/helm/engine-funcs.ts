/**
 * The functions helm's engine binds per render (pkg/engine/engine.go): `include` (at most
 * 1000 nested calls per name), `tpl` (renders a string in a clone of the set, so its
 * defines are visible; `<no value>` removed), `required`, `fail`, `lookup` (no cluster:
 * an empty map, as `helm template` gives) and `getHostByName` (DNS off: "").
 */
import { TemplateError } from "../../../shared/errors";
import { FuncError, newGoMap, type CallContext, type GoValue } from "../../types";
import { boundedInclude } from "../bounded-include";
import { goQuote } from "../../../shared/go/quote";

/** helm's root template name, which `tpl` reuses for the text it parses. */
const HELM_SET_NAME = "gotpl";

/** `include name data`, counted per name under helm's own key. */
export const include = boundedInclude("helm.include");

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
