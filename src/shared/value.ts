/**
 * The values tree, closed and Go-typed. helmfile decodes YAML with Go types, so an integer
 * and a float stay apart: integers are `bigint` (Go int/int64), floats are `number` (Go
 * float64). Maps are null-prototype objects; keys `__proto__` and `constructor` are refused
 * by the decoders and merges.
 */
import { formatRfc3339Nano } from "./go-time";

export type Value = null | boolean | string | bigint | number | GoTime | Value[] | ValueMap;

/**
 * A Go `time.Time`: an instant plus the zone it is shown in. go-yaml v3 decodes unquoted
 * timestamps (`2024-01-02`, `2001-12-14t21:59:43.10-05:00`) into `interface{}` as this type,
 * so it is a leaf of the values tree; the template engine shares the same class. Immutable.
 */
export class GoTime {
  constructor(
    /** Nanoseconds since the Unix epoch. */
    readonly unixNanos: bigint,
    /** Zone offset east of UTC, seconds. */
    readonly offsetSeconds = 0,
    /** Zone abbreviation as Go prints it (`UTC`, `CET`, `+0200` when unnamed). */
    readonly zoneName = "UTC",
    /**
     * The YAML text it was decoded from, when it came from YAML: go-yaml gives a Go string
     * field that text, not the time (`version: 2024-01-02` stays `2024-01-02`).
     */
    readonly sourceText?: string,
  ) {}
}

export { formatRfc3339Nano };

/** A Go `map[string]interface{}`. Always created with {@link newMap}. */
export interface ValueMap {
  [key: string]: Value;
}

/** Creates an empty null-prototype map. */
export function newMap(): ValueMap {
  return Object.create(null) as ValueMap;
}

/** True for a map (not an array, not null, not a {@link GoTime}). */
export function isMap(v: unknown): v is ValueMap {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof GoTime);
}

/** Keys a map may not hold, because JavaScript would treat them specially. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/** Deep copy of a value (maps stay null-prototype). */
export function cloneValue(v: Value): Value {
  if (Array.isArray(v)) return v.map(cloneValue);
  if (isMap(v)) {
    const out = newMap();
    for (const k of Object.keys(v)) out[k] = cloneValue(v[k] as Value);
    return out;
  }
  return v;
}

/**
 * Converts a Value to plain JSON-compatible data: ints become JS numbers when they are safe
 * integers, otherwise `{"$int64": "<decimal>"}` as the conformance corpus writes them (with
 * `bigints: "number"`, the nearest double, as a JSON-only consumer reads them); a time becomes its
 * RFC 3339 text, as Go's encoding/json writes it.
 */
export function toPlain(v: Value, options: { readonly bigints?: "tagged" | "number" } = {}): unknown {
  if (v instanceof GoTime) return formatRfc3339Nano(v);
  if (typeof v === "bigint") {
    if (v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER)) return Number(v);
    return options.bigints === "number" ? Number(v) : { $int64: v.toString() };
  }
  if (Array.isArray(v)) return v.map((x) => toPlain(x, options));
  if (isMap(v)) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v)) out[k] = toPlain(v[k] as Value, options);
    return out;
  }
  return v;
}

/** Converts plain JSON data to a Value; integral JSON numbers become ints unless `floats` is set. */
export function fromPlain(data: unknown, options: { readonly floats?: boolean } = {}): Value {
  if (data === null || data === undefined) return null;
  if (typeof data === "boolean" || typeof data === "string" || typeof data === "bigint") return data;
  if (typeof data === "number") {
    return !options.floats && Number.isInteger(data) ? BigInt(data) : data;
  }
  if (Array.isArray(data)) return data.map((x) => fromPlain(x, options));
  if (typeof data === "object") {
    const obj = data as Record<string, unknown>;
    const keys = Object.keys(obj);
    if (keys.length === 1 && keys[0] === "$int64" && typeof obj.$int64 === "string")
      return BigInt(obj.$int64);
    const out = newMap();
    for (const k of keys) out[k] = fromPlain(obj[k], options);
    return out;
  }
  throw new TypeError(`not a plain value: ${typeof data}`);
}

/** JSON with sorted keys and ints written as plain numbers: stable across runs. */
export function canonicalJson(v: Value, indent = 0): string {
  return JSON.stringify(sortKeys(toPlain(v)), null, indent);
}

/** Any JSON-able data as JSON with sorted keys (fields that JSON drops, dropped): a stable text to compare or hash. */
export function sortedKeysJson(v: unknown): string {
  return JSON.stringify(sortKeys(v)) ?? "null";
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (typeof v === "object" && v !== null) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) out[k] = sortKeys((v as Record<string, unknown>)[k]);
    return out;
  }
  return v;
}
