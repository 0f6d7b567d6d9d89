/**
 * Template errors in Go's exact shape. `message` is Go's full text
 * (`template: t:1:3: executing "t" at <x>: msg`, or `template: t:1: msg` for parse errors), and
 * so is `detail`; `innermost` is the innermost message; `file`/`line`/`column` (1-based) are
 * set where known.
 */
import { TemplateError } from "../shared/errors";
import type { ErrorCode } from "../shared/errors";
import { LIMIT_CODES } from "../shared/limits";

/** Stable codes of template errors. */
export const TEMPLATE_CODES = {
  parse: "TEMPLATE_PARSE",
  exec: "TEMPLATE_EXEC",
  call: "TEMPLATE_FUNC_ERROR",
  depth: LIMIT_CODES.templateDepth,
  output: LIMIT_CODES.outputSize,
  missingKey: "TEMPLATE_MISSING_KEY",
} as const;

/** Fields of a {@link GoTemplateError}. */
export interface GoTemplateErrorInit {
  readonly code: ErrorCode;
  /** Go's whole error text. */
  readonly goMessage: string;
  /** The innermost message (what Go appended last). */
  readonly innermost: string;
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
  readonly cause?: unknown;
}

/** A {@link TemplateError} whose message is exactly Go's error text. */
export class GoTemplateError extends TemplateError {
  /** The innermost message, e.g. `error calling index: index out of range: 5`. */
  readonly innermost: string;

  constructor(init: GoTemplateErrorInit) {
    // `detail` is Go's whole text too: helmfile chains `err.Error()`, which carries Go's own
    // `template: NAME:LINE:COL: executing …` location (0-based byte column).
    super(init.code, init.goMessage, {
      ...(init.file === undefined ? {} : { file: init.file }),
      ...(init.line === undefined ? {} : { line: init.line }),
      ...(init.column === undefined ? {} : { column: init.column }),
      ...(init.cause === undefined ? {} : { cause: init.cause }),
    });
    this.innermost = init.innermost;
    this.message = init.goMessage;
  }
}

/** Creates a parse error: `template: NAME:LINE: MSG`. */
export function parseError(parseName: string, line: number, msg: string): GoTemplateError {
  return new GoTemplateError({
    code: TEMPLATE_CODES.parse,
    goMessage: `template: ${parseName}:${line}: ${msg}`,
    innermost: msg,
    file: parseName,
    line,
  });
}
