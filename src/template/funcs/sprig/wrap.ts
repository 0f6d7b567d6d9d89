/** goutils' WrapCustom on the bytes of a Go string (sprig `wrap`, `wrapWith`). */
import { byteSlice, toBytes } from "./bytes";

/** Wraps `str` at `wrapLength` bytes on spaces; long words are cut only when `wrapLong`. */
export function wrapCustom(str: string, wrapLength: number, newLine: string, wrapLong: boolean): string {
  if (str === "") return "";
  const nl = newLine === "" ? "\n" : newLine;
  const width = Math.max(wrapLength, 1);
  const b = toBytes(str);
  const len = b.length;
  const SPACE = 0x20;
  let offset = 0;
  let out = "";
  while (len - offset > width) {
    if (b[offset] === SPACE) {
      offset++;
      continue;
    }
    const end = Math.min(width + offset + 1, len);
    const at = b.subarray(offset, end).lastIndexOf(SPACE);
    if (at >= 0) {
      out += byteSlice(str, offset, offset + at) + nl;
      offset = offset + at + 1;
    } else if (wrapLong) {
      out += byteSlice(str, offset, width + offset) + nl;
      offset += width;
    } else {
      const e = width + offset;
      const idx = b.subarray(e).indexOf(SPACE);
      if (idx < 0) {
        out += byteSlice(str, offset);
        offset = len;
      } else {
        out += byteSlice(str, offset, idx + e) + nl;
        offset = idx + e + 1;
      }
    }
  }
  return out + byteSlice(str, offset);
}
