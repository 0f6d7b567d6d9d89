/** Go's ordering of string map keys (`fmtsort`): byte order of the UTF-8 encoding. */

import { goStringToBytes } from "../types";

const SURROGATE = /[\ud800-\udfff]/;

/** Compares two keys as Go compares strings. */
export function compareKeys(a: string, b: string): number {
  if (a === b) return 0;
  // UTF-16 order equals UTF-8 byte order unless a surrogate pair (or escaped byte) is involved.
  if (!SURROGATE.test(a) && !SURROGATE.test(b)) return a < b ? -1 : 1;
  return Buffer.compare(goStringToBytes(a), goStringToBytes(b));
}
