/**
 * sprig's dict family. Dicts are shared references (`set` mutates and returns its argument);
 * `merge`/`mergeOverwrite` follow dario.cat/mergo's rules for `map[string]interface {}`.
 */
import {
  fn,
  FuncError,
  GoStruct,
  isGoMap,
  mapElemType,
  newGoMap,
  sliceElemType,
  typedMap,
  typedSlice,
  typeName,
  type FuncSpec,
  type GoMap,
  type GoValue,
} from "../../types";
import { strArg } from "./cast";
import { compareGoStrings, strval } from "./format-v";
import { isEmpty } from "./reflect";

const MAP = "map[string]interface {}";

function asMap(v: GoValue | undefined): GoMap {
  return isGoMap(v) ? v : newGoMap();
}

/** mergo's deepMerge for one source map into `dst` (mutating it). */
export function mergoMerge(dst: GoMap, src: GoMap, overwrite: boolean): void {
  for (const key of Object.keys(src)) {
    const s = src[key] ?? null;
    const has = Object.prototype.hasOwnProperty.call(dst, key);
    const d = has ? (dst[key] ?? null) : null;
    if (s === null) {
      if (overwrite) dst[key] = null;
      continue;
    }
    const sIsMap = isPlainMap(s);
    if (sIsMap && has && isPlainMap(d)) mergoMerge(d, s, overwrite);
    if (has && !isEmpty(d)) {
      if (Array.isArray(s)) {
        if (overwrite) dst[key] = s;
        continue;
      }
      if (sIsMap && isPlainMap(d)) continue;
    }
    if (overwrite || !has || isEmpty(d)) dst[key] = s;
  }
}

function isPlainMap(v: GoValue): v is GoMap {
  return isGoMap(v) && mapElemType(v) === "interface {}";
}

/** copystructure's deep copy: maps and slices are copied, keeping their Go types. */
export function deepCopyGo(v: GoValue): GoValue {
  if (Array.isArray(v)) return typedSlice(v.map(deepCopyGo), sliceElemType(v));
  if (v instanceof Uint8Array) return Uint8Array.from(v);
  if (v instanceof GoStruct) {
    const fields = new Map<string, GoValue>();
    for (const [k, x] of v.fields) fields.set(k, deepCopyGo(x));
    return new GoStruct(v.typeName, fields, v.methods, v.pointer);
  }
  if (isGoMap(v)) {
    const out = newGoMap();
    for (const k of Object.keys(v)) out[k] = deepCopyGo(v[k] ?? null);
    return mapElemType(v) === "interface {}" ? out : typedMap(out, mapElemType(v));
  }
  return v;
}

function conversionPanic(v: GoValue, want: string): FuncError {
  return new FuncError(
    `interface conversion: interface {} is ${v === null ? "nil" : typeName(v)}, not ${want}`,
  );
}

function dig(ps: GoValue[]): GoValue {
  if (ps.length < 3) throw new FuncError("dig needs at least three arguments");
  const last = ps[ps.length - 1] ?? null;
  if (!isPlainMap(last)) throw conversionPanic(last, MAP);
  const def = ps[ps.length - 2] ?? null;
  const keys = ps.slice(0, -2).map((k) => {
    if (typeof k !== "string") throw conversionPanic(k, "string");
    return k;
  });
  let cur: GoMap = last;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    if (!Object.prototype.hasOwnProperty.call(cur, k)) return def;
    const step = cur[k] ?? null;
    if (i === keys.length - 1) return step;
    if (!isPlainMap(step)) throw conversionPanic(step, MAP);
    cur = step;
  }
  return def;
}

function dict(args: GoValue[]): GoValue {
  const m = newGoMap();
  for (let i = 0; i < args.length; i += 2)
    m[strval(args[i] ?? null)] = i + 1 < args.length ? (args[i + 1] ?? null) : "";
  return m;
}

const sortedKeys = (m: GoMap): string[] => Object.keys(m).sort(compareGoStrings);

/** The dict functions. */
export function dictFuncs(): Map<string, FuncSpec> {
  const merger = (overwrite: boolean): FuncSpec =>
    fn(
      [MAP, MAP],
      ([d, ...srcs]) => {
        const dst = asMap(d);
        for (const s of srcs) mergoMerge(dst, asMap(s), overwrite);
        return dst;
      },
      true,
    );
  const copy = fn(["interface {}"], ([v]) => {
    // copystructure reflects on the value's type, which a nil interface does not have.
    if (v === null || v === undefined)
      throw new FuncError("reflect: call of reflect.Value.Type on zero Value");
    return deepCopyGo(v);
  });
  return new Map<string, FuncSpec>([
    ["dict", fn(["interface {}"], dict, true)],
    [
      "get",
      fn([MAP, "string"], ([d, k]) => {
        const m = asMap(d);
        return Object.prototype.hasOwnProperty.call(m, strArg(k)) ? (m[strArg(k)] ?? null) : "";
      }),
    ],
    [
      "set",
      fn([MAP, "string", "interface {}"], ([d, k, v]) => {
        const m = asMap(d);
        m[strArg(k)] = v ?? null;
        return m;
      }),
    ],
    [
      "unset",
      fn([MAP, "string"], ([d, k]) => {
        const m = asMap(d);
        delete m[strArg(k)];
        return m;
      }),
    ],
    ["hasKey", fn([MAP, "string"], ([d, k]) => Object.prototype.hasOwnProperty.call(asMap(d), strArg(k)))],
    [
      "pluck",
      fn(
        ["string", MAP],
        ([k, ...ds]) =>
          ds
            .map(asMap)
            .filter((m) => Object.prototype.hasOwnProperty.call(m, strArg(k)))
            .map((m) => m[strArg(k)] ?? null),
        true,
      ),
    ],
    [
      "keys",
      fn(
        [MAP],
        (ds) =>
          typedSlice(
            ds.flatMap((d) => sortedKeys(asMap(d))),
            "string",
          ),
        true,
      ),
    ],
    ["values", fn([MAP], ([d]) => sortedKeys(asMap(d)).map((k) => asMap(d)[k] ?? null))],
    [
      "pick",
      fn(
        [MAP, "string"],
        ([d, ...ks]) => {
          const m = asMap(d);
          const out = newGoMap();
          for (const k of ks.map(strArg))
            if (Object.prototype.hasOwnProperty.call(m, k)) out[k] = m[k] ?? null;
          return out;
        },
        true,
      ),
    ],
    [
      "omit",
      fn(
        [MAP, "string"],
        ([d, ...ks]) => {
          const m = asMap(d);
          const drop = new Set(ks.map(strArg));
          const out = newGoMap();
          for (const k of Object.keys(m)) if (!drop.has(k)) out[k] = m[k] ?? null;
          return out;
        },
        true,
      ),
    ],
    ["merge", merger(false)],
    ["mustMerge", merger(false)],
    ["mergeOverwrite", merger(true)],
    ["mustMergeOverwrite", merger(true)],
    ["deepCopy", copy],
    ["mustDeepCopy", copy],
    ["dig", fn(["interface {}"], dig, true)],
  ]);
}
