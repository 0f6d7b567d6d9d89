/**
 * An in-memory {@link FileSystem} for tests and conformance vectors: absolute POSIX paths,
 * directories implied by file paths.
 */
import type { FileSystem } from "../shared/io";
import { LoadError } from "../shared/errors";
import { posix } from "node:path";

/** Converts a glob pattern (`*`, `**`, `?`, `[...]`) to a regular expression over whole paths. */
export function globToRegExp(pattern: string): RegExp {
  let re = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === "*") {
      if (pattern[i + 1] === "*") {
        re += ".*";
        i++;
        if (pattern[i + 1] === "/") i++;
      } else re += "[^/]*";
    } else if (c === "?") re += "[^/]";
    else if (c === "[") {
      const end = pattern.indexOf("]", i + 1);
      if (end < 0) re += "\\[";
      else {
        const body = pattern
          .slice(i + 1, end)
          .replace(/^!/, "^")
          .replace(/\\/g, "\\\\");
        re += `[${body}]`;
        i = end;
      }
    } else re += /[.+^${}()|\\]/.test(c) ? `\\${c}` : c;
  }
  return new RegExp(`^${re}$`);
}

/** Options of {@link MemoryFileSystem}. */
export interface MemoryFileSystemOptions {
  /** Called on each successful `readFile` (vectors check helmfile's read order). */
  readonly onRead?: (path: string) => void;
}

/** A read-only file system over a path → content table. */
export class MemoryFileSystem implements FileSystem {
  private readonly files = new Map<string, string>();
  private readonly dirs = new Set<string>(["/"]);

  constructor(
    files: Readonly<Record<string, string>> = {},
    private readonly options: MemoryFileSystemOptions = {},
  ) {
    for (const [p, content] of Object.entries(files)) this.write(p, content);
  }

  /** Adds or replaces a file (parent directories are implied). */
  write(path: string, content: string): void {
    const p = posix.normalize(path);
    this.files.set(p, content);
    let d = posix.dirname(p);
    while (!this.dirs.has(d)) {
      this.dirs.add(d);
      d = posix.dirname(d);
    }
  }

  /** Adds an empty directory. */
  mkdir(path: string): void {
    this.write(posix.join(path, ".keep-dir"), "");
    this.files.delete(posix.join(posix.normalize(path), ".keep-dir"));
  }

  readFile(path: string): string {
    const p = posix.normalize(path);
    const content = this.files.get(p);
    if (content === undefined) {
      throw new LoadError("FILE_NOT_FOUND", `open ${path}: no such file or directory`, { file: path });
    }
    this.options.onRead?.(p);
    return content;
  }

  readBytes(path: string): Uint8Array {
    return new TextEncoder().encode(this.readFile(path));
  }

  exists(path: string): boolean {
    const p = posix.normalize(path);
    return this.files.has(p) || this.dirs.has(p);
  }

  isDirectory(path: string): boolean {
    return this.dirs.has(posix.normalize(path));
  }

  isFile(path: string): boolean {
    return this.files.has(posix.normalize(path));
  }

  readDir(path: string): string[] {
    const d = posix.normalize(path);
    const names = new Set<string>();
    for (const p of [...this.files.keys(), ...this.dirs]) {
      if (p !== d && posix.dirname(p) === d) names.add(posix.basename(p));
    }
    return [...names].sort();
  }

  glob(pattern: string): string[] {
    const re = globToRegExp(posix.normalize(pattern));
    return [...this.files.keys(), ...this.dirs].filter((p) => re.test(p)).sort();
  }
}
