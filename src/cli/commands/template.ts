/**
 * `template`: renders every selected release with `helm template`, printing helmfile's log
 * lines on stderr and the manifests on stdout (each release's output followed by one extra
 * newline, exactly like helmfile). States are processed in helmfile's order.
 */
import { openRenderSession, stateEnvironment, templateOutputDir, type RenderOptions } from "../../render";
import type { DesiredState, LoadedState, PreparedRelease } from "../../shared/model";
import type { RenderedRelease } from "../../render";
import { dagGroups, tabwriter } from "./show-dag";
import type { CliContext } from "../cli-context";
import { withStateHooks } from "../hook-io";
import { inStateFile } from "../state-errors";
import { flagBool, flagString } from "../parse-args";
import type { CommandSpec } from "./command-spec";
import { renderOptions, stateBaseDir } from "./render-options";
import { basename, isAbsolute, posix, relative, sep } from "node:path";
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
  // Nothing to template: helmfile has still converged (and warned for) every state.
  if (desired.releases.length === 0) for (const state of desired.states) replayLoadLog(ctx, state);
  const noMatch = noMatchExit(ctx, desired, { byCondition: true });
  if (noMatch !== undefined) return noMatch;
  if (desired.releases.length === 0) return 0;
  const include = flagBool(ctx.flags, "include-needs") || flagBool(ctx.flags, "include-transitive-needs");
  // `--skip-needs=false` without an include flag: each state's plan refuses a selected release
  // that needs an unselected one (helmfile's default `skip-needs` is true).
  const options = {
    ...(await renderOptions(ctx)),
    requireSelectedNeeds: ctx.flags["skip-needs"] === false && !include,
    // chartify runs inside helmfile and prints to its stdout (a blank line per kustomize build).
    onChartifyStdout: (text: string) => ctx.host.writeStdout(text),
  };
  checkOutputDirs(desired, options);
  const session = openRenderSession(options, {
    fs: ctx.fs,
    runner: ctx.runner,
    scratch: ctx.scratch,
    // The render stage's own `exec:` lines are replaced by helmfile's, printed below.
    logger: { ...ctx.logger, debug: (m) => (m.startsWith("exec: ") ? undefined : ctx.logger.debug(m)) },
  });
  try {
    for (const state of desired.states) {
      replayLoadLog(ctx, state);
      await withStateHooks(ctx, "template", state, async () => {
        // helmfile prepares the charts first, then plans and templates.
        const result = await session.renderState(state, () => logPlan(ctx, state));
        for (const r of result.rendered) {
          replayValuesLog(ctx, r.release);
          ctx.logger.info(`Templating release=${r.release.name}, chart=${r.displayChart}`);
          ctx.logger.debug(execLine(r, options.helm.path));
          if (r.outputLog !== undefined && r.outputLog !== "")
            ctx.logger.info(relativeWrote(ctx, r.outputLog));
          if (r.manifest !== "") ctx.host.writeStdout(`${r.manifest}\n`);
        }
        if (result.failed !== undefined) replayValuesLog(ctx, result.failed.release);
        if (result.failed !== undefined)
          ctx.logger.info(
            `Templating release=${result.failed.release.name}, chart=${result.failed.displayChart}`,
          );
        if (result.error !== undefined) throw inStateFile(ctx, state, result.error);
      });
    }
  } finally {
    session.dispose();
  }
  return 0;
}

/**
 * helmfile's `--debug` account of a state before it templates (pkg/app/app.go,
 * pkg/app/desired_state_file_loader / withDAG): how many releases the selectors matched, the
 * deployment groups, then one line per group.
 */
function logPlan(ctx: CliContext, state: LoadedState): void {
  // The count includes `installed: false` releases; the groups do not.
  const releases = state.releases.filter((r) => r.installed);
  const selectors = ctx.settings.selectors;
  const matching = selectors.length > 0 ? `matching ${selectors.join(",")} ` : "";
  ctx.logger.debug(`${state.releases.length} release(s) ${matching}found in ${state.displayPath}\n\n`);
  const groups = dagGroups(releases);
  const count = Math.max(0, ...groups.values());
  const batch = (g: number): string =>
    releases
      .filter((r) => groups.get(r) === g)
      .map((r) => r.id)
      .join(", ");
  const rows = [["GROUP", "RELEASES"]];
  for (let g = 1; g <= count; g++) rows.push([String(g), batch(g)]);
  ctx.logger.debug(`processing ${count} groups of releases in this order:\n${tabwriter(rows)}\n`);
  for (let g = 1; g <= count; g++)
    ctx.logger.debug(`processing releases in group ${g}/${count}: ${batch(g)}`);
}

/** helmfile's `exec: helm template …` line: the binary by name, a local chart as written, values files named. */
function execLine(r: RenderedRelease, helmPath: string): string {
  const chartAbs = posix.resolve(r.release.baseDir, r.displayChart);
  const args = r.args.map((a) => (a === chartAbs ? r.displayChart : a));
  return `exec: ${basename(helmPath)} ${args.join(" ")}`;
}

/**
 * helm's `wrote <file>` lines name the folder as helm was given it: helmfile passes a relative
 * `--output-dir` on as it is (run in the state's folder), we pass it absolute; shown relative.
 */
function relativeWrote(ctx: CliContext, log: string): string {
  const given = flagString(ctx.flags, "output-dir") ?? "";
  if (given === "" || isAbsolute(given)) return log;
  const base = stateBaseDir(ctx);
  return log.replace(/^wrote (\S.*)$/gm, (line, path: string) =>
    path.startsWith(`${base}${sep}`) ? `wrote ${relative(base, path)}` : line,
  );
}

function replayLoadLog(ctx: CliContext, state: LoadedState): void {
  for (const line of state.loadLog ?? []) ctx.logger[line.level](line.message);
}

/** What helmfile logs for a release just before templating it: its needs warnings (ApplyOverrides), then its values. */
function replayValuesLog(ctx: CliContext, release: PreparedRelease): void {
  for (const message of release.needsWarnings ?? []) ctx.logger.warn(message);
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
