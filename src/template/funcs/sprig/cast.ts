/**
 * spf13/cast conversions as sprig uses them (`cast.ToInt64`, `cast.ToFloat64`, `cast.ToInt`):
 * anything that cannot be converted becomes 0, never an error.
 */
import { GoNumber, type GoValue } from "../../types";
import { parseFloat64, parseInt64 } from "../../../shared/go/strconv";

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Go's `int64(f)` for a float64: truncation; out-of-range and NaN give MinInt64 (amd64). */
export function floatToInt64(f: number): bigint {
  if (!Number.isFinite(f)) return INT64_MIN;
  const t = BigInt(Math.trunc(f));
  return t < INT64_MIN || t > INT64_MAX ? INT64_MIN : t;
}

/** cast's trimZeroDecimal: `"4.0"` → `"4"`, so whole-valued decimal strings convert to ints. */
function trimZeroDecimal(s: string): string {
  let foundZero = false;
  for (let i = s.length; i > 0; i--) {
    const c = s[i - 1];
    if (c === ".") {
      if (foundZero) return s.slice(0, i - 1);
    } else if (c === "0") foundZero = true;
    else return s;
  }
  return s;
}

/** `cast.ToInt64` (also `cast.ToInt`: Go's int is 64-bit here). */
export function toInt64(v: GoValue): bigint {
  if (v === null) return 0n;
  if (typeof v === "bigint") return BigInt.asIntN(64, v);
  if (typeof v === "number") return floatToInt64(v);
  if (typeof v === "boolean") return v ? 1n : 0n;
  if (typeof v === "string") return parseInt64(trimZeroDecimal(v)) ?? 0n;
  if (v instanceof GoNumber) {
    if (typeof v.value === "number") return floatToInt64(v.value);
    return BigInt.asIntN(64, v.value);
  }
  return 0n;
}

/** `cast.ToFloat64`. */
export function toFloat64(v: GoValue): number {
  if (v === null) return 0;
  if (typeof v === "number") return v;
  if (typeof v === "bigint") return Number(v);
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "string") return parseFloat64(v) ?? 0;
  if (v instanceof GoNumber) return Number(v.value);
  return 0;
}

/** Reads an already-converted Go `int` parameter as a JS number (clamped to the safe range). */
export function intArg(v: GoValue | undefined): number {
  if (typeof v === "bigint") return Number(BigInt.asIntN(64, v));
  if (typeof v === "number") return Math.trunc(v);
  if (v instanceof GoNumber) return Number(v.value);
  return 0;
}

/** Reads a `string` parameter (the executor already converted it). */
export function strArg(v: GoValue | undefined): string {
  return typeof v === "string" ? v : "";
}
