/** One-shot rendering of a Go template string: `renderTemplate` / `tryRenderTemplate`. */
import { TemplateError } from "../shared/errors";
import { GoTemplateError, TEMPLATE_CODES } from "./errors";
import { TemplateSet, type TemplateSetOptions, type TemplateSource } from "./template-set";
import type { FuncMap, GoValue, MissingKeyMode, TemplateEnv } from "./types";

/** Options of {@link renderTemplate}. */
export interface RenderTemplateOptions {
  /** Template name used in error messages (Go's template name), e.g. the file path. */
  readonly name: string;
  /** Functions besides Go's builtins (sprig, helmfile…). */
  readonly funcs: FuncMap;
  /** Go's `missingkey` option (default `"default"`: missing keys print `<no value>`). */
  readonly missingKey?: MissingKeyMode;
  /** Side-effect environment for functions (default `{}`). */
  readonly env?: TemplateEnv;
  /** Other templates parsed into the same set first (helpers with `{{define}}`). Default none. */
  readonly templates?: readonly TemplateSource[];
  /** Name of the template set (default `"gotpl"`, helm's). */
  readonly setName?: string;
  /** Maximum nesting of template calls (default 100000). */
  readonly maxDepth?: number;
  /** Maximum output length in characters (default 64 Mi). */
  readonly maxOutput?: number;
}

/** Result of {@link tryRenderTemplate}. */
export type RenderTemplateResult =
  { readonly ok: true; readonly output: string } | { readonly ok: false; readonly error: TemplateError };

/**
 * Renders `source` with `data` as dot. `data` is a Go value (see `types.ts`; the shared
 * `Value` tree qualifies). Throws a `TemplateError` (code, file, line, column; message in
 * Go's exact wording).
 */
export function renderTemplate(source: string, data: unknown, options: RenderTemplateOptions): string {
  const setOptions: TemplateSetOptions = {
    funcs: options.funcs,
    setName: options.setName ?? "gotpl",
    ...(options.missingKey === undefined ? {} : { missingKey: options.missingKey }),
    ...(options.env === undefined ? {} : { env: options.env }),
    ...(options.maxDepth === undefined ? {} : { maxDepth: options.maxDepth }),
    ...(options.maxOutput === undefined ? {} : { maxOutput: options.maxOutput }),
  };
  const set = new TemplateSet(setOptions);
  for (const t of options.templates ?? []) set.parse(t.name, t.source);
  set.parse(options.name, source);
  return set.execute(options.name, data === undefined ? null : (data as GoValue));
}

/** Like {@link renderTemplate} but returns the error instead of throwing it. */
export function tryRenderTemplate(
  source: string,
  data: unknown,
  options: RenderTemplateOptions,
): RenderTemplateResult {
  try {
    return { ok: true, output: renderTemplate(source, data, options) };
  } catch (e) {
    if (e instanceof TemplateError) return { ok: false, error: e };
    const msg = e instanceof Error ? e.message : String(e);
    return {
      ok: false,
      error: new GoTemplateError({
        code: TEMPLATE_CODES.exec,
        goMessage: `template: ${options.name}: ${msg}`,
        innermost: msg,
        file: options.name,
        cause: e,
      }),
    };
  }
}
