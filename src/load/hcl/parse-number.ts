/** Number literals: exact `bigint` when the decimal value is integral, else a double. */

/** Parses an HCL number literal such as `42`, `1.5`, `1e3` or `2.50E-1`. */
export function parseNumberLiteral(text: string): bigint | number {
  const m = /^([0-9]+)(?:\.([0-9]+))?(?:[eE]([+-]?[0-9]+))?$/.exec(text);
  if (m === null) return Number(text);
  const intPart = m[1] ?? "0";
  const frac = (m[2] ?? "").replace(/0+$/, "");
  const exp = Number(m[3] ?? "0") - frac.length;
  const digits = BigInt(intPart + frac);
  if (exp >= 0) {
    // Guard absurd exponents: cty would keep them, a double is the best we can do.
    return exp > 400 ? Number(text) : digits * 10n ** BigInt(exp);
  }
  const div = 10n ** BigInt(-exp);
  return digits % div === 0n ? digits / div : Number(text);
}
