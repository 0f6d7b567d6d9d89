/**
 * The one place the loader renders Go templates: the template stage's `renderTemplate`
 * with sprig + helmfile functions, `missingkey=error`, the `_*.tpl` helpers of the base
 * directory, and the injected side-effect environment.
 */
import type { Environment, FileSystem, Logger, ProcessRunner } from "../shared/io";
import { renderTemplate } from "../template/index";
import { sprigFunctions } from "../template/funcs/sprig/index";
import { helperTemplates, withHelmfileFunctions } from "../template/funcs/helmfile/index";
import type { FuncMap, GoValue } from "../template/types";

/** What a render needs besides the source. */
export interface RenderContext {
  /** Template name used in error messages (the file, or `file.part.N`). */
  readonly name: string;
  /** Directory relative paths resolve against (`readFile`, `_*.tpl` helpers). */
  readonly basePath: string;
  readonly fs: FileSystem;
  readonly environ: Environment;
  readonly processRunner?: ProcessRunner;
  readonly logger?: Logger;
  /** Go's missingkey option; helmfile renders with `error`. */
  readonly missingKey?: "error" | "zero";
  /** go-yaml flavour for `toYaml`/`fromYaml`; default v3. */
  readonly yamlVersion?: "v2" | "v3";
  /** Per-load cache of `_*.tpl` helpers by directory (one glob per directory per load). */
  readonly helperCache?: Map<string, readonly { readonly name: string; readonly source: string }[]>;
}

const funcCache = new Map<string, FuncMap>();

function funcsFor(yamlVersion: "v2" | "v3"): FuncMap {
  let f = funcCache.get(yamlVersion);
  if (f === undefined) {
    f = withHelmfileFunctions(sprigFunctions(), { yamlVersion });
    funcCache.set(yamlVersion, f);
  }
  return f;
}

/** Renders `source` with `data` like helmfile's `tmpl.Context.RenderTemplateToBuffer`. */
export function renderGoTemplate(source: string, data: GoValue, ctx: RenderContext): string {
  // Text without actions renders to itself in Go; skipping the engine keeps big states fast.
  if (!source.includes("{{")) return source;
  let helpers = ctx.helperCache?.get(ctx.basePath);
  if (helpers === undefined) {
    helpers = helperTemplates(ctx.fs, ctx.basePath).map((h) => ({ name: h.name, source: h.content }));
    ctx.helperCache?.set(ctx.basePath, helpers);
  }
  return renderTemplate(source, data, {
    name: ctx.name,
    funcs: funcsFor(ctx.yamlVersion ?? "v3"),
    missingKey: ctx.missingKey ?? "error",
    setName: "stringTemplate",
    templates: helpers,
    env: {
      fs: ctx.fs,
      environ: ctx.environ,
      basePath: ctx.basePath,
      ...(ctx.processRunner === undefined ? {} : { process: ctx.processRunner }),
      ...(ctx.logger === undefined ? {} : { logger: ctx.logger }),
    },
  });
}
