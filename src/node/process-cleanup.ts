/**
 * What must not outlive this process when it is stopped by a signal: child processes (helm,
 * sops, `exec` commands) and temporary files and directories (values files may hold secrets,
 * written 0600). {@link NodeProcessRunner} and {@link NodeScratchFileSystem} register what they
 * start and create here; {@link installSignalCleanup} makes SIGINT and SIGTERM stop the
 * children, remove the temporary paths and exit with the shell's code (130, 143).
 *
 * Not every child is ours to track: the Automation API starts the `pulumi` CLI itself, and that
 * CLI starts its plugins (the Kubernetes provider, language hosts). A CLI stopped by SIGTERM dies
 * without stopping its plugins, which are then orphaned and may go on applying to the cluster. So
 * the handler also stops every descendant of this process, found from /proc before any is
 * signalled (once a parent dies its children are re-parented and can no longer be found).
 *
 * The engine (a `pulumi` process) is stopped first, and alone: on its first SIGINT or SIGTERM it
 * cancels the run and writes the stack's state, which it otherwise writes only when the operation
 * ends (src/automation/stack.ts, PULUMI_SKIP_CHECKPOINTS). It gets up to {@link ENGINE_GRACE_MS}
 * for that, with its plugins still running, before the rest is stopped. What the operation
 * registered to do with that state ({@link trackFinisher}) runs then.
 *
 * A CLI whose output's reader is gone stops the same way ({@link handleClosedOutput}).
 */
import { readdirSync, readFileSync, rmSync } from "node:fs";
import type { ChildProcess } from "node:child_process";

const children = new Set<ChildProcess>();
const tempPaths = new Set<string>();

/** Registers a running child; it is forgotten when it exits. */
export function trackChild(child: ChildProcess): void {
  children.add(child);
  child.once("exit", () => children.delete(child));
  child.once("error", () => children.delete(child));
}

/** Registers a temporary path to remove if the process is stopped. */
export function trackTempPath(path: string): void {
  tempPaths.add(path);
}

/** Forgets a temporary path (it was removed normally). */
export function untrackTempPath(path: string): void {
  tempPaths.delete(path);
}

const finishers = new Set<() => void>();

/**
 * Registers work to do once the engine has stopped after a signal (it exited, or its grace
 * ended), before the rest is stopped and the process exits: what the operation does with the
 * state the engine wrote where it is not the stack's own (a destroy against a copy of the state,
 * src/automation/operations.ts). Synchronous; each runs once.
 */
export function trackFinisher(finish: () => void): void {
  finishers.add(finish);
}

/** Forgets a finisher (the operation finished it itself). */
export function untrackFinisher(finish: () => void): void {
  finishers.delete(finish);
}

/** Runs and forgets every finisher; one that throws does not stop the others. */
function runFinishers(): void {
  for (const finish of [...finishers]) {
    finishers.delete(finish);
    try {
      finish();
    } catch {
      // Best effort: the process is exiting.
    }
  }
}

/** Stops every tracked child (SIGTERM, SIGKILL for those still alive) and removes every temp path. */
export function cleanupNow(): void {
  for (const c of children) c.kill("SIGTERM");
  // Longest paths first: files before the directories holding them.
  for (const p of [...tempPaths].sort((a, b) => b.length - a.length)) {
    try {
      rmSync(p, { recursive: true, force: true });
    } catch {
      // Best effort: the process is exiting.
    }
  }
  tempPaths.clear();
}

/**
 * Every descendant of `root` (children, their children, ...), read from Linux's /proc: each
 * `<pid>/stat` gives the parent's pid after the command name, which is in parentheses and may
 * itself hold spaces and parentheses. Empty where /proc cannot be read (other systems).
 */
export function descendantPids(root: number, procDir = "/proc"): number[] {
  let entries: string[];
  try {
    entries = readdirSync(procDir).filter((e) => /^\d+$/.test(e));
  } catch {
    return [];
  }
  const childrenOf = new Map<number, number[]>();
  for (const e of entries) {
    let stat: string;
    try {
      stat = readFileSync(`${procDir}/${e}/stat`, "utf8");
    } catch {
      continue; // Gone meanwhile.
    }
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ppid = Number(fields[1]);
    if (!Number.isInteger(ppid)) continue;
    const list = childrenOf.get(ppid) ?? [];
    list.push(Number(e));
    childrenOf.set(ppid, list);
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    for (const c of childrenOf.get(queue.shift() as number) ?? []) {
      if (found.includes(c) || c === root) continue;
      found.push(c);
      queue.push(c);
    }
  }
  return found;
}

function signalPid(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}

/** Whether `pid` still runs: a zombie (exited, not yet reaped by its new parent) does not. */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat[stat.lastIndexOf(")") + 2] !== "Z";
  } catch {
    return false;
  }
}

/** How long children get to exit after SIGTERM before they get SIGKILL. */
const KILL_GRACE_MS = 500;
/** How long the engine gets to cancel its run and write the stack's state before the rest is stopped. */
export const ENGINE_GRACE_MS = 5000;
/** How often the handler looks whether the descendants it signalled have exited. */
const POLL_MS = 50;
const EXIT_CODES: Readonly<Record<string, number>> = { SIGINT: 130, SIGTERM: 143 };

let installed = false;

/** The command name of a process (`/proc/<pid>/comm`), or "" when it cannot be read. */
function commandName(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return "";
  }
}

/**
 * Whether this process is in the foreground process group of its terminal (/proc/self/stat: the
 * process group, then the terminal's foreground group), where a typed Ctrl-C signals every process.
 */
function inForegroundGroup(): boolean {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const tpgid = Number(fields[5]);
    return tpgid > 0 && tpgid === Number(fields[2]);
  } catch {
    return false;
  }
}

/** What {@link installSignalCleanup} installed: stops the process as a SIGTERM does, with `code`. */
let stopWithCode: ((code: number) => void) | undefined;

/**
 * Installs SIGINT/SIGTERM handlers that clean up (see {@link cleanupNow}) and exit with
 * 130/143. Idempotent. A second signal while the engine writes its state stops the rest at
 * once; one after that exits at once.
 */
export function installSignalCleanup(exit: (code: number) => void = (c) => process.exit(c)): void {
  if (installed) return;
  installed = true;
  /** What a further signal does: nothing has started, the engine is being waited for, or the rest is stopping. */
  let stage: "running" | "engine" | "rest" = "running";
  let descendants: readonly number[] = [];
  let code = 1;
  /** Stops every descendant and tracked child (SIGTERM, then SIGKILL for those left), then exits. */
  const stopTheRest = (): void => {
    if (stage === "rest") return;
    stage = "rest";
    runFinishers();
    for (const pid of descendants) if (alive(pid)) signalPid(pid, "SIGTERM");
    const deadline = Date.now() + KILL_GRACE_MS;
    const poll = (): void => {
      const left = descendants.filter(alive);
      const tracked = [...children].filter((c) => c.exitCode === null && c.signalCode === null);
      if (left.length === 0 && tracked.length === 0) return exit(code);
      if (Date.now() < deadline) {
        setTimeout(poll, POLL_MS);
        return;
      }
      for (const pid of left) signalPid(pid, "SIGKILL");
      for (const c of tracked) c.kill("SIGKILL");
      exit(code);
    };
    poll();
  };
  const stop = (signal: NodeJS.Signals, exitCode: number): void => {
    if (stage === "engine") return stopTheRest();
    if (stage === "rest") return exit(code);
    stage = "engine";
    code = exitCode;
    descendants = descendantPids(process.pid);
    cleanupNow();
    const engines = descendants.filter((pid) => commandName(pid) === "pulumi");
    // A Ctrl-C typed at a terminal reaches its whole foreground process group, the engine too,
    // which is cancelling already: a second signal would make it quit without writing its state.
    if (signal === "SIGTERM" || !inForegroundGroup()) for (const pid of engines) signalPid(pid, signal);
    const engineDeadline = Date.now() + ENGINE_GRACE_MS;
    const waitForEngines = (): void => {
      if (stage !== "engine") return;
      if (engines.some(alive) && Date.now() < engineDeadline) {
        setTimeout(waitForEngines, POLL_MS);
        return;
      }
      stopTheRest();
    };
    waitForEngines();
  };
  for (const signal of Object.keys(EXIT_CODES) as NodeJS.Signals[])
    process.on(signal, () => stop(signal, EXIT_CODES[signal] ?? 1));
  stopWithCode = (exitCode) => stop("SIGTERM", exitCode);
}

/** The shell's status of a process a closed pipe stopped (128 + SIGPIPE), as helmfile's is. */
export const BROKEN_PIPE_EXIT_CODE = 141;

/**
 * What the CLI does when its output cannot be written any more (the reader of a pipe is gone:
 * `pulumi-helmfile diff | head`): no more output, and no JavaScript error. Node ignores SIGPIPE,
 * so without this the write's EPIPE is an unhandled `error` event; and while an inline Pulumi
 * program runs, the SDK's handler of uncaught exceptions logs each one to the same closed output,
 * which fails again, without end.
 * When `runsToTheEnd()` says so (a command that changes the cluster or the stack's state), the
 * command goes on to its end, silently, rather than stop half-applied. Otherwise the process
 * stops as a SIGTERM stops it ({@link installSignalCleanup}: the engine cancels, children and
 * temporary files go) and exits 141, the status a shell gives helmfile killed by SIGPIPE (1 for
 * another write error, such as ENOSPC).
 */
export function handleClosedOutput(
  streams: readonly NodeJS.EventEmitter[],
  runsToTheEnd: () => boolean,
  exit: (code: number) => void = (c) => process.exit(c),
): void {
  let closed = false;
  for (const stream of streams)
    stream.on("error", (err: NodeJS.ErrnoException) => {
      if (closed) return;
      closed = true;
      if (runsToTheEnd()) return;
      // Another failure to write (a full disk behind a redirection) stops it too, as an error.
      const code = err.code === "EPIPE" ? BROKEN_PIPE_EXIT_CODE : 1;
      if (stopWithCode === undefined) exit(code);
      else stopWithCode(code);
    });
}
