/**
 * A copy of the stack's state (./preview-state.ts) that the engine can be started on before the
 * copy is known: in the copy's backend folder the stack's file is a named pipe (FIFO). `pulumi
 * preview` reads that file once, after its own start-up (the process, the project, the passphrase's
 * key: about 0.4 s of a partial preview's 1 s of engine), and its read waits there until the copy
 * is handed over ({@link PendingState.provide}). A partial preview of a large chart then starts the
 * engine while helm still renders the chart (./early-preview.ts).
 *
 * Nothing may leave the engine waiting for good:
 * - a copy that is not wanted after all is handed over empty: the engine's read gets no state and
 *   it fails at once ("failed to load checkpoint"), before running any program;
 * - an engine that ends before its read ({@link PendingState.engineGone}) releases a hand-over
 *   still waiting for it;
 * - on exit ({@link PendingState.close}, synchronous, for the signal cleanup) a read still waiting
 *   ends empty and the pipe is removed, so no later read waits;
 * - the folder of a process killed outright (SIGKILL) is swept by a later operation, which ends a
 *   read still waiting on its pipe first (./engine-tmp.ts).
 *
 * Only where named pipes exist (not Windows); elsewhere {@link pendingState} answers undefined and
 * the engine starts once the copy is written, as before. Once handed over, the copy is also put in
 * the pipe's place as a plain file, as the copy of a preview that does not start early is written:
 * its secrets sealed as in the stack's file, in the engine's private folder, removed with it; a
 * second read of the stack's file (which `pulumi preview` does not make) then finds it there.
 */
import { spawnSync } from "node:child_process";
import {
  closeSync,
  constants,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { open } from "node:fs/promises";
import { join } from "node:path";
import type { LocalStateLocation } from "./local-state";

/** The stack's file of a copy whose state is handed over later. */
export interface PendingState {
  /** The copy's backend (`file://<dir>`): the engine's `PULUMI_BACKEND_URL`. */
  readonly url: string;
  /**
   * Hands `text` (the checkpoint's JSON) to the engine's read of the stack's file; "" ends that read
   * with no state. Resolves once written, or once the engine is gone ({@link engineGone}); only the
   * first call hands anything over.
   */
  provide(text: string): Promise<void>;
  /** The engine has ended: a hand-over still waiting for its read is released (and writes nothing). */
  engineGone(): void;
  /** Synchronous, for exit: a read still waiting ends with no state, and the pipe is removed. */
  close(): void;
}

/** Whether this platform has named pipes the engine can read as a file. */
export function namedPipesAvailable(): boolean {
  return process.platform !== "win32";
}

/** Ends the read a process is blocked in on the pipe at `path`, if any: a writer that opens and goes. */
export function endWaitingRead(path: string): boolean {
  try {
    closeSync(openSync(path, constants.O_WRONLY | constants.O_NONBLOCK));
    return true;
  } catch {
    // ENXIO: nobody reads it; ENOENT: gone.
    return false;
  }
}

/** Releases a writer blocked in opening the pipe at `path`: a reader that opens and goes. */
function releaseWaitingWrite(path: string): void {
  try {
    closeSync(openSync(path, constants.O_RDONLY | constants.O_NONBLOCK));
  } catch {
    // gone
  }
}

/**
 * Makes the copy's backend under `dir` (Pulumi's project layout, as ./preview-state.ts
 * `writePreviewCopy` writes it) with a named pipe for the stack's file; undefined when no pipe can
 * be made (no `mkfifo`, another platform).
 */
export function pendingState(
  dir: string,
  location: LocalStateLocation,
  meta: string,
): PendingState | undefined {
  if (!namedPipesAvailable()) return undefined;
  const bookkeeping = join(dir, ".pulumi");
  const stacks = join(bookkeeping, "stacks", location.projectName);
  const fifo = join(stacks, `${location.stackName}.json`);
  try {
    mkdirSync(stacks, { recursive: true, mode: 0o700 });
    writeFileSync(join(bookkeeping, "meta.yaml"), meta, { mode: 0o600 });
    const made = spawnSync("mkfifo", ["-m", "600", fifo], { stdio: "ignore" });
    if (made.status !== 0 || !lstatSync(fifo).isFIFO()) return undefined;
  } catch {
    return undefined;
  }
  let handing: Promise<void> | undefined;
  let handed = false;
  let gone = false;
  let closed = false;
  // A writer's open that the thread pool has not begun yet would miss a reader that came and went
  // before it: the release is repeated until the hand-over has ended (a few milliseconds).
  const release = (tries = 200): void => {
    if (handing === undefined || handed) return;
    releaseWaitingWrite(fifo);
    if (tries > 0) setTimeout(() => release(tries - 1), 10).unref();
  };
  return {
    url: `file://${dir}`,
    provide(text) {
      handing ??=
        gone || closed
          ? Promise.resolve()
          : (async () => {
              // Opening a pipe to write waits (in libuv's thread pool) for its reader: the engine.
              const fd = await open(fifo, "w");
              try {
                // A writer released by engineGone finds no reader: EPIPE, and nothing is handed over.
                if (!gone) await fd.writeFile(text);
                // Any later read of the stack's file (an engine that read it twice would wait for good
                // on the pipe) finds the same text in a plain file, there before the pipe's read ends.
                if (!gone && !closed) {
                  const plain = `${fifo}.${process.pid}.tmp`;
                  writeFileSync(plain, text, { mode: 0o600 });
                  renameSync(plain, fifo);
                }
              } catch {
                // the engine went while it was written
              } finally {
                await fd.close();
              }
            })()
              .catch(() => undefined)
              .finally(() => {
                handed = true;
              });
      return handing;
    },
    engineGone() {
      gone = true;
      release();
    },
    close() {
      if (closed) return;
      closed = true;
      endWaitingRead(fifo);
      release();
      rmSync(fifo, { force: true });
    },
  };
}

/** Ends every read still waiting on a named pipe under `dir` (depth-limited): before it is removed. */
export function endWaitingReadsUnder(dir: string, depth = 6): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const path = join(dir, name);
    try {
      const st = lstatSync(path);
      if (st.isFIFO()) endWaitingRead(path);
      else if (st.isDirectory() && depth > 0) endWaitingReadsUnder(path, depth - 1);
    } catch {
      // gone
    }
  }
}
