/**
 * Template parsing: quoted strings and heredocs with `${ }` interpolations and `%{ }`
 * directives, strip markers (`~`), and the flush-heredoc (`<<-`) indentation rule.
 */
import type { Expr, TemplatePart } from "./hcl-ast";
import { fail, type HclPos } from "./hcl-errors";
import { describe, type HclScanner, type Token } from "./hcl-scanner";

/** What the template parser needs from the expression parser (kept as an interface to avoid an import cycle). */
export interface TemplateHost {
  readonly scanner: HclScanner;
  peek(): Token;
  read(): Token;
  isPunct(p: string): boolean;
  identName(context: string): string;
  parseExpression(): Expr;
  withNewlines<T>(on: boolean, fn: () => T): T;
}

type Flat =
  | { k: "text"; text: string }
  | { k: "interp"; expr: Expr; stripL: boolean; stripR: boolean }
  | { k: "if"; cond: Expr; stripL: boolean; stripR: boolean; pos: HclPos }
  | { k: "else" | "endif" | "endfor"; stripL: boolean; stripR: boolean; pos: HclPos }
  | {
      k: "for";
      key: string | undefined;
      value: string;
      coll: Expr;
      stripL: boolean;
      stripR: boolean;
      pos: HclPos;
    };

function readClose(p: TemplateHost): boolean {
  const t = p.read();
  if (t.kind === "punct" && (t.text === "}" || t.text === "~}")) return t.text === "~}";
  return fail("HCL_SYNTAX", `expected "}" to close the template sequence, found ${describe(t)}`, t.pos);
}

function readDirective(p: TemplateHost, stripL: boolean): Flat {
  const kw = p.peek();
  const word = p.identName("template directive");
  if (word === "if") {
    const cond = p.parseExpression();
    return { k: "if", cond, stripL, stripR: readClose(p), pos: kw.pos };
  }
  if (word === "for") {
    const first = p.identName("for directive");
    let second: string | undefined;
    if (p.isPunct(",")) {
      p.read();
      second = p.identName("for directive");
    }
    const inTok = p.read();
    if (inTok.kind !== "ident" || inTok.text !== "in")
      fail("HCL_SYNTAX", `expected "in" in for directive, found ${describe(inTok)}`, inTok.pos);
    const coll = p.parseExpression();
    const key = second === undefined ? undefined : first;
    return { k: "for", key, value: second ?? first, coll, stripL, stripR: readClose(p), pos: kw.pos };
  }
  if (word === "else" || word === "endif" || word === "endfor")
    return { k: word, stripL, stripR: readClose(p), pos: kw.pos };
  return fail(
    "HCL_SYNTAX",
    `invalid template directive "${word}": expected if, else, endif, for or endfor`,
    kw.pos,
  );
}

function scanFlat(p: TemplateHost, heredocMarker: string | undefined): Flat[] {
  const flat: Flat[] = [];
  for (;;) {
    const chunk = p.scanner.scanTemplateText(heredocMarker);
    if (chunk.text !== "") flat.push({ k: "text", text: chunk.text });
    if (chunk.stop === "end") return flat;
    p.withNewlines(false, () => {
      if (chunk.stop === "interp") {
        const expr = p.parseExpression();
        flat.push({ k: "interp", expr, stripL: chunk.strip, stripR: readClose(p) });
      } else flat.push(readDirective(p, chunk.strip));
    });
  }
}

function applyStrip(flat: Flat[]): void {
  flat.forEach((f, i) => {
    if (f.k === "text") return;
    const prev = flat[i - 1];
    const next = flat[i + 1];
    if (f.stripL && prev?.k === "text") prev.text = prev.text.replace(/\s+$/u, "");
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

function build(flat: Flat[], i: number, stops: readonly string[]): { parts: TemplatePart[]; next: number } {
  const parts: TemplatePart[] = [];
  while (i < flat.length) {
    const f = flat[i] as Flat;
    if (stops.includes(f.k)) return { parts, next: i };
    i++;
    if (f.k === "text") parts.push({ t: "text", text: f.text });
    else if (f.k === "interp") parts.push({ t: "interp", expr: f.expr });
    else if (f.k === "if") {
      const then = build(flat, i, ["else", "endif"]);
      let otherwise: TemplatePart[] = [];
      let at = then.next;
      if (flat[at]?.k === "else") {
        const e = build(flat, at + 1, ["endif"]);
        otherwise = e.parts;
        at = e.next;
      }
      if (flat[at]?.k !== "endif")
        fail("HCL_SYNTAX", "unterminated %{if} directive: expected %{endif}", f.pos);
      parts.push({ t: "if", cond: f.cond, then: then.parts, else: otherwise, pos: f.pos });
      i = at + 1;
    } else if (f.k === "for") {
      const body = build(flat, i, ["endfor"]);
      if (flat[body.next]?.k !== "endfor")
        fail("HCL_SYNTAX", "unterminated %{for} directive: expected %{endfor}", f.pos);
      parts.push({ t: "for", key: f.key, value: f.value, coll: f.coll, body: body.parts, pos: f.pos });
      i = body.next + 1;
    } else fail("HCL_SYNTAX", `unexpected %{${f.k}} directive`, f.pos);
  }
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
  let flat = scanFlat(p, heredocMarker);
  applyStrip(flat);
  if (heredocMarker !== undefined) flat = splitLines(flat);
  if (flushHeredoc) flush(flat);
  const only = flat[0];
  if (flat.length === 1 && only?.k === "interp") return { t: "wrap", inner: only.expr, pos };
  const { parts, next } = build(flat, 0, []);
  if (next !== flat.length) fail("HCL_SYNTAX", "unexpected template directive", pos);
  return { t: "template", parts, pos };
}
