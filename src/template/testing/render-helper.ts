/** Test helper: renders with Go's builtins only (plus optional funcs) and returns output or the error. */
import { renderTemplate } from "../render-template";
import { GoTemplateError } from "../errors";
import type { FuncMap, GoValue, MissingKeyMode } from "../types";

/** Output, or `{ error }` with Go's full message and the innermost one. */
export type Rendered = string | { readonly error: string; readonly innermost: string; readonly code: string };

/** Renders `src` named `T`; never throws for template errors. */
export function render(
  src: string,
  data: GoValue = null,
  options: { funcs?: FuncMap; missingKey?: MissingKeyMode; maxDepth?: number; maxOutput?: number } = {},
): Rendered {
  try {
    return renderTemplate(src, data, {
      name: "T",
      funcs: options.funcs ?? new Map(),
      ...(options.missingKey === undefined ? {} : { missingKey: options.missingKey }),
      ...(options.maxDepth === undefined ? {} : { maxDepth: options.maxDepth }),
      ...(options.maxOutput === undefined ? {} : { maxOutput: options.maxOutput }),
    });
  } catch (e) {
    if (e instanceof GoTemplateError) return { error: e.message, innermost: e.innermost, code: e.code };
    throw e;
  }
}

/** The innermost error message of a render, or the output prefixed with `OK:`. */
export function errorOf(r: Rendered): string {
  return typeof r === "string" ? `OK:${r}` : r.innermost;
}
