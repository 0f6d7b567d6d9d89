/**
 * The HCL evaluator's own value model, a small subset of cty's type system: enough to keep
 * the distinctions helmfile's behaviour depends on (object vs map when merging across files,
 * list/tuple/set for functions) while staying plain TypeScript data.
 *
 * Numbers: cty numbers are Go big.Floats with 512-bit mantissas. We keep integers exact as
 * `bigint`, other results of literals and arithmetic as 512-bit binary fractions
 * ({@link HclRatio}), and results of math functions (float64 in cty too) as JS doubles.
 * helmfile converts the final result through JSON into Go `float64`, so all end as floats.
 */
import { formatBinary, PRECISION, roundBinary } from "./big-float";

/** An HCL (cty) value. `bigint`, {@link HclRatio} and `number` are all the cty number type. */
export type HclValue = null | boolean | string | HclNumber | HclSeq | HclObj;

/** The cty number type: exact integers, exact fractions, or doubles (from math functions). */
export type HclNumber = bigint | HclRatio | number;

/** A non-integral 512-bit binary float `n/d` (reduced, `d` a power of two > 1); build with {@link ratio}. */
export class HclRatio {
  constructor(
    readonly n: bigint,
    readonly d: bigint,
  ) {}
}

function gcd(a: bigint, b: bigint): bigint {
  let [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/**
 * The number `n/d` as cty holds it: exact when integral, otherwise rounded to a 512-bit
 * binary float (so every {@link HclRatio} has a power-of-two denominator). `d` must not be zero.
 */
export function ratio(n: bigint, d: bigint): bigint | HclRatio {
  if (d < 0n) [n, d] = [-n, -d];
  if (n % d === 0n) return n / d;
  const { mant, shift } = roundBinary(n, d);
  if (shift <= 0) return mant << BigInt(-shift);
  const den = 1n << BigInt(shift);
  const g = gcd(mant, den);
  return g === den ? mant / g : new HclRatio(mant / g, den / g);
}

/** A finite number as an exact fraction (a double by its exact binary value). */
export function toRatio(x: HclNumber): { n: bigint; d: bigint } {
  if (typeof x === "bigint") return { n: x, d: 1n };
  if (x instanceof HclRatio) return { n: x.n, d: x.d };
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const sign = bits >> 63n === 1n ? -1n : 1n;
  const expBits = Number((bits >> 52n) & 0x7ffn);
  const frac = bits & ((1n << 52n) - 1n);
  const mant = expBits === 0 ? frac : frac | (1n << 52n);
  const exp = (expBits === 0 ? 1 : expBits) - 1075;
  if (exp >= 0) return { n: sign * (mant << BigInt(exp)), d: 1n };
  const den = 1n << BigInt(-exp);
  const g = gcd(mant, den);
  return { n: (sign * mant) / g, d: den / g };
}

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
export function isNumber(v: HclValue): v is HclNumber {
  return typeof v === "bigint" || typeof v === "number" || v instanceof HclRatio;
}

/** Normalises a number: integral finite doubles become exact `bigint`. */
export function num(n: HclNumber): HclNumber {
  if (typeof n !== "number") return n;
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
export function numberToString(n: HclNumber): string {
  if (typeof n === "bigint") return n.toString();
  if (n instanceof HclRatio) {
    // formatBinary wants the full 512-bit mantissa: a reduced one (1/8 as 1 >> 3) would make
    // the shortest round-tripping decimal far too short ("0.1" for 0.125).
    const pad = Math.max(0, PRECISION - (n.n < 0n ? -n.n : n.n).toString(2).length);
    return formatBinary(n.n << BigInt(pad), n.d.toString(2).length - 1 + pad);
  }
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

/** A number as a JS double, correctly rounded (for math functions and the final conversion). */
export function toDouble(n: HclNumber): number {
  if (typeof n === "bigint") return Number(n);
  if (typeof n === "number") return n;
  const neg = n.n < 0n;
  const abs = neg ? -n.n : n.n;
  const shift = 30 + Math.max(0, n.d.toString().length - abs.toString().length);
  const q = ((abs * 10n ** BigInt(shift)) / n.d).toString().padStart(shift + 1, "0");
  return Number(`${neg ? "-" : ""}${q.slice(0, q.length - shift)}.${q.slice(q.length - shift)}`);
}

/** Deep equality with cty's rules: no conversion between types, numbers by value. */
export function hclEquals(a: HclValue, b: HclValue): boolean {
  if (isNumber(a) && isNumber(b)) {
    if (typeof a === "number" || typeof b === "number") return toDouble(a) === toDouble(b);
    const [x, y] = [toRatio(a), toRatio(b)];
    return x.n === y.n && x.d === y.d;
  }
  if (
    a === null ||
    b === null ||
    typeof a !== "object" ||
    typeof b !== "object" ||
    isNumber(a) ||
    isNumber(b)
  )
    return a === b;
  if (a instanceof HclSeq && b instanceof HclSeq) {
    const seqKinds = a.kind === b.kind || (a.kind !== "set" && b.kind !== "set");
    return (
      seqKinds &&
      a.items.length === b.items.length &&
      a.items.every((x, i) => hclEquals(x, b.items[i] ?? null))
    );
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
