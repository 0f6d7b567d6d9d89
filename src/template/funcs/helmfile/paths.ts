/**
 * Path handling shared by helmfile's file functions: relative paths resolve against the
 * base path (the state file's directory), like Go's `filepath.Join`, which also cleans.
 */
import { posix } from "node:path";
import type { FileSystem } from "../../../shared/io";
import { FuncError, type TemplateEnv } from "../../types";

/** Go's `filepath.Clean` (POSIX). */
export function goClean(p: string): string {
  if (p === "") return ".";
  return posix.normalize(p).replace(/(.)\/+$/, "$1");
}

/** Go's `filepath.Join`: empty parts are skipped, the result is cleaned, all-empty gives "". */
export function goJoin(...parts: readonly string[]): string {
  const kept = parts.filter((p) => p !== "");
  return kept.length === 0 ? "" : goClean(kept.join("/"));
}

/** Resolves `name` against the environment's base path unless it is absolute. */
export function resolveAgainstBase(env: TemplateEnv, name: string): string {
  return name.startsWith("/") ? name : goJoin(env.basePath ?? "", name);
}

/** The injected file system, or a clear error naming the function that needed it. */
export function requireFs(env: TemplateEnv, funcName: string): FileSystem {
  if (env.fs === undefined)
    throw new FuncError(`${funcName} is not implemented: no file system was given to the template engine`);
  return env.fs;
}
