/** Go's string verbs (`%s %q %x %X %v`). */
import { goStringToBytes } from "../types";
import type { Flags } from "./printer";
import { goQuote } from "../../shared/go/quote";

function padString(s: string, f: Flags): string {
  if (f.wid === undefined) return s;
  const n = [...s].length;
  if (n >= f.wid) return s;
  if (f.minus) return s + " ".repeat(f.wid - n);
  return (f.zero ? "0" : " ").repeat(f.wid - n) + s;
}

function truncate(s: string, f: Flags): string {
  if (f.prec === undefined) return s;
  const runes = [...s];
  return runes.length > f.prec ? runes.slice(0, f.prec).join("") : s;
}

function canBackquote(s: string): boolean {
  return !/[`\x00-\x08\x0a-\x1f\x7f\ufeff]/.test(s) && !/[\udc80-\udcff]/.test(s);
}

function hexString(s: string, verb: string, f: Flags): string {
  let bytes = goStringToBytes(s);
  if (f.prec !== undefined && bytes.length > f.prec) bytes = bytes.slice(0, f.prec);
  const digits = verb === "X" ? "0123456789ABCDEF" : "0123456789abcdef";
  const prefix = verb === "X" ? "0X" : "0x";
  let out = "";
  bytes.forEach((b, i) => {
    if (f.space && i > 0) out += " ";
    if (f.sharp && (f.space || i === 0)) out += prefix;
    out += (digits[b >> 4] ?? "") + (digits[b & 15] ?? "");
  });
  // Go pads hex output like strings: zero padding included (`%#08x` → `00000xab`).
  return padString(out, f);
}

/** Formats a string with a verb; `undefined` for a verb that does not apply. */
export function fmtStringVerb(s: string, verb: string, f: Flags): string | undefined {
  switch (verb) {
    case "v":
      if (f.sharp) return padString(goQuote(s), f);
      return padString(truncate(s, f), f);
    case "s":
      return padString(truncate(s, f), f);
    case "x":
    case "X":
      return hexString(s, verb, f);
    case "q": {
      const t = truncate(s, f);
      if (f.sharp && canBackquote(t)) return padString(`\`${t}\``, f);
      return padString(goQuote(t, f.plus), f);
    }
    default:
      return undefined;
  }
}
