/**
 * Go's `strconv.FormatFloat(f, 'g', -1, 64)`, the spelling go-yaml uses for floats and
 * `fmt` uses for `%v`: shortest round-trip digits, exponent form when the decimal exponent
 * is below -4 or at least 6 (`1e+06`, `1e-05`), exponent with a sign and two digits or more.
 */
export function formatGoFloat(f: number): string {
  if (Number.isNaN(f)) return "NaN";
  if (f === Infinity) return "+Inf";
  if (f === -Infinity) return "-Inf";
  if (f === 0) return Object.is(f, -0) ? "-0" : "0";
  // toExponential() without an argument yields the shortest digits that round-trip.
  const [mantissa = "", expText = "0"] = f.toExponential().split("e");
  const negative = mantissa.startsWith("-");
  const digits = mantissa.replace("-", "").replace(".", "");
  const exp = Number(expText);
  const sign = negative ? "-" : "";
  if (exp < -4 || exp >= 6) {
    const frac = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const absExp = Math.abs(exp);
    return `${sign}${frac}e${exp < 0 ? "-" : "+"}${absExp < 10 ? "0" : ""}${absExp}`;
  }
  if (exp < 0) return `${sign}0.${"0".repeat(-exp - 1)}${digits}`;
  if (digits.length <= exp + 1) return `${sign}${digits}${"0".repeat(exp + 1 - digits.length)}`;
  return `${sign}${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}`;
}
