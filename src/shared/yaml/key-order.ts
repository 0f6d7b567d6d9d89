/**
 * go-yaml's map key order: a "natural" order in which runs of digits compare by number, so
 * `a2` sorts before `a10`. v3 refined how a letter compares with a digit after a shared
 * digit prefix; v2 keeps the older rule.
 */
import type { GoYamlVersion } from "./resolve";

const DIGIT = /^\p{Nd}$/u;
const LETTER = /^\p{L}$/u;

function isDigit(c: string): boolean {
  return DIGIT.test(c);
}

function isLetter(c: string): boolean {
  return LETTER.test(c);
}

function digitValue(c: string): bigint {
  return BigInt((c.codePointAt(0) ?? 48) - 48);
}

/** True when go-yaml sorts string key `a` before `b`. */
export function goYamlKeyLess(a: string, b: string, version: GoYamlVersion): boolean {
  const ar = Array.from(a);
  const br = Array.from(b);
  let digits = false;
  for (let i = 0; i < ar.length && i < br.length; i++) {
    const ca = ar[i] as string;
    const cb = br[i] as string;
    if (ca === cb) {
      if (version === "v3") digits = isDigit(ca);
      continue;
    }
    const al = isLetter(ca);
    const bl = isLetter(cb);
    if (al && bl) return (ca.codePointAt(0) ?? 0) < (cb.codePointAt(0) ?? 0);
    if (al || bl) return version === "v3" && digits ? al : bl;
    let an = 0n;
    let bn = 0n;
    if (ca === "0" || cb === "0") {
      for (let j = i - 1; j >= 0 && isDigit(ar[j] as string); j--) {
        if (ar[j] !== "0") {
          an = 1n;
          bn = 1n;
          break;
        }
      }
    }
    let ai = i;
    for (; ai < ar.length && isDigit(ar[ai] as string); ai++)
      an = BigInt.asIntN(64, an * 10n + digitValue(ar[ai] as string));
    let bi = i;
    for (; bi < br.length && isDigit(br[bi] as string); bi++)
      bn = BigInt.asIntN(64, bn * 10n + digitValue(br[bi] as string));
    if (an !== bn) return an < bn;
    if (ai !== bi) return ai < bi;
    return (ca.codePointAt(0) ?? 0) < (cb.codePointAt(0) ?? 0);
  }
  return ar.length < br.length;
}

/** Keys of a map in go-yaml's marshal order. */
export function sortGoYamlKeys(keys: readonly string[], version: GoYamlVersion): string[] {
  return [...keys].sort((x, y) => (goYamlKeyLess(x, y, version) ? -1 : goYamlKeyLess(y, x, version) ? 1 : 0));
}
