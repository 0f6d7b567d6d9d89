/**
 * fmt's `%v` and strconv's `Quote` for sprig (`strval`, `cat`, `join`, `quote`), delegating
 * to the engine's printer and adding fmt's Stringer rule for struct values that carry a
 * `String()` method (semver versions).
 */
import { GoStruct, goStringFromBytes, goStringToBytes, type GoValue } from "../../types";
import { noFlags, printArg } from "../../fmt/printer";

/** The `String()` method of a struct value, when it has one (fmt's Stringer rule). */
export function stringerOf(v: GoStruct): (() => string) | undefined {
  const m = v.methods.get("String");
  if (m === undefined || m.params.length !== 0) return undefined;
  return () => {
    const out = m.impl([v], undefined as never);
    return typeof out === "string" ? out : "";
  };
}

function withStringers(v: GoValue): GoValue {
  if (v instanceof GoStruct) {
    const s = stringerOf(v);
    if (s !== undefined) return s();
  }
  if (Array.isArray(v) && v.some((x) => x instanceof GoStruct)) return v.map(withStringers);
  return v;
}

/** `fmt.Sprint(v)` / `%v`. */
export function formatV(v: GoValue): string {
  return printArg(withStringers(v), "v", noFlags());
}

/** Go's byte-wise string order (code point order, except for raw invalid bytes). */
export function compareGoStrings(a: string, b: string): number {
  if (/[\udc80-\udcff]/.test(a + b)) return Buffer.compare(goStringToBytes(a), goStringToBytes(b));
  const ai = a[Symbol.iterator]();
  const bi = b[Symbol.iterator]();
  for (;;) {
    const x = ai.next();
    const y = bi.next();
    if (x.done === true) return y.done === true ? 0 : -1;
    if (y.done === true) return 1;
    const cx = x.value.codePointAt(0) ?? 0;
    const cy = y.value.codePointAt(0) ?? 0;
    if (cx !== cy) return cx < cy ? -1 : 1;
  }
}

/** sprig's `strval`: strings as-is, bytes as text, Stringers via String(), the rest via `%v`. */
export function strval(v: GoValue): string {
  if (typeof v === "string") return v;
  if (v instanceof Uint8Array) return goStringFromBytes(v);
  return formatV(v);
}
