/** Go's net/url escaping, the one copy the template builtin `urlquery` and `ref+httpjson` use. */

/** Go's `url.QueryEscape` of a string's bytes (the caller encodes it as its Go string holds it). */
export function queryEscapeBytes(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) {
    const c = String.fromCharCode(b);
    if (/[A-Za-z0-9\-_.~]/.test(c)) out += c;
    else if (c === " ") out += "+";
    else out += `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}
