/**
 * The root references an expression makes (hcl's `Expression.Variables()`): each is a root
 * name plus its first traversal step, skipping names bound by `for` expressions and
 * directives. helmfile builds its dependency graph from these.
 */
import type { Expr, SourceRange, TemplatePart } from "./hcl-ast";
import type { HclPos } from "./hcl-errors";

/** A root reference and what follows it. */
export interface VariableRef {
  readonly root: string;
  /** `attr` for `.name`, `index` for a literal `[key]`, undefined when the root stands alone. */
  readonly step: { readonly kind: "attr"; readonly name: string } | { readonly kind: "index" } | undefined;
  readonly pos: HclPos;
  /** Where the root name ends. */
  readonly end: HclPos;
  /** Where the first step is, when there is one. */
  readonly stepRange?: SourceRange | undefined;
}

function walkParts(parts: readonly TemplatePart[], bound: ReadonlySet<string>, out: VariableRef[]): void {
  for (const p of parts) {
    if (p.t === "interp") walk(p.expr, bound, out);
    else if (p.t === "if") {
      walk(p.cond, bound, out);
      walkParts(p.then, bound, out);
      walkParts(p.else, bound, out);
    } else if (p.t === "for") {
      walk(p.coll, bound, out);
      const inner = new Set(bound);
      if (p.key !== undefined) inner.add(p.key);
      inner.add(p.value);
      walkParts(p.body, inner, out);
    }
  }
}

function walk(e: Expr, bound: ReadonlySet<string>, out: VariableRef[]): void {
  switch (e.t) {
    case "var":
      if (!bound.has(e.name)) out.push({ root: e.name, step: undefined, pos: e.pos, end: e.end });
      return;
    case "attr":
    case "index":
      if (e.obj.t === "var") {
        if (!bound.has(e.obj.name)) {
          const step =
            e.t === "attr"
              ? { kind: "attr" as const, name: e.name }
              : e.literalKey
                ? { kind: "index" as const }
                : undefined;
          out.push({ root: e.obj.name, step, pos: e.obj.pos, end: e.obj.end, stepRange: e.step });
        }
      } else walk(e.obj, bound, out);
      if (e.t === "index") walk(e.key, bound, out);
      return;
    case "lit":
    case "splatItem":
      return;
    case "splat":
      walk(e.src, bound, out);
      walk(e.each, bound, out);
      return;
    case "call":
      e.args.forEach((a) => walk(a, bound, out));
      return;
    case "tuple":
      e.items.forEach((a) => walk(a, bound, out));
      return;
    case "object":
      for (const it of e.items) {
        if (it.name === undefined) walk(it.key, bound, out);
        walk(it.value, bound, out);
      }
      return;
    case "template":
      walkParts(e.parts, bound, out);
      return;
    case "wrap":
    case "paren":
      walk(e.inner, bound, out);
      return;
    case "cond":
      [e.cond, e.then, e.else].forEach((a) => walk(a, bound, out));
      return;
    case "binary":
      walk(e.left, bound, out);
      walk(e.right, bound, out);
      return;
    case "unary":
      walk(e.operand, bound, out);
      return;
    case "for": {
      walk(e.coll, bound, out);
      const inner = new Set(bound);
      if (e.key !== undefined) inner.add(e.key);
      inner.add(e.value);
      for (const x of [e.keyExpr, e.valExpr, e.cond]) if (x !== undefined) walk(x, inner, out);
    }
  }
}

/** Lists the root references of `e` in source order. */
export function exprVariables(e: Expr): VariableRef[] {
  const out: VariableRef[] = [];
  walk(e, new Set(), out);
  return out;
}
