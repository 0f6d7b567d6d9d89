/**
 * The slice of shopspring/decimal that sprig's float math uses: exact decimal add, sub and
 * mul of the floats' shortest decimal forms, and division rounded to 16 places.
 */

interface Dec {
  readonly coef: bigint;
  readonly exp: number;
}

function fromFloat(f: number): Dec {
  if (!Number.isFinite(f))
    throw new Error(`Cannot create a Decimal from ${Number.isNaN(f) ? "NaN" : f > 0 ? "+Inf" : "-Inf"}`);
  if (f === 0) return { coef: 0n, exp: 0 };
  const [mant, e] = f.toExponential().split("e") as [string, string];
  const frac = mant.split(".")[1] ?? "";
  return { coef: BigInt(mant.replace(".", "")), exp: Number(e) - frac.length };
}

function align(a: Dec, b: Dec): [bigint, bigint, number] {
  const exp = Math.min(a.exp, b.exp);
  return [a.coef * 10n ** BigInt(a.exp - exp), b.coef * 10n ** BigInt(b.exp - exp), exp];
}

const DIVISION_PRECISION = 16;

function div(a: Dec, b: Dec): Dec {
  if (b.coef === 0n) throw new Error("decimal division by 0");
  const k = a.exp - b.exp + DIVISION_PRECISION;
  const num = a.coef * 10n ** BigInt(Math.max(0, k));
  const den = b.coef * 10n ** BigInt(Math.max(0, -k));
  let q = num / den;
  const r = num % den;
  const abs = (x: bigint): bigint => (x < 0n ? -x : x);
  // Half away from zero, as decimal's DivRound does.
  if (2n * abs(r) >= abs(den)) q += num < 0n !== den < 0n ? -1n : 1n;
  return { coef: q, exp: -DIVISION_PRECISION };
}

function apply(a: Dec, b: Dec, op: "add" | "sub" | "mul" | "div"): Dec {
  if (op === "mul") return { coef: a.coef * b.coef, exp: a.exp + b.exp };
  if (op === "div") return div(a, b);
  const [x, y, exp] = align(a, b);
  return { coef: op === "add" ? x + y : x - y, exp };
}

/** sprig's `execDecimalOp`: folds `rest` into `first` with `op`, then converts back to float64. */
export function decimalOp(first: number, rest: readonly number[], op: "add" | "sub" | "mul" | "div"): number {
  let acc = fromFloat(first);
  for (const x of rest) acc = apply(acc, fromFloat(x), op);
  return Number(`${acc.coef}e${acc.exp}`);
}
