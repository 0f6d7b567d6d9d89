/**
 * Layering of `environments:` declared in several layers (bases, then the main file):
 * helmfile's mergeEnvironments. Secrets and values lists are concatenated so that the later
 * layer wins under either mergeStrategy; scalar settings take the later non-empty value.
 */
import { isMap, newMap, type Value, type ValueMap } from "../shared/value";

function list(v: Value | undefined): Value[] {
  return Array.isArray(v) ? v : [];
}

function mergeSpec(dst: ValueMap, src: ValueMap): ValueMap {
  const out = newMap();
  out.secrets = [...list(dst.secrets), ...list(src.secrets)];
  for (const key of ["kubeContext", "mergeStrategy"]) {
    const s = src[key];
    const chosen = typeof s === "string" && s !== "" ? s : dst[key];
    if (chosen !== undefined) out[key] = chosen;
  }
  for (const key of ["missingFileHandler", "missingFileHandlerConfig"]) {
    const s = src[key];
    const chosen = s !== undefined && s !== null ? s : dst[key];
    if (chosen !== undefined) out[key] = chosen;
  }
  out.values =
    out.mergeStrategy === "fallback"
      ? [...list(src.values), ...list(dst.values)]
      : [...list(dst.values), ...list(src.values)];
  return out;
}

/** Returns `dst` with the environments of `src` layered on top (inputs are not modified). */
export function mergeEnvironmentSpecs(dst: ValueMap, src: ValueMap): ValueMap {
  const out = newMap();
  for (const k of Object.keys(dst)) out[k] = dst[k] as Value;
  for (const name of Object.keys(src)) {
    const s = src[name];
    const d = out[name];
    const sm = isMap(s) ? s : newMap();
    out[name] = d !== undefined ? mergeSpec(isMap(d) ? d : newMap(), sm) : (s as Value);
  }
  return out;
}
