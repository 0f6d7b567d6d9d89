/**
 * helmfile's Storage: resolving a values/secrets/state path (or glob) against a state's
 * base directory, with the missing-file handler deciding between an error and a log line.
 */
import {
  ConfigError,
  HelmfileError,
  LoadError,
  MergeError,
  SecretError,
  TemplateError,
  isHelmfileError,
  type ErrorDetails,
} from "../shared/errors";
import type { ErrorCode } from "../shared/errors";
import type { FileSystem, Logger } from "../shared/io";
import { checkRemoteAllowed } from "../shared/policy";
import type { LoaderContext } from "./loader-context";
import { isAbsolute, isRemotePath, joinPath } from "./paths";
import { locateRemote } from "./remote-source";

/** Where a state file lives, as helmfile sees it and as we read it. */
export interface StateLocation {
  /** Absolute directory relative paths resolve against. */
  readonly absDir: string;
  /** `basePath` as helmfile prints it (often `.`). */
  readonly displayDir: string;
  /** `FilePath` as helmfile prints it. */
  readonly displayFile: string;
}

/** Valid `missingFileHandler` levels. */
export const MISSING_FILE_HANDLERS = ["Error", "Warn", "Info", "Debug"] as const;

/** Absolute path of `path` relative to the state's directory. */
export function normalizePath(loc: StateLocation, path: string): string {
  return isAbsolute(path) ? path : joinPath(loc.absDir, path);
}

/** Sorted absolute matches of a path or glob. */
export function expandPaths(fs: FileSystem, loc: StateLocation, pattern: string): string[] {
  const abs = normalizePath(loc, pattern);
  if (!/[*?[]/.test(abs)) return fs.exists(abs) ? [abs] : [];
  return [...fs.glob(abs)].sort();
}

/** Result of {@link resolveFile}. */
export interface ResolvedFiles {
  readonly files: string[];
  readonly skipped: boolean;
}

/**
 * Resolves `path` (a file or glob) for a purpose such as `environment values` or `values`.
 * No match: `Error` (the default) throws `LOAD_MISSING_FILE`, `Warn`/`Info`/`Debug` log and skip.
 */
export function resolveFile(
  fs: FileSystem,
  logger: Logger,
  loc: StateLocation,
  handler: string | undefined,
  purpose: string,
  path: string,
  ctx?: Pick<LoaderContext, "remote" | "policy">,
): ResolvedFiles {
  const remote = ctx?.remote;
  if (isRemotePath(path) && remote !== undefined) {
    if (ctx?.policy !== undefined) checkRemoteAllowed(ctx.policy, path);
    // helmfile's Storage.resolveFile: Remote.Fetch(path, "values"), then the fetched file (or,
    // for a wildcard after `@`, the fetched folder's matches).
    const local = locateRemote(remote, path, "values");
    if (fs.isFile(local)) return { files: [local], skipped: false };
    const matches = /[*?[]/.test(local) ? [...fs.glob(local)].sort().filter((m) => fs.isFile(m)) : [];
    if (matches.length > 0) return { files: matches, skipped: false };
    // Not in the fetched folder: the missing-file handler names the URL as written.
    return missingFile(logger, loc, handler, purpose, path);
  } else if (isRemotePath(path)) {
    throw new LoadError(
      "LOAD_REMOTE_UNSUPPORTED",
      `remote ${purpose} file "${path}" cannot be fetched: go-getter URLs are not supported`,
      {
        found: path,
        expected: "a local file path",
      },
    );
  }
  const files = expandPaths(fs, loc, path);
  if (files.length > 0) return { files, skipped: false };
  return missingFile(logger, loc, handler, purpose, path);
}

/** helmfile's missing-file handling of Storage.resolveFile: fail, or log at the handler's level. */
function missingFile(
  logger: Logger,
  loc: StateLocation,
  handler: string | undefined,
  purpose: string,
  path: string,
): ResolvedFiles {
  const title = `${purpose} file`;
  const id = handler ?? "Error";
  switch (id) {
    case "Error":
      // helmfile's exact text; it names the path and the folder, so no file prefix is added.
      throw new LoadError(
        "LOAD_MISSING_FILE",
        `${title} matching "${path}" does not exist in "${loc.displayDir}"`,
      );
    case "Warn":
      logger.warn(`skipping missing ${title} matching "${path}"`);
      return { files: [], skipped: true };
    case "Info":
      logger.info(`skipping missing ${title} matching "${path}"`);
      return { files: [], skipped: true };
    case "Debug":
      logger.debug(`skipping missing ${title} matching "${path}"`);
      return { files: [], skipped: true };
    default:
      throw new LoadError(
        "LOAD_BAD_MISSING_FILE_HANDLER",
        `invalid missing file handler "${id}" while processing "${path}" in "${loc.displayFile}": it must be one of [${MISSING_FILE_HANDLERS.join(" ")}]`,
        { expected: MISSING_FILE_HANDLERS.join(", "), found: id },
      );
  }
}

type ErrorCtor = new (code: ErrorCode, message: string, details?: ErrorDetails) => HelmfileError;

/** The public class of an error (subclasses with other constructors map to their stage class). */
function stageClass(err: HelmfileError): ErrorCtor {
  for (const C of [LoadError, TemplateError, SecretError, ConfigError, MergeError] as ErrorCtor[])
    if (err instanceof C) return C;
  return HelmfileError;
}

/**
 * A copy of `err` (same stage class, code and location) with `detail` as its message. An error
 * whose message is its bare detail (a Go template error, which carries Go's own location) keeps
 * that shape, so the chain reads exactly as helmfile's.
 */
export function rewrapError(err: HelmfileError, detail: string): HelmfileError {
  const out = located(err, detail);
  if (err.message === err.detail) out.message = detail;
  return out;
}

function located(err: HelmfileError, detail: string): HelmfileError {
  const C = stageClass(err);
  return new C(err.code, detail, {
    ...(err.file === undefined ? {} : { file: err.file }),
    ...(err.line === undefined ? {} : { line: err.line }),
    ...(err.column === undefined ? {} : { column: err.column }),
    ...(err.keyPath === undefined ? {} : { keyPath: err.keyPath }),
    ...(err.expected === undefined ? {} : { expected: err.expected }),
    ...(err.found === undefined ? {} : { found: err.found }),
    ...(err.locationLine ? { locationLine: true } : {}),
    cause: err,
  });
}

/** Prefixes an error's message the way helmfile chains context (`in x: failed to read y: ...`). */
export function wrapError(prefix: string, err: unknown): unknown {
  return isHelmfileError(err) ? rewrapError(err, `${prefix}: ${err.detail}`) : err;
}
