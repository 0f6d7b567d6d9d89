/**
 * The Node implementation of {@link FileSystem}: synchronous reads on the real disk. Only
 * `src/node/` (and the edges: cli, automation, conformance) may touch `node:fs`.
 */
import { existsSync, readFileSync, readdirSync, realpathSync, statSync } from "node:fs";
import { isAbsolute, join, resolve, sep } from "node:path";
import { LoadError } from "../shared/errors";
import type { FileSystem } from "../shared/io";

/** Reads the real file system; relative paths resolve against `cwd` (default `process.cwd()`). */
export class NodeFileSystem implements FileSystem {
  private readonly cwd: string;

  constructor(cwd?: string) {
    this.cwd = cwd ?? process.cwd();
  }

  private abs(path: string): string {
    return isAbsolute(path) ? path : resolve(this.cwd, path);
  }

  readFile(path: string): string {
    return Buffer.from(this.readBytes(path)).toString("utf8");
  }

  readBytes(path: string): Uint8Array {
    if (path.includes("\0")) {
      throw new LoadError("LOAD_INVALID_PATH", `cannot read file: the path contains a NUL byte`, {
        file: path.replace(/\0/g, "\\0"),
        found: JSON.stringify(path),
      });
    }
    const abs = this.abs(path);
    try {
      // A FIFO or device would block or never end, a directory cannot be read: refused first.
      const st = statSync(abs);
      if (!st.isFile()) {
        const kind = st.isDirectory()
          ? "is a directory"
          : st.isFIFO()
            ? "is a named pipe (FIFO)"
            : st.isSocket()
              ? "is a socket"
              : "is a device";
        throw new LoadError(
          "LOAD_NOT_A_FILE",
          `cannot read file: read ${path}: ${kind}, not a regular file`,
          {
            file: path,
            expected: "a regular file",
          },
        );
      }
      return readFileSync(abs);
    } catch (err) {
      if (err instanceof LoadError) throw err;
      throw new LoadError("FILE_NOT_FOUND", `cannot read file: open ${path}: ${errnoText(err)}`, {
        file: path,
        cause: err,
      });
    }
  }

  exists(path: string): boolean {
    return existsSync(this.abs(path));
  }

  isDirectory(path: string): boolean {
    return statOrUndefined(this.abs(path))?.isDirectory() ?? false;
  }

  isFile(path: string): boolean {
    return statOrUndefined(this.abs(path))?.isFile() ?? false;
  }

  readDir(path: string): string[] {
    try {
      return readdirSync(this.abs(path)).sort();
    } catch (err) {
      throw new LoadError("FILE_NOT_FOUND", `cannot read directory: ${errnoText(err)}`, {
        file: path,
        cause: err,
      });
    }
  }

  glob(pattern: string): string[] {
    const absPattern = this.abs(pattern);
    const parts = absPattern.split(sep);
    // The longest prefix without glob characters is where matching starts.
    let fixed = 0;
    while (fixed < parts.length && !/[*?[]/.test(parts[fixed] ?? "")) fixed++;
    if (fixed === parts.length) return existsSync(absPattern) ? [absPattern] : [];
    const base = parts.slice(0, fixed).join(sep) || sep;
    const out: string[] = [];
    matchSegments(base, parts.slice(fixed), out);
    return [...new Set(out)].sort();
  }
}

/** Matches glob segments level by level, so only `**` walks a whole tree. */
function matchSegments(
  dir: string,
  segments: readonly string[],
  out: string[],
  ancestors: ReadonlySet<string> = new Set(),
): void {
  const [seg, ...rest] = segments;
  if (seg === undefined) return;
  if (seg === "**") {
    // `**` matches zero or more directories.
    if (rest.length === 0) {
      walk(dir, "", (rel) => out.push(join(dir, rel)), new Set([realOf(dir)]));
      return;
    }
    matchSegments(dir, rest, out, ancestors);
    const seen = new Set(ancestors).add(realOf(dir));
    for (const name of safeReadDir(dir)) {
      const child = join(dir, name);
      // A symlink back to a directory being walked would repeat the walk without end.
      if (statOrUndefined(child)?.isDirectory() && !seen.has(realOf(child)))
        matchSegments(child, segments, out, seen);
    }
    return;
  }
  const re = segmentRegExp(seg);
  for (const name of safeReadDir(dir)) {
    if (!re.test(name)) continue;
    const child = join(dir, name);
    if (rest.length === 0) out.push(child);
    else if (statOrUndefined(child)?.isDirectory()) matchSegments(child, rest, out, ancestors);
  }
}

function safeReadDir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function statOrUndefined(path: string): ReturnType<typeof statSync> | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** Go's `syscall.Errno` texts for the errors a read can meet; never Node's `ENOENT: …` form. */
const ERRNO_TEXT: Readonly<Record<string, string>> = {
  ENOENT: "no such file or directory",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  ELOOP: "too many levels of symbolic links",
  ENOTDIR: "not a directory",
  EISDIR: "is a directory",
  ENAMETOOLONG: "file name too long",
  EMFILE: "too many open files",
};

function errnoText(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === "string" && ERRNO_TEXT[code] !== undefined) return ERRNO_TEXT[code];
  return err instanceof Error
    ? err.message.replace(/^E[A-Z]+: /, "").replace(/, \w+ '.*'$/, "")
    : String(err);
}

/** The real path of `path` (symlinks resolved), or `path` itself when it cannot be resolved. */
function realOf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** Visits every entry below `dir` (paths relative to the walk root, `/`-separated), entering no directory twice on one branch. */
function walk(dir: string, rel: string, visit: (rel: string) => void, ancestors: ReadonlySet<string>): void {
  let names: string[];
  try {
    names = readdirSync(join(dir, rel));
  } catch {
    return;
  }
  for (const name of names) {
    const childRel = rel === "" ? name : `${rel}/${name}`;
    visit(childRel);
    const child = join(dir, childRel);
    if (!statOrUndefined(child)?.isDirectory()) continue;
    const real = realOf(child);
    if (!ancestors.has(real)) walk(dir, childRel, visit, new Set(ancestors).add(real));
  }
}

/** Turns one glob segment (`*`, `?`, `[...]`) into an anchored regular expression. */
function segmentRegExp(seg: string): RegExp {
  let re = "";
  for (let i = 0; i < seg.length; i++) {
    const c = seg[i] as string;
    if (c === "*") re += "[^/]*";
    else if (c === "?") re += "[^/]";
    else if (c === "[") {
      const end = seg.indexOf("]", i + 1);
      if (end < 0) re += "\\[";
      else {
        const body = seg
          .slice(i + 1, end)
          .replace(/^!/, "^")
          .replace(/\\/g, "\\\\");
        re += `[${body}]`;
        i = end;
      }
    } else re += c.replace(/[.+^${}()|\\]/g, "\\$&");
  }
  return new RegExp(`^${re}$`);
}
