/**
 * Map keys that go-yaml decodes as other than strings (`1:`, `true:`, `null:`, `1.5:`, a
 * timestamp), remembered for the maps the decoder makes: their Value keeps the key's `%v` text,
 * and this registry keeps what Go had, so that helmfile's key casting
 * (`maputil.CastKeysToStrings`: "unexpected type of key in map: expected string, got int: value=1,
 * map=map[1:x]") can be given as helmfile gives it, Go's `%v` of the map included.
 */
import { formatGoFloat } from "../go/float";
import { GoTime, isMap, type Value, type ValueMap } from "../value";
import { goTimeString } from "./timestamp";

/** A key as go-yaml decoded it: its Go type (`%T`) and its value. */
export interface GoMapKey {
  readonly type: "<nil>" | "int" | "float64" | "bool" | "time.Time";
  readonly value: Value;
}

const KEYS = new WeakMap<ValueMap, ReadonlyMap<string, GoMapKey>>();

/** Records the non-string keys of a decoded map (by the text they have in it). */
export function recordGoKeys(map: ValueMap, keys: ReadonlyMap<string, GoMapKey>): void {
  if (keys.size > 0) KEYS.set(map, keys);
}

/** The keys of `map` go-yaml decoded as other than strings, or undefined when all were strings. */
export function goKeysOf(map: ValueMap): ReadonlyMap<string, GoMapKey> | undefined {
  return KEYS.get(map);
}

/**
 * The order of Go's `fmt` for the keys of a `map[interface{}]interface{}` (internal/fmtsort):
 * by concrete type first, in the order helmfile v1.8.0's binary prints them (`<nil>`, string,
 * int, float64, bool, time.Time: measured), then by value.
 */
const TYPE_RANK: Readonly<Record<string, number>> = {
  "<nil>": 0,
  string: 1,
  int: 2,
  float64: 3,
  bool: 4,
  "time.Time": 5,
};

/** Go's `%v` of a decoded value (`map[k:v …]`, `[a b]`, `<nil>`), with its keys as Go had them. */
export function goValueString(v: Value): string {
  if (v === null) return "<nil>";
  if (typeof v === "string") return v;
  if (typeof v === "bigint" || typeof v === "boolean") return String(v);
  if (typeof v === "number") return formatGoFloat(v);
  if (v instanceof GoTime) return goTimeString(v);
  if (Array.isArray(v)) return `[${v.map(goValueString).join(" ")}]`;
  if (!isMap(v)) return String(v);
  const typed = goKeysOf(v);
  const keys = Object.keys(v).map((text) => {
    const k = typed?.get(text);
    return { text, type: k?.type ?? "string", value: k === undefined ? text : k.value };
  });
  keys.sort((a, b) => {
    const rank = (TYPE_RANK[a.type] ?? 9) - (TYPE_RANK[b.type] ?? 9);
    if (rank !== 0) return rank;
    return compareSameType(a.value, b.value);
  });
  const shown = (k: { type: string; text: string; value: Value }): string =>
    k.type === "<nil>" ? "<nil>" : goValueString(k.value);
  return `map[${keys.map((k) => `${shown(k)}:${goValueString(v[k.text] as Value)}`).join(" ")}]`;
}

function compareSameType(a: Value, b: Value): number {
  if (typeof a === "bigint" && typeof b === "bigint") return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "boolean" && typeof b === "boolean") return Number(a) - Number(b);
  if (a instanceof GoTime && b instanceof GoTime) return goTimeString(a) < goTimeString(b) ? -1 : 1;
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** A map with a key go-yaml decoded as other than a string, and that key. */
export interface NonStringKey {
  readonly map: ValueMap;
  readonly key: GoMapKey;
}

/**
 * The first map of `values` (in maps or lists, in document order) that has a key go-yaml decoded
 * as other than a string, with that key: what helmfile's key casting refuses. `values`'s own keys
 * count only with `top` (a file decoded into a `map[string]interface{}` has string keys at its top).
 */
export function firstNonStringKey(
  values: ValueMap,
  options: { readonly top?: boolean } = {},
): NonStringKey | undefined {
  const visit = (v: Value, self: boolean): NonStringKey | undefined => {
    if (Array.isArray(v)) {
      for (const item of v) {
        const found = visit(item, true);
        if (found !== undefined) return found;
      }
      return undefined;
    }
    if (!isMap(v)) return undefined;
    const first = self ? goKeysOf(v)?.values().next().value : undefined;
    if (first !== undefined) return { map: v, key: first };
    for (const k of Object.keys(v)) {
      const found = visit(v[k] as Value, true);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return visit(values, options.top === true);
}
