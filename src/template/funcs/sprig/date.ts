/** sprig's date family: formatting with Go layouts, parsing, zones, durations. */
import { fn, FuncError, GoNumber, GoTime, type FuncSpec, type GoValue } from "../../types";
import { strArg } from "./cast";
import { formatGoDuration, parseGoDuration } from "./go-duration";
import { formatGoTime } from "./go-time";
import { parseGoTime } from "./go-time-parse";
import { inZone, nowTime } from "./zones";

const SECOND = 1_000_000_000n;

/** sprig's reading of a date argument: time.Time, or Unix seconds as int/int32/int64; anything else is now. */
function dateArg(v: GoValue | undefined): GoTime {
  if (v instanceof GoTime) return v;
  if (typeof v === "bigint") return new GoTime(v * SECOND, 0, "UTC");
  if (v instanceof GoNumber && (v.kind === "int64" || v.kind === "int32") && typeof v.value === "bigint")
    return new GoTime(v.value * SECOND, 0, "UTC");
  return nowTime();
}

function dateInZone(layout: string, date: GoValue | undefined, zone: string): string {
  return formatGoTime(inZone(dateArg(date), zone), layout);
}

function addDuration(t: GoTime, d: bigint): GoTime {
  return new GoTime(t.unixNanos + d, t.offsetSeconds, t.zoneName);
}

/** Rounds a duration to the nearest multiple of `m` (halves away from zero), as `Duration.Round`. */
function roundDuration(d: bigint, m: bigint): bigint {
  let r = d % m;
  if (d < 0n) {
    r = -r;
    return r + r < m ? d + r : d - m + r;
  }
  return r + r < m ? d - r : d + m - r;
}

function durationRound(v: GoValue | undefined): string {
  let d = 0n;
  if (typeof v === "string") {
    try {
      d = parseGoDuration(v);
    } catch {
      d = 0n;
    }
  } else if (v instanceof GoNumber && v.kind === "int64" && typeof v.value === "bigint") d = v.value;
  else if (v instanceof GoTime) d = nowTime().unixNanos - v.unixNanos;
  const u = d < 0n ? -d : d;
  const hour = 3600n * SECOND;
  const units: [bigint, string][] = [
    [hour * 24n * 365n, "y"],
    [hour * 24n * 30n, "mo"],
    [hour * 24n, "d"],
    [hour, "h"],
    [60n * SECOND, "m"],
    [SECOND, "s"],
  ];
  for (const [size, suffix] of units) if (u > size) return `${u / size}${suffix}`;
  return "0s";
}

function duration(v: GoValue | undefined): string {
  let n = 0n;
  if (typeof v === "string")
    n = /^[+-]?[0-9]+$/.test(v) && BigInt(v) < 2n ** 63n && BigInt(v) >= -(2n ** 63n) ? BigInt(v) : 0n;
  else if (v instanceof GoNumber && v.kind === "int64" && typeof v.value === "bigint") n = v.value;
  return formatGoDuration(BigInt.asIntN(64, n * SECOND));
}

function modify(mustFail: boolean) {
  return fn(["string", "time.Time"], ([f, t]) => {
    const time = t instanceof GoTime ? t : new GoTime(0n);
    try {
      return addDuration(time, parseGoDuration(strArg(f)));
    } catch (e) {
      if (mustFail) throw new FuncError((e as Error).message);
      return time;
    }
  });
}

const ZERO_TIME = new GoTime(-62135596800n * SECOND, 0, "UTC");

/** The date functions. */
export function dateFuncs(): Map<string, FuncSpec> {
  const inZoneFn = fn(["string", "interface {}", "string"], ([f, d, z]) =>
    dateInZone(strArg(f), d, strArg(z)),
  );
  return new Map<string, FuncSpec>([
    [
      "ago",
      fn(["interface {}"], ([d]) => {
        const t =
          d instanceof GoTime || typeof d === "bigint" || (d instanceof GoNumber && d.kind === "int64")
            ? dateArg(d)
            : nowTime();
        return formatGoDuration(roundDuration(nowTime().unixNanos - t.unixNanos, SECOND));
      }),
    ],
    ["date", fn(["string", "interface {}"], ([f, d]) => dateInZone(strArg(f), d, "Local"))],
    ["dateInZone", inZoneFn],
    ["date_in_zone", inZoneFn],
    ["dateModify", modify(false)],
    ["date_modify", modify(false)],
    ["mustDateModify", modify(true)],
    ["must_date_modify", modify(true)],
    ["duration", fn(["interface {}"], ([v]) => duration(v))],
    ["durationRound", fn(["interface {}"], ([v]) => durationRound(v))],
    ["htmlDate", fn(["interface {}"], ([d]) => dateInZone("2006-01-02", d, "Local"))],
    ["htmlDateInZone", fn(["interface {}", "string"], ([d, z]) => dateInZone("2006-01-02", d, strArg(z)))],
    ["now", fn([], () => nowTime())],
    [
      "toDate",
      fn(["string", "string"], ([f, s]) => {
        try {
          return parseGoTime(strArg(f), strArg(s));
        } catch {
          return ZERO_TIME;
        }
      }),
    ],
    [
      "mustToDate",
      fn(["string", "string"], ([f, s]) => {
        try {
          return parseGoTime(strArg(f), strArg(s));
        } catch (e) {
          throw new FuncError((e as Error).message);
        }
      }),
    ],
    [
      "unixEpoch",
      fn(["time.Time"], ([t]) => {
        const ns = t instanceof GoTime ? t.unixNanos : 0n;
        const s = ns >= 0n ? ns / SECOND : -((-ns + SECOND - 1n) / SECOND);
        return s.toString();
      }),
    ],
  ]);
}
