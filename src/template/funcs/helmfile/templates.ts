/**
 * helmfile's template-calling functions: `tpl` (renders a string with the same functions
 * and missingkey mode) and `include` (runs a named define, at most 1000 nested calls per
 * name), plus discovery of the `_*.tpl` helper files that hold those defines.
 */
import type { FileSystem } from "../../../shared/io";
import { goStringFromBytes, type CallContext, type GoValue } from "../../types";
import { boundedInclude } from "../bounded-include";
import { goJoin } from "./paths";

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

/** `include name data`, counted per name under helmfile's own key. */
export const include = boundedInclude("helmfile.include");

/** `tpl text data`. */
export function tpl(ctx: CallContext, text: string, data: GoValue): string {
  return ctx.renderString(text, data, { name: "stringTemplate" });
}
