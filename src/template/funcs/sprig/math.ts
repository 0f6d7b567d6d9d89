/**
 * sprig's math family. Integer functions convert every argument with `cast.ToInt64` and
 * return Go `int64` (wrapping on overflow); the `…f` functions go through shopspring/decimal
 * and return float64.
 */
import { LIMIT_CODES, limitError, MAX_GENERATED_ELEMENTS } from "../../../shared/limits";
import { fn, FuncError, GoNumber, typedSlice, type FuncSpec, type GoValue } from "../../types";
import { intArg, toFloat64, toInt64 } from "./cast";
import { decimalOp } from "./decimal";

const i64 = (v: bigint): GoValue => GoNumber.int64(v);
const wrap = (v: bigint): bigint => BigInt.asIntN(64, v);

function divide(a: bigint, b: bigint, op: "/" | "%"): bigint {
  if (b === 0n) throw new FuncError("runtime error: integer divide by zero");
  // MinInt64 / -1 wraps in Go instead of trapping.
  return wrap(op === "/" ? a / b : a % b);
}

/** sprig's `round`: ceil when the fractional part of val×10^places reaches `roundOn`. */
export function sprigRound(val: number, places: number, roundOn = 0.5): number {
  const pow = 10 ** places;
  const digit = pow * val;
  const frac = digit - Math.trunc(digit);
  const r = frac >= roundOn ? Math.ceil(digit) : Math.floor(digit);
  return r / pow;
}

/** sprig's `untilStep` (Go `[]int`). */
export function untilStep(start: number, stop: number, step: number): bigint[] {
  const v: bigint[] = [];
  const count = step === 0 ? 0 : Math.ceil((stop - start) / step);
  if (count > MAX_GENERATED_ELEMENTS) {
    throw limitError(
      LIMIT_CODES.collectionSize,
      `a list of ${count} elements is more than the limit of ${MAX_GENERATED_ELEMENTS} generated elements`,
    );
  }
  if (stop < start) {
    if (step >= 0) return typedSlice(v, "int");
    for (let i = start; i > stop; i += step) v.push(BigInt(i));
    return typedSlice(v, "int");
  }
  if (step <= 0) return typedSlice(v, "int");
  for (let i = start; i < stop; i += step) v.push(BigInt(i));
  return typedSlice(v, "int");
}

function seq(params: number[]): string {
  let inc = 1;
  const join = (xs: bigint[]): string => xs.join(" ");
  switch (params.length) {
    case 1: {
      const end = params[0] as number;
      if (end < 1) inc = -1;
      return join(untilStep(1, end + inc, inc));
    }
    case 2: {
      const [start, end] = params as [number, number];
      const step = end < start ? -1 : 1;
      return join(untilStep(start, end + step, step));
    }
    case 3: {
      const [start, step, end] = params as [number, number, number];
      if (end < start) {
        inc = -1;
        if (step > 0) return "";
      }
      return join(untilStep(start, end + inc, step));
    }
    default:
      return "";
  }
}

function reduceInt(args: GoValue[], pick: (a: bigint, b: bigint) => boolean): GoValue {
  let acc = toInt64(args[0] ?? null);
  for (const b of args.slice(1)) {
    const bb = toInt64(b);
    if (pick(bb, acc)) acc = bb;
  }
  return i64(acc);
}

function goMax(a: number, b: number): number {
  if (a === Infinity || b === Infinity) return Infinity;
  if (Number.isNaN(a) || Number.isNaN(b)) return NaN;
  if (a === 0 && b === 0) return Object.is(a, -0) ? b : a;
  return a > b ? a : b;
}

function goMin(a: number, b: number): number {
  if (a === -Infinity || b === -Infinity) return -Infinity;
  if (Number.isNaN(a) || Number.isNaN(b)) return NaN;
  if (a === 0 && b === 0) return Object.is(a, -0) ? a : b;
  return a < b ? a : b;
}

const ANY: ["interface {}"] = ["interface {}"];
const ANY2: ["interface {}", "interface {}"] = ["interface {}", "interface {}"];

/** The math functions. */
export function mathFuncs(): Map<string, FuncSpec> {
  const dec =
    (op: "add" | "sub" | "mul" | "div") =>
    ([a, ...rest]: GoValue[]): GoValue => {
      try {
        return decimalOp(toFloat64(a ?? null), rest.map(toFloat64), op);
      } catch (e) {
        throw new FuncError((e as Error).message);
      }
    };
  const max = fn(ANY2, (args) => reduceInt(args, (b, a) => b > a), true);
  return new Map<string, FuncSpec>([
    ["add1", fn(ANY, ([a]) => i64(wrap(toInt64(a ?? null) + 1n)))],
    ["add", fn(ANY, (args) => i64(args.reduce<bigint>((s, b) => wrap(s + toInt64(b)), 0n)), true)],
    ["sub", fn(ANY2, ([a, b]) => i64(wrap(toInt64(a ?? null) - toInt64(b ?? null))))],
    ["div", fn(ANY2, ([a, b]) => i64(divide(toInt64(a ?? null), toInt64(b ?? null), "/")))],
    ["mod", fn(ANY2, ([a, b]) => i64(divide(toInt64(a ?? null), toInt64(b ?? null), "%")))],
    [
      "mul",
      fn(
        ANY2,
        ([a, ...rest]) => i64(rest.reduce<bigint>((s, b) => wrap(s * toInt64(b)), toInt64(a ?? null))),
        true,
      ),
    ],
    [
      "randInt",
      fn(["int", "int"], ([lo, hi]) => {
        const min = intArg(lo);
        const n = intArg(hi) - min;
        if (n <= 0) throw new FuncError("invalid argument to Intn");
        return BigInt(Math.floor(Math.random() * n) + min);
      }),
    ],
    ["add1f", fn(ANY, ([a]) => decimalOp(toFloat64(a ?? null), [1], "add"))],
    ["addf", fn(ANY, (args) => decimalOp(0, args.map(toFloat64), "add"), true)],
    ["subf", fn(ANY2, dec("sub"), true)],
    ["divf", fn(ANY2, dec("div"), true)],
    ["mulf", fn(ANY2, dec("mul"), true)],
    ["biggest", max],
    ["max", max],
    ["min", fn(ANY2, (args) => reduceInt(args, (b, a) => b < a), true)],
    [
      "maxf",
      fn(
        ANY2,
        (args) => args.slice(1).reduce<number>((a, b) => goMax(a, toFloat64(b)), toFloat64(args[0] ?? null)),
        true,
      ),
    ],
    [
      "minf",
      fn(
        ANY2,
        (args) => args.slice(1).reduce<number>((a, b) => goMin(a, toFloat64(b)), toFloat64(args[0] ?? null)),
        true,
      ),
    ],
    ["ceil", fn(ANY, ([a]) => Math.ceil(toFloat64(a ?? null)))],
    ["floor", fn(ANY, ([a]) => Math.floor(toFloat64(a ?? null)))],
    [
      "round",
      fn(
        ["interface {}", "int", "float64"],
        ([a, p, ...r]) =>
          sprigRound(toFloat64(a ?? null), intArg(p), r.length > 0 ? toFloat64(r[0] ?? null) : 0.5),
        true,
      ),
    ],
    ["until", fn(["int"], ([c]) => untilStep(0, intArg(c), intArg(c) < 0 ? -1 : 1))],
    ["untilStep", fn(["int", "int", "int"], ([a, b, c]) => untilStep(intArg(a), intArg(b), intArg(c)))],
    ["seq", fn(["int"], (args) => seq(args.map(intArg)), true)],
  ]);
}
