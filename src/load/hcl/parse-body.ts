/** Parses an HCL file body: attributes and (labelled) blocks. */
import type { Attribute, Block, Body, SourceRange } from "./hcl-ast";
import {
  diagnosticText,
  fail,
  HclDepthExceeded,
  HclEvalFailure,
  hclError,
  MAX_HCL_DEPTH,
  rangeText,
} from "./hcl-errors";
import { LIMIT_CODES, limitError } from "../../shared/limits";
import type { HelmfileError } from "../../shared/errors";
import type { Token } from "./hcl-scanner";
import { syntaxError, tokenError } from "./parse-errors";
import { firstTokenDiagnostic } from "./token-check";
import { HclParser } from "./parse-expression";

const DEF_REQUIRED = "Argument or block definition required";
const DEF_DETAIL = "An argument or block definition is required here.";
const USE_EQUALS = ' To set an argument, use the equals sign "=" to introduce the argument value.';
const BAD_BLOCK = "Invalid block definition";
const SINGLE = "Invalid single-argument block definition";

function parseBlockLabel(p: HclParser): { text: string; range: SourceRange } | undefined {
  const t = p.peek();
  if (t.kind === "ident") {
    p.read();
    return { text: t.text, range: { start: t.pos, end: t.end } };
  }
  if (t.kind === "oquote") {
    p.read();
    const chunk = p.scanner.scanTemplateText(undefined, true);
    if (chunk.stop !== "end") {
      const which = chunk.stop === "interp" ? "$" : "%";
      syntaxError(
        "Invalid string literal",
        `Template sequences are not allowed in this string. To include a literal "${which}", double it (as "${which}${which}") to escape it.`,
        chunk.stopStart,
        chunk.stopEnd,
      );
    }
    p.lastEnd = chunk.stopEnd;
    return { text: chunk.text, range: { start: t.pos, end: chunk.stopEnd } };
  }
  return undefined;
}

function parseAttribute(p: HclParser, name: Token, singleLine: boolean): Attribute {
  p.read();
  const from = p.scanner.offsetNow();
  const expr = p.parseExpression();
  const source = p.scanner.slice(from, p.peek().offset).trim();
  if (!singleLine) {
    const end = p.peek();
    if (end.kind === "newline") p.read();
    else if (end.kind !== "eof") {
      const detail = "An argument definition must end with a newline.";
      if (end.kind === "punct" && end.text === ",")
        tokenError(
          end,
          "Unexpected comma after argument",
          `Argument definitions must be separated by newlines, not commas. ${detail}`,
        );
      tokenError(end, "Missing newline after argument", detail);
    }
  }
  return { name: name.text, expr, pos: name.pos, nameEnd: name.end, source };
}

function parseBlock(p: HclParser, ident: Token, file: string): Block {
  const labels: string[] = [];
  const labelRanges: SourceRange[] = [];
  for (let l = parseBlockLabel(p); l !== undefined; l = parseBlockLabel(p)) {
    labels.push(l.text);
    labelRanges.push(l.range);
  }
  const brace = p.peek();
  if (!p.isPunct("{")) {
    if (brace.kind === "punct" && brace.text === "=")
      tokenError(
        brace,
        BAD_BLOCK,
        'The equals sign "=" indicates an argument definition, and must not be used when defining a block.',
      );
    if (brace.kind === "newline")
      tokenError(
        brace,
        BAD_BLOCK,
        'A block definition must have block content delimited by "{" and "}", starting on the same line as the block header.',
      );
    tokenError(
      brace,
      BAD_BLOCK,
      'Either a quoted string block label or an opening brace ("{") is expected here.',
    );
  }
  p.read();
  const next = p.peek();
  const body =
    next.kind === "newline" || next.kind === "eof" || p.isPunct("}")
      ? parseBody(p, file, brace)
      : parseSingleAttrBody(p, brace);
  const eol = p.peek();
  if (eol.kind === "newline") p.read();
  else if (eol.kind !== "eof")
    tokenError(eol, "Missing newline after block definition", "A block definition must end with a newline.");
  return { type: ident.text, labels, labelRanges, body, pos: ident.pos, typeEnd: ident.end };
}

/** A block's body on the line of its `{`: exactly one argument, then `}`. */
function parseSingleAttrBody(p: HclParser, brace: Token): Body {
  const ident = p.peek();
  if (ident.kind !== "ident") tokenError(ident, DEF_REQUIRED, DEF_DETAIL);
  p.read();
  const next = p.peek();
  if (next.kind === "oquote" || next.kind === "ident" || (next.kind === "punct" && next.text === "{"))
    syntaxError(
      "Argument definition required",
      `A single-line block definition can contain only a single argument. If you meant to define argument ${JSON.stringify(ident.text)}, use an equals sign to assign it a value. To define a nested block, place it on a line of its own within its parent block.`,
      ident.pos,
      next.end,
    );
  if (!p.isPunct("=")) tokenError(ident, DEF_REQUIRED, DEF_DETAIL + USE_EQUALS);
  const attr = parseAttribute(p, ident, true);
  const close = p.peek();
  if (!p.isPunct("}")) {
    if (close.kind === "punct" && close.text === ",")
      tokenError(
        close,
        SINGLE,
        "Single-line block syntax can include only one argument definition. To define multiple arguments, use the multi-line block syntax with one argument definition per line.",
      );
    if (close.kind === "newline")
      tokenError(
        close,
        SINGLE,
        "An argument definition on the same line as its containing block creates a single-line block definition, which must also be closed on the same line. Place the block's closing brace immediately after the argument definition.",
      );
    if (close.kind === "eof") unclosedBlock(brace);
    tokenError(
      close,
      SINGLE,
      "A single-line block definition must end with a closing brace immediately after its single argument definition.",
    );
  }
  p.read();
  return { attributes: [attr], blocks: [] };
}

function unclosedBlock(brace: Token): never {
  return tokenError(
    brace,
    "Unclosed configuration block",
    "There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
  );
}

/** A body: the whole file (`brace` undefined, up to the end) or a block's, after its `{`, up to and including `}`. */
function parseBody(p: HclParser, file: string, brace?: Token): Body {
  const attributes: Attribute[] = [];
  const blocks: Block[] = [];
  for (;;) {
    const t = p.peek();
    if (brace === undefined ? t.kind === "eof" : p.isPunct("}")) {
      p.read();
      break;
    }
    if (t.kind === "newline") {
      p.read();
      continue;
    }
    if (t.kind !== "ident") {
      if (t.kind === "oquote") tokenError(t, "Invalid argument name", "Argument names must not be quoted.");
      if (t.kind === "eof" && brace !== undefined) unclosedBlock(brace);
      tokenError(t, DEF_REQUIRED, DEF_DETAIL);
    }
    p.read();
    const next = p.peek();
    if (p.isPunct("=")) {
      const attr = parseAttribute(p, t, false);
      const existing = attributes.find((a) => a.name === attr.name);
      if (existing !== undefined)
        syntaxError(
          "Attribute redefined",
          `The argument ${JSON.stringify(attr.name)} was already set at ${rangeText(file, existing.pos, existing.nameEnd)}. Each argument may be set only once.`,
          attr.pos,
          attr.nameEnd,
        );
      attributes.push(attr);
    } else if (
      next.kind === "oquote" ||
      next.kind === "ident" ||
      (next.kind === "punct" && next.text === "{")
    ) {
      blocks.push(parseBlock(p, t, file));
    } else tokenError(t, DEF_REQUIRED, DEF_DETAIL + USE_EQUALS);
  }
  return { attributes, blocks };
}

/** Parses a whole file; syntax errors become `LoadError`s naming the file and line. */
export function parseHclFile(src: string, file: string, shown: string = file): Body {
  let parser: HclParser | undefined;
  try {
    const token = firstTokenDiagnostic(src);
    if (token !== undefined) fail("HCL_SYNTAX", `${token.summary}; ${token.detail}`, token.start, token);
    parser = new HclParser(src, shown);
    return parseBody(parser, shown);
  } catch (caught) {
    // A stack too small for the nesting (a user's own process; the CLI raises its stack) is the
    // same limit, located where the parser stood.
    const err =
      caught instanceof RangeError && parser !== undefined
        ? new HclDepthExceeded(
            parser.lastEnd,
            `expressions nest too deeply for this process's stack (the pulumi-helmfile CLI raises its stack for up to ${MAX_HCL_DEPTH} levels)`,
          )
        : caught;
    if (err instanceof HclEvalFailure) {
      // hcl's own diagnostic where we know it (helmfile prints it as it is), else ours.
      const text = err.diag === undefined ? err.detail : diagnosticText(shown, err.diag);
      const e: HelmfileError = hclError(err.code, text, { file, pos: err.pos });
      throw e;
    }
    if (err instanceof HclDepthExceeded) {
      throw limitError(LIMIT_CODES.valuesDepth, err.message, {
        file,
        line: err.pos.line,
        column: err.pos.column,
        expected: `at most ${MAX_HCL_DEPTH} levels`,
      });
    }
    // Any other stack overflow (deep bodies) is still the user's input, never our bug: no JS text.
    if (err instanceof RangeError)
      throw hclError("HCL_SYNTAX", "cannot parse: the file nests too deeply to parse here", { file });
    throw err;
  }
}
