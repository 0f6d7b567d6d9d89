/**
 * Runs the CLI and captures what it prints: in-process (the tests' one copy of this), or as a
 * process of its own from its sources through tsx (for tests that kill it).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { join, resolve } from "node:path";
import type { Environment } from "../../src/shared/io";
import { runCli } from "../../src/cli/main";

/** Exit code and the text written to stdout and stderr. */
export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** `pulumi-helmfile <argv>` run in `cwd` with exactly `env`. */
export async function captureCli(argv: readonly string[], cwd: string, env: Environment): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(argv, {
    cwd,
    env,
    writeStdout: (t) => (stdout += t),
    writeStderr: (t) => (stderr += t),
  });
  return { code, stdout, stderr };
}

/** A CLI process's exit status (or the signal that ended it) and what it printed. */
export interface CliProcessRun {
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

const ROOT = resolve(__dirname, "..", "..");
const CLI = [join(ROOT, "node_modules", "tsx", "dist", "cli.mjs"), join(ROOT, "src", "cli", "main.ts")];

/**
 * `pulumi-helmfile <argv>` from its sources, in a process group of its own (so a kill of the group
 * reaches the Pulumi CLI it runs too), in `cwd` with exactly `env`.
 */
export function spawnCli(
  argv: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): { child: ChildProcess; done: Promise<CliProcessRun> } {
  const child = spawn(process.execPath, [...CLI, ...argv], { cwd, env, detached: true });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<CliProcessRun>((res) =>
    child.on("close", (status, signal) => res({ status, signal, stdout, stderr })),
  );
  return { child, done };
}
