/** `lint`: `helm lint` on every selected release's chart with its values, like helmfile. */
import { RenderError } from "../../shared/errors";
import type { CliContext } from "../cli-context";
import { withStateHooks } from "../hook-io";
import { inStateFile } from "../state-errors";
import type { CommandSpec } from "./command-spec";
import { renderOptions } from "./render-options";

async function runLint(ctx: CliContext): Promise<number> {
  // Lazy edge: the state loader and renderer load when the command runs, not for --help.
  const { createHelmHome, lintState, planReleases, syncRepositories } = await import("../../render");
  // A bad `condition:` fails in chart preparation, with or without selectors (`[…]`).
  const desired = await ctx.loadDesiredState({
    conditionErrors: { withSelectors: "prepare", withoutSelectors: "prepare" },
  });
  const options = await renderOptions(ctx);
  const home = createHelmHome(ctx.scratch, options.seedRepositories);
  const io = { fs: ctx.fs, runner: ctx.runner, scratch: ctx.scratch, logger: ctx.logger };
  const errors: RenderError[] = [];
  try {
    for (const state of desired.states) {
      if (!ctx.settings.skipDeps && !ctx.settings.skipRefresh)
        await syncRepositories(state.repositories, options.helm, ctx.runner, home.env, ctx.logger);
      const found = await withStateHooks(
        ctx,
        "lint",
        state,
        () => {
          // helmfile plans over every release of the state: an undefined need fails it.
          try {
            planReleases(state.releases, state.dagNodes);
          } catch (err) {
            throw inStateFile(ctx, state, err);
          }
          return lintState(state, options, io, home.env, (t) => ctx.host.writeStdout(t));
        },
        (errs) => errs[0],
      );
      errors.push(...found);
    }
  } finally {
    home.dispose();
  }
  if (errors.length === 0) return 0;
  const body = errors.map((e, i) => `Error ${i + 1}:\n\n${e.message.replace(/^/gm, "  ")}`).join("\n\n");
  throw new RenderError("LINT_FAILED", `Failed with ${errors.length} errors:\n\n${body}`);
}

/** The `lint` command. */
export const lintCommand: CommandSpec = {
  name: "lint",
  summary: "Lint charts from state file (helm lint)",
  flags: [
    { name: "concurrency", type: "int" },
    { name: "args", type: "string" },
    { name: "set", type: "stringArray" },
    { name: "values", type: "stringArray" },
    { name: "skip-needs", type: "bool" },
    { name: "include-needs", type: "bool" },
    { name: "include-transitive-needs", type: "bool" },
  ],
  run: runLint,
};
