/**
 * mergo's struct merge as helmfile applies it to parsed state (documents of one part, bases,
 * `---` parts, release templates). mergo dereferences pointers before its emptiness test
 * (dario.cat/mergo v1.0.2 merge.go, `deepMerge` case `reflect.Ptr` then `isEmptyValue`), so
 * an explicit `false`/`0`/`""` never overrides a set value, pointer or not; it only fills an
 * absent one.
 */
import { GoTime } from "../shared/value";

/** Options mirroring mergo's `WithOverride` and `WithAppendSlice`. */
export interface StructMergeOptions {
  readonly override: boolean;
  readonly appendSlice: boolean;
}

/** Keys holding `map[string]Struct`: a key present on both sides is replaced wholesale (or kept). */
const MAPS_OF_STRUCTS = new Set(["environments", "templates"]);
/** Keys holding `map[string]string`: merged key by key. */
const STRING_MAPS = new Set(["labels", "commonLabels", "kubectlApply"]);
/** Fields holding arbitrary values (`[]any`, `any`): never descended into as structs. */
const OPAQUE = new Set([
  "values",
  "secrets",
  "valuesTemplate",
  "jsonPatches",
  "strategicMergePatches",
  "transformers",
  "llm",
]);

type Obj = Record<string, unknown>;

function isPlainObject(v: unknown): v is Obj {
  return (
    typeof v === "object" &&
    v !== null &&
    !Array.isArray(v) &&
    !(v instanceof Uint8Array) &&
    !(v instanceof GoTime)
  );
}

/**
 * mergo's `isEmptyValue` with pointer dereferencing (its default): a pointer to `false`, `0`
 * or `""` is as empty as the plain zero value, so pointer and plain scalars merge alike.
 * Only an absent field (a nil pointer) differs: an empty source still fills it.
 */
function isEmpty(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (Array.isArray(v)) return v.length === 0;
  return v === "" || v === false || v === 0 || v === 0n;
}

function mergeStringMaps(dst: Obj | undefined, src: Obj, override: boolean): Obj {
  const out: Obj = { ...(dst ?? {}) };
  for (const [k, v] of Object.entries(src)) {
    if (override || out[k] === undefined || out[k] === "") out[k] = v;
  }
  return out;
}

function mergeStructMaps(dst: Obj | undefined, src: Obj, override: boolean): Obj {
  const out: Obj = { ...(dst ?? {}) };
  for (const [k, v] of Object.entries(src)) {
    if (override || out[k] === undefined) out[k] = v;
  }
  return out;
}

/**
 * Returns `dst` with `src` merged in (neither is modified). Nested structs merge field by
 * field; slices append or replace; scalars follow the empty-value rules above.
 */
export function mergeStructs<T extends object>(dst: T, src: T, options: StructMergeOptions): T {
  const out: Obj = { ...(dst as Obj) };
  for (const [key, sv] of Object.entries(src as Obj)) {
    if (sv === undefined) continue;
    const dv = out[key];
    if (MAPS_OF_STRUCTS.has(key) && isPlainObject(sv)) {
      out[key] = mergeStructMaps(isPlainObject(dv) ? dv : undefined, sv, options.override);
      continue;
    }
    if (STRING_MAPS.has(key) && isPlainObject(sv)) {
      out[key] = mergeStringMaps(isPlainObject(dv) ? dv : undefined, sv, options.override);
      continue;
    }
    if (Array.isArray(sv)) {
      if (sv.length === 0) {
        if (dv === undefined) out[key] = sv;
        continue;
      }
      if (options.appendSlice) out[key] = Array.isArray(dv) ? [...dv, ...sv] : sv;
      else if (options.override || isEmpty(dv)) out[key] = sv;
      continue;
    }
    if (!OPAQUE.has(key) && isPlainObject(sv) && isPlainObject(dv)) {
      out[key] = mergeStructs(dv, sv, options);
      continue;
    }
    if (isEmpty(sv)) {
      if (dv === undefined) out[key] = sv;
      continue;
    }
    if (options.override || isEmpty(dv)) out[key] = sv;
  }
  return out as T;
}
