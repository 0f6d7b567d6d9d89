/** Argument preparation for the `call` builtin (Go's `prepareArg`). */
import { assignable, canBeNil, zeroOf } from "../exec/values";
import { FuncError, GoNumber, typeName, type GoParamType, type GoValue } from "../types";

const INT_KINDS = new Set([
  "int",
  "int8",
  "int16",
  "int32",
  "int64",
  "uint",
  "uint8",
  "uint16",
  "uint32",
  "uint64",
  "uintptr",
]);

/** Converts one argument of `call` to the callee's parameter type, or throws Go's message. */
export function prepareCallArg(v: GoValue | undefined, t: GoParamType, i: number): GoValue {
  const value = v === null ? undefined : v;
  if (value === undefined) {
    if (!canBeNil(t)) throw new FuncError(`arg ${i}: value is nil; should be of type ${t}`);
    return zeroOf(t) ?? null;
  }
  if (assignable(value, t)) return value;
  const isIntLike = typeof value === "bigint" || (value instanceof GoNumber && value.kind !== "float32");
  if (isIntLike && INT_KINDS.has(t)) {
    const n = typeof value === "bigint" ? value : (value.value as bigint);
    return t === "int" ? n : new GoNumber(t as "int64", n);
  }
  throw new FuncError(`arg ${i}: value has type ${typeName(value)}; should be ${t}`);
}
