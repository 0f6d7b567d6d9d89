/**
 * `deps`: helmfile's dependency update (app.go Deps, state.go UpdateDeps): adds the states'
 * repositories (unless `--skip-repos`), runs `helm dependency update` on every selected
 * release's local chart, then resolves the repository charts' versions through a temporary
 * chart and writes the state's lock file (./deps-lock.ts). Charts are not rendered.
 */
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { lockFileOf, syncRepositories } from "../../render";
import { isLocalChart } from "../../render/chart-ref";
import { RenderError } from "../../shared/errors";
import type { LoadedState } from "../../shared/model";
import type { CliContext } from "../cli-context";
import {
  lockFileFromChartLock,
  lockStateName,
  temporaryChartYaml,
  unresolvedDependencies,
} from "../deps-lock";
import { flagBool } from "../parse-args";
import type { CommandSpec } from "./command-spec";
import { loadForCommand, noMatchExit } from "./no-releases";
import { ownVersion } from "./version";

async function updateDeps(
  ctx: CliContext,
  chart: string,
  dir: string,
  env: Record<string, string>,
): Promise<void> {
  const helm = await ctx.helm();
  // helmexec.UpdateDeps logs the chart as the state names it, then helm's output.
  ctx.logger.info(`Updating dependency ${chart}`);
  const r = await ctx.runner.run(helm.path, ["dependency", "update", dir], { env });
  if (r.stdout.trim() !== "") ctx.logger.info(r.stdout.replace(/\n$/, ""));
  if (r.exitCode !== 0)
    throw new RenderError(
      "HELM_DEPENDENCY_UPDATE_FAILED",
      `helm dependency update ${chart} failed:\n${r.stderr.trim()}`,
      {
        found: r.stderr.trim(),
      },
    );
}

async function depsOfState(ctx: CliContext, state: LoadedState, env: Record<string, string>): Promise<void> {
  const dir = resolve(state.file, "..");
  // helmfile updates the local charts of the releases it would install (not `installed: false`).
  for (const r of state.releases) {
    if (!r.installed || !isLocalChart(r.chart)) continue;
    const path = resolve(dir, r.chart);
    if (existsSync(join(path, "Chart.yaml")) && statSync(path).isDirectory())
      await updateDeps(ctx, r.chart, path, env);
  }
  const deps = unresolvedDependencies(state);
  if (deps.length === 0) {
    ctx.logger.warn(
      "There are no repositories defined in your helmfile.yaml.\nThis means helmfile cannot update your dependencies or create a lock file.\nSee https://github.com/roboll/helmfile/issues/878 for more information.",
    );
    return;
  }
  const name = lockStateName(state.file);
  const lockFile = lockFileOf(state);
  const tmp = ctx.scratch.makeTempDir("deps-");
  try {
    writeFileSync(join(tmp, "Chart.yaml"), temporaryChartYaml(name, deps));
    // helm keeps what the old lock pins when it still satisfies the constraints.
    if (existsSync(lockFile)) writeFileSync(join(tmp, "Chart.lock"), readFileSync(lockFile));
    await updateDeps(ctx, tmp, tmp, env);
    const lock = lockFileFromChartLock(readFileSync(join(tmp, "Chart.lock"), "utf8"), ownVersion(), lockFile);
    writeFileSync(lockFile, lock);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

async function runDeps(ctx: CliContext): Promise<number> {
  // helmfile adds the repositories and writes the lock files before it reports that the selectors matched nothing.
  const desired = await loadForCommand(ctx, { releaseValues: false });
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(ctx.host.env)) if (v !== undefined) env[k] = v;
  for (const state of desired.states) {
    if (!flagBool(ctx.flags, "skip-repos"))
      await syncRepositories(state.repositories, await ctx.helm(), ctx.runner, env, ctx.logger);
    await depsOfState(ctx, state, env);
  }
  return noMatchExit(ctx, desired) ?? 0;
}

/** The `deps` command. */
export const depsCommand: CommandSpec = {
  name: "deps",
  summary: "Update charts based on their requirements and write the states' lock files",
  flags: [
    { name: "args", type: "string", refuse: "set repository and chart options in the state file" },
    { name: "concurrency", type: "int" },
    { name: "skip-repos", type: "bool" },
  ],
  run: runDeps,
};
