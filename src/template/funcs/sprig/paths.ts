/** sprig's path family: Go's `path` functions, and `filepath` ones (identical on Unix). */
import { fn, type FuncSpec } from "../../types";
import { strArg } from "./cast";

/** Go's `path.Clean`. */
export function cleanPath(p: string): string {
  if (p === "") return ".";
  const rooted = p.startsWith("/");
  const out: string[] = [];
  for (const part of p.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (out.length > 0 && out[out.length - 1] !== "..") out.pop();
      else if (!rooted) out.push("..");
      continue;
    }
    out.push(part);
  }
  const body = out.join("/");
  if (rooted) return `/${body}`;
  return body === "" ? "." : body;
}

/** Go's `path.Base`. */
export function basePath(p: string): string {
  if (p === "") return ".";
  const trimmed = p.replace(/\/+$/, "");
  if (trimmed === "") return "/";
  return trimmed.slice(trimmed.lastIndexOf("/") + 1);
}

/** Go's `path.Dir`. */
export function dirPath(p: string): string {
  return cleanPath(p.slice(0, p.lastIndexOf("/") + 1));
}

/** Go's `path.Ext`. */
export function extPath(p: string): string {
  for (let i = p.length - 1; i >= 0 && p[i] !== "/"; i--) if (p[i] === ".") return p.slice(i);
  return "";
}

/** The path functions. */
export function pathFuncs(): Map<string, FuncSpec> {
  const s = (f: (p: string) => string | boolean): FuncSpec => fn(["string"], ([p]) => f(strArg(p)));
  const isAbs = (p: string): boolean => p.startsWith("/");
  return new Map<string, FuncSpec>([
    ["base", s(basePath)],
    ["dir", s(dirPath)],
    ["clean", s(cleanPath)],
    ["ext", s(extPath)],
    ["isAbs", s(isAbs)],
    ["osBase", s(basePath)],
    ["osClean", s(cleanPath)],
    ["osDir", s(dirPath)],
    ["osExt", s(extPath)],
    ["osIsAbs", s(isAbs)],
  ]);
}
