/**
 * libyaml's scalar analysis as go-yaml ships it: which presentation styles a scalar's text
 * allows. go-yaml v3 treats a tab as "no plain, no single quotes" but still allows a literal
 * block; v2 treats a tab as a non-printable character.
 */
import type { GoYamlVersion } from "./resolve";

/** What the text allows, as libyaml's `scalar_data`. */
export interface ScalarAnalysis {
  readonly multiline: boolean;
  readonly flowPlainAllowed: boolean;
  readonly blockPlainAllowed: boolean;
  readonly singleQuotedAllowed: boolean;
  readonly blockAllowed: boolean;
}

/** YAML line breaks: CR, LF, NEL, LS, PS. */
export function isBreakChar(c: string | undefined): boolean {
  return c === "\r" || c === "\n" || c === "\u0085" || c === "\u2028" || c === "\u2029";
}

/** libyaml's printable set (UTF-8 only, so characters outside the BMP count as non-printable). */
export function isPrintableChar(c: string): boolean {
  const cp = c.codePointAt(0) ?? 0;
  if (cp === 0x0a) return true;
  if (cp >= 0x20 && cp <= 0x7e) return true;
  if (cp >= 0xa0 && cp <= 0xd7ff) return true;
  if (cp >= 0xe000 && cp <= 0xfffd) return cp !== 0xfeff;
  return false;
}

function isBlank(c: string | undefined): boolean {
  return c === " " || c === "\t";
}

/** Indicator characters that forbid a plain scalar in flow and/or block context. */
function indicators(chars: readonly string[]): { flow: boolean; block: boolean } {
  const head = chars.slice(0, 3).join("");
  let flow = head === "---" || head === "...";
  let block = flow;
  let precededByWhitespace = true;
  chars.forEach((c, i) => {
    const followedByWhitespace = i + 1 >= chars.length || isBlank(chars[i + 1]);
    if (i === 0) {
      if ("#,[]{}&*!|>'\"%@`".includes(c) || (c === "-" && followedByWhitespace)) {
        flow = true;
        block = true;
      } else if (c === "?" || c === ":") {
        flow = true;
        if (followedByWhitespace) block = true;
      }
    } else if (",?[]{}".includes(c)) {
      flow = true;
    } else if (c === ":") {
      flow = true;
      if (followedByWhitespace) block = true;
    } else if (c === "#" && precededByWhitespace) {
      flow = true;
      block = true;
    }
    precededByWhitespace = isBlank(c) || isBreakChar(c) || c === "\0";
  });
  return { flow, block };
}

interface SpacingFlags {
  lineBreaks: boolean;
  special: boolean;
  tabs: boolean;
  leadingOrTrailing: boolean;
  trailingSpace: boolean;
  breakSpace: boolean;
  spaceBreak: boolean;
}

/** Spaces, breaks, tabs and non-printable characters, as libyaml tracks them. */
function spacing(chars: readonly string[], version: GoYamlVersion): SpacingFlags {
  const f: SpacingFlags = {
    lineBreaks: false,
    special: false,
    tabs: false,
    leadingOrTrailing: false,
    trailingSpace: false,
    breakSpace: false,
    spaceBreak: false,
  };
  let previousSpace = false;
  let previousBreak = false;
  const last = chars.length - 1;
  chars.forEach((c, i) => {
    if (c === "\t" && version === "v3") f.tabs = true;
    else if (!isPrintableChar(c)) f.special = true;
    if (c === " ") {
      if (i === 0 || i === last) f.leadingOrTrailing = true;
      if (i === last) f.trailingSpace = true;
      if (previousBreak) f.breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isBreakChar(c)) {
      f.lineBreaks = true;
      if (i === 0 || i === last) f.leadingOrTrailing = true;
      if (previousSpace) f.spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
  });
  return f;
}

/** Analyses `chars` (the text split into code points). */
export function analyzeScalar(chars: readonly string[], version: GoYamlVersion): ScalarAnalysis {
  if (chars.length === 0) {
    return {
      multiline: false,
      flowPlainAllowed: false,
      blockPlainAllowed: true,
      singleQuotedAllowed: true,
      blockAllowed: false,
    };
  }
  const ind = indicators(chars);
  const f = spacing(chars, version);
  const noPlain = f.leadingOrTrailing || f.breakSpace || f.spaceBreak || f.tabs || f.special || f.lineBreaks;
  return {
    multiline: f.lineBreaks,
    flowPlainAllowed: !noPlain && !ind.flow,
    blockPlainAllowed: !noPlain && !ind.block,
    singleQuotedAllowed: !(f.breakSpace || f.spaceBreak || f.tabs || f.special),
    blockAllowed: !(f.trailingSpace || f.spaceBreak || f.special),
  };
}
