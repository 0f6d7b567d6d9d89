/**
 * Error helpers for the HCL evaluator. Syntax and structure problems are `LoadError`s;
 * evaluation problems (references, cycles, types, functions) are `MergeError`s, because
 * they happen while building the merged environment values.
 */
import { LoadError, MergeError, type HelmfileError } from "../../shared/errors";

/** Stable codes raised by the HCL evaluator. */
export type HclErrorCode = "HCL_SYNTAX" | "HCL_UNKNOWN_REFERENCE" | "HCL_CYCLE" | "HCL_TYPE" | "HCL_FUNCTION";

/** A 1-based position inside an HCL file. */
export interface HclPos {
  readonly line: number;
  readonly column: number;
}

/** Where an error happened; every field optional. */
export interface HclWhere {
  readonly file?: string | undefined;
  readonly pos?: HclPos | undefined;
  readonly key?: string | undefined;
}

/** Builds the error for `code`; syntax errors are LoadErrors, the rest MergeErrors. */
export function hclError(code: HclErrorCode, message: string, where: HclWhere = {}): HelmfileError {
  const details = {
    ...(where.file === undefined ? {} : { file: where.file }),
    ...(where.pos === undefined ? {} : { line: where.pos.line, column: where.pos.column }),
    ...(where.key === undefined ? {} : { keyPath: [where.key] }),
  };
  return code === "HCL_SYNTAX"
    ? new LoadError(code, message, details)
    : new MergeError(code, message, details);
}

/**
 * An evaluation failure before its file and key are known; the loader turns it into a
 * `HelmfileError` with the attribute's location.
 */
export class HclEvalFailure extends Error {
  constructor(
    readonly code: HclErrorCode,
    readonly detail: string,
    readonly pos: HclPos | undefined,
    /** hashicorp/hcl's diagnostic for this failure, when we know its exact text and range. */
    readonly diag?: HclDiagnostic,
    /** A function's failure blamed on one argument (cty's ArgError): its index. */
    readonly argIndex?: number,
  ) {
    super(detail);
  }
}

/** A diagnostic as hashicorp/hcl words it: summary, detail and the source range it covers. */
export interface HclDiagnostic {
  readonly summary: string;
  readonly detail: string;
  readonly start: HclPos;
  /** Exclusive end. */
  readonly end: HclPos;
}

/** Stands for the file in diagnostic details written before the file is known (`try`'s list). */
export const FILE_MARK = "\u0000file\u0000";

/** hcl.Range.String: `<file>:<line>,<col>-[<line>,]<col>`. */
export function rangeText(file: string, start: HclPos, end: HclPos): string {
  const to = end.line === start.line ? `${end.column}` : `${end.line},${end.column}`;
  return `${file}:${start.line},${start.column}-${to}`;
}

/** hcl.Diagnostic's text: `<range>: <summary>; <detail>`. */
export function diagnosticText(file: string, d: HclDiagnostic): string {
  return `${rangeText(file, d.start, d.end)}: ${d.summary}; ${d.detail.split(FILE_MARK).join(file)}`;
}

/**
 * Deepest nesting of HCL expressions (`[[[…]]]`, `{a = {…}}`, parentheses) the parser takes:
 * 10000. hashicorp/hcl has no bound of its own; helmfile then refuses a value nested 4999 levels
 * or more when it passes the values through JSON (HCL_JSON_MAX_VALUE_DEPTH, ./index.ts), so this
 * bound only stops absurd inputs early. The parser recurses about fifteen JavaScript frames per
 * level: the CLI's launcher raises the stack for it, and a process whose stack ends first fails
 * with the same limit error (./parse-body.ts).
 */
export const MAX_HCL_DEPTH = 10000;

/**
 * The deepest value helmfile v1.8.0 reads from HCL (measured: 4998 nested tuples or objects load,
 * 4999 fail with `could not unmarshall json : invalid character '[' exceeded max depth`, as its
 * loader's JSON round trip passes encoding/json's 10000 levels).
 */
export const HCL_JSON_MAX_VALUE_DEPTH = 4998;

/** Expressions nest deeper than MAX_HCL_DEPTH (or than this process's stack) at `pos`; the loader adds the file. */
export class HclDepthExceeded extends Error {
  constructor(
    readonly pos: HclPos,
    message = `expressions nest more than ${MAX_HCL_DEPTH} levels deep`,
  ) {
    super(message);
  }
}

/** Throws an {@link HclEvalFailure}. */
export function fail(code: HclErrorCode, detail: string, pos?: HclPos, diag?: HclDiagnostic): never {
  throw new HclEvalFailure(code, detail, pos, diag);
}
