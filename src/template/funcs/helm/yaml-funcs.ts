/**
 * helm's YAML functions (pkg/engine/funcs.go, helm 4.1): `toYaml`/`mustToYaml` go through
 * `sigs.k8s.io/yaml` (JSON first, then go-yaml v2; final newline trimmed), `toYamlPretty`
 * uses go-yaml v3 with indent 2, `fromYaml`/`fromYamlArray` read YAML through JSON (every
 * number a float64) and never fail: the error text lands in the result.
 */
import { HelmfileError } from "../../../shared/errors";
import { decodeYaml, encodeYaml, foldYaml11LineBreaks } from "../../../shared/yaml";
import { formatGoFloat } from "../../../shared/go/float";
import { isMap, type Value } from "../../../shared/value";
import { FuncError, isGoMap, newGoMap, type GoMap, type GoValue } from "../../types";
import { encodeGoJson } from "../sprig/go-json-encode";
import { goToYaml } from "../helmfile/yaml-bridge";

function trimOneNewline(s: string): string {
  return s.endsWith("\n") ? s.slice(0, -1) : s;
}

/** `sigs.k8s.io/yaml.Marshal`: JSON text read back by go-yaml v2, then written by v2. Throws on failure. */
export function helmYamlMarshal(v: GoValue): string {
  const json = encodeGoJson(v);
  return encodeYaml(foldStrings(decodeYaml(json, { version: "v2" })), { version: "v2" });
}

/** Applies go-yaml v2's YAML 1.1 line-break folding to every string (see foldYaml11LineBreaks). */
function foldStrings(v: Value): Value {
  if (typeof v === "string") return foldYaml11LineBreaks(v);
  if (Array.isArray(v)) return v.map(foldStrings);
  if (isMap(v)) {
    const out = newGoMap() as Record<string, Value>;
    for (const k of Object.keys(v)) out[foldYaml11LineBreaks(k)] = foldStrings(v[k] as Value);
    return out as Value;
  }
  return v;
}

/** `toYaml`: "" when the value cannot be marshalled. */
export function toYaml(v: GoValue): string {
  try {
    return trimOneNewline(helmYamlMarshal(v));
  } catch {
    return "";
  }
}

/** `mustToYaml`: like toYaml but a failure is an error. */
export function mustToYaml(v: GoValue): string {
  try {
    return trimOneNewline(helmYamlMarshal(v));
  } catch (e) {
    throw new FuncError(e instanceof Error ? e.message : String(e), { cause: e });
  }
}

/** `toYamlPretty`: go-yaml v3 with indent 2 on the value itself. */
export function toYamlPretty(v: GoValue): string {
  try {
    return trimOneNewline(encodeYaml(goToYaml(v), { version: "v3", indent: 2 }));
  } catch {
    return "";
  }
}

class YamlToJsonError extends Error {}

/** sigs.k8s.io's YAML → JSON-able conversion: numbers to float64, keys to strings. */
function jsonable(v: Value): GoValue {
  if (typeof v === "bigint") return Number(v);
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new YamlToJsonError(`json: unsupported value: ${formatGoFloat(v)}`);
    return v;
  }
  if (Array.isArray(v)) return v.map(jsonable);
  if (isMap(v)) {
    const out = newGoMap();
    for (const k of Object.keys(v)) out[k] = jsonable(v[k] as Value);
    return out;
  }
  return v;
}

function jsonKind(v: GoValue): string {
  if (Array.isArray(v)) return "array";
  if (isGoMap(v)) return "object";
  if (typeof v === "number") return "number";
  if (typeof v === "boolean") return "bool";
  return "string";
}

/** Reads YAML like `sigs.k8s.io/yaml.Unmarshal` into `target`; returns the value or the error text. */
type Unmarshalled =
  { readonly ok: true; readonly value: GoValue } | { readonly ok: false; readonly error: string };

function helmYamlUnmarshal(text: string, target: "map" | "array"): Unmarshalled {
  let value: GoValue;
  try {
    value = jsonable(decodeYaml(text, { version: "v2", nonStringKeys: "json" }));
  } catch (e) {
    const msg =
      e instanceof HelmfileError
        ? `yaml: ${e.line !== undefined ? `line ${e.line}: ` : ""}${e.detail.replace(/^yaml: /, "")}`
        : e instanceof Error
          ? e.message
          : String(e);
    return { ok: false, error: `error converting YAML to JSON: ${msg}` };
  }
  if (value === null) return { ok: true, value: target === "map" ? newGoMap() : [] };
  const ok = target === "map" ? isGoMap(value) : Array.isArray(value);
  if (!ok) {
    const goType = target === "map" ? "map[string]interface {}" : "[]interface {}";
    return {
      ok: false,
      error: `error unmarshaling JSON: while decoding JSON: json: cannot unmarshal ${jsonKind(value)} into Go value of type ${goType}`,
    };
  }
  return { ok: true, value };
}

/** `fromYaml`: a map; errors go into the `Error` key. */
export function fromYaml(text: string): GoMap {
  const r = helmYamlUnmarshal(text, "map");
  if (r.ok) return r.value as GoMap;
  const m = newGoMap();
  m["Error"] = r.error;
  return m;
}

/** `fromYamlArray`: a list; an error becomes the only element. */
export function fromYamlArray(text: string): GoValue[] {
  const r = helmYamlUnmarshal(text, "array");
  return r.ok ? (r.value as GoValue[]) : [r.error];
}
