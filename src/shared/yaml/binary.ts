/**
 * go-yaml writes a string that is not valid UTF-8 as `!!binary` base64. Template strings
 * carry invalid bytes as lone surrogates U+DC80–U+DCFF (see `goStringFromBytes` in the
 * template engine); this recovers the bytes and splits the base64 like go-yaml does.
 */

/** True when `s` holds a byte that is not part of valid UTF-8. */
export function hasInvalidUtf8(s: string): boolean {
  return /(?<![\ud800-\udbff])[\udc80-\udcff]/.test(s);
}

/** The Go bytes of a JS string (lone U+DC80–U+DCFF stand for raw bytes). */
export function goBytes(s: string): Buffer {
  const out: number[] = [];
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp >= 0xdc80 && cp <= 0xdcff) out.push(cp - 0xdc00);
    else out.push(...Buffer.from(ch, "utf8"));
  }
  return Buffer.from(out);
}

/** Base64, broken into 70-character lines (each ending in a newline) when longer than one line. */
export function goYamlBase64(s: string): string {
  const enc = goBytes(s).toString("base64");
  const lineLen = 70;
  if (enc.length <= lineLen) return enc;
  let out = "";
  for (let i = 0; i < enc.length; i += lineLen) out += `${enc.slice(i, i + lineLen)}\n`;
  return out;
}

/** Bytes as a Go string: valid UTF-8 decoded, every other byte kept as U+DC80+byte. */
export function goStringOfBytes(bytes: Uint8Array): string {
  let out = "";
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    const len =
      b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (len > 0) {
      const chunk = bytes.subarray(i, i + len);
      const text = chunk.length === len ? new TextDecoder("utf-8", { fatal: false }).decode(chunk) : "\ufffd";
      // A valid sequence decodes to one code point and encodes back to the same bytes.
      if (!text.includes("\ufffd") && Buffer.from(text, "utf8").equals(Buffer.from(chunk))) {
        out += text;
        i += len;
        continue;
      }
    }
    out += String.fromCharCode(0xdc00 + b);
    i += 1;
  }
  return out;
}
