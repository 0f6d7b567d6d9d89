/**
 * helmfile's file functions: `readFile`, `readDir`, `readDirEntries`, `isFile`, `isDir`.
 * Relative paths resolve against the base path; errors read like Go's `os` errors.
 */
import {
  FuncError,
  GoStruct,
  fn,
  goStringFromBytes,
  typedSlice,
  type FuncSpec,
  type GoValue,
  type TemplateEnv,
} from "../../types";
import { goJoin, requireFs, resolveAgainstBase } from "./paths";

function notFound(op: string, path: string): FuncError {
  return new FuncError(`${op} ${path}: no such file or directory`);
}

/** `readFile`: the file's bytes as a Go string. */
export function readFile(env: TemplateEnv, name: string): string {
  const fs = requireFs(env, "readFile");
  const path = resolveAgainstBase(env, name);
  if (fs.isDirectory(path)) throw new FuncError(`read ${path}: is a directory`);
  if (!fs.exists(path)) throw notFound("open", path);
  return goStringFromBytes(fs.readBytes(path));
}

function listDir(
  env: TemplateEnv,
  funcName: string,
  label: string,
  name: string,
): { dir: string; names: string[] } {
  const fs = requireFs(env, funcName);
  const dir = resolveAgainstBase(env, name);
  if (!fs.exists(dir))
    throw new FuncError(`${label} ${JSON.stringify(dir)}: open ${dir}: no such file or directory`);
  if (!fs.isDirectory(dir))
    throw new FuncError(`${label} ${JSON.stringify(dir)}: readdirent ${dir}: not a directory`);
  return { dir, names: fs.readDir(dir) };
}

/** `readDir`: paths (`<arg>/<name>`) of the regular files in a directory, sorted by name. */
export function readDir(env: TemplateEnv, name: string): string[] {
  const { dir, names } = listDir(env, "readDir", "ReadDir", name);
  const fs = requireFs(env, "readDir");
  return typedSlice(
    names.filter((n) => !fs.isDirectory(goJoin(dir, n))).map((n) => goJoin(name, n)),
    "string",
  );
}

/** A Go `fs.DirEntry` for templates: methods `Name`, `IsDir`, `Type`. */
function dirEntry(name: string, isDir: boolean): GoStruct {
  const methods = new Map<string, FuncSpec>([
    ["Name", fn([], () => name)],
    ["IsDir", fn([], () => isDir)],
    ["String", fn([], () => `${isDir ? "d" : "-"} ${name}${isDir ? "/" : ""}`)],
  ]);
  return new GoStruct("os.unixDirent", new Map(), methods, true);
}

/** `readDirEntries`: every entry of a directory, sub-directories included. */
export function readDirEntries(env: TemplateEnv, name: string): GoValue[] {
  const { dir, names } = listDir(env, "readDirEntries", "ReadDirEntries", name);
  const fs = requireFs(env, "readDirEntries");
  return typedSlice(
    names.map((n) => dirEntry(n, fs.isDirectory(goJoin(dir, n)))),
    "fs.DirEntry",
  );
}

/** `isFile` / `isDir`: false when the path does not exist. */
export function statKind(env: TemplateEnv, name: string, want: "file" | "dir"): boolean {
  const fs = requireFs(env, want === "file" ? "isFile" : "isDir");
  const path = resolveAgainstBase(env, name);
  if (!fs.exists(path)) return false;
  return want === "dir" ? fs.isDirectory(path) : !fs.isDirectory(path);
}
