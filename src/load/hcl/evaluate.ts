/**
 * Evaluates HCL expressions against variables and the function table helmfile registers,
 * with hclsyntax's semantics (template wrapping, splat upgrade, conditional result types,
 * `&&`/`||` deciding on either side).
 */
import type { Expr, SourceRange, TemplatePart } from "./hcl-ast";
import { fail, HclEvalFailure, type HclDiagnostic, type HclPos } from "./hcl-errors";
import { asBool, asInt, asNumber, asString } from "./convert";
import { HCL_FUNCTIONS } from "./functions/index";
import { HclObj, HclSeq, hclEquals, isNumber, object, tuple, typeName, type HclValue } from "./hcl-value";
import { binaryArith, compareNumbers, negate } from "./arith";

/** Variables visible to an expression (`hv`, `local`, for-expression symbols). */
export type Scope = ReadonlyMap<string, HclValue>;

/** Evaluates `e` in `scope`. Throws {@link HclEvalFailure}. */
export function evaluate(e: Expr, scope: Scope): HclValue {
  switch (e.t) {
    case "lit":
      return e.v;
    case "var":
      if (!scope.has(e.name))
        fail("HCL_UNKNOWN_REFERENCE", `unknown variable: there is no variable named "${e.name}"`, e.pos);
      return scope.get(e.name) ?? null;
    case "paren":
    case "wrap":
      return evaluate(e.inner, scope);
    case "attr":
      return getAttr(evaluate(e.obj, scope), e.name, e.pos, e.step);
    case "index":
      return index(evaluate(e.obj, scope), evaluate(e.key, scope), e.pos, e.step);
    case "splatItem":
      return scope.get("\u0000splat") ?? null;
    case "splat":
      return splat(evaluate(e.src, scope), e.each, scope);
    case "call":
      return call(e, scope);
    case "tuple":
      return tuple(e.items.map((x) => evaluate(x, scope)));
    case "object":
      return object(
        e.items.map((it) => [
          it.name ?? asString(evaluate(it.key, scope), "object key", it.key.pos),
          evaluate(it.value, scope),
        ]),
      );
    case "template":
      return renderParts(e.parts, scope);
    case "cond":
      return conditional(e.cond, e.then, e.else, scope);
    case "unary": {
      const v = evaluate(e.operand, scope);
      if (e.op === "!") return !asBool(v, "operand of !", e.pos);
      const n = asNumber(v, "operand of unary -", e.pos);
      return negate(n);
    }
    case "binary":
      return binary(e.op, e.left, e.right, scope, e.pos);
    case "for":
      return forExpr(e, scope);
  }
}

/** hcl's diagnostic for a traversal step, when the step's range is known. */
function stepDiag(step: SourceRange | undefined, summary: string, detail: string): HclDiagnostic | undefined {
  return step === undefined ? undefined : { summary, detail, start: step.start, end: step.end };
}

function getAttr(v: HclValue, name: string, pos: HclPos, step?: SourceRange): HclValue {
  if (v instanceof HclObj) {
    if (!v.attrs.has(name)) {
      const what =
        v.kind === "map"
          ? "map does not have an element with the key"
          : "object does not have an attribute named";
      fail(
        "HCL_UNKNOWN_REFERENCE",
        `unsupported attribute: this ${what} "${name}"`,
        pos,
        v.kind === "map"
          ? undefined
          : stepDiag(
              step,
              "Unsupported attribute",
              `This object does not have an attribute named "${name}".`,
            ),
      );
    }
    return v.attrs.get(name) ?? null;
  }
  if (v === null)
    return fail(
      "HCL_TYPE",
      `attempt to get attribute "${name}" from a null value`,
      pos,
      stepDiag(
        step,
        "Attempt to get attribute from null value",
        "This value is null, so it does not have any attributes.",
      ),
    );
  return fail(
    "HCL_TYPE",
    `unsupported attribute "${name}": a ${typeName(v)} value does not have any attributes`,
    pos,
  );
}

function index(v: HclValue, key: HclValue, pos: HclPos, step?: SourceRange): HclValue {
  if (v === null)
    return fail(
      "HCL_TYPE",
      "attempt to index a null value",
      pos,
      stepDiag(step, "Attempt to index null value", "This value is null, so it does not have any indices."),
    );
  if (v instanceof HclObj) {
    const k = asString(key, "index key", pos);
    if (!v.attrs.has(k))
      fail(
        "HCL_UNKNOWN_REFERENCE",
        `invalid index: the given key "${k}" does not identify an element in this collection value`,
        pos,
      );
    return v.attrs.get(k) ?? null;
  }
  if (v instanceof HclSeq && v.kind !== "set") {
    const i = asInt(key, "index", pos);
    if (i < 0 || i >= v.items.length)
      fail(
        "HCL_TYPE",
        `invalid index: the given index ${i} is out of range for a ${v.kind} of ${v.items.length} elements`,
        pos,
      );
    return v.items[i] ?? null;
  }
  return fail("HCL_TYPE", `invalid index: a ${typeName(v)} value cannot be indexed`, pos);
}

function splat(src: HclValue, each: Expr, scope: Scope): HclValue {
  const apply = (item: HclValue): HclValue => evaluate(each, new Map(scope).set("\u0000splat", item));
  if (src === null) return tuple([]);
  if (src instanceof HclSeq) return new HclSeq(src.kind === "tuple" ? "tuple" : "list", src.items.map(apply));
  return tuple([apply(src)]);
}

function call(e: Extract<Expr, { t: "call" }>, scope: Scope): HclValue {
  if (e.name === "try" || e.name === "can") return tryCall(e, scope);
  const fn = HCL_FUNCTIONS.get(e.name);
  if (fn === undefined) {
    const near = nameSuggestion(e.name, ["try", "can", ...HCL_FUNCTIONS.keys()]);
    return fail(
      "HCL_UNKNOWN_REFERENCE",
      `call to unknown function: there is no function named "${e.name}"`,
      e.pos,
      {
        summary: "Call to unknown function",
        detail: `There is no function named "${e.name}".${near === undefined ? "" : ` Did you mean "${near}"?`}`,
        start: e.pos,
        end: { line: e.pos.line, column: e.pos.column + [...e.name].length },
      },
    );
  }
  let args = e.args.map((a) => evaluate(a, scope));
  if (e.expand) {
    const last = args[args.length - 1] ?? null;
    if (!(last instanceof HclSeq))
      fail(
        "HCL_TYPE",
        `invalid expanding argument value: the expanding argument (indicated by ...) must be a list, tuple or set, found ${typeName(last)}`,
        e.pos,
      );
    args = [...args.slice(0, -1), ...last.items];
  }
  try {
    return fn(args);
  } catch (err) {
    if (err instanceof HclEvalFailure) {
      const code = err.code === "HCL_TYPE" || err.code === "HCL_FUNCTION" ? err.code : "HCL_FUNCTION";
      throw new HclEvalFailure(code, `error in function call ${e.name}(): ${err.detail}`, err.pos ?? e.pos);
    }
    throw err;
  }
}

function tryCall(e: Extract<Expr, { t: "call" }>, scope: Scope): HclValue {
  if (e.name === "can" && e.args.length !== 1)
    fail("HCL_FUNCTION", "can() takes exactly one argument", e.pos);
  if (e.name === "try" && e.args.length === 0)
    fail("HCL_FUNCTION", "try() requires at least one argument", e.pos);
  for (const a of e.args) {
    try {
      const v = evaluate(a, scope);
      return e.name === "can" ? true : v;
    } catch (err) {
      if (!(err instanceof HclEvalFailure)) throw err;
    }
  }
  if (e.name === "can") return false;
  return fail("HCL_FUNCTION", "error in function call try(): no expression succeeded", e.pos);
}

function conditional(c: Expr, a: Expr, b: Expr, scope: Scope): HclValue {
  const pick = asBool(evaluate(c, scope), "condition of a conditional expression", c.pos);
  const chosen = evaluate(pick ? a : b, scope);
  let other: HclValue = null;
  try {
    other = evaluate(pick ? b : a, scope);
  } catch {
    return chosen;
  }
  // cty unifies the two result types: a string on either side turns numbers and bools into strings.
  const primitive = (x: HclValue): boolean => typeof x === "boolean" || isNumber(x);
  if (typeof other === "string" && primitive(chosen)) return asString(chosen, "conditional result", c.pos);
  return chosen;
}

function tryEval(e: Expr, scope: Scope): { v: HclValue } | { err: unknown } {
  try {
    return { v: evaluate(e, scope) };
  } catch (err) {
    if (err instanceof HclEvalFailure) return { err };
    throw err;
  }
}

function binary(op: string, l: Expr, r: Expr, scope: Scope, pos: HclPos): HclValue {
  if (op === "&&" || op === "||") {
    const lr = tryEval(l, scope);
    const rr = tryEval(r, scope);
    const decides = op === "||";
    const lb = "v" in lr ? asBool(lr.v, `left operand of ${op}`, l.pos) : undefined;
    const rb = "v" in rr ? asBool(rr.v, `right operand of ${op}`, r.pos) : undefined;
    if (lb === decides || rb === decides) return decides;
    if ("err" in lr) throw lr.err;
    if ("err" in rr) throw rr.err;
    return !decides;
  }
  const a = evaluate(l, scope);
  const b = evaluate(r, scope);
  if (op === "==") return hclEquals(a, b);
  if (op === "!=") return !hclEquals(a, b);
  const x = asNumber(a, `left operand of ${op}`, l.pos);
  const y = asNumber(b, `right operand of ${op}`, r.pos);
  if (op === "<" || op === ">" || op === "<=" || op === ">=") {
    const c = compareNumbers(x, y);
    return op === "<" ? c < 0 : op === ">" ? c > 0 : op === "<=" ? c <= 0 : c >= 0;
  }
  return binaryArith(op, x, y, pos);
}

function iterate(coll: HclValue, pos: HclPos): [HclValue, HclValue][] {
  if (coll instanceof HclSeq) {
    return coll.items.map((v, i) => [coll.kind === "set" ? v : BigInt(i), v]);
  }
  if (coll instanceof HclObj) return [...coll.attrs.entries()];
  if (coll === null)
    return fail(
      "HCL_TYPE",
      "iteration over null value: a null value cannot be used as the collection in a for expression",
      pos,
    );
  return fail(
    "HCL_TYPE",
    `iteration over non-iterable value: a ${typeName(coll)} value cannot be used as the collection in a for expression`,
    pos,
  );
}

function forExpr(e: Extract<Expr, { t: "for" }>, scope: Scope): HclValue {
  const items: HclValue[] = [];
  const grouped = new Map<string, HclValue[]>();
  for (const [k, v] of iterate(evaluate(e.coll, scope), e.coll.pos)) {
    const inner = new Map(scope);
    if (e.key !== undefined) inner.set(e.key, k);
    inner.set(e.value, v);
    if (e.cond !== undefined && !asBool(evaluate(e.cond, inner), "condition of a for expression", e.cond.pos))
      continue;
    if (e.keyExpr === undefined) {
      items.push(evaluate(e.valExpr, inner));
      continue;
    }
    const key = asString(evaluate(e.keyExpr, inner), "key of an object for expression", e.keyExpr.pos);
    const value = evaluate(e.valExpr, inner);
    const prev = grouped.get(key);
    if (prev !== undefined && !e.group) {
      fail(
        "HCL_TYPE",
        `duplicate object key "${key}" in for expression: add "..." after the value to group values by key`,
        e.keyExpr.pos,
      );
    }
    grouped.set(key, [...(prev ?? []), value]);
  }
  if (e.keyExpr === undefined) return tuple(items);
  return object([...grouped.entries()].map(([k, vs]) => [k, e.group ? tuple(vs) : (vs[0] ?? null)]));
}

function renderParts(parts: readonly TemplatePart[], scope: Scope): string {
  let out = "";
  for (const p of parts) {
    if (p.t === "text") out += p.text;
    else if (p.t === "interp") out += interpolate(evaluate(p.expr, scope), p.expr.pos);
    else if (p.t === "if") {
      const c = asBool(evaluate(p.cond, scope), "condition of %{if}", p.pos);
      out += renderParts(c ? p.then : p.else, scope);
    } else {
      for (const [k, v] of iterate(evaluate(p.coll, scope), p.pos)) {
        const inner = new Map(scope);
        if (p.key !== undefined) inner.set(p.key, k);
        inner.set(p.value, v);
        out += renderParts(p.body, inner);
      }
    }
  }
  return out;
}

function interpolate(v: HclValue, pos: HclPos): string {
  if (v === null)
    return fail("HCL_TYPE", "invalid template interpolation value: the expression result is null", pos);
  if (typeof v === "object" && !isNumber(v))
    return fail(
      "HCL_TYPE",
      `invalid template interpolation value: cannot include a ${typeName(v)} value in a string template`,
      pos,
    );
  return asString(v, "template interpolation", pos);
}

/**
 * hcl's didyoumean.NameSuggestion: a name within Levenshtein distance 2 of `given`. hcl takes the
 * first in its (unordered) function map; we take the nearest, then the first in name order.
 */
export function nameSuggestion(given: string, names: Iterable<string>): string | undefined {
  let best: { name: string; d: number } | undefined;
  for (const name of [...names].sort()) {
    const d = levenshtein(given, name);
    if (d < 3 && (best === undefined || d < best.d)) best = { name, d };
  }
  return best?.name;
}

function levenshtein(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      row.push(Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost));
    }
    prev = row;
  }
  return prev[y.length] ?? 0;
}
