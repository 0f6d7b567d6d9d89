/** The Node implementation of the render stage's {@link ScratchFileSystem}. */
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ScratchFileSystem, ScratchStat } from "../render/render-io";
import { trackTempPath, untrackTempPath } from "./process-cleanup";

/** Real scratch files; temp dirs go under `tempRoot` (default the OS temp dir). */
export class NodeScratchFileSystem implements ScratchFileSystem {
  constructor(private readonly tempRoot: string = tmpdir()) {}

  makeTempDir(prefix: string): string {
    mkdirSync(this.tempRoot, { recursive: true });
    const dir = mkdtempSync(join(this.tempRoot, prefix));
    // Removed if a signal stops the process before the caller removes it.
    trackTempPath(dir);
    return dir;
  }

  makeDir(path: string): void {
    mkdirSync(path, { recursive: true, mode: 0o700 });
  }

  writeFile(path: string, content: string, mode = 0o600): void {
    writeFileSync(path, content, { mode });
    // Private files (values that may hold secrets) never outlive a signal.
    if (mode === 0o600) trackTempPath(path);
  }

  writeBytes(path: string, content: Uint8Array, mode = 0o600): void {
    writeFileSync(path, content, { mode });
  }

  rename(from: string, to: string): void {
    renameSync(from, to);
    untrackTempPath(from);
  }

  remove(path: string): void {
    rmSync(path, { recursive: true, force: true });
    untrackTempPath(path);
  }

  stat(path: string): ScratchStat | undefined {
    try {
      const s = statSync(path);
      return { isDirectory: s.isDirectory(), size: s.size, mtimeMs: s.mtimeMs };
    } catch {
      return undefined;
    }
  }

  touch(path: string): void {
    const now = new Date();
    try {
      utimesSync(path, now, now);
    } catch {
      // A concurrent run may have evicted the entry; the cache tolerates that.
    }
  }

  listFilesRecursive(dir: string): string[] {
    const out: string[] = [];
    const walk = (rel: string): void => {
      let names: string[];
      try {
        names = readdirSync(rel === "" ? dir : join(dir, rel));
      } catch {
        return;
      }
      for (const name of names) {
        const childRel = rel === "" ? name : `${rel}/${name}`;
        const s = this.stat(join(dir, childRel));
        if (s === undefined) continue;
        if (s.isDirectory) walk(childRel);
        else out.push(childRel);
      }
    };
    walk("");
    return out.sort();
  }
}
