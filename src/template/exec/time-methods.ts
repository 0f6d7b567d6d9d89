/** Methods of `time.Time` reachable from templates (`.Year`, `.Unix`, `.UTC` …). */
import { civil, LONG_DAYS, LONG_MONTHS } from "../../shared/go-time";
import { formatGoDuration } from "../funcs/sprig/go-duration";
import { formatGoTime } from "../funcs/sprig/go-time";
import { FuncError, GoNumber, GoStruct, GoTime, intKind, type FuncSpec, type GoValue } from "../types";

function method(impl: (t: GoTime) => GoValue): FuncSpec {
  return { params: [], impl: (args) => impl(args[0] as GoTime) };
}

const NS = 1_000_000_000n;

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

/**
 * A named Go integer type with a `String` method (`time.Month`, `time.Weekday`): templates
 * print it through `String()`, as fmt does for any Stringer.
 */
function stringerValue(typeName: string, text: string): GoStruct {
  return new GoStruct(typeName, new Map(), new Map([["String", { params: [], impl: () => text }]]));
}

const durations = new WeakMap<GoStruct, bigint>();

/**
 * A `time.Duration` (what `Sub` returns): printed through `String()` (`1h0m0s`), with the
 * float accessors of Go's time package (time/time.go Duration.Seconds, Minutes, Hours).
 */
export function durationValue(nanos: bigint): GoStruct {
  const f = (unit: bigint): number => Number(nanos / unit) + Number(nanos % unit) / Number(unit);
  const d = new GoStruct(
    "time.Duration",
    new Map(),
    new Map<string, FuncSpec>([
      ["String", { params: [], impl: () => formatGoDuration(nanos) }],
      ["Nanoseconds", { params: [], impl: () => new GoNumber("int64", nanos) }],
      ["Microseconds", { params: [], impl: () => new GoNumber("int64", nanos / 1000n) }],
      ["Milliseconds", { params: [], impl: () => new GoNumber("int64", nanos / 1_000_000n) }],
      ["Seconds", { params: [], impl: () => f(NS) }],
      ["Minutes", { params: [], impl: () => f(60n * NS) }],
      ["Hours", { params: [], impl: () => f(3600n * NS) }],
    ]),
  );
  durations.set(d, nanos);
  return d;
}

/** A `time.Duration` argument: an integer (nanoseconds, as Go converts an untyped constant) or a Duration. */
function durationArg(v: GoValue): bigint {
  if (typeof v === "bigint") return v;
  if (v instanceof GoNumber && typeof v.value === "bigint") return v.value;
  if (v instanceof GoStruct) {
    const d = durations.get(v);
    if (d !== undefined) return d;
  }
  throw new FuncError(`wrong type for value; expected time.Duration; got ${describe(v)}`);
}

function timeArg(v: GoValue): GoTime {
  if (v instanceof GoTime) return v;
  throw new FuncError(`wrong type for value; expected time.Time; got ${describe(v)}`);
}

function describe(v: GoValue): string {
  if (typeof v === "string") return "string";
  if (typeof v === "boolean") return "bool";
  if (typeof v === "number") return "float64";
  if (typeof v === "bigint") return intKind(v);
  if (v instanceof GoNumber) return v.kind;
  if (v instanceof GoStruct) return v.typeName;
  return "interface {}";
}

function compare(a: GoTime, b: GoTime): number {
  return a.unixNanos < b.unixNanos ? -1 : a.unixNanos > b.unixNanos ? 1 : 0;
}

function withTime(impl: (t: GoTime, u: GoTime) => GoValue): FuncSpec {
  return { params: ["interface {}"], impl: (a) => impl(a[0] as GoTime, timeArg(a[1] as GoValue)) };
}

/** `t.AddDate(y, m, d)`: calendar fields normalised like Go's time.Date, in the time's offset. */
function addDate(t: GoTime, years: bigint, months: bigint, days: bigint): GoTime {
  const c = civil(t);
  const d = new Date(0);
  d.setUTCFullYear(c.year + Number(years), c.month - 1 + Number(months), c.day + Number(days));
  d.setUTCHours(c.hour, c.minute, c.second, 0);
  const local = BigInt(d.getTime()) * 1_000_000n + BigInt(c.nanos);
  return new GoTime(local - BigInt(t.offsetSeconds) * NS, t.offsetSeconds, t.zoneName);
}

/** Method table for {@link GoTime}; the receiver arrives as the first argument. */
export const timeMethods: ReadonlyMap<string, FuncSpec> = new Map<string, FuncSpec>([
  ["Year", method((t) => BigInt(civil(t).year))],
  ["YearDay", method((t) => BigInt(civil(t).yearDay))],
  ["Day", method((t) => BigInt(civil(t).day))],
  ["Hour", method((t) => BigInt(civil(t).hour))],
  ["Minute", method((t) => BigInt(civil(t).minute))],
  ["Second", method((t) => BigInt(civil(t).second))],
  ["Nanosecond", method((t) => BigInt(civil(t).nanos))],
  ["Unix", method((t) => new GoNumber("int64", floorDiv(t.unixNanos, NS)))],
  ["UnixMilli", method((t) => new GoNumber("int64", floorDiv(t.unixNanos, 1_000_000n)))],
  ["UnixNano", method((t) => new GoNumber("int64", t.unixNanos))],
  ["UTC", method((t) => new GoTime(t.unixNanos, 0, "UTC"))],
  ["Month", method((t) => stringerValue("time.Month", LONG_MONTHS[civil(t).month - 1] ?? ""))],
  ["Weekday", method((t) => stringerValue("time.Weekday", LONG_DAYS[civil(t).weekday] ?? ""))],
  ["Format", { params: ["string"], impl: (a) => formatGoTime(a[0] as GoTime, a[1] as string) }],
  ["IsZero", method((t) => t.unixNanos === -62135596800n * NS)],
  ["UnixMicro", method((t) => new GoNumber("int64", floorDiv(t.unixNanos, 1000n)))],
  ["Before", withTime((t, u) => compare(t, u) < 0)],
  ["After", withTime((t, u) => compare(t, u) > 0)],
  ["Equal", withTime((t, u) => compare(t, u) === 0)],
  ["Compare", withTime((t, u) => BigInt(compare(t, u)))],
  ["Sub", withTime((t, u) => durationValue(t.unixNanos - u.unixNanos))],
  [
    "Add",
    {
      params: ["interface {}"],
      impl: (a) => {
        const t = a[0] as GoTime;
        return new GoTime(t.unixNanos + durationArg(a[1] as GoValue), t.offsetSeconds, t.zoneName);
      },
    },
  ],
  [
    "AddDate",
    {
      params: ["int", "int", "int"],
      impl: (a) => addDate(a[0] as GoTime, a[1] as bigint, a[2] as bigint, a[3] as bigint),
    },
  ],
]);
