/** Go's `index`, `slice` and `len` builtins. */
import {
  FuncError,
  GoNumber,
  GoStruct,
  goByteLength,
  goStringToBytes,
  goStringFromBytes,
  isGoMap,
  mapElemType,
  typeName,
  type FuncSpec,
  type GoValue,
} from "../types";
import { zeroOfElem } from "../exec/values";

function indexArg(index: GoValue | undefined, cap: number): number {
  let x: bigint;
  if (typeof index === "bigint") x = index;
  else if (index instanceof GoNumber && typeof index.value === "bigint") x = index.value;
  else if (index === undefined || index === null) throw new FuncError("cannot index slice/array with nil");
  else throw new FuncError(`cannot index slice/array with type ${typeName(index)}`);
  if (x < 0n || x > BigInt(cap)) throw new FuncError(`index out of range: ${x}`);
  return Number(x);
}

function lengthOf(v: GoValue): number | undefined {
  if (typeof v === "string") return goByteLength(v);
  if (Array.isArray(v) || v instanceof Uint8Array) return v.length;
  return undefined;
}

function indexOnce(item: GoValue, index: GoValue | undefined): GoValue {
  const len = lengthOf(item);
  if (len !== undefined) {
    const x = indexArg(index === null ? undefined : index, len);
    if (x >= len) throw new FuncError(`index out of range: ${x}`);
    if (typeof item === "string") return new GoNumber("uint8", BigInt(goStringToBytes(item)[x] ?? 0));
    if (item instanceof Uint8Array) return new GoNumber("uint8", BigInt(item[x] ?? 0));
    return (item as GoValue[])[x] as GoValue;
  }
  if (isGoMap(item)) {
    if (index === undefined || index === null) throw new FuncError("value is nil; should be of type string");
    if (typeof index !== "string") throw new FuncError(`value has type ${typeName(index)}; should be string`);
    return Object.prototype.hasOwnProperty.call(item, index)
      ? (item[index] as GoValue)
      : zeroOfElem(mapElemType(item));
  }
  throw new FuncError(`can't index item of type ${typeName(item)}`);
}

/** Go's `index item i j …`. */
export function indexValue(item: GoValue | undefined, indexes: readonly (GoValue | undefined)[]): GoValue {
  if (item === undefined || item === null) throw new FuncError("index of untyped nil");
  let cur: GoValue = item;
  for (const ix of indexes) {
    if (cur === null) throw new FuncError("index of nil pointer");
    cur = indexOnce(cur, ix === null ? undefined : ix);
  }
  return cur;
}

/** Go's `slice item i j k`. */
export function sliceValue(item: GoValue | undefined, indexes: readonly (GoValue | undefined)[]): GoValue {
  if (item === undefined || item === null) throw new FuncError("slice of untyped nil");
  if (indexes.length > 3) throw new FuncError(`too many slice indexes: ${indexes.length}`);
  let cap: number;
  if (typeof item === "string") {
    if (indexes.length === 3) throw new FuncError("cannot 3-index slice a string");
    cap = goByteLength(item);
  } else if (Array.isArray(item) || item instanceof Uint8Array) cap = item.length;
  else throw new FuncError(`can't slice item of type ${typeName(item)}`);
  const idx = [0, lengthOf(item) ?? 0, 0];
  indexes.forEach((ix, i) => {
    idx[i] = indexArg(ix === null ? undefined : ix, cap);
  });
  const [i, j, k] = idx as [number, number, number];
  if (i > j) throw new FuncError(`invalid slice index: ${i} > ${j}`);
  if (indexes.length === 3 && j > k) throw new FuncError(`invalid slice index: ${j} > ${k}`);
  if (typeof item === "string") return goStringFromBytes(goStringToBytes(item).slice(i, j));
  if (item instanceof Uint8Array) return item.slice(i, j);
  return item.slice(i, j);
}

/** Go's `len`. */
export function lengthValue(item: GoValue | undefined): bigint {
  if (item === undefined) throw new FuncError("reflect: call of reflect.Value.Type on zero Value");
  if (item === null) throw new FuncError("len of nil pointer");
  const n = lengthOf(item);
  if (n !== undefined) return BigInt(n);
  if (isGoMap(item)) return BigInt(Object.keys(item).length);
  if (item instanceof GoStruct && item.pointer) throw new FuncError(`len of type ${typeName(item)}`);
  throw new FuncError(`len of type ${typeName(item)}`);
}

const R = "reflect.Value" as const;

/** `index`, `slice`, `len` as function specs. */
export const collectionBuiltins: ReadonlyArray<[string, FuncSpec]> = [
  ["index", { params: [R, R], variadic: true, impl: (a) => indexValue(a[0], a.slice(1)) }],
  ["slice", { params: [R, R], variadic: true, impl: (a) => sliceValue(a[0], a.slice(1)) }],
  ["len", { params: [R], impl: (a) => lengthValue(a[0]) }],
];
