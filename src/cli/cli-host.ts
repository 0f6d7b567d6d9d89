/**
 * What the CLI gets from its process: working directory, environment and the two output
 * streams. `main.ts` binds it to the real process; the conformance runner and tests bind it
 * to buffers, so one process can run many CLI invocations without shared state.
 */
import type { Environment } from "../shared/io";
import type { CommandSpec } from "./commands/command-spec";

/** The process-level inputs and outputs of one CLI invocation. */
export interface CliHost {
  /** Absolute working directory. */
  readonly cwd: string;
  readonly env: Environment;
  writeStdout(text: string): void;
  writeStderr(text: string): void;
  /** Whether stderr is a terminal (colours by default); default false. */
  readonly isTTY?: boolean;
  /** Receives the error that ended the invocation (before it is printed); default: none. Tests match its `code`. */
  reportError?(err: unknown): void;
  /** Told the command about to run, once its arguments are parsed; default: none. */
  commandStarts?(command: CommandSpec): void;
}
