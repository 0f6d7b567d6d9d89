/**
 * `template`: renders every selected release with `helm template`, printing helmfile's log
 * lines on stderr and the manifests on stdout (each release's output followed by one extra
 * newline, exactly like helmfile). States are processed in helmfile's order.
 */
import {
  checkUnselectedNeeds,
  openRenderSession,
  stateEnvironment,
  templateOutputDir,
  type RenderOptions,
} from "../../render";
import type { DesiredState, PreparedRelease } from "../../shared/model";
import type { CliContext } from "../cli-context";
import { withStateHooks } from "../hook-io";
import { flagBool } from "../parse-args";
import type { CommandSpec } from "./command-spec";
import { renderOptions } from "./render-options";
import { loadForCommand, noMatchExit } from "./no-releases";

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
  // helmfile logs what reading a release's values found just before templating it.
  // A bad `condition:` fails in chart preparation, with or without selectors (`[…]`).
  const desired = await loadForCommand(ctx, {
    deferValuesLogs: true,
    conditionErrors: { withSelectors: "prepare", withoutSelectors: "prepare" },
  });
  const noMatch = noMatchExit(ctx, desired, { byCondition: true });
  if (noMatch !== undefined) return noMatch;
  if (desired.releases.length === 0) return 0;
  await checkNeedsSelected(ctx, desired);
  const options = await renderOptions(ctx);
  checkOutputDirs(desired, options);
  const session = openRenderSession(options, {
    fs: ctx.fs,
    runner: ctx.runner,
    scratch: ctx.scratch,
    logger: ctx.logger,
  });
  try {
    for (const state of desired.states) {
      await withStateHooks(ctx, "template", state, async () => {
        const result = await session.renderState(state);
        for (const r of result.rendered) {
          replayValuesLog(ctx, r.release);
          ctx.logger.info(`Templating release=${r.release.name}, chart=${r.displayChart}`);
          if (r.outputLog !== undefined && r.outputLog !== "") ctx.logger.info(r.outputLog);
          if (r.manifest !== "") ctx.host.writeStdout(`${r.manifest}\n`);
        }
        if (result.failed !== undefined) replayValuesLog(ctx, result.failed.release);
        if (result.failed !== undefined)
          ctx.logger.info(
            `Templating release=${result.failed.release.name}, chart=${result.failed.displayChart}`,
          );
        if (result.error !== undefined) throw result.error;
      });
    }
  } finally {
    session.dispose();
  }
  return 0;
}

function replayValuesLog(ctx: CliContext, release: PreparedRelease): void {
  for (const line of release.valuesLog ?? []) ctx.logger[line.level](line.message);
}

/** The `template` command. */
export const templateCommand: CommandSpec = {
  name: "template",
  summary: "Template releases defined in state file",
  flags: TEMPLATE_FLAGS,
  run: runTemplate,
};

/** Every release's `--output-dir`/`--output-dir-template` path is checked before any is created. */
function checkOutputDirs(desired: DesiredState, options: RenderOptions): void {
  const t = options.template ?? {};
  if ((t.outputDir ?? "") === "" && (t.outputDirTemplate ?? "") === "") return;
  for (const state of desired.states)
    for (const r of state.releases)
      templateOutputDir(t.outputDir ?? "", r, stateEnvironment(state), t.outputDirTemplate ?? "");
}

/**
 * `--skip-needs=false` without an include flag: a selected release must not need an
 * unselected one (helmfile's default `skip-needs` is true, so this runs only on request).
 */
async function checkNeedsSelected(ctx: CliContext, desired: DesiredState): Promise<void> {
  const include = flagBool(ctx.flags, "include-needs") || flagBool(ctx.flags, "include-transitive-needs");
  if (ctx.flags["skip-needs"] !== false || include || ctx.settings.selectors.length === 0) return;
  const all = await ctx.loadDesiredState({ selectors: [] });
  const err = checkUnselectedNeeds(desired, all);
  if (err !== undefined) throw err;
}
