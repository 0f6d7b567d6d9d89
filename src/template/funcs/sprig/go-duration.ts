/** Go's `time.Duration`: `ParseDuration` and `String`, on bigint nanoseconds. */

const UNITS: Readonly<Record<string, bigint>> = {
  ns: 1n,
  us: 1000n,
  "\u00b5s": 1000n,
  "\u03bcs": 1000n,
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
};
const MAX = 2n ** 63n - 1n;

/** `time.ParseDuration`; throws an Error with Go's text (`time: invalid duration "x"`). */
export function parseGoDuration(s: string): bigint {
  const orig = s;
  const bad = (): Error => new Error(`time: invalid duration ${JSON.stringify(orig)}`);
  let neg = false;
  if (s.startsWith("-") || s.startsWith("+")) {
    neg = s[0] === "-";
    s = s.slice(1);
  }
  if (s === "0") return 0n;
  if (s === "") throw bad();
  let total = 0n;
  while (s !== "") {
    const m = /^([0-9]*)(?:\.([0-9]*))?/.exec(s);
    const int = m?.[1] ?? "";
    const frac = m?.[2];
    if (int === "" && (frac === undefined || frac === "")) throw bad();
    s = s.slice((m?.[0] ?? "").length);
    const u = /^[^0-9.]+/.exec(s);
    if (u === null) throw new Error(`time: missing unit in duration ${JSON.stringify(orig)}`);
    const unit = UNITS[u[0]];
    if (unit === undefined)
      throw new Error(`time: unknown unit ${JSON.stringify(u[0])} in duration ${JSON.stringify(orig)}`);
    s = s.slice(u[0].length);
    let v = BigInt(int === "" ? "0" : int) * unit;
    if (frac !== undefined && frac !== "") v += (BigInt(frac) * unit) / 10n ** BigInt(frac.length);
    total += v;
    if (total > MAX + (neg ? 1n : 0n)) throw bad();
  }
  return neg ? -total : total;
}

function fmtFrac(v: bigint, prec: number): string {
  // v scaled by 10^prec: print the integer part and the non-zero fraction digits.
  const scale = 10n ** BigInt(prec);
  const ip = v / scale;
  let fr = (v % scale).toString().padStart(prec, "0").replace(/0+$/, "");
  if (prec === 0) fr = "";
  return fr === "" ? ip.toString() : `${ip}.${fr}`;
}

/** `time.Duration.String()`: `1h30m0s`, `1.5s`, `100ms`, `0s`. */
export function formatGoDuration(d: bigint): string {
  if (d === 0n) return "0s";
  const neg = d < 0n;
  const u = neg ? -d : d;
  let out: string;
  if (u < 1_000_000_000n) {
    if (u < 1000n) out = `${u}ns`;
    else if (u < 1_000_000n) out = `${fmtFrac(u, 3)}\u00b5s`;
    else out = `${fmtFrac(u, 6)}ms`;
  } else {
    const secs = fmtFrac(u % 60_000_000_000n, 9);
    const mins = (u / 60_000_000_000n) % 60n;
    const hours = u / 3_600_000_000_000n;
    out = hours > 0n ? `${hours}h${mins}m${secs}s` : mins > 0n ? `${mins}m${secs}s` : `${secs}s`;
  }
  return neg ? `-${out}` : out;
}
