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
 * Deepest nesting of HCL expressions (`[[[…]]]`, `{a = {…}}`, parentheses): 256. hashicorp/hcl
 * has no bound; this recursive-descent parser spends about fifteen JavaScript frames per
 * level and runs out of stack near 600 levels, so the bound sits well below that.
 */
export const MAX_HCL_DEPTH = 256;

/** Expressions nest deeper than MAX_HCL_DEPTH at `pos`; the loader adds the file. */
export class HclDepthExceeded extends Error {
  constructor(readonly pos: HclPos) {
    super(`expressions nest more than ${MAX_HCL_DEPTH} levels deep`);
  }
}

/** Throws an {@link HclEvalFailure}. */
export function fail(code: HclErrorCode, detail: string, pos?: HclPos, diag?: HclDiagnostic): never {
  throw new HclEvalFailure(code, detail, pos, diag);
}
