/**
 * cty arithmetic. cty numbers are 512-bit binary floats, far more precise than a double, so
 * `0.1 + 0.2` is 0.3 and `2 / 3 * 3` is 2 there. We compute exactly on fractions (doubles from
 * math functions enter through their shortest decimal form) and round only at the end, which
 * reproduces cty's results once helmfile converts them to float64.
 */
import { fail, type HclPos } from "./hcl-errors";
import { num, ratio, toDouble, toRatio, type HclNumber } from "./hcl-value";

function finite(...xs: HclNumber[]): boolean {
  return xs.every((x) => typeof x !== "number" || Number.isFinite(x));
}

/** Compares two numbers (negative, zero, positive). */
export function compareNumbers(a: HclNumber, b: HclNumber): number {
  if (!finite(a, b)) {
    const [x, y] = [toDouble(a), toDouble(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  }
  const [x, y] = [toRatio(a), toRatio(b)];
  const diff = x.n * y.d - y.n * x.d;
  return diff < 0n ? -1 : diff > 0n ? 1 : 0;
}

/** `-x`. */
export function negate(x: HclNumber): HclNumber {
  if (!finite(x)) return -toDouble(x);
  const r = toRatio(x);
  return ratio(-r.n, r.d);
}

/** Rounds towards negative infinity (`floor`), positive infinity (`ceil`) or zero (`trunc`). */
export function roundNumber(x: HclNumber, mode: "floor" | "ceil" | "trunc"): HclNumber {
  if (!finite(x)) return x;
  const { n, d } = toRatio(x);
  const q = n / d;
  if (q * d === n || mode === "trunc") return q;
  const negative = n < 0n;
  if (mode === "floor") return negative ? q - 1n : q;
  return negative ? q : q + 1n;
}

/** Applies `+ - * / %` with cty's rules (division by zero is an error). */
export function binaryArith(op: string, a: HclNumber, b: HclNumber, pos?: HclPos): HclNumber {
  if ((op === "/" || op === "%") && toDouble(b) === 0) {
    return fail(
      "HCL_TYPE",
      `error during operation: ${op === "/" ? "can't divide by zero" : "can't use modulo by zero"}`,
      pos,
    );
  }
  if (!finite(a, b)) {
    const [x, y] = [toDouble(a), toDouble(b)];
    const r = op === "+" ? x + y : op === "-" ? x - y : op === "*" ? x * y : op === "/" ? x / y : x % y;
    // cty's texts for the operations that have no value.
    const why: Record<string, string> = {
      "+": "can't compute sum of opposing infinities",
      "-": "can't subtract infinity from itself",
      "*": "can't multiply zero by infinity",
      "/": "can't divide zero by zero or infinity by infinity",
      "%": "can't use modulo with zero and infinity",
    };
    return Number.isNaN(r) ? fail("HCL_TYPE", why[op] ?? "the result is not a number", pos) : num(r);
  }
  const x = toRatio(a);
  const y = toRatio(b);
  switch (op) {
    case "+":
      return ratio(x.n * y.d + y.n * x.d, x.d * y.d);
    case "-":
      return ratio(x.n * y.d - y.n * x.d, x.d * y.d);
    case "*":
      return ratio(x.n * y.n, x.d * y.d);
    case "/":
      return ratio(x.n * y.d, x.d * y.n);
    case "%": {
      // Truncated remainder, like Go's math.Mod and big.Int.Rem: a - b * trunc(a / b).
      const q = (x.n * y.d) / (x.d * y.n);
      return ratio(x.n * y.d - q * y.n * x.d, x.d * y.d);
    }
    default:
      return fail("HCL_SYNTAX", `unknown operator ${op}`, pos);
  }
}
