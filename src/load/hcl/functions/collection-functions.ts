/** cty stdlib collection functions helmfile registers. */
import { binaryArith, compareNumbers } from "../arith";
import { asInt, asNumber, asObj, asSeq, asString } from "../convert";
import { fail } from "../hcl-errors";
import {
  compareStrings,
  HclObj,
  HclSeq,
  hclEquals,
  isNumber,
  list,
  set,
  tuple,
  type HclValue,
} from "../hcl-value";
import { arg, argError, arity, type HclFunction } from "./function-args";
import { friendlyName } from "../friendly-name";

const seqOf = (args: readonly HclValue[], i: number, what: string): readonly HclValue[] =>
  asSeq(arg(args, i), what);

/** The items of argument `i`, or cty's plain failure `message` when it is no sequence. */
function need(args: readonly HclValue[], i: number, message: string): readonly HclValue[] {
  const v = arg(args, i);
  return v instanceof HclSeq ? v.items : fail("HCL_FUNCTION", message);
}

function sameKind(vals: readonly HclValue[], kind: "list" | "map"): boolean {
  return vals.every((v) => (v instanceof HclSeq || v instanceof HclObj) && v.kind === kind);
}

function coalesce(args: readonly HclValue[]): HclValue {
  const first = args.find((a) => a !== null);
  if (first === undefined) return fail("HCL_FUNCTION", "no non-null arguments");
  // cty unifies argument types: a string among the arguments turns numbers and bools into strings.
  if ((isNumber(first) || typeof first === "boolean") && args.some((a) => typeof a === "string"))
    return asString(first, "argument");
  return first;
}

function flatten(items: readonly HclValue[]): HclValue[] {
  const out: HclValue[] = [];
  for (const it of items) {
    if (it instanceof HclSeq) out.push(...flatten(it.items));
    else out.push(it);
  }
  return out;
}

function length(args: readonly HclValue[]): HclValue {
  arity(args, 1);
  const v = arg(args, 0);
  if (v instanceof HclSeq) return BigInt(v.items.length);
  if (v instanceof HclObj && v.kind === "map") return BigInt(v.attrs.size);
  return fail("HCL_FUNCTION", "collection must be a list, a map or a tuple");
}

function lookup(args: readonly HclValue[]): HclValue {
  arity(args, 2, 3);
  const m = asObj(arg(args, 0), "inputMap");
  const key = asString(arg(args, 1), "key");
  if (m.has(key)) return m.get(key) ?? null;
  if (args.length === 3) return arg(args, 2);
  return fail("HCL_FUNCTION", `the given key "${key}" does not exist in the map and no default was given`);
}

function merge(args: readonly HclValue[]): HclValue {
  const out = new Map<string, HclValue>();
  for (const a of args) {
    if (a === null) continue;
    if (!(a instanceof HclObj))
      return fail(
        "HCL_FUNCTION",
        `arguments must be maps or objects, got ${JSON.stringify(friendlyName(a))}`,
      );
    for (const [k, v] of a.attrs) out.set(k, v);
  }
  return new HclObj(args.length > 0 && sameKind(args, "map") ? "map" : "object", out);
}

function range(args: readonly HclValue[]): HclValue {
  if (args.length < 1 || args.length > 3)
    return fail("HCL_FUNCTION", "must have one, two, or three arguments");
  const n = args.map((a, i) => asNumber(a, `argument ${i + 1}`));
  const [start, limit] = n.length === 1 ? [0n, n[0] ?? 0n] : [n[0] ?? 0n, n[1] ?? 0n];
  const step = n[2] ?? (compareNumbers(start, limit) > 0 ? -1n : 1n);
  const dir = compareNumbers(step, 0n);
  // cty's zero check compares number values by identity, so a zero step counts as positive.
  if (dir < 0 ? compareNumbers(limit, start) > 0 : compareNumbers(limit, start) < 0)
    argError(
      1,
      `end must be ${dir < 0 ? "less" : "greater"} than start when step is ${dir < 0 ? "negative" : "positive"}`,
    );
  const out: HclValue[] = [];
  for (let v = start; compareNumbers(v, limit) * (dir < 0 ? -1 : 1) < 0; v = binaryArith("+", v, step)) {
    if (out.length >= 1024)
      return fail(
        "HCL_FUNCTION",
        "more than 1024 values were generated; either decrease the difference between start and end or use a smaller step",
      );
    out.push(v);
  }
  return list(out);
}

function slice(args: readonly HclValue[]): HclValue {
  arity(args, 3);
  const v = arg(args, 0);
  const items = seqOf(args, 0, "list");
  const from = asInt(arg(args, 1), "start_index");
  const to = asInt(arg(args, 2), "end_index");
  if (from < 0) return fail("HCL_FUNCTION", "start_index must be greater than or equal to 0");
  if (to > items.length)
    return fail("HCL_FUNCTION", "end_index must be less than or equal to the length of the list");
  if (from > to) return argError(1, "start index must not be greater than end index");
  return new HclSeq(v instanceof HclSeq && v.kind === "tuple" ? "tuple" : "list", items.slice(from, to));
}

function setArgs(args: readonly HclValue[]): HclValue[][] {
  return args.map((a, i) => [...asSeq(a, `argument ${i + 1}`)]);
}

function setproduct(args: readonly HclValue[]): HclValue {
  if (args.length < 2) return fail("HCL_FUNCTION", "at least two arguments are required");
  let acc: HclValue[][] = [[]];
  for (const s of setArgs(args)) acc = acc.flatMap((prefix) => s.map((x) => [...prefix, x]));
  const rows = acc.map((r) => tuple(r));
  return args.every((a) => a instanceof HclSeq && a.kind === "set") ? set(rows) : list(rows);
}

function zipmap(args: readonly HclValue[]): HclValue {
  arity(args, 2);
  const keys = seqOf(args, 0, "keys").map((k) => asString(k, "keys"));
  const vals = seqOf(args, 1, "values");
  if (keys.length !== vals.length)
    return fail(
      "HCL_FUNCTION",
      `number of keys (${keys.length}) does not match number of values (${vals.length})`,
    );
  const m = new Map(keys.map((k, i) => [k, vals[i] ?? null]));
  const v = arg(args, 1);
  return new HclObj(v instanceof HclSeq && v.kind === "list" ? "map" : "object", m);
}

/** Collection functions by name. */
export const COLLECTION_FUNCTIONS: ReadonlyMap<string, HclFunction> = new Map<string, HclFunction>([
  ["length", length],
  ["lookup", lookup],
  ["merge", merge],
  ["range", range],
  ["slice", slice],
  ["setproduct", setproduct],
  ["zipmap", zipmap],
  ["coalesce", (args) => (arity(args, 1, Infinity), coalesce(args))],
  [
    "coalescelist",
    (args) => {
      arity(args, 1, Infinity);
      if (args.some((a) => !(a instanceof HclSeq) || a.kind === "set"))
        return fail("HCL_FUNCTION", "coalescelist arguments must be lists or tuples");
      const found = args.find((a) => a instanceof HclSeq && a.items.length > 0);
      return found ?? fail("HCL_FUNCTION", "no non-null arguments");
    },
  ],
  [
    "compact",
    (args) => (
      arity(args, 1),
      list(
        seqOf(args, 0, "list")
          .filter((x) => x !== null && asString(x, "list element") !== "")
          .map((x) => asString(x, "list element")),
      )
    ),
  ],
  [
    "concat",
    (args) => (
      arity(args, 1, Infinity),
      new HclSeq(
        sameKind(args, "list") ? "list" : "tuple",
        args.flatMap((a, i) =>
          a instanceof HclSeq && a.kind !== "set"
            ? [...a.items]
            : argError(i, `all arguments must be lists or tuples; got ${friendlyName(a)}`),
        ),
      )
    ),
  ],
  [
    "contains",
    (args) => (
      arity(args, 2),
      need(args, 0, "argument must be list, tuple, or set").some((x) => hclEquals(x, arg(args, 1)))
    ),
  ],
  [
    "distinct",
    (args) => (
      arity(args, 1),
      list(seqOf(args, 0, "list").filter((x, i, all) => all.findIndex((y) => hclEquals(x, y)) === i))
    ),
  ],
  [
    "element",
    (args) => {
      arity(args, 2);
      const items = seqOf(args, 0, "list");
      const i = asInt(arg(args, 1), "index");
      if (items.length === 0) return fail("HCL_FUNCTION", "cannot use element function with an empty list");
      return items[((i % items.length) + items.length) % items.length] ?? null;
    },
  ],
  [
    "chunklist",
    (args) => {
      arity(args, 2);
      const items = seqOf(args, 0, "list");
      const size = asInt(arg(args, 1), "size");
      if (size < 0) return fail("HCL_FUNCTION", "the size argument must be positive");
      if (size === 0) return list([list(items)]);
      const out: HclValue[] = [];
      for (let i = 0; i < items.length; i += size) out.push(list(items.slice(i, i + size)));
      return list(out);
    },
  ],
  [
    "flatten",
    (args) => (arity(args, 1), tuple(flatten(need(args, 0, "can only flatten lists, sets and tuples")))),
  ],
  [
    "keys",
    (args) => {
      arity(args, 1);
      const m = arg(args, 0);
      return m instanceof HclObj ? list([...m.attrs.keys()]) : argError(0, "must have map or object type");
    },
  ],
  [
    "values",
    (args) => {
      arity(args, 1);
      const m = arg(args, 0);
      return m instanceof HclObj
        ? list([...m.attrs.values()])
        : fail("HCL_FUNCTION", "values() requires a map as the first argument");
    },
  ],
  [
    "reverselist",
    (args) => {
      arity(args, 1);
      const v = arg(args, 0);
      if (!(v instanceof HclSeq) || v.kind === "set")
        return argError(0, `can only reverse list or tuple values, not ${friendlyName(v)}`);
      return list([...v.items].reverse());
    },
  ],
  [
    "sort",
    (args) => (
      arity(args, 1),
      list(
        seqOf(args, 0, "list")
          .map((x) => asString(x, "list element"))
          .sort(compareStrings),
      )
    ),
  ],
  ["setunion", (args) => (arity(args, 1, Infinity), set(setArgs(args).flat()))],
  [
    "setintersection",
    (args) => (
      arity(args, 1, Infinity),
      set(setArgs(args).reduce((a, b) => a.filter((x) => b.some((y) => hclEquals(x, y)))))
    ),
  ],
  [
    "setsubtract",
    (args) => (
      arity(args, 2),
      set(setArgs(args).reduce((a, b) => a.filter((x) => !b.some((y) => hclEquals(x, y)))))
    ),
  ],
]);
