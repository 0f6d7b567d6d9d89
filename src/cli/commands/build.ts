/**
 * `build`: prints each loaded state as helmfile does: `---`, `#  Source: <absolute path>`,
 * an empty line, then the state document in go-yaml's format (v3 unless
 * `HELMFILE_GO_YAML_V3=false`).
 */
import { ConfigError } from "../../shared/errors";
import { encodeYaml } from "../../shared/yaml/encode";
import type { LoadedState } from "../../shared/model";
import type { Environment } from "../../shared/io";
import type { CliContext } from "../cli-context";
import { withStateHooks } from "../hook-io";
import type { CommandSpec } from "./command-spec";
import { loadForCommand, noMatchExit } from "./no-releases";
import { goYamlVersionFromEnv } from "../../shared/yaml";

/** go-yaml version helmfile uses for output, from `HELMFILE_GO_YAML_V3`. */
export function goYamlVersion(env: Environment): "v2" | "v3" {
  return goYamlVersionFromEnv(env);
}

/** One state as `helmfile build` prints it. */
export function formatBuiltState(state: LoadedState, env: Environment): string {
  // The document keeps helmfile's struct field order; nested maps were ordered by the loader.
  const yaml = encodeYaml(state.document, { version: goYamlVersion(env), sortKeys: false });
  return `---\n#  Source: ${state.file}\n\n${yaml}`;
}

async function runBuild(ctx: CliContext): Promise<number> {
  if (ctx.flags["embed-values"] === true) {
    throw new ConfigError("CLI_UNSUPPORTED", "build --embed-values is not supported yet", {
      found: "--embed-values",
    });
  }
  // helmfile's build and list never read release values or secrets (app.go PrintState, ListReleases).
  const desired = await loadForCommand(ctx, { releaseValues: false });
  // helmfile prints each state as it visits it, so the states come before "no releases found".
  for (const state of desired.states)
    await withStateHooks(ctx, "build", state, () => {
      ctx.host.writeStdout(formatBuiltState(state, ctx.host.env));
      return Promise.resolve();
    });
  return noMatchExit(ctx, desired) ?? 0;
}

/** The `build` command. */
export const buildCommand: CommandSpec = {
  name: "build",
  summary: "Build all resources from state file only when there are no errors",
  flags: [{ name: "embed-values", type: "bool" }],
  run: runBuild,
};
