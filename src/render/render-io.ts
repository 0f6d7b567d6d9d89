/**
 * What the render stage needs from the outside world beyond the read-only
 * {@link FileSystem}: private scratch space (temp values files, the isolated helm home)
 * and the render cache. The Node implementation is `src/node/node-scratch-fs.ts`.
 */

/** File metadata the render cache needs. */
export interface ScratchStat {
  readonly isDirectory: boolean;
  readonly size: number;
  readonly mtimeMs: number;
}

/** Writable file operations, all synchronous and on absolute paths. */
export interface ScratchFileSystem {
  /** Creates a fresh directory (mode 0700) under the system temp dir; returns its path. */
  makeTempDir(prefix: string): string;
  /** Creates a directory and its parents (mode 0700 for the ones it creates). */
  makeDir(path: string): void;
  /** Writes a file with the given mode (default 0600), replacing it. */
  writeFile(path: string, content: string, mode?: number): void;
  /** Writes raw bytes (binary chart files); optional, text-only copies fall back to `writeFile`. */
  writeBytes?(path: string, content: Uint8Array, mode?: number): void;
  /** Atomically moves a file into place (same file system). */
  rename(from: string, to: string): void;
  /** Removes a file or a directory tree; no error when absent. */
  remove(path: string): void;
  /** Metadata, or undefined when absent. */
  stat(path: string): ScratchStat | undefined;
  /** Sets the modification time to now (LRU bookkeeping). */
  touch(path: string): void;
  /** Relative paths (`/`-separated) of every file below `dir`, sorted; symlinks followed. */
  listFilesRecursive(dir: string): string[];
}
