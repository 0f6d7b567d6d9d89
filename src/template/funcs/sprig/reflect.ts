/** sprig's reflection family (`typeOf`, `kindOf`, `typeIs`, `deepEqual`…) and its `empty` rule. */
import {
  fn,
  GoFunc,
  GoNumber,
  GoStruct,
  GoTime,
  isGoMap,
  kindOf,
  mapElemType,
  sliceElemType,
  typeName,
  type FuncSpec,
  type GoValue,
} from "../../types";
import { strArg } from "./cast";

/** sprig's `empty`: nil, zero numbers, false, and empty strings/lists/maps are empty; structs never. */
export function isEmpty(v: GoValue | undefined): boolean {
  if (v === null || v === undefined) return true;
  if (typeof v === "boolean") return !v;
  if (typeof v === "string") return v.length === 0;
  if (typeof v === "bigint") return v === 0n;
  if (typeof v === "number") return v === 0;
  if (v instanceof GoNumber) return v.value === 0n || v.value === 0;
  if (Array.isArray(v) || v instanceof Uint8Array) return v.length === 0;
  if (v instanceof GoStruct || v instanceof GoTime || v instanceof GoFunc) return false;
  return Object.keys(v).length === 0;
}

/** Go's `reflect.DeepEqual` on template values: same dynamic type and equal contents. */
export function deepEqual(a: GoValue | undefined, b: GoValue | undefined): boolean {
  const x = a ?? null;
  const y = b ?? null;
  if (x === null || y === null) return x === y;
  if (typeName(x) !== typeName(y)) return false;
  if (typeof x !== "object" || typeof y !== "object") return x === y;
  if (x instanceof GoNumber && y instanceof GoNumber) return x.value === y.value;
  if (x instanceof Uint8Array && y instanceof Uint8Array) return Buffer.compare(x, y) === 0;
  if (Array.isArray(x) && Array.isArray(y)) {
    return (
      x.length === y.length && sliceElemType(x) === sliceElemType(y) && x.every((v, i) => deepEqual(v, y[i]))
    );
  }
  if (x instanceof GoTime && y instanceof GoTime) {
    return x.unixNanos === y.unixNanos && x.offsetSeconds === y.offsetSeconds && x.zoneName === y.zoneName;
  }
  if (x instanceof GoStruct && y instanceof GoStruct) {
    if (x.fields.size !== y.fields.size) return false;
    for (const [k, v] of x.fields) if (!y.fields.has(k) || !deepEqual(v, y.fields.get(k))) return false;
    return true;
  }
  if (x instanceof GoFunc || y instanceof GoFunc) return false;
  if (isGoMap(x) && isGoMap(y)) {
    if (mapElemType(x) !== mapElemType(y)) return false;
    const kx = Object.keys(x);
    if (kx.length !== Object.keys(y).length) return false;
    return kx.every((k) => k in y && deepEqual(x[k], y[k]));
  }
  return false;
}

/** The reflection functions. */
export function reflectionFuncs(): Map<string, FuncSpec> {
  const any1: ["interface {}"] = ["interface {}"];
  return new Map<string, FuncSpec>([
    ["typeOf", fn(any1, ([v]) => typeName(v ?? null))],
    ["kindOf", fn(any1, ([v]) => kindOf(v ?? null))],
    ["typeIs", fn(["string", "interface {}"], ([t, v]) => strArg(t) === typeName(v ?? null))],
    [
      "typeIsLike",
      fn(["string", "interface {}"], ([t, v]) => {
        const name = typeName(v ?? null);
        return strArg(t) === name || `*${strArg(t)}` === name;
      }),
    ],
    ["kindIs", fn(["string", "interface {}"], ([t, v]) => strArg(t) === kindOf(v ?? null))],
    ["deepEqual", fn(["interface {}", "interface {}"], ([a, b]) => deepEqual(a, b))],
  ]);
}
