/** sprig's type conversions: `atoi`, `int`, `int64`, `float64`, `toDecimal`, `toString`, `toStrings`. */
import { fn, GoNumber, type FuncSpec, type GoValue } from "../../types";
import { strArg, toFloat64, toInt64 } from "./cast";
import { formatV, strval } from "./format-v";
import { strslice } from "./strslice";

const INT64_MAX = 2n ** 63n - 1n;

/** `strconv.Atoi` with the error ignored: 0 on syntax errors, clamped on overflow. */
export function atoi(s: string): bigint {
  const m = /^([+-]?)([0-9]+)$/.exec(s);
  if (m === null) return 0n;
  const v = BigInt(m[2] as string);
  if (m[1] === "-") return v > INT64_MAX + 1n ? -(INT64_MAX + 1n) : -v;
  return v > INT64_MAX ? INT64_MAX : v;
}

/** sprig's `toDecimal`: reads `fmt.Sprint(v)` as an octal number (0 when it is not one). */
export function toDecimal(v: GoValue): bigint {
  const m = /^([+-]?)([0-7]+)$/.exec(formatV(v));
  if (m === null) return 0n;
  const n = BigInt(`0o${m[2] as string}`) * (m[1] === "-" ? -1n : 1n);
  return n > INT64_MAX || n < -(INT64_MAX + 1n) ? 0n : n;
}

/** The conversion functions. */
export function conversionFuncs(): Map<string, FuncSpec> {
  const any: ["interface {}"] = ["interface {}"];
  return new Map<string, FuncSpec>([
    ["atoi", fn(["string"], ([s]) => atoi(strArg(s)))],
    ["int", fn(any, ([v]) => toInt64(v ?? null))],
    ["int64", fn(any, ([v]) => GoNumber.int64(toInt64(v ?? null)))],
    ["float64", fn(any, ([v]) => toFloat64(v ?? null))],
    ["toDecimal", fn(any, ([v]) => GoNumber.int64(toDecimal(v ?? null)))],
    ["toString", fn(any, ([v]) => strval(v ?? null))],
    ["toStrings", fn(any, ([v]) => strslice(v ?? null))],
  ]);
}
