/**
 * Confines paths built from state data to their output root. Release names, namespaces,
 * kube contexts, versions and chart names come from the (possibly untrusted) state; the path
 * templates and output flags come from the caller. A path is accepted only when it stays
 * inside its root; otherwise a {@link RenderError} `OUTPUT_PATH_OUTSIDE_ROOT` names the
 * release, the field that escapes and the flag, before anything is created. helmfile writes
 * wherever the path points; refusing is a deliberate difference (docs/differences-from-helmfile.md).
 */
import { posix } from "node:path";
import { RenderError } from "../shared/errors";
import type { PreparedRelease } from "../shared/model";

/** Stable codes raised by {@link confineOutputPath}. */
export const OUTPUT_PATH_CODES = {
  outside: "OUTPUT_PATH_OUTSIDE_ROOT",
  invalid: "OUTPUT_PATH_INVALID",
} as const;

/** Where a path came from, for the error. */
export interface OutputPathSource {
  /** The flag or command the path is for, e.g. `--output-dir-template`. */
  readonly what: string;
  /** The state fields that went into the path (name → value as the template saw it). */
  readonly fields: Readonly<Record<string, string>>;
  /** False when the path must lie strictly below the root (a directory that gets removed). Default true. */
  readonly allowRoot?: boolean;
}

/**
 * The root a path template writes under: the literal directory the template starts with
 * (`/tmp/values/{{ … }}` → `/tmp/values`), `outputDir` when the template starts with
 * `{{ .OutputDir }}`, else `baseDir`. The default templates are rooted at `defaultRoot`.
 */
export function outputRootOf(
  template: string,
  baseDir: string,
  outputDir: string,
  defaultRoot: string,
): string {
  if (template === "") return posix.resolve(baseDir, defaultRoot);
  if (/^\{\{-?\s*\.OutputDir\s*-?\}\}/.test(template))
    return posix.resolve(baseDir, outputDir === "" ? "." : outputDir);
  const literal = template.split("{{", 1)[0] ?? "";
  const slash = literal.lastIndexOf("/");
  if (slash < 0) return posix.resolve(baseDir);
  return posix.resolve(baseDir, slash === 0 ? "/" : literal.slice(0, slash));
}

function isInside(root: string, path: string): boolean {
  return root === "/" || path === root || path.startsWith(`${root}/`);
}

/** True when `value` on its own could move a path: `..` segments, absolute, NUL, backslash. */
function escapes(value: string): boolean {
  return (
    value.startsWith("/") ||
    value.includes("\0") ||
    value.includes("\\") ||
    value.split("/").some((seg) => seg === "..")
  );
}

function culprits(fields: Readonly<Record<string, string>>): string {
  const bad = Object.entries(fields).filter(([, v]) => escapes(v));
  if (bad.length === 0) return "the combined fields";
  return bad.map(([k, v]) => `field ${k} ${JSON.stringify(v)}`).join(", ");
}

/**
 * Returns `path` (resolved against `baseDir` for the check, returned as given) when it lies
 * inside `root`; throws `OUTPUT_PATH_OUTSIDE_ROOT` (or `OUTPUT_PATH_INVALID` for a NUL byte)
 * naming the release and the escaping field otherwise. Call it before creating anything.
 */
export function confineOutputPath(
  path: string,
  root: string,
  baseDir: string,
  release: PreparedRelease,
  source: OutputPathSource,
): string {
  const details = { file: release.stateFile };
  if (path.includes("\0")) {
    const field = Object.entries(source.fields).find(([, v]) => v.includes("\0"))?.[0] ?? "path";
    throw new RenderError(
      OUTPUT_PATH_CODES.invalid,
      `release "${release.name}": ${source.what} gives a path with a NUL byte (from field ${field})`,
      details,
    );
  }
  const abs = posix.resolve(baseDir, path);
  if (isInside(root, abs) && (source.allowRoot !== false || abs !== root)) return path;
  throw new RenderError(
    OUTPUT_PATH_CODES.outside,
    `release "${release.name}": ${source.what} puts "${abs}" outside its output directory "${root}" ` +
      `(from ${culprits(source.fields)}); refusing to write there`,
    details,
  );
}
