/**
 * mergo's struct merge as helmfile applies it to parsed state (documents of one part, bases,
 * `---` parts, release templates). Go distinguishes pointer fields (unset = nil, an explicit
 * `false` still counts) from plain fields (zero value = empty, never overrides); the tables
 * below name the plain scalar fields, everything else optional is a pointer.
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
/** Plain (non-pointer) scalar fields, whose zero value counts as empty. */
const PLAIN_SCALARS = new Set([
  "verify",
  "enableDNS",
  "devel",
  "wait",
  "waitRetries",
  "waitForJobs",
  "timeout",
  "recreatePods",
  "force",
  "atomic",
  "rollbackOnFailure",
  "cleanupOnFail",
  "forceConflicts",
  "skipCRDs",
  "skipDeps",
  "skipRefresh",
  "reuseValues",
  "insecureSkipTLSVerify",
  "plainHttp",
  "deleteWait",
  "deleteTimeout",
  "helmStuckGrace",
  "forceGoGetter",
  "selectorsInherited",
  "oci",
  "passCredentials",
  "skipTLSVerify",
  "showlogs",
  "ignoreMissingGitBranch",
]);
/** String fields that are pointers in Go (an explicit "" is a value). */
const POINTER_STRINGS = new Set([
  "postRenderer",
  "cascade",
  "serverSide",
  "missingFileHandler",
  "verifyTemplate",
  "waitTemplate",
  "installedTemplate",
  "conditionTemplate",
]);
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

function isEmpty(key: string, v: unknown, inStruct: boolean): boolean {
  if (v === undefined || v === null) return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === "string") return v === "" && !POINTER_STRINGS.has(key);
  if (!inStruct) return false;
  if (PLAIN_SCALARS.has(key)) return v === false || v === 0n || v === 0;
  return false;
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
      else if (options.override || isEmpty(key, dv, true)) out[key] = sv;
      continue;
    }
    if (!OPAQUE.has(key) && isPlainObject(sv) && isPlainObject(dv)) {
      out[key] = mergeStructs(dv, sv, options);
      continue;
    }
    if (isEmpty(key, sv, true)) {
      if (dv === undefined) out[key] = sv;
      continue;
    }
    if (options.override || isEmpty(key, dv, true)) out[key] = sv;
  }
  return out as T;
}
