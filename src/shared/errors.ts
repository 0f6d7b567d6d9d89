/**
 * One error hierarchy for every pipeline stage. Users match on `code` or on the class,
 * never on message text. Every error can carry the file, a 1-based line/column, the key
 * path inside the document, and the underlying cause.
 */
import type { ErrorCode } from "./error-codes";

export { ERROR_CODES, isErrorCode, type ErrorCode } from "./error-codes";

/** A position inside a source file. Lines and columns are 1-based. */
export interface SourceLocation {
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
}

/** Details accepted by every error constructor. */
export interface ErrorDetails extends SourceLocation {
  /** Key path inside the document, e.g. `["releases", 0, "values"]`. */
  readonly keyPath?: ReadonlyArray<string | number>;
  /** What was expected at that place (used in the message). */
  readonly expected?: string;
  /** What was found instead (shortened before it reaches the message). */
  readonly found?: string;
  /** The underlying error. */
  readonly cause?: unknown;
  /**
   * Print the location on a line of its own after the message (`  location: file:line:col: key path`)
   * instead of before it: for a message that reproduces helmfile's text, which must stay first.
   */
  readonly locationLine?: boolean;
}

/** Base class of every error this library raises on purpose. */
export class HelmfileError extends Error {
  /** Stable machine-readable code, e.g. `LOAD_UNKNOWN_KEY`: one of {@link ERROR_CODES}. */
  readonly code: ErrorCode;
  readonly file: string | undefined;
  readonly line: number | undefined;
  readonly column: number | undefined;
  readonly keyPath: ReadonlyArray<string | number> | undefined;
  readonly expected: string | undefined;
  readonly found: string | undefined;
  /** The message without location prefix. */
  readonly detail: string;
  /** The location is printed after the message rather than before it (see {@link ErrorDetails}). */
  readonly locationLine: boolean;

  constructor(code: ErrorCode, message: string, details: ErrorDetails = {}) {
    super(
      formatErrorMessage(message, details),
      details.cause === undefined ? undefined : { cause: details.cause },
    );
    this.name = new.target.name;
    this.code = code;
    this.detail = message;
    this.file = details.file;
    this.line = details.line;
    this.column = details.column;
    this.keyPath = details.keyPath;
    this.expected = details.expected;
    this.found = details.found;
    this.locationLine = details.locationLine === true;
  }
}

/** Loading state files: discovery, YAML, schema, bases, sub-helmfiles, selectors. */
export class LoadError extends HelmfileError {}
/** Go template lexing, parsing or execution. */
export class TemplateError extends HelmfileError {}
/** Merging values (state values, helm values, HCL). */
export class MergeError extends HelmfileError {}
/** Rendering a release with helm. */
export class RenderError extends HelmfileError {}
/** Building Pulumi resources. */
export class EmitError extends HelmfileError {}
/** Options, flags and environment variables given by the caller. */
export class ConfigError extends HelmfileError {}
/** Secret decryption or resolution. Never carries plaintext. */
export class SecretError extends HelmfileError {}
/** Finding or reaching a Kubernetes cluster: kubeconfig, credentials, API requests. */
export class ClusterError extends HelmfileError {}

/** Shortens a value for inclusion in an error message. */
export function shorten(text: string, max = 80): string {
  const oneLine = text.replace(/\s+/g, " ");
  return oneLine.length <= max ? oneLine : `${oneLine.slice(0, max - 1)}…`;
}

/** Formats a key path the way users write it: `releases[0].values`. */
export function formatKeyPath(path: ReadonlyArray<string | number>): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out === "" ? part : `.${part}`;
  }
  return out;
}

/**
 * `file:line:col: key path: message (expected X, found Y)`: the one formatter for CLI and Pulumi
 * logs. With `locationLine` the message comes first and the rest follows on its own line:
 * `message\n  location: file:line:col: key path (expected X, found Y)`.
 */
export function formatErrorMessage(message: string, details: ErrorDetails): string {
  let where = "";
  if (details.file !== undefined) {
    where = details.file;
    if (details.line !== undefined) {
      where += `:${details.line}`;
      if (details.column !== undefined) where += `:${details.column}`;
    }
  }
  const parts: string[] = [];
  if (where !== "") parts.push(where);
  if (details.keyPath !== undefined && details.keyPath.length > 0) parts.push(formatKeyPath(details.keyPath));
  let suffix = "";
  if (details.expected !== undefined || details.found !== undefined) {
    const bits: string[] = [];
    if (details.expected !== undefined) bits.push(`expected ${details.expected}`);
    if (details.found !== undefined) bits.push(`found ${shorten(details.found)}`);
    suffix = ` (${bits.join(", ")})`;
  }
  if (details.locationLine === true) {
    if (parts.length === 0) return suffix === "" ? message : `${message}\n ${suffix}`;
    return `${message}\n  location: ${parts.join(": ")}${suffix}`;
  }
  return `${parts.length > 0 ? `${parts.join(": ")}: ${message}` : message}${suffix}`;
}

/** True when `err` is one of ours. */
export function isHelmfileError(err: unknown): err is HelmfileError {
  return err instanceof HelmfileError;
}
