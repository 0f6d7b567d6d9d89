/**
 * Evaluates HCL expressions against variables and the function table helmfile registers,
 * with hclsyntax's semantics (template wrapping, splat upgrade, conditional result types,
 * `&&`/`||` deciding on either side).
 */
import type { Expr, SourceRange, TemplatePart } from "./hcl-ast";
import { fail, FILE_MARK, HclEvalFailure, rangeText, type HclDiagnostic, type HclPos } from "./hcl-errors";
import { asNumber, asString } from "./convert";
import { HCL_FUNCTIONS } from "./functions/index";
import { HCL_SIGNATURES, type HclParam } from "./functions/signatures";
import { conversionError, friendlyName } from "./friendly-name";

export { conversionError, friendlyName } from "./friendly-name";
import {
  HclObj,
  HclSeq,
  hclEquals,
  isNumber,
  object,
  toDouble,
  tuple,
  typeName,
  type HclValue,
} from "./hcl-value";
import { binaryArith, compareNumbers, negate } from "./arith";
import { levenshtein } from "../../shared/levenshtein";

/** Variables visible to an expression (`hv`, `local`, for-expression symbols). */
export type Scope = ReadonlyMap<string, HclValue>;

type Code = "HCL_TYPE" | "HCL_UNKNOWN_REFERENCE" | "HCL_FUNCTION";

/** Throws hcl's evaluation diagnostic `summary; detail` over `start`..`end`. */
function evalError(code: Code, summary: string, detail: string, start: HclPos, end: HclPos): never {
  return fail(code, `${summary}; ${detail}`, start, { summary, detail, start, end });
}

/** Throws hcl's diagnostic over an expression's range. */
function exprError(code: Code, e: Expr, summary: string, detail: string): never {
  return evalError(code, summary, detail, e.pos, e.end);
}

/** Why cty cannot convert an argument to its parameter's type (primitives, and lists or sets of them). */
function paramConversionError(v: HclValue, type: HclParam["type"]): string | undefined {
  if (type === "string" || type === "number" || type === "bool") return conversionError(v, type);
  const m = /^(list|set) of (string|dynamic)$/.exec(type);
  if (m === null || v === null) return undefined;
  if (!(v instanceof HclSeq)) return `${type} required, but have ${friendlyName(v)}`;
  if (m[2] === "dynamic") return undefined;
  for (const [i, x] of v.items.entries()) {
    const err = conversionError(x, "string");
    if (err !== undefined) return `element ${i}: ${err}`;
  }
  return undefined;
}

function toBool(v: HclValue): boolean {
  return v === true || v === "true" || v === "1";
}

/** Evaluates `e` in `scope`. Throws {@link HclEvalFailure}. */
export function evaluate(e: Expr, scope: Scope): HclValue {
  switch (e.t) {
    case "lit":
      return e.v;
    case "var":
      if (!scope.has(e.name)) unknownVariable(e, scope);
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
        e.items.map((it) => [objectKey(it.key, it.name, scope, it.value), evaluate(it.value, scope)]),
      );
    case "template":
      return renderParts(e.parts, scope);
    case "cond":
      return conditional(e.cond, e.then, e.else, scope);
    case "unary":
      return unary(e.op, e.operand, scope, e);
    case "binary":
      return binary(e, scope);
    case "for":
      return forExpr(e, scope);
  }
}

function unknownVariable(e: Expr & { t: "var" }, scope: Scope): never {
  const near = nameSuggestion(
    e.name,
    [...scope.keys()].filter((k) => !k.startsWith("\u0000")),
  );
  return exprError(
    "HCL_UNKNOWN_REFERENCE",
    e,
    "Unknown variable",
    `There is no variable named "${e.name}".${near === undefined ? "" : ` Did you mean "${near}"?`}`,
  );
}

function objectKey(key: Expr, name: string | undefined, scope: Scope, value: Expr): string {
  if (name !== undefined) return name;
  // A naked traversal `a.b` as a key: hcl cannot tell a reference from a dotted name.
  if (key.t === "attr" && isTraversal(key))
    exprError(
      "HCL_TYPE",
      key,
      "Ambiguous attribute key",
      "If this expression is intended to be a reference, wrap it in parentheses. If it's instead intended as a literal name containing periods, wrap it in quotes to create a string literal.",
    );
  const v = evaluate(key, scope);
  // hcl points this one at the item's value.
  if (v === null) exprError("HCL_TYPE", value, "Null value as key", "Can't use a null value as a key.");
  const err = conversionError(v, "string");
  if (err !== undefined)
    exprError("HCL_TYPE", key, "Incorrect key type", `Can't use this value as a key: ${err}.`);
  return asString(v, "object key");
}

function isTraversal(e: Expr): boolean {
  if (e.t === "var") return true;
  if (e.t === "attr") return isTraversal(e.obj);
  if (e.t === "index") return e.literalKey && isTraversal(e.obj);
  return false;
}

/** hcl's diagnostic for a traversal step, when the step's range is known. */
function stepDiag(step: SourceRange | undefined, summary: string, detail: string): HclDiagnostic | undefined {
  return step === undefined ? undefined : { summary, detail, start: step.start, end: step.end };
}

function stepError(
  code: Code,
  step: SourceRange | undefined,
  pos: HclPos,
  summary: string,
  detail: string,
): never {
  return fail(code, `${summary}; ${detail}`, pos, stepDiag(step, summary, detail));
}

const UNSUPPORTED_ATTR = "Unsupported attribute";

function getAttr(v: HclValue, name: string, pos: HclPos, step?: SourceRange): HclValue {
  if (v instanceof HclObj) {
    if (!v.attrs.has(name)) {
      if (v.kind === "map")
        stepError(
          "HCL_UNKNOWN_REFERENCE",
          step,
          pos,
          "Missing map element",
          `This map does not have an element with the key "${name}".`,
        );
      stepError(
        "HCL_UNKNOWN_REFERENCE",
        step,
        pos,
        UNSUPPORTED_ATTR,
        `This object does not have an attribute named "${name}".`,
      );
    }
    return v.attrs.get(name) ?? null;
  }
  if (v === null)
    return stepError(
      "HCL_TYPE",
      step,
      pos,
      "Attempt to get attribute from null value",
      "This value is null, so it does not have any attributes.",
    );
  if (v instanceof HclSeq) {
    const first = v.items[0];
    if (v.kind === "list" && first instanceof HclObj && first.kind === "object")
      stepError(
        "HCL_TYPE",
        step,
        pos,
        UNSUPPORTED_ATTR,
        first.attrs.has(name)
          ? `Can't access attributes on a list of objects. Did you mean to access attribute "${name}" for a specific element of the list, or across all elements of the list?`
          : "Can't access attributes on a list of objects. Did you mean to access an attribute for a specific element of the list, or across all elements of the list?",
      );
    if (v.kind === "set" && first instanceof HclObj && first.kind === "object")
      stepError(
        "HCL_TYPE",
        step,
        pos,
        UNSUPPORTED_ATTR,
        "Can't access attributes on a set of objects. Did you mean to access an attribute across all elements of the set?",
      );
    return stepError("HCL_TYPE", step, pos, UNSUPPORTED_ATTR, "This value does not have any attributes.");
  }
  return stepError(
    "HCL_TYPE",
    step,
    pos,
    UNSUPPORTED_ATTR,
    `Can't access attributes on a primitive-typed value (${typeName(v)}).`,
  );
}

const INVALID_INDEX = "Invalid index";
const NO_ELEMENT = "The given key does not identify an element in this collection value";

function index(v: HclValue, key: HclValue, pos: HclPos, step?: SourceRange): HclValue {
  const bad = (detail: string, code: Code = "HCL_TYPE"): never =>
    stepError(code, step, pos, INVALID_INDEX, detail);
  if (v === null)
    return stepError(
      "HCL_TYPE",
      step,
      pos,
      "Attempt to index null value",
      "This value is null, so it does not have any indices.",
    );
  if (key === null) bad("Can't use a null value as an indexing key.");
  if (v instanceof HclObj) {
    const err = conversionError(key, "string");
    if (err !== undefined) bad(`${NO_ELEMENT}: ${err}.`);
    const k = asString(key, "index key", pos);
    if (!v.attrs.has(k))
      bad(
        `${NO_ELEMENT}.${v.kind === "object" && isNumber(key) ? " An object only supports looking up attributes by name, not by numeric index." : ""}`,
        "HCL_UNKNOWN_REFERENCE",
      );
    return v.attrs.get(k) ?? null;
  }
  if (v instanceof HclSeq && v.kind !== "set") {
    const err = conversionError(key, "number");
    if (err !== undefined) bad(`${NO_ELEMENT}: ${err}.`);
    const n = asNumber(key, "index", pos);
    if (typeof n !== "bigint") {
      const d = Number(toDouble(n));
      if (!Number.isInteger(d))
        bad(
          `${NO_ELEMENT}: indexing a sequence requires a whole number, but the given index has a fractional part.`,
        );
    }
    const i = BigInt(typeof n === "bigint" ? n : Math.trunc(Number(toDouble(n))));
    if (i < 0n) bad(`${NO_ELEMENT}: a negative number is not a valid index for a sequence.`);
    const len = BigInt(v.items.length);
    // hcl's specific texts only cover an index equal to the length.
    if (i === len && len === 0n) bad(`${NO_ELEMENT}: the collection has no elements.`);
    if (i === len)
      bad(`${NO_ELEMENT}: the given index is greater than or equal to the length of the collection.`);
    if (i > len) bad(`${NO_ELEMENT}.`);
    return v.items[Number(i)] ?? null;
  }
  if (v instanceof HclSeq)
    return bad(
      "Elements of a set are identified only by their value and don't have any separate index or key to select with, so it's only possible to perform operations across all elements of the set.",
    );
  return bad("This value does not have any indices.");
}

function splat(src: HclValue, each: Expr, scope: Scope): HclValue {
  const apply = (item: HclValue): HclValue => evaluate(each, new Map(scope).set("\u0000splat", item));
  if (src === null) return tuple([]);
  if (src instanceof HclSeq) return new HclSeq(src.kind === "tuple" ? "tuple" : "list", src.items.map(apply));
  return tuple([apply(src)]);
}

function call(e: Extract<Expr, { t: "call" }>, scope: Scope): HclValue {
  const fn = e.name === "try" || e.name === "can" ? undefined : HCL_FUNCTIONS.get(e.name);
  const cut = e.name.lastIndexOf("::");
  if (cut >= 0)
    // helmfile registers no namespaced functions.
    evalError(
      "HCL_UNKNOWN_REFERENCE",
      "Call to unknown function",
      `There are no functions in namespace ${JSON.stringify(e.name.slice(0, cut + 2))}.`,
      e.pos,
      { line: e.pos.line, column: e.pos.column + [...e.name].length },
    );
  if (fn === undefined && e.name !== "try" && e.name !== "can") {
    const near = nameSuggestion(e.name, ["try", "can", ...HCL_FUNCTIONS.keys()]);
    return evalError(
      "HCL_UNKNOWN_REFERENCE",
      "Call to unknown function",
      `There is no function named "${e.name}".${near === undefined ? "" : ` Did you mean "${near}"?`}`,
      e.pos,
      { line: e.pos.line, column: e.pos.column + [...e.name].length },
    );
  }
  const sig = HCL_SIGNATURES.get(e.name) ?? { params: [] };
  // Each argument with the expression it came from (an expanded tuple's items all point at it).
  let args: { expr: Expr; value?: HclValue }[] = e.args.map((expr) => ({ expr }));
  if (e.expand) {
    const last = e.args[e.args.length - 1] as Expr;
    const v = evaluate(last, scope);
    if (v === null)
      exprError(
        "HCL_TYPE",
        last,
        "Invalid expanding argument value",
        "The expanding argument (indicated by ...) must not be null.",
      );
    if (!(v instanceof HclSeq))
      exprError(
        "HCL_TYPE",
        last,
        "Invalid expanding argument value",
        "The expanding argument (indicated by ...) must be of a tuple, list, or set type.",
      );
    args = [...args.slice(0, -1), ...v.items.map((value) => ({ expr: last, value }))];
  }
  if (args.length < sig.params.length) {
    const missing = sig.params[args.length] as HclParam;
    evalError(
      "HCL_FUNCTION",
      "Not enough function arguments",
      `Function "${e.name}" expects${sig.varParam === undefined ? "" : " at least"} ${sig.params.length} argument(s). Missing value for "${missing.name}".`,
      e.close.start,
      e.close.end,
    );
  }
  if (sig.varParam === undefined && args.length > sig.params.length) {
    const extra = (args[sig.params.length] as { expr: Expr }).expr;
    evalError(
      "HCL_FUNCTION",
      "Too many function arguments",
      `Function "${e.name}" expects only ${sig.params.length} argument(s).`,
      ...startRange(extra),
    );
  }
  if (fn === undefined) return tryCall(e, scope);
  const values = args.map((a, i) => {
    const v = "value" in a ? (a.value ?? null) : evaluate(a.expr, scope);
    const param = sig.params[i] ?? sig.varParam;
    const err = param === undefined ? undefined : paramConversionError(v, param.type);
    if (err !== undefined && param !== undefined)
      evalError(
        "HCL_TYPE",
        "Invalid function argument",
        `Invalid value for "${param.name}" parameter: ${err}.`,
        ...startRange(a.expr),
      );
    return v;
  });
  values.forEach((v, i) => {
    const param = sig.params[i] ?? sig.varParam;
    if (v === null && param !== undefined && !param.allowNull)
      evalError(
        "HCL_TYPE",
        "Invalid function argument",
        `Invalid value for "${param.name}" parameter: argument must not be null.`,
        ...startRange((args[i] as { expr: Expr }).expr),
      );
  });
  try {
    return fn(values);
  } catch (err) {
    if (err instanceof HclEvalFailure) {
      const code = err.code === "HCL_TYPE" || err.code === "HCL_FUNCTION" ? err.code : "HCL_FUNCTION";
      const blamed = err.argIndex === undefined ? undefined : args[err.argIndex];
      const param = err.argIndex === undefined ? undefined : (sig.params[err.argIndex] ?? sig.varParam);
      if (blamed !== undefined && param !== undefined)
        evalError(
          code,
          "Invalid function argument",
          `Invalid value for "${param.name}" parameter: ${err.detail}.`,
          ...startRange(blamed.expr),
        );
      evalError(
        code,
        "Error in function call",
        `Call to function "${e.name}" failed: ${err.detail}.`,
        e.head.start,
        e.head.end,
      );
    }
    throw err;
  }
}

/** hcl's StartRange of an expression (where "Invalid function argument" and "Too many function arguments" point). */
function startRange(e: Expr): [HclPos, HclPos] {
  const one = (p: HclPos): [HclPos, HclPos] => [p, { line: p.line, column: p.column + 1 }];
  switch (e.t) {
    case "call":
      return [e.head.start, e.head.end];
    case "binary":
      return startRange(e.left);
    case "cond":
      return startRange(e.cond);
    case "tuple":
    case "object":
    case "for":
    case "unary":
      return one(e.pos);
    case "index":
      return e.literalKey || e.step === undefined ? [e.pos, e.end] : one(e.step.start);
    case "template": {
      // The first part: a quoted string's first run of text starts after the quote.
      const first = e.parts[0];
      if (first?.t !== "text") return first?.t === "interp" ? startRange(first.expr) : [e.pos, e.end];
      const start = { line: e.pos.line, column: e.pos.column + 1 };
      if (e.parts.length === 1 && e.end.line === e.pos.line)
        return [start, { line: e.end.line, column: e.end.column - 1 }];
      return [start, { line: start.line, column: start.column + [...first.text].length }];
    }
    case "splat": {
      let item: Expr = e.each;
      while (item.t === "attr" || item.t === "index") item = item.obj;
      return item.t === "splatItem" ? [item.pos, item.end] : [e.pos, e.end];
    }
    default:
      return [e.pos, e.end];
  }
}

function tryCall(e: Extract<Expr, { t: "call" }>, scope: Scope): HclValue {
  if (e.args.length === 0)
    evalError(
      "HCL_FUNCTION",
      "Error in function call",
      `Call to function "${e.name}" failed: at least one argument is required.`,
      e.head.start,
      e.head.end,
    );
  const failures: string[] = [];
  for (const a of e.args) {
    try {
      const v = evaluate(a, scope);
      return e.name === "can" ? true : v;
    } catch (err) {
      if (!(err instanceof HclEvalFailure)) throw err;
      const d = err.diag;
      failures.push(
        d === undefined
          ? `- ${err.detail}\n`
          : `- ${d.summary} (at ${rangeText(FILE_MARK, d.start, d.end)})\n  ${d.detail}\n`,
      );
    }
  }
  if (e.name === "can") return false;
  // The file is not known here: the loader puts it in place of FILE_MARK.
  return evalError(
    "HCL_FUNCTION",
    "Error in function call",
    `Call to function "try" failed: no expression succeeded:\n${failures.join("")}\nAt least one expression must produce a successful result.`,
    e.head.start,
    e.head.end,
  );
}

/** Whether cty can unify the two result types; else hcl's description of the mismatch. */
function mismatch(a: HclValue, b: HclValue): string | undefined {
  if (a === null || b === null) return undefined;
  const kind = (v: HclValue): string =>
    v instanceof HclSeq
      ? v.kind === "tuple"
        ? "tuple"
        : "collection"
      : v instanceof HclObj
        ? "structure"
        : typeName(v);
  const [x, y] = [kind(a), kind(b)];
  if (x === y) return undefined;
  if (x === "string" || y === "string") {
    const other = x === "string" ? y : x;
    if (other === "number" || other === "bool") return undefined;
  }
  if ((x === "tuple" && y === "collection") || (x === "collection" && y === "tuple")) return undefined;
  return `The 'true' value is ${friendlyName(a)}, but the 'false' value is ${friendlyName(b)}`;
}

function conditional(c: Expr, a: Expr, b: Expr, scope: Scope): HclValue {
  // As hcl: both results first, their types must unify, then the condition picks one.
  const tr = tryEval(a, scope);
  const fr = tryEval(b, scope);
  if ("v" in tr && "v" in fr) {
    const m = mismatch(tr.v, fr.v);
    if (m !== undefined)
      evalError(
        "HCL_TYPE",
        "Inconsistent conditional result types",
        `The true and false result expressions must have consistent types. ${m}.`,
        a.pos,
        b.end,
      );
  }
  const cv = evaluate(c, scope);
  if (cv === null)
    exprError(
      "HCL_TYPE",
      c,
      "Null condition",
      "The condition value is null. Conditions must either be true or false.",
    );
  if (conversionError(cv, "bool") !== undefined)
    exprError("HCL_TYPE", c, "Incorrect condition type", "The condition expression must be of type bool.");
  const pick = toBool(cv);
  const chosen = pick ? tr : fr;
  if ("err" in chosen) throw chosen.err;
  const other = pick ? fr : tr;
  // cty unifies the two result types: a string on either side turns numbers and bools into strings.
  const primitive = (x: HclValue): boolean => typeof x === "boolean" || isNumber(x);
  if ("v" in other && typeof other.v === "string" && primitive(chosen.v))
    return asString(chosen.v, "conditional result", c.pos);
  return chosen.v;
}

function tryEval(e: Expr, scope: Scope): { v: HclValue } | { err: unknown } {
  try {
    return { v: evaluate(e, scope) };
  } catch (err) {
    if (err instanceof HclEvalFailure) return { err };
    throw err;
  }
}

function operandError(e: Expr, side: string, err: string): never {
  return exprError("HCL_TYPE", e, "Invalid operand", `Unsuitable value for ${side} operand: ${err}.`);
}

function operationFailed(e: Expr, detail: string): never {
  return exprError("HCL_TYPE", e, "Operation failed", `Error during operation: ${detail}.`);
}

function unary(op: "-" | "!", operand: Expr, scope: Scope, whole: Expr): HclValue {
  const v = evaluate(operand, scope);
  const err = conversionError(v, op === "!" ? "bool" : "number");
  if (err !== undefined) operandError(operand, "unary", err);
  if (v === null) operationFailed(whole, "argument must not be null");
  if (op === "!") return !toBool(v);
  return negate(asNumber(v, "operand of unary -", operand.pos));
}

function binary(e: Extract<Expr, { t: "binary" }>, scope: Scope): HclValue {
  const { op, left: l, right: r } = e;
  const want = op === "&&" || op === "||" ? "bool" : op === "==" || op === "!=" ? undefined : "number";
  const lr = tryEval(l, scope);
  const rr = tryEval(r, scope);
  if (want !== undefined) {
    const le = "v" in lr ? conversionError(lr.v, want) : undefined;
    if (le !== undefined) operandError(l, "left", le);
    const re = "v" in rr ? conversionError(rr.v, want) : undefined;
    if (re !== undefined) operandError(r, "right", re);
  }
  if (op === "&&" || op === "||") {
    const decides = op === "||";
    // cty's True() of a null bool is false, so null decides `&&` (false) but never `||`.
    const truth = (r: { v: HclValue } | { err: unknown }): boolean | undefined =>
      !("v" in r) ? undefined : r.v === null ? (decides ? undefined : false) : toBool(r.v);
    const lb = truth(lr);
    const rb = truth(rr);
    if (lb === decides || rb === decides) return decides;
    if ("err" in lr) throw lr.err;
    if ("err" in rr) throw rr.err;
    if (lb === undefined || rb === undefined) operationFailed(e, "argument must not be null");
    return !decides;
  }
  if ("err" in lr) throw lr.err;
  if ("err" in rr) throw rr.err;
  const [a, b] = [lr.v, rr.v];
  if (op === "==") return hclEquals(a, b);
  if (op === "!=") return !hclEquals(a, b);
  if (a === null || b === null) operationFailed(e, "argument must not be null");
  const x = asNumber(a, `left operand of ${op}`, l.pos);
  const y = asNumber(b, `right operand of ${op}`, r.pos);
  if (op === "<" || op === ">" || op === "<=" || op === ">=") {
    const c = compareNumbers(x, y);
    return op === "<" ? c < 0 : op === ">" ? c > 0 : op === "<=" ? c <= 0 : c >= 0;
  }
  // cty: x % 0 is x.
  if (op === "%" && toDouble(y) === 0) return x;
  if (op === "/" && toDouble(y) === 0) {
    // cty divides into infinity; only zero by zero fails.
    if (toDouble(x) === 0) operationFailed(e, "can't divide zero by zero or infinity by infinity");
    return toDouble(x) > 0 ? Infinity : -Infinity;
  }
  try {
    return binaryArith(op, x, y, e.pos);
  } catch (err) {
    if (err instanceof HclEvalFailure && err.diag === undefined) operationFailed(e, err.detail);
    throw err;
  }
}

function iterate(coll: HclValue, e: Expr): [HclValue, HclValue][] {
  if (coll instanceof HclSeq) {
    return coll.items.map((v, i) => [coll.kind === "set" ? v : BigInt(i), v]);
  }
  if (coll instanceof HclObj) return [...coll.attrs.entries()];
  if (coll === null)
    return exprError(
      "HCL_TYPE",
      e,
      "Iteration over null value",
      "A null value cannot be used as the collection in a 'for' expression.",
    );
  return exprError(
    "HCL_TYPE",
    e,
    "Iteration over non-iterable value",
    `A value of type ${friendlyName(coll)} cannot be used as the collection in a 'for' expression.`,
  );
}

function forCondition(cond: Expr, scope: Scope): boolean {
  const v = evaluate(cond, scope);
  if (v === null)
    exprError("HCL_TYPE", cond, "Condition is null", "The value of the 'if' clause must not be null.");
  const err = conversionError(v, "bool");
  if (err !== undefined)
    exprError("HCL_TYPE", cond, "Invalid 'for' condition", `The 'if' clause value is invalid: ${err}.`);
  return toBool(v);
}

function forExpr(e: Extract<Expr, { t: "for" }>, scope: Scope): HclValue {
  const items: HclValue[] = [];
  const grouped = new Map<string, HclValue[]>();
  for (const [k, v] of iterate(evaluate(e.coll, scope), e.coll)) {
    const inner = new Map(scope);
    if (e.key !== undefined) inner.set(e.key, k);
    inner.set(e.value, v);
    if (e.cond !== undefined && !forCondition(e.cond, inner)) continue;
    if (e.keyExpr === undefined) {
      items.push(evaluate(e.valExpr, inner));
      continue;
    }
    const kv = evaluate(e.keyExpr, inner);
    if (kv === null)
      exprError(
        "HCL_TYPE",
        e.keyExpr,
        "Invalid object key",
        "Key expression in 'for' expression must not produce a null value.",
      );
    const err = conversionError(kv, "string");
    if (err !== undefined)
      exprError(
        "HCL_TYPE",
        e.keyExpr,
        "Invalid object key",
        `The key expression produced an invalid result: ${err}.`,
      );
    const key = asString(kv, "key of an object for expression");
    const value = evaluate(e.valExpr, inner);
    const prev = grouped.get(key);
    if (prev !== undefined && !e.group) {
      exprError(
        "HCL_TYPE",
        e.keyExpr,
        "Duplicate object key",
        `Two different items produced the key "${key}" in this 'for' expression. If duplicates are expected, use the ellipsis (...) after the value expression to enable grouping by key.`,
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
    else if (p.t === "interp") out += interpolate(evaluate(p.expr, scope), p.expr);
    else if (p.t === "if") {
      const v = evaluate(p.cond, scope);
      if (v === null)
        exprError(
          "HCL_TYPE",
          p.cond,
          "Null condition",
          "The condition value is null. Conditions must either be true or false.",
        );
      if (conversionError(v, "bool") !== undefined)
        exprError(
          "HCL_TYPE",
          p.cond,
          "Incorrect condition type",
          "The condition expression must be of type bool.",
        );
      out += renderParts(toBool(v) ? p.then : p.else, scope);
    } else {
      for (const [k, v] of iterate(evaluate(p.coll, scope), p.coll)) {
        const inner = new Map(scope);
        if (p.key !== undefined) inner.set(p.key, k);
        inner.set(p.value, v);
        out += renderParts(p.body, inner);
      }
    }
  }
  return out;
}

function interpolate(v: HclValue, e: Expr): string {
  if (v === null)
    return exprError(
      "HCL_TYPE",
      e,
      "Invalid template interpolation value",
      "The expression result is null. Cannot include a null value in a string template.",
    );
  const err = conversionError(v, "string");
  if (err !== undefined)
    exprError(
      "HCL_TYPE",
      e,
      "Invalid template interpolation value",
      `Cannot include the given value in a string template: ${err}.`,
    );
  return asString(v, "template interpolation", e.pos);
}

/**
 * hcl's didyoumean.NameSuggestion: a name within Levenshtein distance 2 of `given`. hcl takes the
 * first in its (unordered) function map; we take the nearest, then the first in name order.
 */
export function nameSuggestion(given: string, names: Iterable<string>): string | undefined {
  let best: { name: string; d: number } | undefined;
  for (const name of [...names].sort()) {
    const d = levenshtein([...given], [...name]);
    if (d < 3 && (best === undefined || d < best.d)) best = { name, d };
  }
  return best?.name;
}
