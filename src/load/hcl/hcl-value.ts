/**
 * The HCL evaluator's own value model, a small subset of cty's type system: enough to keep
 * the distinctions helmfile's behaviour depends on (object vs map when merging across files,
 * list/tuple/set for functions) while staying plain TypeScript data.
 *
 * Numbers: cty numbers are arbitrary-precision decimals. We keep integers exact as `bigint`
 * and everything else as a JS double; helmfile converts the final result through JSON into Go
 * `float64`, so both end as floats in the values tree.
 */

/** An HCL (cty) value. `bigint` and `number` are both the cty number type. */
export type HclValue = null | boolean | string | bigint | number | HclSeq | HclObj;

/** A cty list, tuple or set (sets are kept sorted and without duplicates). */
export class HclSeq {
  constructor(
    readonly kind: "list" | "tuple" | "set",
    readonly items: readonly HclValue[],
  ) {}
}

/** A cty object or map; iteration order is always sorted by key, as in cty. */
export class HclObj {
  readonly attrs: ReadonlyMap<string, HclValue>;
  constructor(
    readonly kind: "object" | "map",
    attrs: ReadonlyMap<string, HclValue>,
  ) {
    this.attrs = new Map([...attrs.entries()].sort(([a], [b]) => compareStrings(a, b)));
  }
}

/** Byte-wise (UTF-8 order for BMP text) string comparison, as Go's `<` on strings. */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const ea = Buffer.from(a, "utf8");
  const eb = Buffer.from(b, "utf8");
  return Buffer.compare(ea, eb);
}

/** A tuple from items. */
export function tuple(items: readonly HclValue[]): HclSeq {
  return new HclSeq("tuple", items);
}

/** A list from items. */
export function list(items: readonly HclValue[]): HclSeq {
  return new HclSeq("list", items);
}

/** An object from entries. */
export function object(entries: Iterable<readonly [string, HclValue]>): HclObj {
  return new HclObj("object", new Map(entries));
}

/** True for the cty number type. */
export function isNumber(v: HclValue): v is bigint | number {
  return typeof v === "bigint" || typeof v === "number";
}

/** Normalises a double: integral finite values become exact `bigint`. */
export function num(n: number | bigint): bigint | number {
  if (typeof n === "bigint") return n;
  return Number.isFinite(n) && Number.isInteger(n) ? BigInt(n) : n;
}

/** The cty type name of a value, for error messages. */
export function typeName(v: HclValue): string {
  if (v === null) return "null";
  if (typeof v === "boolean") return "bool";
  if (typeof v === "string") return "string";
  if (isNumber(v)) return "number";
  return v.kind;
}

/** cty's number → string conversion: plain decimal, never an exponent. */
export function numberToString(n: bigint | number): string {
  if (typeof n === "bigint") return n.toString();
  if (!Number.isFinite(n)) return n > 0 ? "+Inf" : "-Inf";
  const s = String(n);
  const m = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (m === null) return s;
  const [, sign = "", intPart = "", frac = "", expText = "0"] = m;
  const exp = Number(expText);
  const digits = intPart + frac;
  const point = intPart.length + exp;
  if (point <= 0) return `${sign}0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return sign + digits + "0".repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** A number as a JS double (for math functions). */
export function toDouble(n: bigint | number): number {
  return typeof n === "bigint" ? Number(n) : n;
}

/** Deep equality with cty's rules: no conversion between types, numbers by value. */
export function hclEquals(a: HclValue, b: HclValue): boolean {
  if (isNumber(a) && isNumber(b)) {
    if (typeof a === "bigint" && typeof b === "bigint") return a === b;
    return toDouble(a) === toDouble(b);
  }
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return a === b;
  if (a instanceof HclSeq && b instanceof HclSeq) {
    const seqKinds = a.kind === b.kind || (a.kind !== "set" && b.kind !== "set");
    return seqKinds && a.items.length === b.items.length && a.items.every((x, i) => hclEquals(x, b.items[i] ?? null));
  }
  if (a instanceof HclObj && b instanceof HclObj) {
    if (a.attrs.size !== b.attrs.size) return false;
    for (const [k, v] of a.attrs) {
      if (!b.attrs.has(k) || !hclEquals(v, b.attrs.get(k) ?? null)) return false;
    }
    return true;
  }
  return false;
}

/** Orders set elements the way cty does: numbers numerically, strings lexically, others by JSON. */
function setOrder(a: HclValue, b: HclValue): number {
  if (isNumber(a) && isNumber(b)) return toDouble(a) - toDouble(b);
  if (typeof a === "string" && typeof b === "string") return compareStrings(a, b);
  if (typeof a === "boolean" && typeof b === "boolean") return Number(a) - Number(b);
  return 0;
}

/** A set: duplicates removed, elements ordered. */
export function set(items: readonly HclValue[]): HclSeq {
  const out: HclValue[] = [];
  for (const it of items) if (!out.some((o) => hclEquals(o, it))) out.push(it);
  return new HclSeq("set", out.sort(setOrder));
}
