/**
 * YAML the way helm's template functions see it. Helm goes through `sigs.k8s.io/yaml`: YAML
 * is read by go-yaml v2, turned into JSON and decoded by `encoding/json` (every number
 * becomes a float64); `toYaml` marshals to JSON first and then writes the JSON back out
 * with go-yaml v2 (so whole floats print as integers, and long lines fold at 80 columns).
 */
import { LoadError } from "../errors";
import { formatRfc3339Nano, GoTime, isMap, newMap, type Value } from "../value";
import { decodeYaml, type DecodeYamlOptions } from "./decode";
import { encodeYaml } from "./encode";

const INT64_MIN = -(2n ** 63n);
const UINT64_MAX = 2n ** 64n - 1n;

/** Replaces every int by a float64, as a JSON round trip into `interface{}` does. */
function numbersToFloats(v: Value): Value {
  if (typeof v === "bigint") return Number(v);
  if (Array.isArray(v)) return v.map(numbersToFloats);
  if (isMap(v)) {
    const out = newMap();
    for (const k of Object.keys(v)) out[k] = numbersToFloats(v[k] as Value);
    return out;
  }
  return v;
}

/**
 * Decodes YAML like helm's `fromYaml` / values loading (`sigs.k8s.io/yaml.Unmarshal` into
 * `interface{}`): go-yaml v2 typing, then every number as a float64.
 */
export function decodeHelmYaml(text: string, options: Omit<DecodeYamlOptions, "version"> = {}): Value {
  const value = decodeYaml(text, { ...options, version: "v2", nonStringKeys: "json" });
  return numbersToFloats(value);
}

/**
 * Go's JSON writes U+0085 (NEL) unescaped and go-yaml v2, reading that JSON as YAML 1.1,
 * treats it as a line break inside the double-quoted string: one break folds to a space,
 * more become newlines, and blanks around them are dropped.
 */
export function foldYaml11LineBreaks(s: string): string {
  if (!s.includes("\u0085")) return s;
  return s.replace(/[ \t]*\u0085(?:[ \t]*\u0085)*[ \t]*/g, (m) => {
    const breaks = (m.match(/\u0085/g) ?? []).length;
    return breaks === 1 ? " " : "\n".repeat(breaks - 1);
  });
}

/**
 * The value go-yaml v2 reads back from Go's JSON spelling of `v`: whole floats below 1e21
 * become ints (when they fit in int64/uint64), other floats stay floats.
 */
function jsonRoundTrip(v: Value, path: string): Value {
  if (typeof v === "number") {
    if (!Number.isFinite(v))
      throw new LoadError("YAML_JSON_UNSUPPORTED", `json: unsupported value: ${v}`, {
        keyPath: path === "" ? [] : [path],
      });
    if (Number.isInteger(v) && Math.abs(v) < 1e21) {
      const b = BigInt(v);
      if (b >= INT64_MIN && b <= UINT64_MAX) return b;
    }
    return v;
  }
  if (typeof v === "bigint") return v >= INT64_MIN && v <= UINT64_MAX ? v : Number(v);
  if (typeof v === "string") return foldYaml11LineBreaks(v);
  // encoding/json writes a time.Time as its RFC 3339 string, which v2 then reads as a string.
  if (v instanceof GoTime) return formatRfc3339Nano(v);
  if (Array.isArray(v)) return v.map((x) => jsonRoundTrip(x, path));
  if (isMap(v)) {
    const out = newMap();
    for (const k of Object.keys(v)) out[foldYaml11LineBreaks(k)] = jsonRoundTrip(v[k] as Value, k);
    return out;
  }
  return v;
}

/**
 * Encodes like `sigs.k8s.io/yaml.Marshal` (helm's `toYaml` before it trims the final
 * newline). Throws `YAML_JSON_UNSUPPORTED` for NaN/±Inf, which JSON cannot hold.
 */
export function encodeHelmYaml(value: Value): string {
  return encodeYaml(jsonRoundTrip(value, ""), { version: "v2" });
}
