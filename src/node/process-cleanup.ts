/**
 * What must not outlive this process when it is stopped by a signal: child processes (helm,
 * sops, `exec` commands) and temporary files and directories (values files may hold secrets,
 * written 0600). {@link NodeProcessRunner} and {@link NodeScratchFileSystem} register what they
 * start and create here; {@link installSignalCleanup} makes SIGINT and SIGTERM stop the
 * children, remove the temporary paths and exit with the shell's code (130, 143).
 */
import { rmSync } from "node:fs";
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

/** How long children get to exit after SIGTERM before they get SIGKILL. */
const KILL_GRACE_MS = 500;
const EXIT_CODES: Readonly<Record<string, number>> = { SIGINT: 130, SIGTERM: 143 };

let installed = false;

/**
 * Installs SIGINT/SIGTERM handlers that clean up (see {@link cleanupNow}) and exit with
 * 130/143. Idempotent. A second signal while cleaning up exits at once.
 */
export function installSignalCleanup(exit: (code: number) => void = (c) => process.exit(c)): void {
  if (installed) return;
  installed = true;
  let stopping = false;
  for (const signal of Object.keys(EXIT_CODES) as NodeJS.Signals[]) {
    process.on(signal, () => {
      const code = EXIT_CODES[signal] ?? 1;
      if (stopping) return exit(code);
      stopping = true;
      cleanupNow();
      if (children.size === 0) return exit(code);
      const timer = setTimeout(() => {
        for (const c of children) c.kill("SIGKILL");
        exit(code);
      }, KILL_GRACE_MS);
      const done = (): void => {
        if (children.size > 0) return;
        clearTimeout(timer);
        exit(code);
      };
      for (const c of children) c.once("exit", () => setImmediate(done));
    });
  }
}
