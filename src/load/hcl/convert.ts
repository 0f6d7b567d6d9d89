/** cty's automatic conversions between primitive types, and the final conversion to our Value. */
import { newMap, type Value } from "../../shared/value";
import { fail, type HclPos } from "./hcl-errors";
import {
  HclObj,
  HclSeq,
  isNumber,
  num,
  numberToString,
  toDouble,
  typeName,
  type HclNumber,
  type HclValue,
} from "./hcl-value";
import { parseNumberLiteral } from "./parse-number";

/** Converts to string as cty does (numbers and bools convert; null and collections do not). */
export function asString(v: HclValue, what: string, pos?: HclPos): string {
  if (typeof v === "string") return v;
  if (isNumber(v)) return numberToString(v);
  if (typeof v === "boolean") return v ? "true" : "false";
  if (v === null)
    return fail("HCL_TYPE", `${what}: a null value cannot be used here, a string is required`, pos);
  return fail("HCL_TYPE", `${what}: string required, found ${typeName(v)}`, pos);
}

/** Parses a string the way cty converts strings to numbers. */
export function parseNumberString(s: string): HclNumber | undefined {
  if (!/^[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?$/.test(s)) return undefined;
  return parseNumberLiteral(s);
}

/** Converts to number as cty does (numeric strings convert). */
export function asNumber(v: HclValue, what: string, pos?: HclPos): HclNumber {
  if (isNumber(v)) return v;
  if (typeof v === "string") {
    const n = parseNumberString(v);
    if (n !== undefined) return n;
    return fail(
      "HCL_TYPE",
      `${what}: a number is required, and the string ${JSON.stringify(v)} is not a number`,
      pos,
    );
  }
  if (v === null)
    return fail("HCL_TYPE", `${what}: a null value cannot be used here, a number is required`, pos);
  return fail("HCL_TYPE", `${what}: number required, found ${typeName(v)}`, pos);
}

/** Converts to bool as cty does (`"true"`/`"false"` strings convert). */
export function asBool(v: HclValue, what: string, pos?: HclPos): boolean {
  if (typeof v === "boolean") return v;
  if (v === "true" || v === "false") return v === "true";
  if (v === null)
    return fail("HCL_TYPE", `${what}: a null value cannot be used here, a bool is required`, pos);
  return fail("HCL_TYPE", `${what}: bool required, found ${typeName(v)}`, pos);
}

/** An integer argument (cty requires whole numbers for indexes and counts). */
export function asInt(v: HclValue, what: string, pos?: HclPos): number {
  const n = asNumber(v, what, pos);
  if (typeof n !== "bigint")
    return fail("HCL_TYPE", `${what}: a whole number is required, found ${numberToString(n)}`, pos);
  return Number(n);
}

/** The elements of a list, tuple or set. */
export function asSeq(v: HclValue, what: string, pos?: HclPos): readonly HclValue[] {
  if (v instanceof HclSeq) return v.items;
  return fail("HCL_TYPE", `${what}: a list, tuple or set is required, found ${typeName(v)}`, pos);
}

/** The attributes of a map or object. */
export function asObj(v: HclValue, what: string, pos?: HclPos): ReadonlyMap<string, HclValue> {
  if (v instanceof HclObj) return v.attrs;
  return fail("HCL_TYPE", `${what}: a map or object is required, found ${typeName(v)}`, pos);
}

/**
 * Converts to our values tree as helmfile does (cty → JSON → Go): every number becomes a
 * float64, sets and tuples become lists, maps and objects become maps.
 */
export function toGoValue(v: HclValue): Value {
  if (v === null || typeof v === "boolean" || typeof v === "string") return v;
  if (isNumber(v)) return toDouble(v);
  if (v instanceof HclSeq) return v.items.map(toGoValue);
  const out = newMap();
  for (const [k, x] of v.attrs) out[k] = toGoValue(x);
  return out;
}

/** Converts one of our values (e.g. decoded JSON/YAML) into an HCL value. */
export function fromPlainData(v: unknown): HclValue {
  if (v === null || v === undefined) return null;
  if (typeof v === "boolean" || typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "bigint") return num(v);
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return new HclSeq("tuple", v.map(fromPlainData));
  if (typeof v === "object") {
    return new HclObj(
      "object",
      new Map(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, fromPlainData(x)])),
    );
  }
  return String(v);
}
