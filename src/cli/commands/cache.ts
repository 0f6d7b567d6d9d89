/** `cache info` and `cache cleanup`: the render cache (helmfile's own cache holds remote files, which we never fetch). */
import { existsSync, readdirSync, rmSync } from "node:fs";
import { commandHelp } from "../help";
import type { CliContext } from "../cli-context";
import type { CommandSpec } from "./command-spec";

async function runCache(ctx: CliContext): Promise<number> {
  const [sub] = ctx.positionals;
  // As cobra: no subcommand, or a word that is not one, prints the command's help and succeeds;
  // words after the subcommand are ignored.
  if (sub !== "info" && sub !== "cleanup") {
    ctx.host.writeStdout(commandHelp(cacheCommand));
    return 0;
  }
  const dir = ctx.envSettings.renderCache.dir;
  const entries = existsSync(dir) ? readdirSync(dir).sort() : [];
  ctx.host.writeStdout(`${sub === "info" ? "Cache directory" : "Cleaning up cache directory"}: ${dir}\n`);
  for (const e of entries) ctx.host.writeStdout(`- ${e}\n`);
  if (sub === "cleanup") rmSync(dir, { recursive: true, force: true });
  return 0;
}

/** The `cache` command. */
export const cacheCommand: CommandSpec = {
  name: "cache",
  summary: "Show (info) or remove (cleanup) the render cache",
  usage: " info|cleanup",
  flags: [],
  run: runCache,
};
