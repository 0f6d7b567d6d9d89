/** Go's integer verbs (`%d %b %o %O %x %X %c %q %U`) with flags, width and precision. */
import type { Flags } from "./printer";
import { quoteRune } from "../../shared/go/quote";

const MAX_U64 = (1n << 64n) - 1n;

/** Formats an integer; `undefined` means the verb does not apply (caller prints `%!verb(…)`). */
export function formatInteger(v: bigint, unsigned: boolean, verb: string, f: Flags): string | undefined {
  switch (verb) {
    case "v":
    case "d":
      return fmtInt(v, 10, verb, f);
    case "b":
      return fmtInt(v, 2, verb, f);
    case "o":
    case "O":
      return fmtInt(v, 8, verb, f);
    case "x":
    case "X":
      return fmtInt(v, 16, verb, f);
    case "c":
      return padRunes(runeString(v), f);
    case "q":
      // Go only quotes values that fit a rune; others are a bad verb.
      if (v < 0n || v > 0x10ffffn) return undefined;
      return padRunes(quoteRune(runeOf(v), f.plus), f);
    case "U":
      return fmtUnicode(v, f);
    default:
      void unsigned;
      return undefined;
  }
}

/** Go's `f.pad` for %c/%q: zero padding applies unless `-` is set. */
function padRunes(s: string, f: Flags): string {
  if (f.wid === undefined) return s;
  const count = [...s].length;
  if (count >= f.wid) return s;
  if (f.minus) return s + " ".repeat(f.wid - count);
  return (f.zero ? "0" : " ").repeat(f.wid - count) + s;
}

function padSpaces(s: string, f: Flags): string {
  if (f.wid === undefined) return s;
  const n = [...s].length;
  if (n >= f.wid) return s;
  return f.minus ? s + " ".repeat(f.wid - n) : " ".repeat(f.wid - n) + s;
}

function runeOf(v: bigint): number {
  if (v < 0n || v > 0x10ffffn || (v >= 0xd800n && v <= 0xdfffn)) return 0xfffd;
  return Number(v);
}

function runeString(v: bigint): string {
  return String.fromCodePoint(runeOf(v));
}

function fmtInt(v: bigint, base: number, verb: string, f: Flags): string {
  const negative = v < 0n;
  const u = negative ? -v : v;
  if (f.prec !== undefined && f.prec === 0 && u === 0n) return f.wid === undefined ? "" : " ".repeat(f.wid);
  let prec = f.prec ?? 0;
  if (f.prec === undefined && f.zero && !f.minus && f.wid !== undefined) {
    prec = f.wid;
    if (negative || f.plus || f.space) prec--;
  }
  let digits = (u > MAX_U64 ? u & MAX_U64 : u).toString(base);
  if (verb === "X") digits = digits.toUpperCase();
  if (digits.length < prec) digits = "0".repeat(prec - digits.length) + digits;
  if (f.sharp) {
    if (base === 2) digits = `0b${digits}`;
    else if (base === 8 && digits[0] !== "0") digits = `0${digits}`;
    else if (base === 16) digits = (verb === "X" ? "0X" : "0x") + digits;
  }
  if (verb === "O") digits = `0o${digits}`;
  if (negative) digits = `-${digits}`;
  else if (f.plus) digits = `+${digits}`;
  else if (f.space) digits = ` ${digits}`;
  return padSpaces(digits, f);
}

function fmtUnicode(v: bigint, f: Flags): string {
  let hex = (v < 0n ? v & MAX_U64 : v).toString(16).toUpperCase();
  const prec = Math.max(f.prec ?? 4, 4);
  if (hex.length < prec) hex = "0".repeat(prec - hex.length) + hex;
  let s = `U+${hex}`;
  if (f.sharp && v >= 0n && v <= 0x10ffffn) {
    const ch = String.fromCodePoint(Number(v));
    if (/^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u.test(ch) || ch === " ") s += ` '${ch}'`;
  }
  return padSpaces(s, f);
}
