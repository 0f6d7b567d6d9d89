/**
 * Provenance through the real merges: every scalar leaf of a layer is wrapped in a
 * {@link TaggedLeaf} that carries the layer's number, then the layers go through the very
 * merge functions the loader uses. Those treat a leaf as opaque (they only look at maps, lists
 * and null), so the leaf that survives names the layer that won, under every rule at once.
 */
import { GoTime, isMap, newMap, type Value, type ValueMap } from "../../shared/value";
import type { KeyPath } from "../../shared/provenance";

/** A scalar leaf with the number of the layer that wrote it (a leaf type to the merges). */
export class TaggedLeaf extends GoTime {
  constructor(
    /** The original leaf. */
    readonly leaf: Exclude<Value, null | Value[] | ValueMap>,
    /** The layer's number. */
    readonly tag: number,
  ) {
    super(0n);
  }
}

/** `v` with every non-null scalar leaf (not already tagged) wrapped with `tag`. */
export function tagTree(v: Value, tag: number): Value {
  if (v === null || v instanceof TaggedLeaf) return v;
  if (Array.isArray(v)) return v.map((x) => tagTree(x, tag));
  if (isMap(v)) {
    const out = newMap();
    for (const k of Object.keys(v)) out[k] = tagTree(v[k] as Value, tag);
    return out;
  }
  return new TaggedLeaf(v, tag);
}

/** Tags the untagged leaves of `v` in place (after a `--set` flag wrote into a tagged tree). */
export function tagNewLeaves(v: ValueMap, tag: number): void {
  const visit = (node: Value[] | ValueMap): void => {
    const keys = Array.isArray(node) ? node.map((_, i) => i) : Object.keys(node);
    for (const k of keys) {
      const x = (node as Record<string | number, Value>)[k] as Value;
      if (x === null || x instanceof TaggedLeaf) continue;
      if (Array.isArray(x) || isMap(x)) visit(x);
      else (node as Record<string | number, Value>)[k] = new TaggedLeaf(x, tag);
    }
  };
  visit(v);
}

/** `v` with the tags removed. */
export function untagTree(v: Value): Value {
  if (v instanceof TaggedLeaf) return v.leaf;
  if (Array.isArray(v)) return v.map(untagTree);
  if (isMap(v)) {
    const out = newMap();
    for (const k of Object.keys(v)) out[k] = untagTree(v[k] as Value);
    return out;
  }
  return v;
}

/** The node at `path`, or undefined when a step is missing. */
export function valueAt(v: Value | undefined, path: KeyPath): Value | undefined {
  let cur: Value | undefined = v;
  for (const step of path) {
    if (cur === undefined || cur === null) return undefined;
    if (typeof step === "number" && !isMap(cur)) {
      if (!Array.isArray(cur) || step >= cur.length) return undefined;
      cur = cur[step];
    } else if (typeof step === "number" && isMap(cur)) {
      // `a.0` on a map: the key "0".
      if (!(String(step) in cur)) return undefined;
      cur = cur[String(step)];
    } else {
      if (!isMap(cur) || !(step in cur)) return undefined;
      cur = cur[step];
    }
  }
  return cur;
}

/** True when the path crosses a list before its end (returns the list's prefix length), else -1. */
export function listDepth(v: Value | undefined, path: KeyPath): number {
  let cur: Value | undefined = v;
  for (let i = 0; i < path.length; i++) {
    if (Array.isArray(cur)) return i;
    cur = valueAt(cur, [path[i] as string | number]);
  }
  return -1;
}

/** Structural equality of two values (ints and floats kept apart, times by instant and text). */
export function sameValue(a: Value | undefined, b: Value | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameValue(x, b[i]))
    );
  }
  if (isMap(a) || isMap(b)) {
    if (!isMap(a) || !isMap(b)) return false;
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => k in b && sameValue(a[k], b[k]));
  }
  if (a instanceof GoTime && b instanceof GoTime)
    return a.unixNanos === b.unixNanos && a.sourceText === b.sourceText;
  return typeof a === "number" && typeof b === "number" && Number.isNaN(a) && Number.isNaN(b);
}

/** Every leaf path of `v` in dotted form (`a.b[0].c`), for suggestions. */
export function leafPaths(v: Value, prefix = ""): string[] {
  if (Array.isArray(v)) return v.flatMap((x, i) => leafPaths(x, `${prefix}[${i}]`));
  if (isMap(v)) {
    const keys = Object.keys(v);
    if (keys.length === 0) return prefix === "" ? [] : [prefix];
    return keys.flatMap((k) => {
      const seg = k !== "" && !/[.[\]"'\\]/.test(k) ? k : JSON.stringify(k);
      return leafPaths(v[k] as Value, prefix === "" ? seg : `${prefix}.${seg}`);
    });
  }
  return prefix === "" ? [] : [prefix];
}
