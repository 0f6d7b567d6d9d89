/**
 * Go's `strconv` number parsing, the one copy every stage uses: `ParseInt(s, 0, …)` syntax
 * (sign, `0x`/`0o`/`0b` prefixes, leading-0 octal, underscores where `underscoreOK` allows them)
 * and `ParseFloat(s, 64)` (decimal, hexadecimal with a required `p` exponent, `inf`/`nan`).
 */

const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;

/** Go's `underscoreOK`: underscores only between digits, or between a base prefix and a digit. */
export function underscoreOK(s: string): boolean {
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
    if ((c >= "0" && c <= "9") || (hex && /[a-fA-F]/.test(c))) saw = "0";
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

/** `strconv.ParseInt(s, 0, …)`'s syntax without a range check: the exact value, or undefined. */
export function parseIntBase0(s: string): bigint | undefined {
  let body = s;
  let negative = false;
  if (body.startsWith("+") || body.startsWith("-")) {
    negative = body[0] === "-";
    body = body.slice(1);
  }
  let base = 10;
  let digits = body;
  const prefix = body.slice(0, 2).toLowerCase();
  if (prefix === "0x") [base, digits] = [16, body.slice(2)];
  else if (prefix === "0o") [base, digits] = [8, body.slice(2)];
  else if (prefix === "0b") [base, digits] = [2, body.slice(2)];
  else if (body.length > 1 && body[0] === "0") [base, digits] = [8, body.slice(1)];
  if (digits.includes("_")) {
    if (!underscoreOK(s)) return undefined;
    digits = digits.replace(/_/g, "");
  }
  const valid =
    base === 16 ? /^[0-9a-fA-F]+$/ : base === 8 ? /^[0-7]+$/ : base === 2 ? /^[01]+$/ : /^[0-9]+$/;
  if (!valid.test(digits)) return undefined;
  const v = BigInt(`${base === 16 ? "0x" : base === 8 ? "0o" : base === 2 ? "0b" : ""}${digits}`);
  return negative ? -v : v;
}

/** `strconv.ParseInt(s, 0, 64)`: undefined on a syntax error or outside int64. */
export function parseInt64(s: string): bigint | undefined {
  const v = parseIntBase0(s);
  return v === undefined || v < INT64_MIN || v > INT64_MAX ? undefined : v;
}

/** `strconv.ParseFloat(s, 64)`: undefined on a syntax error or when out of range. */
export function parseFloat64(s: string): number | undefined {
  const lower = s.toLowerCase();
  const special = /^([+-]?)(inf|infinity)$/.exec(lower);
  if (special !== null) return special[1] === "-" ? -Infinity : Infinity;
  if (lower === "nan") return NaN;
  if (s.includes("_") && !underscoreOK(s)) return undefined;
  const plain = lower.replace(/_/g, "");
  let v: number;
  const hex = /^([+-]?)0x([0-9a-f]*)(?:\.([0-9a-f]*))?p([+-]?[0-9]+)$/.exec(plain);
  if (hex !== null) {
    const [, sign, int = "", frac = "", exp = "0"] = hex;
    if (int === "" && frac === "") return undefined;
    v = Number(BigInt(`0x${int}${frac}`)) * 2 ** (Number(exp) - 4 * frac.length);
    if (sign === "-") v = -v;
  } else {
    if (!/^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)(e[+-]?[0-9]+)?$/.test(plain)) return undefined;
    v = Number(plain);
  }
  return Number.isFinite(v) ? v : undefined;
}
