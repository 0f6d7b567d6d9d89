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
  /**
   * Whether the command changes the cluster or the stack's state, and so runs to its end when its
   * output can no longer be written (a closed pipe) rather than stop half-applied; default false:
   * the command stops (src/node/process-cleanup.ts handleClosedOutput).
   */
  readonly runsToTheEnd?: boolean;
  run(ctx: CliContext): Promise<number>;
}
