/**
 * Emulation of the Go `big.Float` behaviour cty numbers rely on: values are binary floats
 * with a 512-bit mantissa (cty parses literals and computes at that precision, rounding to
 * nearest even), and `Text('f', -1)` prints the shortest decimal that rounds back to the
 * same 512-bit value (so `1.1 * 1.1` prints 156 characters in helmfile, not `1.21`).
 */

/** cty's number precision in bits. */
export const PRECISION = 512;

function bitLength(n: bigint): number {
  return n === 0n ? 0 : n.toString(2).length;
}

/**
 * Rounds `n/d` (d > 0) to a binary float of {@link PRECISION} bits, half to even.
 * Returns the value as `mant / 2^shift` (shift may be negative, meaning a multiplier).
 */
export function roundBinary(n: bigint, d: bigint): { mant: bigint; shift: number } {
  if (n === 0n) return { mant: 0n, shift: 0 };
  const neg = n < 0n;
  const a = neg ? -n : n;
  // Choose shift so that a * 2^shift / d has exactly PRECISION bits before the point.
  let shift = PRECISION - (bitLength(a) - bitLength(d));
  const scaled = (s: number): [bigint, bigint] => (s >= 0 ? [a << BigInt(s), d] : [a, d << BigInt(-s)]);
  let [num, den] = scaled(shift);
  let q = num / den;
  if (bitLength(q) > PRECISION) {
    shift--;
    [num, den] = scaled(shift);
    q = num / den;
  } else if (bitLength(q) < PRECISION) {
    shift++;
    [num, den] = scaled(shift);
    q = num / den;
  }
  const rem2 = (num - q * den) * 2n;
  if (rem2 > den || (rem2 === den && (q & 1n) === 1n)) q += 1n;
  return { mant: neg ? -q : q, shift };
}

/** Exact decimal digits of `mant * 2^-shift` (mant > 0): digits without leading zeros and the point position. */
function exactDecimal(mant: bigint, shift: number): { digits: string; exp: number } {
  if (shift <= 0) {
    const s = (mant << BigInt(-shift)).toString();
    return { digits: s.replace(/0+$/, ""), exp: s.length };
  }
  // mant / 2^shift = mant * 5^shift / 10^shift.
  const s = (mant * 5n ** BigInt(shift)).toString();
  return { digits: s.replace(/0+$/, ""), exp: s.length - shift };
}

function roundUpDigits(digits: string, n: number, exp: number): { digits: string; exp: number } {
  const head = digits.slice(0, n);
  const bumped = (BigInt(head) + 1n).toString();
  if (bumped.length > head.length) return { digits: bumped.replace(/0+$/, ""), exp: exp + 1 };
  return { digits: bumped.padStart(head.length, "0").replace(/0+$/, ""), exp };
}

/** Go's decimal.round: half to even on the digit string. */
function roundDigits(digits: string, n: number, exp: number): { digits: string; exp: number } {
  const next = digits[n] ?? "0";
  const halfEven = next === "5" && n + 1 === digits.length;
  const up = halfEven ? n > 0 && Number(digits[n - 1]) % 2 === 1 : next >= "5";
  return up ? roundUpDigits(digits, n, exp) : { digits: digits.slice(0, n).replace(/0+$/, ""), exp };
}

/** The shortest decimal that rounds to the 512-bit float `mant * 2^-shift` (mant > 0). */
function shortestDigits(mant: bigint, shift: number): { digits: string; exp: number } {
  const d = exactDecimal(mant, shift);
  // With one extra bit, the lsb is half an ulp: the rounding interval is (m-1, m+1) in those units.
  const m2 = mant * 2n;
  const lower = exactDecimal(m2 - 1n, shift + 1);
  const upper = exactDecimal(m2 + 1n, shift + 1);
  const inclusive = (mant & 1n) === 0n;
  for (let i = 0; i < d.digits.length; i++) {
    const m = d.digits[i] ?? "0";
    const l = lower.digits[i] ?? "0";
    const u = upper.digits[i] ?? "0";
    const okDown = l !== m || (inclusive && i + 1 === lower.digits.length);
    const okUp = m !== u && (inclusive || Number(m) + 1 < Number(u) || i + 1 < upper.digits.length);
    if (okDown && okUp) return roundDigits(d.digits, i + 1, d.exp);
    if (okDown) return { digits: d.digits.slice(0, i + 1).replace(/0+$/, ""), exp: d.exp };
    if (okUp) return roundUpDigits(d.digits, i + 1, d.exp);
  }
  return d;
}

/** `Text('f', -1)` of the 512-bit float `mant * 2^-shift`. */
export function formatBinary(mant: bigint, shift: number): string {
  if (mant === 0n) return "0";
  const neg = mant < 0n;
  const { digits, exp } = shortestDigits(neg ? -mant : mant, shift);
  let text: string;
  if (exp <= 0) text = `0.${"0".repeat(-exp)}${digits}`;
  else if (exp >= digits.length) text = digits + "0".repeat(exp - digits.length);
  else text = `${digits.slice(0, exp)}.${digits.slice(exp)}`;
  return neg ? `-${text}` : text;
}
