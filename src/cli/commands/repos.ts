/** `repos`: `helm repo add` for every repository of the states, into the user's helm configuration (as helmfile). */
import type { CliContext } from "../cli-context";
import type { CommandSpec } from "./command-spec";

async function runRepos(ctx: CliContext): Promise<number> {
  // Lazy edge: the state loader and renderer load when the command runs, not for --help.
  const { syncRepositories } = await import("../../render");
  const desired = await ctx.loadDesiredState({ releaseValues: false, allowNoMatchingRelease: true });
  const helm = await ctx.helm();
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(ctx.host.env)) if (v !== undefined) env[k] = v;
  for (const state of desired.states)
    await syncRepositories(state.repositories, helm, ctx.runner, env, ctx.logger);
  return 0;
}

/** The `repos` command. */
export const reposCommand: CommandSpec = {
  name: "repos",
  summary: "Add the states' chart repositories to helm (helm repo add)",
  flags: [{ name: "args", type: "string", refuse: "set repository options in the state's `repositories:`" }],
  run: runRepos,
};
