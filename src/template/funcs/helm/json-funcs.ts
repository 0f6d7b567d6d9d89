/**
 * helm's JSON functions: `toJson`/`mustToJson` (encoding/json, HTML-escaped) and the
 * forgiving `fromJson` (always a map) / `fromJsonArray` (always a list) that put a decode
 * error into the result instead of failing.
 */
import { FuncError, isGoMap, newGoMap, type GoMap, type GoValue } from "../../types";
import { decodeGoJson } from "../../../shared/go/json";
import { encodeGoJson } from "../sprig/go-json-encode";

/** `toJson`: "" when the value cannot be marshalled. */
export function toJson(v: GoValue): string {
  try {
    return encodeGoJson(v);
  } catch {
    return "";
  }
}

/** `mustToJson`. */
export function mustToJson(v: GoValue): string {
  try {
    return encodeGoJson(v);
  } catch (e) {
    throw new FuncError(e instanceof Error ? e.message : String(e), { cause: e });
  }
}

function kind(v: GoValue): string {
  if (Array.isArray(v)) return "array";
  if (isGoMap(v)) return "object";
  if (typeof v === "number") return "number";
  if (typeof v === "boolean") return "bool";
  return "string";
}

function decode(
  text: string,
  target: "map" | "array",
): { ok: true; value: GoValue } | { ok: false; error: string } {
  let value: GoValue;
  try {
    value = decodeGoJson(text);
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
  if (value === null) return { ok: true, value: target === "map" ? newGoMap() : [] };
  if (target === "map" ? isGoMap(value) : Array.isArray(value)) return { ok: true, value };
  const goType = target === "map" ? "map[string]interface {}" : "[]interface {}";
  return { ok: false, error: `json: cannot unmarshal ${kind(value)} into Go value of type ${goType}` };
}

/** helm's `fromJson`. */
export function fromJson(text: string): GoMap {
  const r = decode(text, "map");
  if (r.ok) return r.value as GoMap;
  const m = newGoMap();
  m["Error"] = r.error;
  return m;
}

/** helm's `fromJsonArray`. */
export function fromJsonArray(text: string): GoValue[] {
  const r = decode(text, "array");
  return r.ok ? (r.value as GoValue[]) : [r.error];
}
