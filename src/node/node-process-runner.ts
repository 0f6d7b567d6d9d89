/**
 * The Node implementation of {@link ProcessRunner}. Commands run without a shell, so no
 * argument is ever re-parsed; the environment is `baseEnv` (default: this process's) with
 * `options.env` laid over it, which lets the CLI and the conformance runner give each run
 * its own environment without touching `process.env`.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from "node:child_process";
import type { CommandOptions, CommandResult, Environment, ProcessRunner } from "../shared/io";
import { trackChild } from "./process-cleanup";

/** Options of {@link NodeProcessRunner}. */
export interface NodeProcessRunnerOptions {
  /** Environment every command starts from; default `process.env`. */
  readonly baseEnv?: Environment;
  /** Working directory when a command gives none; default `process.cwd()`. */
  readonly cwd?: string;
}

/** Runs real processes. Exit code 127 with a message on stderr when the program is missing. */
export class NodeProcessRunner implements ProcessRunner {
  private readonly baseEnv: Environment;
  private readonly cwd: string | undefined;

  constructor(options: NodeProcessRunnerOptions = {}) {
    this.baseEnv = options.baseEnv ?? process.env;
    this.cwd = options.cwd;
  }

  private env(options: CommandOptions): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = {};
    for (const [k, v] of Object.entries(this.baseEnv)) if (v !== undefined) env[k] = v;
    for (const [k, v] of Object.entries(options.env ?? {})) env[k] = v;
    return env;
  }

  run(command: string, args: readonly string[], options: CommandOptions = {}): Promise<CommandResult> {
    const refused = refuseNulBytes(command, args, options);
    if (refused !== undefined) return Promise.resolve(refused);
    return new Promise((resolveResult) => {
      const child = spawn(command, [...args], {
        cwd: options.cwd ?? this.cwd,
        env: this.env(options),
        stdio: ["pipe", "pipe", "pipe"],
      });
      trackChild(child);
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      let spawnError: Error | undefined;
      const stopTimers = options.timeoutMs === undefined ? () => {} : stopOnTimeout(child, options.timeoutMs);
      child.stdout.on("data", (b: Buffer) => out.push(b));
      child.stderr.on("data", (b: Buffer) => err.push(b));
      child.on("error", (e) => {
        spawnError = e;
      });
      child.on("close", (code, signal) => {
        stopTimers();
        const stderr = Buffer.concat(err).toString("utf8");
        resolveResult({
          exitCode: spawnError !== undefined ? 127 : (code ?? (signal === null ? 1 : 128)),
          stdout: Buffer.concat(out).toString("utf8"),
          stderr: spawnError !== undefined ? `${stderr}${spawnError.message}\n` : stderr,
        });
      });
      child.stdin.on("error", () => {});
      child.stdin.end(options.input ?? "");
    });
  }

  runSync(command: string, args: readonly string[], options: CommandOptions = {}): CommandResult {
    const refused = refuseNulBytes(command, args, options);
    if (refused !== undefined) return refused;
    const r = spawnSync(command, [...args], {
      cwd: options.cwd ?? this.cwd,
      env: this.env(options),
      input: options.input ?? "",
      maxBuffer: 1024 * 1024 * 1024,
      ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs }),
    });
    if (r.error !== undefined) {
      return { exitCode: 127, stdout: "", stderr: `${r.error.message}\n` };
    }
    return {
      exitCode: r.status ?? 128,
      stdout: r.stdout.toString("utf8"),
      stderr: r.stderr.toString("utf8"),
    };
  }
}

/**
 * A NUL byte in the command, an argument or the environment (a chart path `./c\0x`): Go's
 * syscall.StartProcess fails with EINVAL (syscall.ByteSliceFromString), which os/exec reports
 * as `fork/exec <command>: invalid argument`; Node's spawn would throw its own
 * "must be a string without null bytes" instead.
 */
function refuseNulBytes(
  command: string,
  args: readonly string[],
  options: CommandOptions,
): CommandResult | undefined {
  const env = Object.entries(options.env ?? {}).flat();
  if (![command, ...args, ...env, options.cwd ?? ""].some((s) => s.includes("\0"))) return undefined;
  return {
    exitCode: 127,
    stdout: "",
    stderr: `fork/exec ${command.replaceAll("\0", "\\x00")}: invalid argument\n`,
  };
}

/** How long a timed-out command may ignore SIGTERM before it gets SIGKILL. */
const KILL_GRACE_MS = 1000;

/**
 * Arms the timeout of one async command: SIGTERM when it runs out of time (what `spawn`'s own
 * `timeout` sends), SIGKILL if it ignores that, and once it has exited our ends of its pipes
 * are closed, so a grandchild that still holds them (`sh -c` leaving a `sleep` behind) cannot
 * keep the command, and this process, waiting. Returns the function that disarms the timers.
 */
function stopOnTimeout(child: ChildProcessWithoutNullStreams, timeoutMs: number): () => void {
  let timedOut = false;
  let killTimer: ReturnType<typeof setTimeout> | undefined;
  const termTimer = setTimeout(() => {
    timedOut = true;
    child.kill("SIGTERM");
    killTimer = setTimeout(() => child.kill("SIGKILL"), KILL_GRACE_MS);
  }, timeoutMs);
  child.on("exit", () => {
    clearTimeout(termTimer);
    clearTimeout(killTimer);
    if (!timedOut) return;
    child.stdout.destroy();
    child.stderr.destroy();
  });
  return () => {
    clearTimeout(termTimer);
    clearTimeout(killTimer);
  };
}
