/** hcl's syntax diagnostics, thrown by the scanner's callers and the parsers. */
import { fail, type HclPos } from "./hcl-errors";
import type { Token } from "./hcl-scanner";

/** Throws hcl's syntax diagnostic `summary; detail` over `start`..`end`. */
export function syntaxError(summary: string, detail: string, start: HclPos, end: HclPos): never {
  return fail("HCL_SYNTAX", `${summary}; ${detail}`, start, { summary, detail, start, end });
}

/** Throws hcl's syntax diagnostic over one token. */
export function tokenError(t: Token, summary: string, detail: string): never {
  return syntaxError(summary, detail, t.pos, t.end);
}
