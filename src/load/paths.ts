/** POSIX path helpers for the pure core (Go's `filepath` on Linux). */
import { posix } from "node:path";

/** `filepath.Join`: joins and cleans; empty segments are skipped. */
export function joinPath(...parts: string[]): string {
  const kept = parts.filter((p) => p !== "");
  return kept.length === 0 ? "" : posix.normalize(posix.join(...kept)).replace(/(.)\/$/, "$1");
}

/** `filepath.Dir`. */
export function dirName(p: string): string {
  return posix.dirname(p);
}

/** `filepath.Base`. */
export function baseName(p: string): string {
  return posix.basename(p);
}

/** `filepath.IsAbs`. */
export function isAbsolute(p: string): boolean {
  return p.startsWith("/");
}

/** Absolute version of `p` against `cwd`. */
export function absolutePath(cwd: string, p: string): string {
  return isAbsolute(p) ? posix.normalize(p) : joinPath(cwd, p);
}

/** `filepath.Ext`: the suffix from the last dot of the last element. */
export function extName(p: string): string {
  return posix.extname(p);
}

/** True for a go-getter / URL style remote reference helmfile would fetch. */
export function isRemotePath(p: string): boolean {
  return /^[a-z0-9+.-]+::/i.test(p) || /^(git|https?|s3|gcs|oci)[a-z0-9+.-]*:\/\//i.test(p);
}
