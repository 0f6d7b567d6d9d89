/**
 * spf13/cast conversions as sprig uses them (`cast.ToInt64`, `cast.ToFloat64`, `cast.ToInt`):
 * anything that cannot be converted becomes 0, never an error.
 */
import { GoNumber, type GoValue } from "../../types";

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Go's `int64(f)` for a float64: truncation; out-of-range and NaN give MinInt64 (amd64). */
export function floatToInt64(f: number): bigint {
  if (!Number.isFinite(f)) return INT64_MIN;
  const t = BigInt(Math.trunc(f));
  return t < INT64_MIN || t > INT64_MAX ? INT64_MIN : t;
}

/** Go's underscore placement rule for base-prefixed literals (strconv.underscoreOK). */
function underscoreOK(s: string): boolean {
  let saw = "^";
  let i = 0;
  if (s.startsWith("+") || s.startsWith("-")) i = 1;
  let hex = false;
  if (s.length - i >= 2 && s[i] === "0" && "bBoOxX".includes(s[i + 1] as string)) {
    hex = s[i + 1] === "x" || s[i + 1] === "X";
    i += 2;
    saw = "0";
  }
  for (; i < s.length; i++) {
    const c = s[i] as string;
    if (/[0-9]/.test(c) || (hex && /[0-9a-fA-F]/.test(c))) saw = "0";
    else if (c === "_") {
      if (saw !== "0") return false;
      saw = "_";
    } else {
      if (saw === "_") return false;
      saw = "!";
    }
  }
  return saw !== "_";
}

/** `strconv.ParseInt(s, 0, 64)`: base from the prefix (0x, 0o, 0b, leading 0 = octal); undefined on error. */
export function parseGoInt(s: string): bigint | undefined {
  let body = s;
  let neg = false;
  if (body.startsWith("+") || body.startsWith("-")) {
    neg = body[0] === "-";
    body = body.slice(1);
  }
  if (body === "") return undefined;
  let digits = body;
  let base = 10;
  const p = body.slice(0, 2).toLowerCase();
  if (p === "0x") [base, digits] = [16, body.slice(2)];
  else if (p === "0o") [base, digits] = [8, body.slice(2)];
  else if (p === "0b") [base, digits] = [2, body.slice(2)];
  else if (body.length > 1 && body[0] === "0") [base, digits] = [8, body.slice(1)];
  if (digits.includes("_")) {
    if (!underscoreOK(s)) return undefined;
    digits = digits.replace(/_/g, "");
  }
  const valid = { 2: /^[01]+$/, 8: /^[0-7]+$/, 10: /^[0-9]+$/, 16: /^[0-9a-fA-F]+$/ }[base];
  if (valid === undefined || !valid.test(digits)) return undefined;
  const prefix = { 2: "0b", 8: "0o", 10: "", 16: "0x" }[base] ?? "";
  let v = BigInt(prefix + digits);
  if (neg) v = -v;
  return v < INT64_MIN || v > INT64_MAX ? undefined : v;
}

/** `strconv.ParseFloat(s, 64)`; undefined on syntax error or overflow (cast then yields 0). */
export function parseGoFloat(s: string): number | undefined {
  const lower = s.toLowerCase();
  const m = /^([+-]?)(inf|infinity|nan)$/.exec(lower);
  if (m !== null) return m[2] === "nan" ? NaN : m[1] === "-" ? -Infinity : Infinity;
  if (/^[+-]?0x/.test(lower)) return parseHexFloat(lower);
  // Go float literals may separate digits with underscores.
  if (s.includes("_") && !underscoreOK(lower)) return undefined;
  const plain = lower.replace(/_/g, "");
  if (!/^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)(e[+-]?[0-9]+)?$/.test(plain)) return undefined;
  const v = Number(plain);
  return Number.isFinite(v) ? v : undefined;
}

function parseHexFloat(lower: string): number | undefined {
  if (!underscoreOK(lower)) return undefined;
  const m = /^([+-]?)0x([0-9a-f]*)\.?([0-9a-f]*)(?:p([+-]?[0-9]+))?$/.exec(lower.replace(/_/g, ""));
  if (m === null) return undefined;
  const [, sign, int = "", frac = "", exp] = m;
  if (int === "" && frac === "") return undefined;
  // A hex mantissa with a fraction needs the 'p' exponent in Go.
  if (exp === undefined && (frac !== "" || lower.includes("."))) return undefined;
  const mant = parseInt(int + frac || "0", 16) / 16 ** frac.length;
  const v = mant * 2 ** Number(exp ?? "0");
  if (!Number.isFinite(v)) return undefined;
  return sign === "-" ? -v : v;
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
  if (typeof v === "string") return parseGoInt(trimZeroDecimal(v)) ?? 0n;
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
  if (typeof v === "string") return parseGoFloat(v) ?? 0;
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
