/**
 * Prints a parsed expression back as HCL native syntax, with only the parentheses the
 * source had plus those the tree's shape needs. Used by tests to compare our tree with
 * other parsers' views of the same source (a misparsed precedence shows as extra parentheses).
 */
import type { BinaryOp, Expr, TemplatePart } from "./hcl-ast";
import { HclObj, HclSeq, toDouble, type HclValue } from "./hcl-value";

const PRECEDENCE: Record<BinaryOp, number> = {
  "||": 1,
  "&&": 2,
  "==": 3,
  "!=": 3,
  "<": 4,
  ">": 4,
  "<=": 4,
  ">=": 4,
  "+": 5,
  "-": 5,
  "*": 6,
  "/": 6,
  "%": 6,
};

/** How tightly an expression binds: 0 for conditionals, 1..6 for binary operators, 7 for unary, 8 for terms. */
function strength(e: Expr): number {
  if (e.t === "cond") return 0;
  if (e.t === "binary") return PRECEDENCE[e.op];
  if (e.t === "unary") return 7;
  return 8;
}

function atLeast(e: Expr, min: number): string {
  const s = printExpr(e);
  return strength(e) >= min ? s : `(${s})`;
}

function quoteText(text: string): string {
  return text
    .replace(/\\/g, "\\\\")
    .replace(/"/g, '\\"')
    .replace(/\n/g, "\\n")
    .replace(/\r/g, "\\r")
    .replace(/\t/g, "\\t")
    .replace(/\$\{/g, "$$$${")
    .replace(/%\{/g, "%%{");
}

/** Prints template parts as they would appear between the quotes of a quoted template. */
export function printTemplateParts(parts: readonly TemplatePart[]): string {
  return parts
    .map((p) => {
      if (p.t === "text") return quoteText(p.text);
      if (p.t === "interp") return `\${${printExpr(p.expr)}}`;
      if (p.t === "if") {
        const otherwise = p.else.length > 0 ? `%{else}${printTemplateParts(p.else)}` : "";
        return `%{if ${printExpr(p.cond)}}${printTemplateParts(p.then)}${otherwise}%{endif}`;
      }
      const names = p.key === undefined ? p.value : `${p.key}, ${p.value}`;
      return `%{for ${names} in ${printExpr(p.coll)}}${printTemplateParts(p.body)}%{endfor}`;
    })
    .join("");
}

function printValue(v: HclValue): string {
  if (v === null) return "null";
  if (typeof v === "boolean") return v ? "true" : "false";
  if (typeof v === "string") return `"${quoteText(v)}"`;
  if (v instanceof HclSeq) return `[${v.items.map(printValue).join(", ")}]`;
  if (v instanceof HclObj)
    return `{${[...v.attrs].map(([k, x]) => `"${quoteText(k)}" = ${printValue(x)}`).join(", ")}}`;
  return typeof v === "bigint" ? v.toString() : String(toDouble(v));
}

function printFor(e: Extract<Expr, { t: "for" }>): string {
  const names = e.key === undefined ? e.value : `${e.key}, ${e.value}`;
  const cond = e.cond === undefined ? "" : ` if ${printExpr(e.cond)}`;
  if (e.keyExpr === undefined)
    return `[for ${names} in ${printExpr(e.coll)} : ${printExpr(e.valExpr)}${cond}]`;
  const group = e.group ? "..." : "";
  return `{for ${names} in ${printExpr(e.coll)} : ${printExpr(e.keyExpr)} => ${printExpr(e.valExpr)}${group}${cond}}`;
}

/** Prints an expression in HCL native syntax (templates and heredocs as quoted strings). */
export function printExpr(e: Expr): string {
  switch (e.t) {
    case "lit":
      return printValue(e.v);
    case "var":
      return e.name;
    case "attr":
      return `${atLeast(e.obj, 8)}.${e.name}`;
    case "index":
      // `a.0` and `a[0]` make the same tree; both print as the latter.
      return `${atLeast(e.obj, 8)}[${printExpr(e.key)}]`;
    case "splatItem":
      return "";
    case "splat":
      return `${atLeast(e.src, 8)}[*]${printExpr(e.each)}`;
    case "call":
      return `${e.name}(${e.args.map(printExpr).join(", ")}${e.expand ? "..." : ""})`;
    case "tuple":
      return `[${e.items.map(printExpr).join(", ")}]`;
    case "object":
      return `{${e.items.map((i) => `${i.name ?? printExpr(i.key)} = ${printExpr(i.value)}`).join(", ")}}`;
    case "template":
      return `"${printTemplateParts(e.parts)}"`;
    case "wrap":
      return `"\${${printExpr(e.inner)}}"`;
    case "cond":
      return `${atLeast(e.cond, 1)} ? ${printExpr(e.then)} : ${printExpr(e.else)}`;
    case "binary": {
      const p = PRECEDENCE[e.op];
      return `${atLeast(e.left, p)} ${e.op} ${atLeast(e.right, p + 1)}`;
    }
    case "unary":
      return `${e.op}${atLeast(e.operand, 7)}`;
    case "paren":
      return `(${printExpr(e.inner)})`;
    case "for":
      return printFor(e);
  }
}
