/**
 * Go's reflect-call argument rules for template function calls: `validateType` for
 * evaluated values and the constant conversions of `evalArg` (`expected integer; found …`).
 */
import type { ArgNode, NumberNode } from "../parse/nodes";
import { nodeString } from "../parse/nodes";
import { GoNumber, type GoNumberKind, type GoParamType, type GoValue } from "../types";
import { assignable, canBeNil, rv, staticType, zeroOf, type RV } from "./values";

/** Raises an execution error at the current node. */
export type Fail = (msg: string) => never;

/** Go's `validateType`: checks/converts a value for a parameter type (`undefined` type = untyped). */
export function validateType(value: RV, typ: GoParamType | undefined, fail: Fail): GoValue | undefined {
  const v = value.v;
  if (v === undefined) {
    if (typ === undefined) return undefined;
    if (canBeNil(typ)) return zeroOf(typ);
    return fail(`invalid value; expected ${typ}`);
  }
  if (typ === undefined || typ === "reflect.Value" || typ === "interface {}") return v;
  if (v === null) return fail(`wrong type for value; expected ${typ}; got interface {}`);
  if (!assignable(v, typ)) fail(`wrong type for value; expected ${typ}; got ${staticType(rv(v))}`);
  return v;
}

/** Go's `evalArg` for constant nodes: converts a literal to the parameter type. */
export function evalConstant(
  n: ArgNode,
  typ: GoParamType,
  fail: Fail,
  ideal: (n: NumberNode) => GoValue | undefined,
): GoValue | undefined {
  const found = (): string => nodeString(n);
  switch (typ) {
    case "bool":
      if (n.type === "bool") return n.value;
      return fail(`expected bool; found ${found()}`);
    case "float64":
    case "float32":
      if (n.type === "number" && n.num.isFloat)
        return typ === "float64" ? n.num.float64 : new GoNumber("float32", Math.fround(n.num.float64));
      return fail(`expected float; found ${found()}`);
    case "int":
    case "int8":
    case "int16":
    case "int32":
    case "int64":
      if (n.type === "number" && n.num.isInt) return typ === "int" ? n.num.int64 : makeInt(typ, n.num.int64);
      return fail(`expected integer; found ${found()}`);
    case "uint":
    case "uint8":
    case "uint16":
    case "uint32":
    case "uint64":
    case "uintptr":
      if (n.type === "number" && n.num.isUint) return makeInt(typ, n.num.uint64);
      return fail(`expected unsigned integer; found ${found()}`);
    case "string":
      if (n.type === "string") return n.text;
      return fail(`expected string; found ${found()}`);
    case "interface {}":
    case "reflect.Value":
      return evalEmptyInterface(n, fail, ideal);
    default:
      return fail(`can't handle ${found()} for arg of type ${typ}`);
  }
}

function evalEmptyInterface(
  n: ArgNode,
  fail: Fail,
  ideal: (n: NumberNode) => GoValue | undefined,
): GoValue | undefined {
  switch (n.type) {
    case "bool":
      return n.value;
    case "number":
      return ideal(n);
    case "string":
      return n.text;
    default:
      return fail(`can't handle assignment of ${nodeString(n)} to empty interface argument`);
  }
}

/** A typed Go integer, wrapped to the kind's width like reflect's SetInt/SetUint. */
function makeInt(kind: GoParamType, v: bigint): GoValue {
  const bits = /8$/.test(kind) ? 8 : /16$/.test(kind) ? 16 : /32$/.test(kind) ? 32 : 64;
  const wrapped = kind.startsWith("u") ? BigInt.asUintN(bits, v) : BigInt.asIntN(bits, v);
  return new GoNumber(kind as GoNumberKind, wrapped);
}
