/** Byte-level views of Go strings (sprig cuts strings by bytes, not characters). */
import { goStringFromBytes, goStringToBytes } from "../../types";

/** Go's runtime message for a failed `s[a:b]`, or undefined when the slice is valid. */
export function sliceBoundsError(
  len: number,
  start: number | undefined,
  end: number | undefined,
): string | undefined {
  const pre = "runtime error: slice bounds out of range";
  if (end !== undefined && (end < 0 || end > len)) return `${pre} [:${end}] with length ${len}`;
  const hi = end ?? len;
  if (start !== undefined && start < 0) return `${pre} [${start}:]`;
  if (start !== undefined && start > hi) return `${pre} [${start}:${hi}]`;
  return undefined;
}

/** `s[start:end]` on the bytes of a Go string; throws Go's runtime error text. */
export function byteSlice(s: string, start?: number, end?: number): string {
  const b = goStringToBytes(s);
  const err = sliceBoundsError(b.length, start, end);
  if (err !== undefined) throw new Error(err);
  return goStringFromBytes(b.subarray(start ?? 0, end ?? b.length));
}

/** The bytes of a Go string. */
export const toBytes = goStringToBytes;

/** Each byte as its own rune, re-encoded (what goutils does when it writes `rune(str[i])`). */
export function bytesAsRunes(b: Iterable<number>): string {
  let out = "";
  for (const x of b) out += String.fromCharCode(x);
  return out;
}
