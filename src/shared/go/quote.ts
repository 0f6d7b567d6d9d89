/** Go's quoting, the one copy every stage uses: `strconv.Quote`, `strconv.QuoteRune`, `%q` of runes, `unicode.IsPrint`, `%#U`. */

/** Approximates Go's `unicode.IsPrint`: letters, marks, numbers, punctuation, symbols and U+0020. */
export function isGoPrint(ch: string): boolean {
  return ch === " " || /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u.test(ch);
}

/** Formats a rune as Go's `%#U` does: `U+0041 'A'`. */
export function formatRuneU(c: string): string {
  const cp = c.codePointAt(0) ?? 0;
  const hex = cp.toString(16).toUpperCase().padStart(4, "0");
  return isGoPrint(c) ? `U+${hex} '${c}'` : `U+${hex}`;
}

/** Go's `strconv.Quote` (or `QuoteToASCII` when `ascii`); lone surrogate escapes print as `\xNN`. */
export function goQuote(s: string, ascii = false): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0) as number;
    if (ch === '"') out += '\\"';
    else if (ch === "\\") out += "\\\\";
    else if (cp >= 0xdc80 && cp <= 0xdcff) out += `\\x${(cp - 0xdc00).toString(16).padStart(2, "0")}`;
    else if (cp >= 0xd800 && cp <= 0xdfff) out += "\\ufffd";
    else if (cp === 7) out += "\\a";
    else if (cp === 8) out += "\\b";
    else if (cp === 12) out += "\\f";
    else if (cp === 10) out += "\\n";
    else if (cp === 13) out += "\\r";
    else if (cp === 9) out += "\\t";
    else if (cp === 11) out += "\\v";
    else if (cp < 0x20 || cp === 0x7f) out += `\\x${cp.toString(16).padStart(2, "0")}`;
    else if (cp < 0x7f || (!ascii && isGoPrint(ch))) out += ch;
    else if (cp < 0x10000) out += `\\u${cp.toString(16).padStart(4, "0")}`;
    else out += `\\U${cp.toString(16).padStart(8, "0")}`;
  }
  return `${out}"`;
}

/** Go's `strconv.QuoteRune` (or `QuoteRuneToASCII` when `ascii`): `'a'`, `'\''`, `'"'`. */
export function quoteRune(cp: number, ascii = false): string {
  const ch = String.fromCodePoint(cp);
  if (ch === "'") return "'\\''";
  if (ch === '"') return "'\"'";
  return `'${goQuote(ch, ascii).slice(1, -1)}'`;
}

/** Go's `%q` of a `[]rune`: `['a' '\u00a0' '\'']`. */
export function goQuoteRunes(s: string): string {
  return `[${[...s].map((ch) => quoteRune(ch.codePointAt(0) as number)).join(" ")}]`;
}
