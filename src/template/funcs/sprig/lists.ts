/**
 * sprig's list family. Every function accepts any Go slice (typed or not) and returns a
 * fresh `[]interface {}`; the `must…` forms return sprig's errors, the plain forms raise the
 * same text as a panic would. A nil list panics like Go's `reflect.TypeOf(nil).Kind()`.
 */
import {
  fn,
  FuncError,
  GoNumber,
  kindOf,
  sliceElemType,
  typedSlice,
  type FuncSpec,
  type GoValue,
} from "../../types";
import { intArg, toInt64 } from "./cast";
import { compareGoStrings, strval } from "./format-v";
import { deepEqual, isEmpty } from "./reflect";
import { strslice } from "./strslice";

const NIL_DEREF = "runtime error: invalid memory address or nil pointer dereference";

/** The elements of a Go slice value, or a FuncError naming the operation and the kind found. */
function elems(v: GoValue | undefined, what: string): GoValue[] {
  if (v === null || v === undefined) throw new FuncError(NIL_DEREF);
  if (v instanceof Uint8Array) return Array.from(v, (b) => new GoNumber("uint8", BigInt(b)));
  if (Array.isArray(v)) return v;
  throw new FuncError(`${what} ${kindOf(v)}`);
}

type ListOp = (list: GoValue[], rest: GoValue[]) => GoValue;

function listFn(what: string, op: ListOp, extra: number, variadic = false): FuncSpec {
  const params = ["interface {}", ...Array<"interface {}">(extra).fill("interface {}")] as const;
  return fn(params, ([l, ...rest]) => op(elems(l, what), rest), variadic);
}

function sliceOp([l, ...idx]: GoValue[]): GoValue {
  const list = elems(l, "list should be type of slice or array but");
  if (list.length === 0) return null;
  const start = idx.length > 0 ? Number(toInt64(idx[0] ?? null)) : 0;
  const end = idx.length > 1 ? Number(toInt64(idx[1] ?? null)) : list.length;
  if (start < 0 || end < start || end > list.length)
    throw new FuncError("reflect.Value.Slice: slice index out of bounds");
  const out = list.slice(start, end);
  return l instanceof Uint8Array
    ? Uint8Array.from(out.map((x) => Number((x as GoNumber).value)))
    : typedSlice(out, sliceElemType(list));
}

function chunk(size: number, list: GoValue[]): GoValue {
  if (size <= 0) throw new FuncError("runtime error: makeslice: len out of range");
  const out: GoValue[] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return typedSlice(out, "[]interface {}");
}

function concat(lists: GoValue[]): GoValue {
  const out: GoValue[] = [];
  for (const l of lists) {
    if (l === null) throw new FuncError(NIL_DEREF);
    if (!Array.isArray(l) && !(l instanceof Uint8Array))
      throw new FuncError(`Cannot concat type ${kindOf(l)} as list`);
    out.push(...elems(l, ""));
  }
  return out;
}

function sortAlpha(v: GoValue | undefined): GoValue {
  if (Array.isArray(v) || v instanceof Uint8Array)
    return typedSlice([...strslice(v)].sort(compareGoStrings), "string");
  return typedSlice([strval(v ?? null)], "string");
}

/** The list functions. */
export function listFuncs(): Map<string, FuncSpec> {
  const both = (name: string, f: FuncSpec): [string, FuncSpec][] => [
    [name, f],
    [`must${name[0]?.toUpperCase()}${name.slice(1)}`, f],
  ];
  const push = listFn("Cannot push on type", (l, [v]) => [...l, v ?? null], 1);
  const has = fn(["interface {}", "interface {}"], ([needle, hay]) => {
    if (hay === null || hay === undefined) return false;
    return elems(hay, "Cannot find has on type").some((x) => deepEqual(needle, x));
  });
  return new Map<string, FuncSpec>([
    ["list", fn(["interface {}"], (args) => [...args], true)],
    ["tuple", fn(["interface {}"], (args) => [...args], true)],
    ["append", push],
    ["push", push],
    ["mustAppend", push],
    ["mustPush", push],
    ...both(
      "prepend",
      listFn("Cannot prepend on type", (l, [v]) => [v ?? null, ...l], 1),
    ),
    ...both(
      "first",
      listFn("Cannot find first on type", (l) => l[0] ?? null, 0),
    ),
    ...both(
      "last",
      listFn("Cannot find last on type", (l) => l[l.length - 1] ?? null, 0),
    ),
    ...both(
      "rest",
      listFn("Cannot find rest on type", (l) => l.slice(1), 0),
    ),
    ...both(
      "initial",
      listFn("Cannot find initial on type", (l) => l.slice(0, -1), 0),
    ),
    ...both(
      "reverse",
      listFn("Cannot find reverse on type", (l) => [...l].reverse(), 0),
    ),
    ...both(
      "uniq",
      listFn(
        "Cannot find uniq on type",
        (l) => l.filter((x, i) => l.findIndex((y) => deepEqual(x, y)) === i),
        0,
      ),
    ),
    ...both(
      "without",
      listFn(
        "Cannot find without on type",
        (l, omit) => l.filter((x) => !omit.some((o) => deepEqual(x, o))),
        1,
        true,
      ),
    ),
    ...both(
      "compact",
      listFn("Cannot compact on type", (l) => l.filter((x) => !isEmpty(x)), 0),
    ),
    ...both("has", has),
    ...both("slice", fn(["interface {}", "interface {}"], sliceOp, true)),
    ...both(
      "chunk",
      fn(["int", "interface {}"], ([n, l]) => chunk(intArg(n), elems(l, "Cannot chunk type"))),
    ),
    ["concat", fn(["interface {}"], concat, true)],
    ["sortAlpha", fn(["interface {}"], ([v]) => sortAlpha(v))],
  ]);
}
