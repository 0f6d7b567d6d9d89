/** Go's comparison builtins `eq ne lt le gt ge` with Go's basic-kind rules and error texts. */
import {
  FuncError,
  GoComplex,
  GoFunc,
  GoNumber,
  GoTime,
  intKind,
  isGoMap,
  typeName,
  type FuncSpec,
  type GoValue,
} from "../types";
import { printArg, noFlags } from "../fmt/printer";
import { compareKeys } from "../fmt/sort-keys";

type Kind = "bool" | "int" | "uint" | "float" | "complex" | "string" | "invalid";

const BAD_TYPE = "invalid type for comparison";
const MISSING_ARG = "missing argument for comparison";

function basicKind(v: GoValue | undefined): Kind {
  if (v === undefined || v === null) return "invalid";
  switch (typeof v) {
    case "boolean":
      return "bool";
    case "bigint":
      return intKind(v) === "int" ? "int" : "uint";
    case "number":
      return "float";
    case "string":
      return "string";
    default:
      break;
  }
  if (v instanceof GoNumber) return v.kind === "float32" ? "float" : v.kind.startsWith("u") ? "uint" : "int";
  if (v instanceof GoComplex) return "complex";
  return "invalid";
}

function num(v: GoValue | undefined): bigint | number {
  if (typeof v === "bigint" || typeof v === "number") return v;
  if (v instanceof GoNumber) return v.value;
  return 0;
}

/** A nil interface is compared as an invalid value (Go's `indirectInterface`). */
function indirect(v: GoValue | undefined): GoValue | undefined {
  return v === null ? undefined : v;
}

function incompatible(a: GoValue | undefined, b: GoValue | undefined): FuncError {
  return new FuncError(
    `incompatible types for comparison: ${typeName(a as GoValue)} and ${typeName(b as GoValue)}`,
  );
}

function mixedSign(k1: Kind, a: GoValue | undefined, k2: Kind, b: GoValue | undefined): boolean | undefined {
  if (k1 === "int" && k2 === "uint") return (num(a) as bigint) >= 0n && num(a) === num(b);
  if (k1 === "uint" && k2 === "int") return (num(b) as bigint) >= 0n && num(a) === num(b);
  return undefined;
}

function isComparable(v: GoValue): boolean {
  return !(Array.isArray(v) || v instanceof Uint8Array || isGoMap(v) || v instanceof GoFunc);
}

function fmtS(v: GoValue): string {
  return printArg(v, "s", noFlags());
}

function eqOne(a: GoValue | undefined, k1: Kind, arg: GoValue | undefined): boolean {
  const b = indirect(arg);
  const k2 = basicKind(b);
  if (k1 !== k2) {
    const mixed = mixedSign(k1, a, k2, b);
    if (mixed !== undefined) return mixed;
    if (a !== undefined && b !== undefined) throw incompatible(a, b);
    return false;
  }
  switch (k1) {
    case "bool":
    case "string":
      return a === b;
    case "complex":
      return (a as GoComplex).re === (b as GoComplex).re && (a as GoComplex).im === (b as GoComplex).im;
    case "int":
    case "uint":
    case "float":
      return num(a) === num(b);
    default:
      break;
  }
  if (a === undefined || b === undefined) return a === b;
  if (typeName(a) !== typeName(b)) {
    throw new FuncError(
      `non-comparable types ${fmtS(a)}: ${typeName(a)}, ${typeName(b)}: ${printArg(b, "v", noFlags())}`,
    );
  }
  if (!isComparable(b)) throw new FuncError(`non-comparable type ${fmtS(b)}: ${typeName(b)}`);
  if (a instanceof GoTime && b instanceof GoTime)
    return a.unixNanos === b.unixNanos && a.offsetSeconds === b.offsetSeconds;
  return a === b;
}

/** Go's `eq arg1 arg2...`: true when arg1 equals any of the others. */
export function eq(arg1: GoValue | undefined, rest: readonly (GoValue | undefined)[]): boolean {
  const a = indirect(arg1);
  if (rest.length === 0) throw new FuncError(MISSING_ARG);
  const k1 = basicKind(a);
  for (const r of rest) if (eqOne(a, k1, r)) return true;
  return false;
}

/** Go's `lt`. */
export function lt(arg1: GoValue | undefined, arg2: GoValue | undefined): boolean {
  const a = indirect(arg1);
  const b = indirect(arg2);
  const k1 = basicKind(a);
  const k2 = basicKind(b);
  if (k1 === "invalid" || k2 === "invalid") throw new FuncError(BAD_TYPE);
  if (k1 !== k2) {
    if (k1 === "int" && k2 === "uint")
      return (num(a) as bigint) < 0n || (num(a) as bigint) < (num(b) as bigint);
    if (k1 === "uint" && k2 === "int")
      return (num(b) as bigint) >= 0n && (num(a) as bigint) < (num(b) as bigint);
    throw incompatible(a, b);
  }
  switch (k1) {
    case "bool":
    case "complex":
      throw new FuncError(BAD_TYPE);
    case "string":
      return compareKeys(a as string, b as string) < 0;
    default:
      return num(a) < num(b);
  }
}

function le(a: GoValue | undefined, b: GoValue | undefined): boolean {
  return lt(a, b) || eq(a, [b]);
}

const R = "reflect.Value" as const;

/** The comparison builtins as function specs. */
export const compareBuiltins: ReadonlyArray<[string, FuncSpec]> = [
  ["eq", { params: [R, R], variadic: true, impl: (a) => eq(a[0], a.slice(1)) }],
  ["ne", { params: [R, R], impl: (a) => !eq(a[0], [a[1]]) }],
  ["lt", { params: [R, R], impl: (a) => lt(a[0], a[1]) }],
  ["le", { params: [R, R], impl: (a) => le(a[0], a[1]) }],
  ["gt", { params: [R, R], impl: (a) => !le(a[0], a[1]) }],
  ["ge", { params: [R, R], impl: (a) => !lt(a[0], a[1]) }],
];
