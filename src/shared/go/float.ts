/**
 * Go's float formatting, the one copy every stage uses: `strconv.FormatFloat` for formats `e`,
 * `E`, `f`, `g`, `G`, `x`, `X` (shortest digits when the precision is negative, otherwise exact
 * decimal rounding, half to even on the exact binary value as Go does; JavaScript's `toFixed`
 * rounds exact ties up instead), `%v` of a float64 and float32, and encoding/json's form.
 */

interface Digits {
  /** Significant digits without leading/trailing zeros ("" for zero). */
  d: string;
  /** Decimal point position: value = 0.d × 10^dp. */
  dp: number;
}

/** Exact decimal expansion of a finite, non-negative double. */
function exactDigits(f: number): Digits {
  if (f === 0) return { d: "", dp: 0 };
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, f);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const expBits = (hi >>> 20) & 0x7ff;
  let mant = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let exp: number;
  if (expBits === 0) exp = -1074;
  else {
    mant |= 1n << 52n;
    exp = expBits - 1075;
  }
  let digits: string;
  let dp: number;
  if (exp >= 0) {
    digits = (mant << BigInt(exp)).toString();
    dp = digits.length;
  } else {
    digits = (mant * 5n ** BigInt(-exp)).toString();
    dp = digits.length + exp;
  }
  return trim({ d: digits, dp });
}

function trim(x: Digits): Digits {
  let d = x.d;
  let lead = 0;
  while (lead < d.length && d[lead] === "0") lead++;
  d = d.slice(lead);
  const dp = x.dp - lead;
  d = d.replace(/0+$/, "");
  return d === "" ? { d: "", dp: 0 } : { d, dp };
}

/** Rounds to `nd` significant digits, half to even on the exact value. */
function roundDigits(x: Digits, nd: number): Digits {
  if (nd < 0) return { d: "", dp: 0 };
  if (nd >= x.d.length) return x;
  const next = x.d.charCodeAt(nd) - 48;
  let up: boolean;
  if (next === 5 && nd + 1 === x.d.length) up = nd > 0 && (x.d.charCodeAt(nd - 1) - 48) % 2 === 1;
  else up = next >= 5;
  let d = x.d.slice(0, nd);
  let dp = x.dp;
  if (up) {
    const n = d === "" ? 1n : BigInt(d) + 1n;
    const s = n.toString();
    if (s.length > d.length) dp++;
    d = s.length > nd && nd > 0 ? s.slice(0, nd) : s;
  }
  return trim({ d, dp });
}

/** Shortest digits that round-trip (`bitSize` 32 uses float32 round-tripping). */
function shortestDigits(f: number, bitSize: 32 | 64): Digits {
  if (f === 0) return { d: "", dp: 0 };
  if (bitSize === 32) {
    for (let p = 1; p <= 9; p++) {
      const s = f.toPrecision(p);
      if (Math.fround(Number(s)) === f) return parseExp(Number(s).toExponential());
    }
  }
  return parseExp(f.toExponential());
}

function parseExp(s: string): Digits {
  const m = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (m === null) return { d: "", dp: 0 };
  return trim({ d: (m[1] ?? "") + (m[2] ?? ""), dp: Number(m[3]) + 1 });
}

function fmtE(neg: boolean, x: Digits, prec: number, ch: string): string {
  let s = neg ? "-" : "";
  s += x.d.length === 0 ? "0" : x.d[0];
  if (prec > 0) {
    s += ".";
    for (let i = 1; i <= prec; i++) s += x.d[i] ?? "0";
  }
  const exp = x.d.length === 0 ? 0 : x.dp - 1;
  const abs = Math.abs(exp);
  return `${s}${ch}${exp < 0 ? "-" : "+"}${abs < 10 ? `0${abs}` : String(abs)}`;
}

function fmtF(neg: boolean, x: Digits, prec: number): string {
  let s = neg ? "-" : "";
  if (x.dp > 0) {
    for (let i = 0; i < x.dp; i++) s += x.d[i] ?? "0";
  } else s += "0";
  if (prec > 0) {
    s += ".";
    for (let i = 1; i <= prec; i++) {
      const j = x.dp + i - 1;
      s += j >= 0 && j < x.d.length ? x.d[j] : "0";
    }
  }
  return s;
}

/**
 * Go's `strconv.FormatFloat(f, fmt, prec, bitSize)` for fmt in `eEfFgG`; with `bitSize` 32, `f`
 * is first rounded to a float32 as Go's conversion does.
 */
export function formatFloat(f: number, fmt: string, prec: number, bitSize: 32 | 64 = 64): string {
  if (bitSize === 32) f = Math.fround(f);
  if (Number.isNaN(f)) return "NaN";
  if (f === Infinity) return "+Inf";
  if (f === -Infinity) return "-Inf";
  const neg = f < 0 || Object.is(f, -0);
  const a = Math.abs(f);
  const shortest = prec < 0;
  const lower = fmt.toLowerCase();
  let x: Digits;
  if (shortest) {
    x = shortestDigits(a, bitSize);
    if (lower === "e") prec = Math.max(x.d.length - 1, 0);
    else if (lower === "f") prec = Math.max(x.d.length - x.dp, 0);
    else prec = x.d.length;
  } else {
    const ex = exactDigits(a);
    if (lower === "e") x = roundDigits(ex, prec + 1);
    else if (lower === "f") x = roundDigits(ex, ex.dp + prec);
    else {
      if (prec === 0) prec = 1;
      x = roundDigits(ex, prec);
    }
  }
  if (lower === "e") return fmtE(neg, x, prec, fmt === "E" ? "E" : "e");
  if (lower === "f") return fmtF(neg, x, prec);
  let eprec = prec;
  if (eprec > x.d.length && x.d.length >= x.dp) eprec = x.d.length;
  if (shortest) eprec = 6;
  const exp = x.dp - 1;
  if (x.d.length > 0 && (exp < -4 || exp >= eprec)) {
    if (prec > x.d.length) prec = x.d.length;
    return fmtE(neg, x, prec - 1, fmt === "G" ? "E" : "e");
  }
  if (prec > x.dp) prec = x.d.length;
  return fmtF(neg, x, Math.max(prec - x.dp, 0));
}

const M64 = (1n << 64n) - 1n;

/** Go's `strconv.FormatFloat(f, 'x' | 'X', prec, 64)`: hexadecimal mantissa and binary exponent. */
export function formatHexFloat(f: number, fmt: "x" | "X", prec: number): string {
  if (!Number.isFinite(f)) return formatFloat(f, "g", -1);
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, f);
  const bits = view.getBigUint64(0);
  const neg = bits >> 63n === 1n;
  let exp = Number((bits >> 52n) & 0x7ffn);
  let mant = bits & ((1n << 52n) - 1n);
  if (exp === 0) exp++;
  else mant |= 1n << 52n;
  exp -= 1023;
  if (mant === 0n) exp = 0;
  mant = (mant << 8n) & M64;
  while (mant !== 0n && (mant & (1n << 60n)) === 0n) {
    mant = (mant << 1n) & M64;
    exp--;
  }
  if (prec >= 0 && prec < 15) {
    const shift = BigInt(prec * 4);
    const extra = (mant << shift) & ((1n << 60n) - 1n);
    mant >>= 60n - shift;
    if ((extra | (mant & 1n)) > 1n << 59n) mant++;
    mant = (mant << (60n - shift)) & M64;
    if ((mant & (1n << 61n)) !== 0n) {
      mant >>= 1n;
      exp++;
    }
  }
  const hex = fmt === "X" ? "0123456789ABCDEF" : "0123456789abcdef";
  let s = `${neg ? "-" : ""}0${fmt}${(mant >> 60n) & 1n}`;
  mant = (mant << 4n) & M64;
  if ((prec < 0 && mant !== 0n) || prec > 0) {
    s += ".";
    for (let i = 0; prec < 0 ? mant !== 0n : i < prec; i++) {
      s += hex[Number((mant >> 60n) & 15n)];
      mant = (mant << 4n) & M64;
    }
  }
  const a = Math.abs(exp);
  return `${s}${fmt === "X" ? "P" : "p"}${exp < 0 ? "-" : "+"}${a < 10 ? `0${a}` : String(a)}`;
}

/** `strconv.FormatFloat(f, 'g', -1, 64)`, which is also fmt's `%v` and go-yaml's spelling of a float64. */
export function formatGoFloat(f: number): string {
  return formatFloat(f, "g", -1, 64);
}

/** `strconv.FormatFloat(f, 'g', -1, 32)`: the shortest decimal that reads back as the same float32. */
export function formatGoFloat32(f: number): string {
  return formatFloat(f, "g", -1, 32);
}

/**
 * encoding/json's float64 form: plain decimal unless the magnitude is below 1e-6 or at least
 * 1e21, then exponent form with `e-07` trimmed to `e-7`. Undefined for NaN and infinities
 * (json: unsupported value).
 */
export function formatJsonFloat(f: number): string | undefined {
  if (!Number.isFinite(f)) return undefined;
  const abs = Math.abs(f);
  if (abs !== 0 && (abs < 1e-6 || abs >= 1e21))
    return formatFloat(f, "e", -1, 64).replace(/e-0(\d)$/, "e-$1");
  return formatFloat(f, "f", -1, 64);
}
