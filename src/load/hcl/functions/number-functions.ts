/** cty stdlib number functions helmfile registers. */
import { compareNumbers, negate, roundNumber } from "../arith";
import { asInt, asNumber, asString } from "../convert";
import { fail } from "../hcl-errors";
import { num, toDouble, type HclNumber, type HclValue } from "../hcl-value";
import { arg, argError, arity, type HclFunction } from "./function-args";

const n = (args: readonly HclValue[], i: number, what: string): HclNumber => asNumber(arg(args, i), what);

function extreme(sign: number): HclFunction {
  return (args) => {
    if (args.length === 0) return fail("HCL_FUNCTION", "must pass at least one number");
    let best = n(args, 0, "numbers");
    for (let i = 1; i < args.length; i++) {
      const x = n(args, i, "numbers");
      if (compareNumbers(x, best) * sign > 0) best = x;
    }
    return best;
  };
}

function rounding(mode: "floor" | "ceil" | "trunc"): HclFunction {
  return (args) => {
    arity(args, 1);
    return roundNumber(n(args, 0, "num"), mode);
  };
}

function parseint(args: readonly HclValue[]): HclValue {
  arity(args, 2);
  const str = asString(arg(args, 0), "number");
  const base = asInt(arg(args, 1), "base");
  if (base < 2 || base > 62) return argError(1, "base must be a whole number between 2 and 62 inclusive");
  const digits = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const m = /^([-+]?)(.+)$/.exec(str);
  const body = m?.[2] ?? "";
  let acc = 0n;
  for (const c of body) {
    // Go's big.Int SetString: bases up to 36 are case-insensitive.
    let d = digits.indexOf(base <= 36 ? c.toLowerCase() : c);
    if (d < 0 || d >= base) d = -1;
    if (d < 0) return argError(0, `cannot parse ${JSON.stringify(str)} as a base ${base} integer`);
    acc = acc * BigInt(base) + BigInt(d);
  }
  if (body === "") return argError(0, `cannot parse ${JSON.stringify(str)} as a base ${base} integer`);
  return m?.[1] === "-" ? -acc : acc;
}

function pow(args: readonly HclValue[]): HclValue {
  arity(args, 2);
  const b = n(args, 0, "num");
  const e = n(args, 1, "power");
  if (typeof b === "bigint" && typeof e === "bigint" && e >= 0n && e < 4096n) return b ** e;
  return num(Math.pow(toDouble(b), toDouble(e)));
}

/** Number functions by name. */
export const NUMBER_FUNCTIONS: ReadonlyMap<string, HclFunction> = new Map<string, HclFunction>([
  [
    "abs",
    (args) => (arity(args, 1), ((x) => (compareNumbers(x, 0n) < 0 ? negate(x) : x))(n(args, 0, "num"))),
  ],
  ["ceil", rounding("ceil")],
  ["floor", rounding("floor")],
  ["signum", (args) => (arity(args, 1), BigInt(Math.sign(toDouble(n(args, 0, "num")))))],
  ["int", rounding("trunc")],
  [
    "log",
    (args) => (
      arity(args, 2),
      num(Math.log(toDouble(n(args, 0, "num"))) / Math.log(toDouble(n(args, 1, "base"))))
    ),
  ],
  ["max", extreme(1)],
  ["min", extreme(-1)],
  ["parseint", parseint],
  ["pow", pow],
]);
