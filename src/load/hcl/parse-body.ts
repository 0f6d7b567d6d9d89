/** Parses an HCL file body: attributes and (labelled) blocks. */
import type { Attribute, Block, Body, SourceRange } from "./hcl-ast";
import {
  diagnosticText,
  fail,
  HclDepthExceeded,
  HclEvalFailure,
  hclError,
  MAX_HCL_DEPTH,
  type HclPos,
} from "./hcl-errors";
import { LIMIT_CODES, limitError } from "../../shared/limits";
import type { HelmfileError } from "../../shared/errors";
import { describe } from "./hcl-scanner";
import { HclParser } from "./parse-expression";

function parseBlockLabel(p: HclParser): { text: string; range: SourceRange } | undefined {
  const t = p.peek();
  if (t.kind === "ident") {
    p.read();
    return {
      text: t.text,
      range: { start: t.pos, end: { line: t.pos.line, column: t.pos.column + [...t.text].length } },
    };
  }
  if (t.kind === "oquote") {
    p.read();
    const chunk = p.scanner.scanTemplateText();
    if (chunk.stop !== "end") fail("HCL_SYNTAX", "block labels may not contain template sequences", t.pos);
    return { text: chunk.text, range: { start: t.pos, end: p.scanner.position() } };
  }
  return undefined;
}

function parseBody(p: HclParser, nested: boolean, brace?: HclPos): Body {
  const attributes: Attribute[] = [];
  const blocks: Block[] = [];
  for (;;) {
    const t = p.peek();
    if (t.kind === "newline") {
      p.read();
      continue;
    }
    if (t.kind === "eof") {
      if (nested)
        fail(
          "HCL_SYNTAX",
          'unclosed block: expected "}" before the end of the file',
          t.pos,
          brace === undefined
            ? undefined
            : {
                summary: "Unclosed configuration block",
                detail:
                  "There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
                start: brace,
                end: { line: brace.line, column: brace.column + 1 },
              },
        );
      break;
    }
    if (nested && p.isPunct("}")) break;
    if (t.kind !== "ident")
      fail("HCL_SYNTAX", `expected an attribute or block definition, found ${describe(t)}`, t.pos);
    p.read();
    if (p.isPunct("=")) {
      p.read();
      const from = p.scanner.offsetNow();
      const expr = p.parseExpression();
      const source = p.scanner.slice(from, p.peek().offset).trim();
      if (attributes.some((a) => a.name === t.text)) {
        fail(
          "HCL_SYNTAX",
          `duplicate argument "${t.text}": an argument may be set only once per block`,
          t.pos,
        );
      }
      attributes.push({ name: t.text, expr, pos: t.pos, source });
    } else {
      const labels: string[] = [];
      const labelRanges: SourceRange[] = [];
      for (let l = parseBlockLabel(p); l !== undefined; l = parseBlockLabel(p)) {
        labels.push(l.text);
        labelRanges.push(l.range);
      }
      const brace = p.peek().pos;
      p.expect("{", `to open block "${t.text}"`);
      const body = parseBlockBody(p, t.text, brace);
      p.expect("}", `to close block "${t.text}"`);
      blocks.push({ type: t.text, labels, labelRanges, body, pos: t.pos });
    }
    const end = p.peek();
    if (end.kind === "newline") p.read();
    else if (end.kind !== "eof") {
      fail(
        "HCL_SYNTAX",
        `expected a newline after the definition of "${t.text}", found ${describe(end)}`,
        end.pos,
      );
    }
  }
  return { attributes, blocks };
}

/**
 * A block's body after its `{`. As in HCL, it is empty (`{}`), a single line holding exactly
 * one argument (`{ a = 1 }`), or starts with a newline and ends every item with one.
 */
function parseBlockBody(p: HclParser, type: string, brace: HclPos): Body {
  if (p.isPunct("}")) return { attributes: [], blocks: [] };
  if (p.peek().kind === "newline") return parseBody(p, true, brace);
  const t = p.peek();
  if (t.kind !== "ident")
    fail("HCL_SYNTAX", `expected an argument in single-line block "${type}", found ${describe(t)}`, t.pos);
  p.read();
  if (!p.isPunct("="))
    fail("HCL_SYNTAX", `a single-line block "${type}" may hold only one argument, not a nested block`, t.pos);
  p.read();
  const from = p.scanner.offsetNow();
  const expr = p.parseExpression();
  const source = p.scanner.slice(from, p.peek().offset).trim();
  if (!p.isPunct("}")) {
    fail(
      "HCL_SYNTAX",
      `a single-line block "${type}" must close with "}" right after its argument, found ${describe(p.peek())}`,
      p.peek().pos,
    );
  }
  return { attributes: [{ name: t.text, expr, pos: t.pos, source }], blocks: [] };
}

/** Parses a whole file; syntax errors become `LoadError`s naming the file and line. */
export function parseHclFile(src: string, file: string, shown: string = file): Body {
  try {
    return parseBody(new HclParser(src), false);
  } catch (err) {
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
