/**
 * The engine's private temporary folder (see src/automation/stack.ts): named after the process that
 * made it, so that a later operation removes the folder of a process that no longer runs. A run
 * killed outright (SIGKILL, the machine lost) cannot remove its own, and the Kubernetes provider's
 * kubeconfig copies in it hold credentials.
 */
import { lstatSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { endWaitingReadsUnder } from "./pending-state";

const PREFIX = "pulumi-helmfile-engine-";
/** `pulumi-helmfile-engine-<pid>-<mkdtemp's six characters>`. */
const NAME = /^pulumi-helmfile-engine-(\d+)-[A-Za-z0-9]{6}$/;

/**
 * How long a folder must have been left alone before it is taken as stale: a process id is only
 * meaningful in its own pid namespace (two containers may share a temporary folder).
 */
const STALE_AFTER_MS = 10 * 60 * 1000;

/** Makes the operation's folder (0700) under `parent`, after removing those of processes gone. */
export function makeEngineTempDir(parent: string): string {
  sweepStaleEngineDirs(parent);
  return mkdtempSync(join(parent, `${PREFIX}${process.pid}-`));
}

/** Whether process `pid` runs (one of another user's counts: it cannot be signalled, but it runs). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Removes, under `parent`, the engine folders this user made in processes that no longer run and
 * that nothing has written to for ten minutes; this process's own are left (another operation of it
 * may be running). Never fails: a folder that cannot be read or removed is left as it is.
 */
export function sweepStaleEngineDirs(parent: string, now = Date.now()): string[] {
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return removed;
  }
  const uid = process.getuid?.();
  for (const name of names) {
    const m = NAME.exec(name);
    const pid = Number(m?.[1] ?? "0");
    if (m === null || pid <= 0 || pid === process.pid || running(pid)) continue;
    const path = join(parent, name);
    try {
      const st = lstatSync(path);
      if (!st.isDirectory() || (uid !== undefined && st.uid !== uid)) continue;
      if (now - st.mtimeMs < STALE_AFTER_MS) continue;
      // An engine started on a copy of the state still to be handed over (./pending-state.ts)
      // waits on its named pipe for good once its operation was killed: its read ends empty, and it ends.
      endWaitingReadsUnder(path);
      rmSync(path, { recursive: true, force: true });
      removed.push(path);
    } catch {
      // left as it is
    }
  }
  return removed;
}
