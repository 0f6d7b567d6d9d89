/**
 * `explain <release> <key.path>` / `explain --state <key.path>`: which layer set a value, and
 * every layer that set it before. Thin: loads with `explain: true`, calls `explainValue`.
 */
import { explainValue } from "../../merge/explain/explain-value";
import { explainJson, explainText } from "../../merge/explain/format-explain";
import type { CliContext } from "../cli-context";
import { flagBool, flagString } from "../parse-args";
import type { CommandSpec } from "./command-spec";

async function runExplain(ctx: CliContext): Promise<number> {
  const state = flagBool(ctx.flags, "state");
  const [first, second] = ctx.positionals;
  const key = state ? first : second;
  if (key === undefined || (!state && first === undefined)) {
    ctx.host.writeStderr("usage: explain <release> <key.path> | explain --state <key.path>\n");
    return 2;
  }
  const desired = await ctx.loadDesiredState({ explain: true, ...(state ? { releaseValues: false } : {}) });
  const result = explainValue(desired, { key, ...(state ? {} : { release: first }) }, { fs: ctx.fs });
  ctx.host.writeStdout(
    flagString(ctx.flags, "output") === "json" ? `${explainJson(result)}\n` : explainText(result),
  );
  return result.found ? 0 : 1;
}

/** The `explain` command. */
export const explainCommand: CommandSpec = {
  name: "explain",
  summary: "Show which layer set a state or release value, and the chain of layers behind it",
  flags: [
    {
      name: "state",
      type: "bool",
      help: "explain a state value (.Values of the state) instead of a release value",
    },
    { name: "output", short: "o", type: "string", help: "output format: text (default) or json" },
  ],
  run: runExplain,
};
