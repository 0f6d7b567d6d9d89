/** Go's `time.Time.String()` layout: `2006-01-02 15:04:05.999999999 -0700 MST`. */
import type { GoTime } from "../types";

const NS_PER_S = 1_000_000_000n;

/** Calendar fields of a time in its own zone. */
export interface CivilTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly nanos: number;
  readonly weekday: number;
  readonly yearDay: number;
}

/** Splits a time into calendar fields (proleptic Gregorian, like Go). */
export function civil(t: GoTime): CivilTime {
  const local = t.unixNanos + BigInt(t.offsetSeconds) * NS_PER_S;
  let secs = local / NS_PER_S;
  let nanos = local % NS_PER_S;
  if (nanos < 0n) {
    nanos += NS_PER_S;
    secs -= 1n;
  }
  let days = secs / 86400n;
  let rem = secs % 86400n;
  if (rem < 0n) {
    rem += 86400n;
    days -= 1n;
  }
  const d = new Date(Number(days) * 86400000);
  const r = Number(rem);
  const start = Date.UTC(d.getUTCFullYear(), 0, 1);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: Math.floor(r / 3600),
    minute: Math.floor((r % 3600) / 60),
    second: r % 60,
    nanos: Number(nanos),
    weekday: d.getUTCDay(),
    yearDay: Math.floor((d.getTime() - start) / 86400000) + 1,
  };
}

function two(n: number): string {
  return String(n).padStart(2, "0");
}

/** Zone offset as Go's `-0700`. */
export function zoneOffset(offsetSeconds: number): string {
  const sign = offsetSeconds < 0 ? "-" : "+";
  const a = Math.abs(offsetSeconds);
  return `${sign}${two(Math.floor(a / 3600))}${two(Math.floor((a % 3600) / 60))}`;
}

/** `t.String()` as Go prints it (no monotonic clock reading). */
export function timeString(t: GoTime): string {
  const c = civil(t);
  const year = c.year < 0 ? `-${String(-c.year).padStart(4, "0")}` : String(c.year).padStart(4, "0");
  let frac = "";
  if (c.nanos !== 0) frac = `.${String(c.nanos).padStart(9, "0").replace(/0+$/, "")}`;
  return `${year}-${two(c.month)}-${two(c.day)} ${two(c.hour)}:${two(c.minute)}:${two(c.second)}${frac} ${zoneOffset(t.offsetSeconds)} ${t.zoneName}`;
}
