/** Number literals: exact `bigint` when integral, else an exact fraction. */
import { num, ratio, type HclNumber } from "./hcl-value";

/** Parses an HCL number literal such as `42`, `1.5`, `1e3` or `2.50E-1`. */
export function parseNumberLiteral(text: string): HclNumber {
  const m = /^[-+]?([0-9]*)(?:\.([0-9]*))?(?:[eE]([+-]?[0-9]+))?$/.exec(text);
  if (m === null || (m[1] === "" && (m[2] ?? "") === "")) return Number(text);
  const frac = m[2] ?? "";
  const exp = Number(m[3] ?? "0") - frac.length;
  // Guard absurd exponents: cty would keep them, a double is the best we can do.
  if (Math.abs(exp) > 400) return num(Number(text));
  const digits = BigInt((m[1] || "0") + frac) * (text.startsWith("-") ? -1n : 1n);
  return exp >= 0 ? digits * 10n ** BigInt(exp) : ratio(digits, 10n ** BigInt(-exp));
}

/**
 * Whether Go's big.ParseFloat (which HCL uses for number literals) accepts the literal's
 * magnitude: the binary exponent (mantissa bit length plus decimal exponent) must fit an int32.
 * HCL reports anything else as an invalid number literal.
 */
export function numberLiteralInRange(text: string): boolean {
  const m = /^([0-9]*)(?:\.([0-9]*))?(?:[eE]([+-]?[0-9]+))?$/.exec(text);
  if (m === null) return false;
  const frac = m[2] ?? "";
  const mant = BigInt((m[1] ?? "") + frac || "0");
  if (mant === 0n) return true;
  const exp2 = BigInt(mant.toString(2).length) + BigInt(m[3] ?? "0") - BigInt(frac.length);
  return exp2 >= -(2n ** 31n) && exp2 < 2n ** 31n;
}
