/**
 * The Node implementation of {@link FileSystem}: synchronous reads on the real disk. Only
 * `src/node/` (and the edges: cli, automation, conformance) may touch `node:fs`.
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
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
    try {
      return readFileSync(this.abs(path));
    } catch (err) {
      throw new LoadError("FILE_NOT_FOUND", `cannot read file: ${errnoText(err)}`, {
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
function matchSegments(dir: string, segments: readonly string[], out: string[]): void {
  const [seg, ...rest] = segments;
  if (seg === undefined) return;
  if (seg === "**") {
    // `**` matches zero or more directories.
    if (rest.length === 0) {
      walk(dir, "", (rel) => out.push(join(dir, rel)));
      return;
    }
    matchSegments(dir, rest, out);
    for (const name of safeReadDir(dir)) {
      const child = join(dir, name);
      if (statOrUndefined(child)?.isDirectory()) matchSegments(child, segments, out);
    }
    return;
  }
  const re = segmentRegExp(seg);
  for (const name of safeReadDir(dir)) {
    if (!re.test(name)) continue;
    const child = join(dir, name);
    if (rest.length === 0) out.push(child);
    else if (statOrUndefined(child)?.isDirectory()) matchSegments(child, rest, out);
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

function errnoText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Visits every entry below `dir` (paths relative to the walk root, `/`-separated). */
function walk(dir: string, rel: string, visit: (rel: string) => void): void {
  let names: string[];
  try {
    names = readdirSync(join(dir, rel));
  } catch {
    return;
  }
  for (const name of names) {
    const childRel = rel === "" ? name : `${rel}/${name}`;
    visit(childRel);
    if (statOrUndefined(join(dir, childRel))?.isDirectory()) walk(dir, childRel, visit);
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
