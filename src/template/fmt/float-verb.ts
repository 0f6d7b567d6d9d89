/** Go's `fmt` float and complex verbs (`%v %e %E %f %F %g %G %x %X %b`) with flags. */
import { formatFloat, formatHexFloat } from "../../shared/go/float";
import type { Flags } from "./printer";

/** Go's `%b` for floats: decimal mantissa and binary exponent (`4503599627370496p-52`). */
function formatBinaryFloat(v: number, bits: 32 | 64): string {
  const view = new DataView(new ArrayBuffer(8));
  let neg: boolean;
  let mant: bigint;
  let exp: number;
  if (bits === 32) {
    view.setFloat32(0, v);
    const b = view.getUint32(0);
    neg = b >>> 31 === 1;
    exp = (b >>> 23) & 0xff;
    mant = BigInt(b & 0x7fffff);
    if (exp === 0) exp++;
    else mant |= 1n << 23n;
    exp += -127 - 23;
  } else {
    view.setFloat64(0, v);
    const b = view.getBigUint64(0);
    neg = b >> 63n === 1n;
    exp = Number((b >> 52n) & 0x7ffn);
    mant = b & ((1n << 52n) - 1n);
    if (exp === 0) exp++;
    else mant |= 1n << 52n;
    exp += -1023 - 52;
  }
  return `${neg ? "-" : ""}${mant}p${exp >= 0 ? "+" : ""}${exp}`;
}

/** Go's `%#` handling: keep a decimal point and pad %g/%x to the requested significant digits. */
function applySharp(num: string, verb: string, prec: number): string {
  let digits = 0;
  if ("vgGx".includes(verb)) digits = prec === -1 ? 6 : prec;
  let tail = "";
  let body = num;
  let hasPoint = false;
  let sawNonzero = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c === ".") hasPoint = true;
    else if (c === "p" || c === "P" || ((c === "e" || c === "E") && verb !== "x" && verb !== "X")) {
      tail = body.slice(i);
      body = body.slice(0, i);
      break;
    } else {
      if (c !== "0") sawNonzero = true;
      if (sawNonzero) digits--;
    }
  }
  if (!hasPoint) {
    if (body === "0") digits--;
    body += ".";
  }
  while (digits > 0) {
    body += "0";
    digits--;
  }
  return body + tail;
}

function padSpaces(s: string, f: Flags): string {
  if (f.wid === undefined) return s;
  const n = [...s].length;
  if (n >= f.wid) return s;
  return f.minus ? s + " ".repeat(f.wid - n) : " ".repeat(f.wid - n) + s;
}

/** Formats one float with Go's `fmt.fmtFloat`; `undefined` for a verb that does not apply. */
export function fmtFloat(v: number, bits: 32 | 64, verb: string, f: Flags): string | undefined {
  let fmtc: string;
  let prec: number;
  switch (verb) {
    case "v":
      [fmtc, prec] = ["g", -1];
      break;
    case "b":
    case "g":
    case "G":
    case "x":
    case "X":
      [fmtc, prec] = [verb, -1];
      break;
    case "e":
    case "E":
    case "f":
      [fmtc, prec] = [verb, 6];
      break;
    case "F":
      [fmtc, prec] = ["f", 6];
      break;
    default:
      return undefined;
  }
  if (f.prec !== undefined) prec = f.prec;
  let num: string;
  if (fmtc === "b") num = formatBinaryFloat(v, bits);
  else if (fmtc === "x" || fmtc === "X") num = formatHexFloat(v, fmtc, prec);
  else num = formatFloat(v, fmtc, prec, bits);
  let sign = "+";
  if (num.startsWith("-") || num.startsWith("+")) {
    sign = num[0] as string;
    num = num.slice(1);
  }
  if (f.space && sign === "+" && !f.plus) sign = " ";
  if (num === "Inf" || num === "NaN") {
    // Infinities keep their sign; NaN only shows one when asked; zero padding never applies.
    const shown = num === "NaN" && !f.space && !f.plus ? "" : sign;
    return padSpaces(shown + num, f);
  }
  if (f.sharp && verb !== "b") num = applySharp(num, verb === "v" ? "g" : verb, prec);
  if (f.plus || sign !== "+") {
    if (f.zero && !f.minus && f.wid !== undefined && f.wid > num.length + 1) {
      return sign + "0".repeat(f.wid - num.length - 1) + num;
    }
    return padSpaces(sign + num, f);
  }
  if (f.zero && !f.minus && f.wid !== undefined && f.wid > num.length)
    return "0".repeat(f.wid - num.length) + num;
  return padSpaces(num, f);
}

/** Go's `fmtComplex`: `(re±imi)`, width and flags applying to each part. */
export function fmtComplex(re: number, im: number, verb: string, f: Flags): string | undefined {
  const r = fmtFloat(re, 64, verb, f);
  if (r === undefined) return undefined;
  return `(${r}${fmtFloat(im, 64, verb, { ...f, plus: true }) ?? ""}i)`;
}
