/**
 * Test support: predicts what `@cdktf/hcl2json` (tmccombs/hcl2json's converter, run without
 * simplification) prints for a body we parsed, so tests can use hcl2json as an independent
 * parser. Its conventions: a block nests by type then by each label and ends in a list of
 * bodies; literal values (and `-`/`!` applied directly to a literal) become JSON values;
 * tuples and objects recurse; templates are rebuilt with literal text escaped (`$${`, `%%{`),
 * literal interpolations inlined, `${c ? a : b}` rewritten as an `%{if}` directive; any
 * other expression becomes `${<its source text>}`.
 */
import type { Body, Expr, TemplatePart } from "./hcl-ast";
import { HclObj, HclSeq, numberToString, toDouble, type HclValue } from "./hcl-value";
import { printExpr } from "./print-expr";

/** JSON as hcl2json emits it. */
export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

function litJson(v: HclValue): Json {
  if (v === null || typeof v === "boolean" || typeof v === "string") return v;
  if (v instanceof HclSeq) return v.items.map(litJson);
  if (v instanceof HclObj) return Object.fromEntries([...v.attrs].map(([k, x]) => [k, litJson(x)]));
  return toDouble(v);
}

function escapeText(text: string): string {
  return text.replace(/\$\{/g, "$$$${").replace(/%\{/g, "%%{");
}

function litString(v: HclValue): string {
  if (v === null) return "null";
  if (typeof v === "boolean") return v ? "true" : "false";
  if (typeof v === "string") return escapeText(v);
  if (v instanceof HclSeq || v instanceof HclObj)
    return `\${${printExpr({ t: "lit", v, pos: { line: 1, column: 1 }, end: { line: 1, column: 1 } })}}`;
  return numberToString(v);
}

function stringPart(e: Expr): string {
  if (e.t === "lit") return litString(e.v);
  if (e.t === "template") return templateText(e.parts);
  if (e.t === "wrap") return stringPart(e.inner);
  if (e.t === "cond")
    return `%{if ${printExpr(e.cond)}}${stringPart(e.then)}%{else}${stringPart(e.else)}%{endif}`;
  return `\${${printExpr(e)}}`;
}

function templateText(parts: readonly TemplatePart[]): string {
  return parts
    .map((p) => {
      if (p.t === "text") return escapeText(p.text);
      if (p.t === "interp") return stringPart(p.expr);
      if (p.t === "if") {
        const otherwise = p.else.length > 0 ? `%{else}${templateText(p.else)}` : "";
        return `%{if ${printExpr(p.cond)}}${templateText(p.then)}${otherwise}%{endif}`;
      }
      const names = p.key === undefined ? p.value : `${p.key}, ${p.value}`;
      return `%{for ${names} in ${printExpr(p.coll)}}${templateText(p.body)}%{endfor}`;
    })
    .join("");
}

function objectKey(key: Expr, name: string | undefined): string {
  if (name !== undefined) return name;
  // A traversal key (`a.b = 1`) is printed as its source text.
  if (key.t === "attr" || key.t === "index") return printExpr(key);
  return stringPart(key);
}

/** What hcl2json prints for one of our expressions. */
export function expectedExpr(e: Expr): Json {
  switch (e.t) {
    case "lit":
      return litJson(e.v);
    case "unary":
      if (e.operand.t !== "lit") break;
      if (e.op === "!") return typeof e.operand.v === "boolean" ? !e.operand.v : `\${${printExpr(e)}}`;
      return typeof litJson(e.operand.v) === "number"
        ? -(litJson(e.operand.v) as number)
        : `\${${printExpr(e)}}`;
    case "template":
      return templateText(e.parts);
    case "wrap":
      return expectedExpr(e.inner);
    case "tuple":
      return e.items.map(expectedExpr);
    case "object": {
      const out: { [k: string]: Json } = {};
      for (const item of e.items) out[objectKey(item.key, item.name)] = expectedExpr(item.value);
      return out;
    }
    default:
      break;
  }
  return `\${${printExpr(e)}}`;
}

/** What hcl2json prints for a whole body. */
export function expectedBody(body: Body): { [k: string]: Json } {
  const out: { [k: string]: Json } = {};
  for (const a of body.attributes) out[a.name] = expectedExpr(a.expr);
  for (const b of body.blocks) {
    let node = out;
    const path = [b.type, ...b.labels];
    path.slice(0, -1).forEach((step) => {
      const next = node[step];
      node[step] =
        next !== undefined && typeof next === "object" && !Array.isArray(next) && next !== null ? next : {};
      node = node[step] as { [k: string]: Json };
    });
    const last = path[path.length - 1] ?? b.type;
    const list = node[last];
    node[last] = [...(Array.isArray(list) ? list : []), expectedBody(b.body)];
  }
  return out;
}
