/**
 * Go literal decoding for template source: number literals (as `parse.NumberNode` sees
 * them: int/uint/float views of one constant) and quoted strings (`strconv.Unquote`).
 */
import { goStringFromBytes } from "../types";
import { parseFloat64, parseIntBase0 } from "../../shared/go/strconv";

/** The views Go keeps of a number constant. */
export interface NumberInfo {
  readonly isInt: boolean;
  readonly isUint: boolean;
  readonly isFloat: boolean;
  readonly isComplex: boolean;
  readonly int64: bigint;
  readonly uint64: bigint;
  readonly float64: number;
  /** Real and imaginary parts when `isComplex`. */
  readonly complex?: readonly [number, number];
}

const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;
const UINT64_MAX = (1n << 64n) - 1n;

/** Thrown for a literal Go would reject; the parser reports the message. */
export class LiteralError extends Error {}

/** Decodes a number token the way `parse.newNumber` does. */
export function parseNumber(text: string, isChar: boolean): NumberInfo {
  if (isChar) {
    const s = unquoteChar(text);
    const v = BigInt(s);
    return { isInt: true, isUint: true, isFloat: true, isComplex: false, int64: v, uint64: v, float64: s };
  }
  if (text.endsWith("i")) return parseComplex(text);
  const asInt = parseIntBase0(text);
  let isUint =
    asInt !== undefined &&
    !text.startsWith("-") &&
    !text.startsWith("+") &&
    asInt >= 0n &&
    asInt <= UINT64_MAX;
  let isInt = asInt !== undefined && asInt >= INT64_MIN && asInt <= INT64_MAX;
  let int64 = isInt ? (asInt as bigint) : 0n;
  let uint64 = isUint ? (asInt as bigint) : 0n;
  if (isInt && int64 === 0n) {
    isUint = true;
    uint64 = 0n;
  }
  let isFloat = false;
  let float64 = 0;
  if (isInt) {
    isFloat = true;
    float64 = Number(int64);
  } else if (isUint) {
    isFloat = true;
    float64 = Number(uint64);
  } else {
    const f = parseFloat64(text);
    if (f !== undefined && Number.isFinite(f)) {
      if (!/[.eEpP]/.test(text)) throw new LiteralError(`integer overflow: ${JSON.stringify(text)}`);
      isFloat = true;
      float64 = f;
      if (Number.isInteger(f) && f >= -(2 ** 63) && f < 2 ** 63) {
        isInt = true;
        int64 = BigInt(f);
      }
      if (Number.isInteger(f) && f >= 0 && f < 2 ** 64) {
        isUint = true;
        uint64 = BigInt(f);
      }
    }
  }
  if (!isInt && !isUint && !isFloat) throw new LiteralError(`illegal number syntax: ${JSON.stringify(text)}`);
  return { isInt, isUint, isFloat, isComplex: false, int64, uint64, float64 };
}

/** Go's `strconv.Unquote` for `"…"`, `` `…` `` and `'…'` (char constants give their code point). */
export function unquoteString(text: string): string {
  if (text.startsWith("`")) {
    if (!text.endsWith("`") || text.length < 2) throw new LiteralError("invalid syntax");
    return text.slice(1, -1).replace(/\r/g, "");
  }
  if (!text.startsWith('"') || !text.endsWith('"') || text.length < 2)
    throw new LiteralError("invalid syntax");
  return decodeEscapes(text.slice(1, -1), '"');
}

/** Go's `strconv.UnquoteChar` on a char constant; anything after the rune is malformed. */
function unquoteChar(text: string): number {
  const s = text.slice(1);
  if (s.startsWith("'") || s === "") throw new LiteralError("invalid syntax");
  let cp: number;
  let rest: string;
  if (!s.startsWith("\\")) {
    cp = s.codePointAt(0) as number;
    rest = s.slice(String.fromCodePoint(cp).length);
  } else {
    const m = /^\\(x[0-9a-fA-F]{2}|[0-7]{3}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[abfnrtv\\'"])/.exec(s);
    if (m === null) throw new LiteralError("invalid syntax");
    const esc = m[1] as string;
    if (esc === '"') throw new LiteralError("invalid syntax");
    if (esc.startsWith("x")) cp = parseInt(esc.slice(1), 16);
    else if (/^[0-7]/.test(esc)) cp = parseInt(esc, 8);
    else if (esc.startsWith("u") || esc.startsWith("U")) cp = parseInt(esc.slice(1), 16);
    else cp = SIMPLE_ESCAPES[esc] ?? 0;
    if (
      cp > 0x10ffff ||
      (cp >= 0xd800 && cp <= 0xdfff && /^[uU]/.test(esc)) ||
      (/^[0-7]/.test(esc) && cp > 255)
    )
      throw new LiteralError("invalid syntax");
    rest = s.slice(m[0].length);
  }
  if (rest !== "'") throw new LiteralError(`malformed character constant: ${text}`);
  return cp;
}

const SIMPLE_ESCAPES: Readonly<Record<string, number>> = {
  a: 7,
  b: 8,
  f: 12,
  n: 10,
  r: 13,
  t: 9,
  v: 11,
  "\\": 92,
  "'": 39,
  '"': 34,
};

/** Decodes Go escapes; `\x`/octal bytes may form invalid UTF-8 (kept as surrogate escapes). */
function decodeEscapes(body: string, quote: string): string {
  const bytes: number[] = [];
  const enc = new TextEncoder();
  for (let i = 0; i < body.length;) {
    const c = body[i] as string;
    if (c === quote || c === "\n") throw new LiteralError("invalid syntax");
    if (c !== "\\") {
      const cp = body.codePointAt(i) as number;
      const ch = String.fromCodePoint(cp);
      bytes.push(...enc.encode(ch));
      i += ch.length;
      continue;
    }
    const e = body[i + 1];
    if (e === undefined) throw new LiteralError("invalid syntax");
    const simple = SIMPLE_ESCAPES[e];
    if (simple !== undefined) {
      if ((e === "'" && quote !== "'") || (e === '"' && quote !== '"'))
        throw new LiteralError("invalid syntax");
      bytes.push(simple);
      i += 2;
    } else if (e === "x") {
      const h = body.slice(i + 2, i + 4);
      if (!/^[0-9a-fA-F]{2}$/.test(h)) throw new LiteralError("invalid syntax");
      bytes.push(parseInt(h, 16));
      i += 4;
    } else if (e >= "0" && e <= "7") {
      const o = body.slice(i + 1, i + 4);
      if (!/^[0-7]{3}$/.test(o) || parseInt(o, 8) > 255) throw new LiteralError("invalid syntax");
      bytes.push(parseInt(o, 8));
      i += 4;
    } else if (e === "u" || e === "U") {
      const n = e === "u" ? 4 : 8;
      const h = body.slice(i + 2, i + 2 + n);
      const cp = /^[0-9a-fA-F]+$/.test(h) && h.length === n ? parseInt(h, 16) : -1;
      if (cp < 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) throw new LiteralError("invalid syntax");
      bytes.push(...enc.encode(String.fromCodePoint(cp)));
      i += 2 + n;
    } else throw new LiteralError("invalid syntax");
  }
  return goStringFromBytes(Uint8Array.from(bytes));
}

/** Go's complex literals: `1i`, `1+2i` (simplified to a float/int view when the imaginary part is 0). */
function parseComplex(text: string): NumberInfo {
  const m = /^([+-]?[^+-]*(?:[eEpP][+-][^+-]*)?)([+-].*)i$/.exec(text);
  let re = 0;
  let im: number | undefined;
  if (m !== null && m[1] !== "") {
    const r = parseFloat64(m[1] ?? "") ?? parseIntBase0(m[1] ?? "");
    const i = parseFloat64(m[2] ?? "") ?? parseIntBase0(m[2] ?? "");
    if (r === undefined || i === undefined)
      throw new LiteralError(`illegal number syntax: ${JSON.stringify(text)}`);
    re = Number(r);
    im = Number(i);
  } else {
    const body = text.slice(0, -1);
    const i = parseFloat64(body) ?? parseIntBase0(body);
    if (i === undefined) throw new LiteralError(`illegal number syntax: ${JSON.stringify(text)}`);
    im = Number(i);
  }
  if (im === 0) {
    const isInt = Number.isInteger(re) && Math.abs(re) < 2 ** 63;
    const v = isInt ? BigInt(re) : 0n;
    return {
      isInt,
      isUint: isInt && re >= 0,
      isFloat: true,
      isComplex: true,
      int64: v,
      uint64: v,
      float64: re,
      complex: [re, 0],
    };
  }
  return {
    isInt: false,
    isUint: false,
    isFloat: false,
    isComplex: true,
    int64: 0n,
    uint64: 0n,
    float64: 0,
    complex: [re, im],
  };
}
