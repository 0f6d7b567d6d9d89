/**
 * Go's float64 text forms, built on the shortest round-trip digits that JavaScript's
 * `toExponential()` already yields (Go's strconv uses the same shortest-digit rule).
 */

/** Shortest decimal digits and decimal exponent of a finite, non-zero |x|: x = 0.d1d2… × 10^point. */
function shortestDigits(x: number): { digits: string; point: number } {
  const [mant, exp] = Math.abs(x).toExponential().split("e") as [string, string];
  return { digits: mant.replace(".", ""), point: Number(exp) + 1 };
}

function expSuffix(e: number): string {
  const a = Math.abs(e);
  return (e < 0 ? "e-" : "e+") + (a < 10 ? `0${a}` : String(a));
}

function special(x: number): string | undefined {
  if (Number.isNaN(x)) return "NaN";
  if (x === Infinity) return "+Inf";
  if (x === -Infinity) return "-Inf";
  if (x === 0) return Object.is(x, -0) ? "-0" : "0";
  return undefined;
}

/** `strconv.FormatFloat(x, 'g', -1, 64)`, which is also fmt's `%v` for a float64. */
export function formatGoFloat(x: number): string {
  const s = special(x);
  if (s !== undefined) return s;
  const sign = x < 0 ? "-" : "";
  const { digits, point } = shortestDigits(x);
  const exp = point - 1;
  // Shortest %g uses an exponent when it is below -4 or at least 6 (strconv's eprec rule).
  if (exp < -4 || exp >= 6) {
    const mant = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return sign + mant + expSuffix(exp);
  }
  return sign + plainDigits(digits, point);
}

function plainDigits(digits: string, point: number): string {
  if (point <= 0) return `0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + "0".repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * encoding/json's float64 form: plain decimal unless the magnitude is below 1e-6 or at
 * least 1e21, then exponent form with a two-digit minimum exponent trimmed to `e-7`.
 * Returns undefined for NaN/Inf (json: unsupported value).
 */
export function formatJsonFloat(x: number): string | undefined {
  if (!Number.isFinite(x)) return undefined;
  if (x === 0) return Object.is(x, -0) ? "-0" : "0";
  const abs = Math.abs(x);
  const sign = x < 0 ? "-" : "";
  const { digits, point } = shortestDigits(x);
  if (abs < 1e-6 || abs >= 1e21) {
    const mant = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const e = point - 1;
    // Go writes e-07 as e-7 (json's cleanup of the 'e' format).
    return sign + mant + (e < 0 ? "e-" : "e+") + String(Math.abs(e));
  }
  return sign + plainDigits(digits, point);
}
