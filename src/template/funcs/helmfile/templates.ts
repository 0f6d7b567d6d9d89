/**
 * helmfile's template-calling functions: `tpl` (renders a string with the same functions
 * and missingkey mode) and `include` (runs a named define, at most 1000 nested calls per
 * name), plus discovery of the `_*.tpl` helper files that hold those defines.
 */
import type { FileSystem } from "../../../shared/io";
import { FuncError, goStringFromBytes, isStackExhausted, type CallContext, type GoValue } from "../../types";
import { goJoin } from "./paths";

const RECURSION_MAX = 1000;

/** A helper template file: its path and its text. */
export interface HelperTemplate {
  readonly name: string;
  readonly content: string;
}

/** Every `<basePath>/_*.tpl`, in glob (sorted) order, as helmfile parses them before a template. */
export function helperTemplates(fs: FileSystem, basePath: string): HelperTemplate[] {
  return fs
    .glob(goJoin(basePath, "_*.tpl"))
    .map((name) => ({ name, content: goStringFromBytes(fs.readBytes(name)) }));
}

/** `include name data` (called directly as the function's impl: one JS frame less per nesting level). */
export function include(args: GoValue[], ctx: CallContext): string {
  const name = args[0] as string;
  const data = args[1] ?? null;
  const key = `helmfile.include:${name}`;
  const depth = (ctx.state.get(key) as number | undefined) ?? 0;
  if (depth > RECURSION_MAX) throw nestedReference(name);
  ctx.state.set(key, depth + 1);
  try {
    return ctx.executeTemplate(name, data);
  } catch (e) {
    // Should the JavaScript stack run out before helmfile's count does, fail the way it fails.
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
  return ctx.renderString(text, data, { name: "stringTemplate" });
}
