/** Methods of `time.Time` reachable from templates (`.Year`, `.Unix`, `.UTC` …). */
import { civil, LONG_DAYS, LONG_MONTHS } from "../../shared/go-time";
import { formatGoTime } from "../funcs/sprig/go-time";
import { GoNumber, GoStruct, GoTime, type FuncSpec, type GoValue } from "../types";

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
]);
