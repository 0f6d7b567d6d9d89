/** The shape of a CLI command in the command table (`src/cli/commands/index.ts`). */
import type { CliContext } from "../cli-context";
import type { FlagSpec } from "../parse-args";

/** One subcommand: its own flags and what it does. Returns the exit code. */
export interface CommandSpec {
  readonly name: string;
  readonly summary: string;
  readonly flags: readonly FlagSpec[];
  /** Positional arguments for the usage line, e.g. ` bash|zsh|fish`; default none. */
  readonly usage?: string;
  run(ctx: CliContext): Promise<number>;
}
