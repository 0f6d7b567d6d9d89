/**
 * Converting template values to and from the shared YAML codec: what go-yaml's `Marshal`
 * makes of Go values (int kinds are ints, `float32` keeps its short spelling, `time.Time`
 * is RFC 3339, struct fields are lower-cased keys in declaration order) and how decoded
 * YAML becomes template values.
 */
import {
  formatYamlFloat32Key,
  YamlOrderedMap,
  YamlRawScalar,
  type YamlEncodable,
} from "../../../shared/yaml";
import type { Value } from "../../../shared/value";
import { FuncError, GoFunc, GoNumber, GoStruct, GoTime, isGoMap, type GoValue } from "../../types";
import { formatGoTime } from "../sprig/go-time";

const RFC3339_NANO = "2006-01-02T15:04:05.999999999Z07:00";

/** The YAML shape go-yaml's encoder gives a template value. Throws {@link FuncError} for funcs. */
export function goToYaml(v: GoValue): YamlEncodable {
  if (v === null || typeof v !== "object") return v;
  if (v instanceof GoNumber) {
    if (v.kind === "float32") return new YamlRawScalar(formatYamlFloat32Key(Number(v.value)));
    return BigInt(v.value);
  }
  if (v instanceof GoTime) return new YamlRawScalar(formatGoTime(v, RFC3339_NANO));
  if (v instanceof GoStruct) {
    return new YamlOrderedMap([...v.fields].map(([k, x]) => [k.toLowerCase(), goToYaml(x)] as const));
  }
  if (v instanceof GoFunc) throw new FuncError("cannot marshal type: func");
  if (v instanceof Uint8Array) return Array.from(v, (b) => BigInt(b));
  if (Array.isArray(v)) return v.map(goToYaml);
  if (isGoMap(v)) {
    const out: Record<string, YamlEncodable> = Object.create(null) as Record<string, YamlEncodable>;
    for (const k of Object.keys(v)) out[k] = goToYaml(v[k] as GoValue);
    return out;
  }
  return null;
}

/** Decoded YAML is already a template value: maps are null-prototype, ints bigint, floats number. */
export function yamlToGo(v: Value): GoValue {
  return v as GoValue;
}
