/** Vectors `maputil-merge-maps`: helmfile's MergeMaps with the sparse / replace / merge list strategies. */
import { mergeValues, type ArrayMergeStrategy } from "../../merge/index";
import { canonicalJson, fromPlain, isMap, type Value, type ValueMap } from "../../shared/value";
import type { Vector, VectorHandler } from "./types";

/** Canonical JSON of plain expected data (ints and floats compare as JSON numbers). */
export function plainJson(v: unknown): string {
  return canonicalJson(fromPlain(v, { floats: true }));
}

/** Compares a Value with plain expected data; returns true or a short reason. */
export function sameValue(actual: Value | undefined, expected: unknown, what = "value"): true | string {
  const a = actual === undefined ? "<absent>" : canonicalJson(actual);
  const e = plainJson(expected);
  return a === e ? true : `${what}: expected ${e.slice(0, 300)}, got ${a.slice(0, 300)}`;
}

/** Walks `path` in a value; undefined when absent. */
export function valueAt(root: Value | undefined, path: readonly (string | number)[]): Value | undefined {
  let cur: Value | undefined = root;
  for (const p of path) {
    if (cur === undefined || cur === null) return undefined;
    if (typeof p === "number") cur = Array.isArray(cur) ? cur[p] : undefined;
    else cur = isMap(cur) ? (Object.prototype.hasOwnProperty.call(cur, p) ? cur[p] : undefined) : undefined;
  }
  return cur;
}

interface AtCheck {
  readonly path: readonly (string | number)[];
  readonly value?: unknown;
  readonly length?: number;
}

/** Applies a vector's `expected` / `expectedAt` / `expectAbsent` to a result. */
export function checkResult(v: Vector, result: Value): true | string {
  if (v.expected !== undefined && v.expectedAt === undefined) {
    const r = sameValue(result, v.expected, "result");
    if (r !== true) return r;
  }
  for (const at of (v.expectedAt as readonly AtCheck[] | undefined) ?? []) {
    const got = valueAt(result, at.path);
    if (at.length !== undefined) {
      if (!Array.isArray(got) || got.length !== at.length)
        return `${at.path.join(".")}: expected length ${at.length}`;
    } else {
      const r = sameValue(got, at.value, at.path.join("."));
      if (r !== true) return r;
    }
  }
  for (const path of (v.expectAbsent as readonly (readonly (string | number)[])[] | undefined) ?? []) {
    if (valueAt(result, path) !== undefined) return `${path.join(".")} should be absent`;
  }
  return true;
}

/** Plain JSON object → ValueMap (ints as bigint). */
export function mapOf(data: unknown): ValueMap {
  const v = fromPlain(data ?? {});
  if (!isMap(v)) throw new Error("expected a map");
  return v;
}

export const maputilMergeMaps: VectorHandler = (v) => {
  const input = v.input as { base: unknown; override: unknown; arrayStrategy: ArrayMergeStrategy };
  const result = mergeValues(mapOf(input.base), mapOf(input.override), { arrays: input.arrayStrategy });
  return checkResult(v, result);
};
