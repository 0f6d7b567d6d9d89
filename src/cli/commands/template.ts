/**
 * `template`: renders every selected release with `helm template`, printing helmfile's log
 * lines on stderr and the manifests on stdout (each release's output followed by one extra
 * newline, exactly like helmfile). States are processed in helmfile's order.
 */
import type { RenderOptions } from "../../render";
import type { DesiredState } from "../../shared/model";
import type { CliContext } from "../cli-context";
import { flagBool } from "../parse-args";
import type { CommandSpec } from "./command-spec";
import { renderOptions } from "./render-options";
import { reportNoReleases } from "./no-releases";

type RenderModule = typeof import("../../render");

/** Flags of `helmfile template`. */
export const TEMPLATE_FLAGS = [
  { name: "args", type: "string" },
  { name: "set", type: "stringArray" },
  { name: "values", type: "stringArray" },
  { name: "output-dir", type: "string" },
  { name: "output-dir-template", type: "string" },
  { name: "concurrency", type: "int" },
  { name: "validate", type: "bool" },
  { name: "include-crds", type: "bool" },
  { name: "skip-tests", type: "bool" },
  { name: "skip-needs", type: "bool" },
  { name: "include-needs", type: "bool" },
  { name: "include-transitive-needs", type: "bool" },
  { name: "enforce-needs-are-installed", type: "bool" },
  { name: "skip-cleanup", type: "bool" },
  { name: "no-hooks", type: "bool" },
  { name: "post-renderer", type: "string" },
  { name: "post-renderer-args", type: "stringArray" },
  { name: "skip-schema-validation", type: "bool" },
  { name: "kube-version", type: "string" },
  { name: "show-only", type: "stringArray" },
  { name: "template-args", type: "string" },
  { name: "cache", type: "bool" },
  { name: "cache-dir", type: "string" },
] as const;

/** Runs `template`. */
async function runTemplate(ctx: CliContext): Promise<number> {
  // Lazy edge: the state loader and renderer load when the command runs, not for --help.
  const render = await import("../../render");
  const desired = await ctx.loadDesiredState();
  if (desired.releases.length === 0) return reportNoReleases(ctx);
  await checkNeedsSelected(ctx, desired, render);
  const options = await renderOptions(ctx);
  checkOutputDirs(desired, options, render);
  const session = render.openRenderSession(options, {
    fs: ctx.fs,
    runner: ctx.runner,
    scratch: ctx.scratch,
    logger: ctx.logger,
  });
  try {
    for (const state of desired.states) {
      const result = await session.renderState(state);
      for (const r of result.rendered) {
        ctx.logger.info(`Templating release=${r.release.name}, chart=${r.displayChart}`);
        if (r.outputLog !== undefined && r.outputLog !== "") ctx.logger.info(r.outputLog);
        if (r.manifest !== "") ctx.host.writeStdout(`${r.manifest}\n`);
      }
      if (result.failed !== undefined)
        ctx.logger.info(
          `Templating release=${result.failed.release.name}, chart=${result.failed.displayChart}`,
        );
      if (result.error !== undefined) throw result.error;
    }
  } finally {
    session.dispose();
  }
  return 0;
}

/** The `template` command. */
export const templateCommand: CommandSpec = {
  name: "template",
  summary: "Template releases defined in state file",
  flags: TEMPLATE_FLAGS,
  run: runTemplate,
};

/** Every release's `--output-dir`/`--output-dir-template` path is checked before any is created. */
function checkOutputDirs(desired: DesiredState, options: RenderOptions, render: RenderModule): void {
  const t = options.template ?? {};
  if ((t.outputDir ?? "") === "" && (t.outputDirTemplate ?? "") === "") return;
  for (const state of desired.states)
    for (const r of state.releases)
      render.templateOutputDir(
        t.outputDir ?? "",
        r,
        render.stateEnvironment(state),
        t.outputDirTemplate ?? "",
      );
}

/**
 * `--skip-needs=false` without an include flag: a selected release must not need an
 * unselected one (helmfile's default `skip-needs` is true, so this runs only on request).
 */
async function checkNeedsSelected(
  ctx: CliContext,
  desired: DesiredState,
  render: RenderModule,
): Promise<void> {
  const include = flagBool(ctx.flags, "include-needs") || flagBool(ctx.flags, "include-transitive-needs");
  if (ctx.flags["skip-needs"] !== false || include || ctx.settings.selectors.length === 0) return;
  const all = await ctx.loadDesiredState({ selectors: [] });
  const err = render.checkUnselectedNeeds(desired, all);
  if (err !== undefined) throw err;
}
