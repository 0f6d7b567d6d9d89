/**
 * Template parsing: quoted strings and heredocs with `${ }` interpolations and `%{ }`
 * directives, strip markers (`~`), and the flush-heredoc (`<<-`) indentation rule.
 */
import type { Expr, SourceRange, TemplatePart } from "./hcl-ast";
import { rangeText, type HclPos } from "./hcl-errors";
import type { HclScanner, Token } from "./hcl-scanner";
import { syntaxError, tokenError } from "./parse-errors";
import { levenshtein } from "../../shared/levenshtein";

/** What the template parser needs from the expression parser (kept as an interface to avoid an import cycle). */
export interface TemplateHost {
  readonly scanner: HclScanner;
  /** The file as hcl names it inside diagnostic details (`The if directive at <file>:…`). */
  readonly file: string;
  lastEnd: HclPos;
  peek(): Token;
  read(): Token;
  isPunct(p: string): boolean;
  parseExpression(): Expr;
  withNewlines<T>(on: boolean, fn: () => T): T;
}

type Ctrl = "else" | "endif" | "endfor";

type Flat =
  | { k: "text"; text: string }
  | { k: "interp"; expr: Expr; stripL: boolean; stripR: boolean }
  | { k: "if"; cond: Expr; stripL: boolean; stripR: boolean; pos: HclPos; range: SourceRange }
  | { k: Ctrl; stripL: boolean; stripR: boolean; pos: HclPos; range: SourceRange }
  | {
      k: "for";
      key: string | undefined;
      value: string;
      coll: Expr;
      stripL: boolean;
      stripR: boolean;
      pos: HclPos;
      range: SourceRange;
    };

function closeInterp(p: TemplateHost, first: SourceRange, quoted: boolean): boolean {
  const t = p.peek();
  if (t.kind === "punct" && (t.text === "}" || t.text === "~}")) {
    p.read();
    return t.text === "~}";
  }
  const unclosed = "Unclosed template interpolation sequence";
  if (t.kind === "eof")
    syntaxError(
      unclosed,
      "There is no closing brace for this interpolation sequence before the end of the file. This might be caused by incorrect nesting inside the given expression.",
      first.start,
      first.end,
    );
  const extra = "Extra characters after interpolation expression";
  if (t.kind === "punct" && t.text === ":")
    tokenError(
      t,
      extra,
      'Template interpolation doesn\'t expect a colon at this location. Did you intend this to be a literal sequence to be processed as part of another language? If so, you can escape it by starting with "$${" instead of just "${".',
    );
  if (t.kind === "oquote" && quoted)
    syntaxError(
      unclosed,
      "There is no closing brace for this interpolation sequence before the end of the quoted template. This might be caused by incorrect nesting inside the given expression.",
      first.start,
      first.end,
    );
  return tokenError(
    t,
    extra,
    'Expected a closing brace to end the interpolation expression, but found extra characters.\n\nThis can happen when you include interpolation syntax for another language, such as shell scripting, but forget to escape the interpolation start token. If this is an embedded sequence for another language, escape it by starting with "$${" instead of just "${".',
  );
}

function closeDirective(p: TemplateHost, keyword: string): boolean {
  const t = p.peek();
  if (t.kind === "punct" && (t.text === "}" || t.text === "~}")) {
    p.read();
    return t.text === "~}";
  }
  return tokenError(
    t,
    `Extra characters in ${keyword} marker`,
    "Expected a closing brace to end the sequence, but found extra characters.",
  );
}

const KEYWORDS = ["if", "for", "else", "endif", "endfor"];

function readDirective(p: TemplateHost, stripL: boolean, start: HclPos): Flat {
  const kw = p.peek();
  if (kw.kind !== "ident")
    tokenError(
      kw,
      "Invalid template directive",
      'A template directive keyword ("if", "for", etc) is expected at the beginning of a %{ sequence.',
    );
  p.read();
  const word = kw.text;
  const finish = (): { stripR: boolean; range: SourceRange } => {
    const end = p.peek().end;
    return { stripR: closeDirective(p, word), range: { start, end } };
  };
  if (word === "if") {
    const cond = p.parseExpression();
    return { k: "if", cond, stripL, pos: kw.pos, ...finish() };
  }
  if (word === "for") {
    const forName = (detail: string): string => {
      const t = p.peek();
      if (t.kind !== "ident") tokenError(t, "Invalid 'for' directive", detail);
      return p.read().text;
    };
    const first = forName("For directive requires variable name after 'for'.");
    let second: string | undefined;
    if (p.isPunct(",")) {
      p.read();
      second = forName("For directive requires value variable name after comma.");
    }
    const inTok = p.peek();
    if (inTok.kind !== "ident" || inTok.text !== "in")
      tokenError(inTok, "Invalid 'for' directive", "For directive requires 'in' keyword after names.");
    p.read();
    const coll = p.parseExpression();
    const key = second === undefined ? undefined : first;
    return { k: "for", key, value: second ?? first, coll, stripL, pos: kw.pos, ...finish() };
  }
  if (word === "else" || word === "endif" || word === "endfor")
    return { k: word, stripL, pos: kw.pos, ...finish() };
  const near = KEYWORDS.find((k) => levenshtein([...word], [...k]) < 3);
  return tokenError(
    kw,
    "Invalid template control keyword",
    `${JSON.stringify(word)} is not a valid template control keyword.${near === undefined ? "" : ` Did you mean ${JSON.stringify(near)}?`}`,
  );
}

interface Scanned {
  readonly flat: Flat[];
  /** The closing quote or heredoc marker. */
  readonly end: SourceRange;
}

function scanFlat(p: TemplateHost, heredocMarker: string | undefined): Scanned {
  const flat: Flat[] = [];
  let first: SourceRange | undefined;
  for (;;) {
    const chunk = p.scanner.scanTemplateText(heredocMarker);
    if (first === undefined) {
      // hcl's "start range": the template's first token (a run of text, or the sequence opener).
      const lineEnd = chunk.text.includes("\n") ? { line: chunk.pos.line + 1, column: 1 } : chunk.stopStart;
      first =
        chunk.text === ""
          ? { start: chunk.stopStart, end: chunk.stopEnd }
          : { start: chunk.pos, end: heredocMarker === undefined ? chunk.stopStart : lineEnd };
    }
    if (chunk.text !== "") flat.push({ k: "text", text: chunk.text });
    if (chunk.stop === "end") {
      p.lastEnd = chunk.stopEnd;
      return { flat, end: { start: chunk.stopStart, end: chunk.stopEnd } };
    }
    const opened = first;
    p.withNewlines(false, () => {
      if (chunk.stop === "interp") {
        const expr = p.parseExpression();
        flat.push({
          k: "interp",
          expr,
          stripL: chunk.strip,
          stripR: closeInterp(p, opened, heredocMarker === undefined),
        });
      } else flat.push(readDirective(p, chunk.strip, chunk.stopStart));
    });
  }
}

function applyStrip(flat: Flat[]): void {
  flat.forEach((f, i) => {
    if (f.k === "text") return;
    const prev = flat[i - 1];
    const next = flat[i + 1];
    if (f.stripL && prev?.k === "text") prev.text = prev.text.trimEnd();
    if (f.stripR && next?.k === "text") next.text = next.text.replace(/^\s+/u, "");
  });
}

function splitLines(flat: Flat[]): Flat[] {
  const out: Flat[] = [];
  for (const f of flat) {
    if (f.k !== "text") out.push(f);
    else for (const line of f.text.split(/(?<=\n)/)) if (line !== "") out.push({ k: "text", text: line });
  }
  return out;
}

/** hclsyntax's flush rule: trim the smallest leading-space count from every line. */
function flush(flat: Flat[]): void {
  let min = Infinity;
  let newline = true;
  const adjust: { k: "text"; text: string }[] = [];
  for (const f of flat) {
    if (newline) {
      newline = false;
      if (f.k === "text") {
        const trimmed = f.text.replace(/^\s+/u, "");
        if (!(trimmed === "" && f.text.endsWith("\n"))) {
          min = Math.min(min, [...f.text.slice(0, f.text.length - trimmed.length)].length);
          adjust.push(f);
        }
      } else min = 0;
    }
    if (f.k === "text" && f.text.endsWith("\n")) newline = true;
  }
  if (!Number.isFinite(min) || min === 0) return;
  for (const f of adjust) f.text = [...f.text].slice(min).join("");
}

type Opener = Extract<Flat, { k: "if" | "for" }>;

function build(
  flat: Flat[],
  i: number,
  open: Opener | undefined,
  ctx: { readonly file: string; readonly end: SourceRange },
): { parts: TemplatePart[]; next: number } {
  const parts: TemplatePart[] = [];
  const at = (f: Opener): string => rangeText(ctx.file, f.range.start, f.range.end);
  let inElse = false;
  let elseParts: TemplatePart[] = [];
  let thenParts = parts;
  while (i < flat.length) {
    const f = flat[i] as Flat;
    i++;
    if (f.k === "text") thenParts.push({ t: "text", text: f.text });
    else if (f.k === "interp") thenParts.push({ t: "interp", expr: f.expr });
    else if (f.k === "if" || f.k === "for") {
      const inner = build(flat, i, f, ctx);
      i = inner.next;
      thenParts.push(inner.parts[0] as TemplatePart);
    } else {
      const unexpected = `Unexpected ${f.k} directive`;
      const r = f.range;
      if (open === undefined)
        syntaxError(
          unexpected,
          "The control directives within this template are unbalanced.",
          r.start,
          r.end,
        );
      else if (open.k === "if") {
        if (f.k === "endif") {
          const node: TemplatePart = {
            t: "if",
            cond: open.cond,
            then: parts,
            else: elseParts,
            pos: open.pos,
          };
          return { parts: [node], next: i };
        }
        if (f.k === "else" && !inElse) {
          inElse = true;
          elseParts = [];
          thenParts = elseParts;
          continue;
        }
        syntaxError(
          unexpected,
          f.k === "else"
            ? `Already in the else clause for the if started at ${at(open)}.`
            : `Expecting an endif directive for the if started at ${at(open)}.`,
          r.start,
          r.end,
        );
      } else {
        if (f.k === "endfor") {
          const node: TemplatePart = {
            t: "for",
            key: open.key,
            value: open.value,
            coll: open.coll,
            body: parts,
            pos: open.pos,
            open: open.range,
          };
          return { parts: [node], next: i };
        }
        syntaxError(
          unexpected,
          f.k === "else"
            ? "An else clause is not expected for a for directive."
            : `Expecting an endfor directive corresponding to the for directive at ${at(open)}.`,
          r.start,
          r.end,
        );
      }
    }
  }
  if (open !== undefined)
    syntaxError(
      "Unexpected end of template",
      `The ${open.k} directive at ${at(open)} is missing its corresponding end${open.k} directive.`,
      ctx.end.start,
      ctx.end.end,
    );
  return { parts, next: i };
}

/**
 * Parses a template whose opening quote or heredoc introduction was just read. A quoted
 * template that is exactly one interpolation yields its value unconverted (a "wrap").
 */
export function parseTemplate(
  p: TemplateHost,
  pos: HclPos,
  heredocMarker: string | undefined,
  flushHeredoc: boolean,
): Expr {
  const scanned = scanFlat(p, heredocMarker);
  let flat = scanned.flat;
  applyStrip(flat);
  if (heredocMarker !== undefined) flat = splitLines(flat);
  if (flushHeredoc) flush(flat);
  const end = p.lastEnd;
  const only = flat[0];
  if (flat.length === 1 && only?.k === "interp") return { t: "wrap", inner: only.expr, pos, end };
  const { parts } = build(flat, 0, undefined, { file: p.file, end: scanned.end });
  return { t: "template", parts, pos, end };
}
