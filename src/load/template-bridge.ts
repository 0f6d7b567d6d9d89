/**
 * The one place the loader renders Go templates: the template stage's `renderTemplate`
 * with sprig + helmfile functions, `missingkey=error`, the `_*.tpl` helpers of the base
 * directory, and the injected side-effect environment.
 */
import type { Environment, FileSystem, Logger, ProcessRunner } from "../shared/io";
import { GoTemplateError, renderTemplate } from "../template/index";
import { sprigFunctions } from "../template/funcs/sprig/index";
import { helperTemplates, withHelmfileFunctions } from "../template/funcs/helmfile/index";
import type { SecretResolver } from "../template/funcs/helmfile/options";
import type { FuncMap, FuncSpec, GoValue } from "../template/types";
import { resolveLimits, type Limits } from "../shared/limits";
import { checkExecAllowed, checkFileAllowed, resolvePolicy, type SecurityPolicy } from "../shared/policy";
import { resolveAgainstBase } from "../template/funcs/helmfile/paths";

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
  /** Template depth and output limits; default from `environ` and `DEFAULT_LIMITS` (src/shared/limits.ts). */
  readonly limits?: Pick<Limits, "templateDepth" | "outputSize">;
  /** Insecure-features policy; default from `HELMFILE_DISABLE_INSECURE_FEATURES` in `environ`. */
  readonly policy?: SecurityPolicy;
  /** Resolves `ref+` secret references for `fetchSecretValue` / `expandSecretRefs`; default none. */
  readonly secretResolver?: SecretResolver;
}

const funcCache = new Map<string, FuncMap>();

const EXEC_FUNCS = ["exec", "envExec"];
const FILE_FUNCS = ["readFile", "readDir", "readDirEntries", "isFile", "isDir"];

/** Wraps the side-effecting helmfile functions with the insecure-features checks (src/shared/policy.ts). */
function guardedFuncs(base: FuncMap, policy: SecurityPolicy): FuncMap {
  const out = new Map<string, FuncSpec>(base);
  for (const name of EXEC_FUNCS) {
    const spec = base.get(name);
    if (spec === undefined) continue;
    out.set(name, {
      ...spec,
      impl: () => {
        checkExecAllowed(policy, name);
        return null;
      },
    });
  }
  for (const name of FILE_FUNCS) {
    const spec = base.get(name);
    if (spec === undefined) continue;
    out.set(name, {
      ...spec,
      impl: (args, call) => {
        const arg = args[0];
        const root = call.env.basePath ?? "/";
        if (typeof arg === "string") checkFileAllowed(policy, name, resolveAgainstBase(call.env, arg), root);
        return spec.impl(args, call);
      },
    });
  }
  return out;
}

function funcsFor(yamlVersion: "v2" | "v3", policy: SecurityPolicy): FuncMap {
  const key = `${yamlVersion}:${policy.disableInsecureFeatures ? "secure" : "default"}`;
  let f = funcCache.get(key);
  if (f === undefined) {
    f = withHelmfileFunctions(sprigFunctions(), { yamlVersion });
    if (policy.disableInsecureFeatures) f = guardedFuncs(f, policy);
    funcCache.set(key, f);
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
  const limits = ctx.limits ?? resolveLimits({}, ctx.environ);
  try {
    return renderStringTemplate(source, data, ctx, helpers, limits);
  } catch (err) {
    // Go names the template (and its errors) `stringTemplate`; our diagnostics keep the file.
    if (err instanceof GoTemplateError && err.file === STRING_TEMPLATE) {
      const located = new GoTemplateError({
        code: err.code,
        goMessage: err.message,
        innermost: err.innermost,
        file: ctx.name,
        ...(err.line === undefined ? {} : { line: err.line }),
        ...(err.column === undefined ? {} : { column: err.column }),
        cause: err,
      });
      throw located;
    }
    throw err;
  }
}

/**
 * helmfile's tmpl.Context.newTemplate (pkg/tmpl/context_tmpl.go): one `template.New("stringTemplate")`
 * into which the `_*.tpl` helpers and then the content are parsed, so every message says
 * `template: stringTemplate:L:C: executing "stringTemplate" …`.
 */
const STRING_TEMPLATE = "stringTemplate";

function renderStringTemplate(
  source: string,
  data: GoValue,
  ctx: RenderContext,
  helpers: readonly { readonly name: string; readonly source: string }[],
  limits: Pick<Limits, "templateDepth" | "outputSize">,
): string {
  return renderTemplate(source, data, {
    name: STRING_TEMPLATE,
    funcs: funcsFor(ctx.yamlVersion ?? "v3", ctx.policy ?? resolvePolicy({}, ctx.environ)),
    maxDepth: limits.templateDepth,
    maxOutput: limits.outputSize,
    missingKey: ctx.missingKey ?? "error",
    setName: STRING_TEMPLATE,
    templates: helpers.map((h) => ({ name: STRING_TEMPLATE, source: h.source })),
    env: {
      fs: ctx.fs,
      environ: ctx.environ,
      basePath: ctx.basePath,
      ...(ctx.processRunner === undefined ? {} : { process: ctx.processRunner }),
      ...(ctx.logger === undefined ? {} : { logger: ctx.logger }),
      ...(ctx.secretResolver === undefined ? {} : { extra: { secretResolver: ctx.secretResolver } }),
    },
  });
}

/** The loader-context fields a render takes (a `LoaderContext` has them all). */
export type RenderSource = Pick<
  RenderContext,
  "fs" | "environ" | "logger" | "processRunner" | "yamlVersion"
> & {
  readonly helperCache: NonNullable<RenderContext["helperCache"]>;
  readonly limits?: Limits;
  readonly policy?: SecurityPolicy;
  readonly secretResolver?: SecretResolver;
};

/**
 * The {@link RenderContext} of every loader render but its `name`: the context's IO, helper
 * cache, limits, policy and secret resolver, with relative paths resolved against `basePath`
 * (absent optional fields are left out).
 */
export function renderOptions(ctx: RenderSource, basePath: string): Omit<RenderContext, "name"> {
  return {
    basePath,
    fs: ctx.fs,
    environ: ctx.environ,
    helperCache: ctx.helperCache,
    ...(ctx.limits === undefined ? {} : { limits: ctx.limits }),
    ...(ctx.policy === undefined ? {} : { policy: ctx.policy }),
    ...(ctx.secretResolver === undefined ? {} : { secretResolver: ctx.secretResolver }),
    ...(ctx.yamlVersion === undefined ? {} : { yamlVersion: ctx.yamlVersion }),
    ...(ctx.processRunner === undefined ? {} : { processRunner: ctx.processRunner }),
    ...(ctx.logger === undefined ? {} : { logger: ctx.logger }),
  };
}
