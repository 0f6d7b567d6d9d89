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
import type { CommandSpec } from "./command-spec";
import { reportNoReleases } from "./no-releases";

/** go-yaml version helmfile uses for output, from `HELMFILE_GO_YAML_V3`. */
export function goYamlVersion(env: Environment): "v2" | "v3" {
  return env.HELMFILE_GO_YAML_V3 === "false" ? "v2" : "v3";
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
  // helmfile prints each visited state before it reports that the selectors matched nothing.
  const desired = await ctx.loadDesiredState({ releaseValues: false, allowNoMatchingRelease: true });
  for (const state of desired.states) ctx.host.writeStdout(formatBuiltState(state, ctx.host.env));
  return desired.releases.length === 0 ? reportNoReleases(ctx) : 0;
}

/** The `build` command. */
export const buildCommand: CommandSpec = {
  name: "build",
  summary: "Build all resources from state file only when there are no errors",
  flags: [{ name: "embed-values", type: "bool" }],
  run: runBuild,
};
