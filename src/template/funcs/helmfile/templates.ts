/**
 * helmfile's template-calling functions: `tpl` (renders a string with the same functions
 * and missingkey mode) and `include` (runs a named define, at most 1000 nested calls per
 * name), plus discovery of the `_*.tpl` helper files that hold those defines.
 */
import type { FileSystem } from "../../../shared/io";
import { FuncError, goStringFromBytes, type CallContext, type GoValue } from "../../types";
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

/** `include name data`. */
export function include(ctx: CallContext, name: string, data: GoValue): string {
  const key = `helmfile.include:${name}`;
  const depth = (ctx.state.get(key) as number | undefined) ?? 0;
  if (depth > RECURSION_MAX) {
    throw new FuncError(
      `rendering template has a nested reference name: ${name}: unable to execute template`,
    );
  }
  ctx.state.set(key, depth + 1);
  try {
    return ctx.executeTemplate(name, data);
  } finally {
    ctx.state.set(key, depth);
  }
}

/** `tpl text data`. */
export function tpl(ctx: CallContext, text: string, data: GoValue): string {
  return ctx.renderString(text, data, { name: "stringTemplate" });
}
