/** Go encoding/json's string escaping, shared by the template functions and the secrets layer. */

/** Go's JSON string escaping. */
export function jsonString(s: string, escapeHTML: boolean): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    if (ch === '"' || ch === "\\") out += `\\${ch}`;
    else if (cp < 0x20) {
      const named: Record<number, string> = { 8: "\\b", 9: "\\t", 10: "\\n", 12: "\\f", 13: "\\r" };
      out += named[cp] ?? `\\u00${cp.toString(16).padStart(2, "0")}`;
    } else if (escapeHTML && (ch === "<" || ch === ">" || ch === "&")) out += `\\u00${cp.toString(16)}`;
    else if (cp === 0x2028 || cp === 0x2029) out += `\\u${cp.toString(16)}`;
    else if (cp >= 0xd800 && cp <= 0xdfff) out += "\\ufffd";
    else out += ch;
  }
  return `${out}"`;
}
