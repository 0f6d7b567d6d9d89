/**
 * Renders text the way helmfile's `tmpl.Context.RenderTemplateToBuffer` does: one template
 * set named `stringTemplate`, the base path's `_*.tpl` helpers parsed into it first,
 * sprig plus helmfile's functions, `missingkey=error` (or `zero` in the pre-render pass).
 */
import { TemplateError } from "../../../shared/errors";
import { TemplateSet } from "../../template-set";
import type { FuncMap, GoValue, TemplateEnv } from "../../types";
import { sprigFunctions } from "../sprig/index";
import { withHelmfileFunctions } from "./functions";
import type { HelmfileFunctionOptions } from "./options";
import { helperTemplates } from "./templates";

const SET_NAME = "stringTemplate";

let defaultBase: FuncMap | undefined;

/** sprig's map, built once: it is the same for every render. */
function sprigBase(): FuncMap {
  defaultBase ??= sprigFunctions();
  return defaultBase;
}

/** Options of {@link renderHelmfileTemplate}. */
export interface RenderHelmfileTemplateOptions {
  /** Side effects: fs (also for `_*.tpl` helpers), environ, process runner, basePath. */
  readonly env: TemplateEnv;
  /** The function map helmfile's functions are laid over; default sprig's (text/template builtins are always there). */
  readonly baseFuncs?: FuncMap;
  /** Options of helmfile's functions (yaml version, pre-render, insecure functions, secrets); default none. */
  readonly functions?: HelmfileFunctionOptions;
  /** Name used for the template in error messages; default `stringTemplate` (helmfile's). */
  readonly name?: string;
}

/**
 * Renders `text` with `data` as dot. Throws a `TemplateError` with Go's message; a helper
 * that fails to parse is reported as `failed to parse helper template <file>: <error>`.
 */
export function renderHelmfileTemplate(
  text: string,
  data: GoValue,
  options: RenderHelmfileTemplateOptions,
): string {
  const fnOptions = options.functions ?? {};
  const env = options.env;
  const name = options.name ?? SET_NAME;
  const set = new TemplateSet({
    setName: SET_NAME,
    funcs: withHelmfileFunctions(options.baseFuncs ?? sprigBase(), fnOptions),
    env,
    missingKey: fnOptions.preRender === true ? "zero" : "error",
  });
  // helmfile parses every helper into the main template itself; only their defines survive.
  for (const h of env.fs !== undefined ? helperTemplates(env.fs, env.basePath ?? "") : []) {
    try {
      set.parse(name, h.content);
    } catch (e) {
      if (!(e instanceof TemplateError)) throw e;
      throw new TemplateError(
        "TEMPLATE_HELPER_PARSE",
        `failed to parse helper template ${h.name}: ${e.message}`,
        { file: h.name, cause: e },
      );
    }
  }
  set.parse(name, text);
  return set.execute(name, data);
}
