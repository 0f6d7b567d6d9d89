/** Maps CLI context and command flags onto the render stage's options. */
import { dirname, join, resolve } from "node:path";
import { renderCacheDir } from "./cache-dir";
import { chartifyTools } from "../../node/chartify-tools";
import type { RenderOptions, TemplateCommandOptions } from "../../render";
import type { CliContext } from "../cli-context";
import { flagBool, flagList, flagString } from "../parse-args";

/** `helmfile template`-style flags shared by template/lint/write-values. */
export function templateCommandOptions(ctx: CliContext): TemplateCommandOptions {
  const f = ctx.flags;
  const s = (name: string): string | undefined => {
    const v = flagString(f, name);
    return v === undefined || v === "" ? undefined : v;
  };
  const outputDir = s("output-dir");
  const outputDirTemplate = s("output-dir-template");
  const postRenderer = s("post-renderer");
  const kubeVersion = s("kube-version");
  const templateArgs = s("template-args");
  const args = s("args");
  const base = stateBaseDir(ctx);
  return {
    set: flagList(f, "set"),
    values: flagList(f, "values").map((v) => resolve(base, v)),
    ...(outputDir === undefined ? {} : { outputDir: resolve(base, outputDir) }),
    ...(outputDirTemplate === undefined ? {} : { outputDirTemplate }),
    ...(postRenderer === undefined ? {} : { postRenderer }),
    postRendererArgs: flagList(f, "post-renderer-args"),
    ...(kubeVersion === undefined ? {} : { kubeVersion }),
    showOnly: flagList(f, "show-only"),
    skipSchemaValidation: flagBool(f, "skip-schema-validation"),
    ...(templateArgs === undefined ? {} : { templateArgs }),
    validate: flagBool(f, "validate"),
    includeCrds: flagBool(f, "include-crds"),
    noHooks: flagBool(f, "no-hooks"),
    skipTests: flagBool(f, "skip-tests"),
    ...(args === undefined ? {} : { args }),
  };
}

/**
 * helmfile changes into the directory of a single `-f` state file before it runs helm, so
 * relative `--values` and `--output-dir` paths resolve there; otherwise in the working dir.
 */
export function stateBaseDir(ctx: CliContext): string {
  const file = ctx.settings.file;
  if (file === "") return ctx.host.cwd;
  const abs = resolve(ctx.host.cwd, file);
  return ctx.fs.isFile(abs) ? dirname(abs) : ctx.host.cwd;
}

/**
 * The user's `repositories.yaml` (`HELM_REPOSITORY_CONFIG`, else under `HELM_CONFIG_HOME`
 * or `${XDG_CONFIG_HOME:-~/.config}/helm`), which seeds the private helm home.
 */
function seedRepositories(ctx: CliContext): { seedRepositories?: string } {
  const env = ctx.host.env;
  const home = env.HOME ?? "";
  const configHome = env.HELM_CONFIG_HOME || join(env.XDG_CONFIG_HOME || join(home, ".config"), "helm");
  const file = env.HELM_REPOSITORY_CONFIG || join(configHome, "repositories.yaml");
  return ctx.fs.isFile(file) ? { seedRepositories: ctx.fs.readFile(file) } : {};
}

/** Render options for one invocation (render cache per {@link renderCacheDir}). */
export async function renderOptions(ctx: CliContext): Promise<RenderOptions> {
  const helm = await ctx.helm();
  const env = ctx.host.env;
  const cacheDir = renderCacheDir(ctx.flags, ctx.envSettings.renderCache, ctx.host.cwd);
  const maxMb = ctx.envSettings.renderCache.maxMegabytes;
  return {
    helm,
    concurrency: ctx.concurrency(),
    skipDeps: ctx.settings.skipDeps,
    skipRefresh: ctx.settings.skipRefresh,
    template: templateCommandOptions(ctx),
    redact: (text) => ctx.redact(text),
    ...seedRepositories(ctx),
    ...(env.CHARTIFY_TEMPDIR ? { chartifyTempDir: resolve(ctx.host.cwd, env.CHARTIFY_TEMPDIR) } : {}),
    chartifyTools: chartifyTools(ctx.envSettings, ctx.host.cwd),
    ...(cacheDir === undefined
      ? {}
      : {
          cache: { dir: cacheDir, ...(maxMb === undefined ? {} : { maxMegabytes: maxMb }) },
        }),
  };
}
