/**
 * Go's `fmt` rendering of values, as helm prints them inside warnings and errors
 * (`%v`, `%t` on a non-bool, and the dynamic type names of `interface conversion` panics).
 */
import { GoTime, isMap, type Value } from "../../shared/value";
import { goTimeString } from "../../shared/yaml";
import { formatGoFloat } from "../../shared/go/float";

/** Go's `%v` of a value held in an `interface{}`. */
export function goValueString(v: Value): string {
  if (v === null) return "<nil>";
  if (typeof v === "string") return v;
  if (typeof v === "boolean") return v ? "true" : "false";
  if (typeof v === "bigint") return v.toString();
  if (typeof v === "number") return formatGoFloat(v);
  if (Array.isArray(v)) return `[${v.map(goValueString).join(" ")}]`;
  if (v instanceof GoTime) return goTimeString(v);
  const keys = Object.keys(v).sort(compareGoStrings);
  return `map[${keys.map((k) => `${k}:${goValueString(v[k] as Value)}`).join(" ")}]`;
}

/** Go's dynamic type name of a decoded value (`float64`, `map[string]interface {}`…); `nil` for null. */
export function goTypeName(v: Value): string {
  if (v === null) return "nil";
  if (typeof v === "string") return "string";
  if (typeof v === "boolean") return "bool";
  if (typeof v === "bigint") return "int64";
  if (typeof v === "number") return "float64";
  if (Array.isArray(v)) return "[]interface {}";
  return isMap(v) ? "map[string]interface {}" : "unknown";
}

/** Go's `%t` verb: bools print, lists and maps apply it element-wise, anything else is `%!t(type=value)`. */
export function goBoolVerb(v: Value): string {
  if (typeof v === "boolean") return v ? "true" : "false";
  if (v === null) return "%!t(<nil>)";
  if (Array.isArray(v)) return `[${v.map(goBoolVerb).join(" ")}]`;
  if (isMap(v)) {
    const keys = Object.keys(v).sort(compareGoStrings);
    return `map[${keys.map((k) => `${goBoolVerb(k)}:${goBoolVerb(v[k] as Value)}`).join(" ")}]`;
  }
  return `%!t(${goTypeName(v)}=${goValueString(v)})`;
}

/** Bytewise string order, as Go sorts map keys (UTF-8 order equals code point order). */
export function compareGoStrings(a: string, b: string): number {
  if (a === b) return 0;
  const ca = [...a];
  const cb = [...b];
  const n = Math.min(ca.length, cb.length);
  for (let i = 0; i < n; i++) {
    const x = ca[i]!.codePointAt(0)!;
    const y = cb[i]!.codePointAt(0)!;
    if (x !== y) return x - y;
  }
  return ca.length - cb.length;
}
