/**
 * Calendar arithmetic and the fixed layouts Go prints a `time.Time` with. Shared so that
 * template formatting, YAML encoding and `%v` printing of a time agree to the byte.
 * Takes the time structurally (not {@link GoTime}) so that `value.ts` can build on it
 * without an import cycle.
 */

const NS_PER_S = 1_000_000_000n;

/** The fields of a `time.Time` this module reads. */
export interface GoTimeInstant {
  /** Nanoseconds since the Unix epoch. */
  readonly unixNanos: bigint;
  /** The zone's offset east of UTC, in seconds. */
  readonly offsetSeconds: number;
}

/** A {@link GoTimeInstant} with the zone name Go prints (`UTC`, `MST`, `-0500`). */
export interface NamedGoTimeInstant extends GoTimeInstant {
  readonly zoneName: string;
}

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

/** Go's `time.Month` names, January first. */
export const LONG_MONTHS: readonly string[] = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** Go's `time.Weekday` names, Sunday first. */
export const LONG_DAYS: readonly string[] = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
];

/** Splits a time into calendar fields in the zone it carries (proleptic Gregorian, like Go). */
export function civil(t: GoTimeInstant): CivilTime {
  const local = t.unixNanos + BigInt(t.offsetSeconds) * NS_PER_S;
  let secs = local / NS_PER_S;
  let nanos = Number(local % NS_PER_S);
  if (nanos < 0) {
    nanos += 1_000_000_000;
    secs -= 1n;
  }
  const d = new Date(Number(secs) * 1000);
  const start = Date.UTC(d.getUTCFullYear(), 0, 1);
  const startOfDay = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    nanos,
    weekday: d.getUTCDay(),
    yearDay: Math.round((startOfDay - start) / 86_400_000) + 1,
  };
}

function two(n: number): string {
  return String(n).padStart(2, "0");
}

/** A zone offset as Go's `-0700` (`colon`: `-07:00`). */
export function zoneOffset(offsetSeconds: number, colon = false): string {
  const a = Math.abs(offsetSeconds);
  const sep = colon ? ":" : "";
  return `${offsetSeconds < 0 ? "-" : "+"}${two(Math.floor(a / 3600))}${sep}${two(Math.floor((a % 3600) / 60))}`;
}

function datePart(c: CivilTime): string {
  const year = c.year < 0 ? `-${String(-c.year).padStart(4, "0")}` : String(c.year).padStart(4, "0");
  return `${year}-${two(c.month)}-${two(c.day)}`;
}

function clockPart(c: CivilTime): string {
  // Go's `.999999999`: up to nine digits, trailing zeros (and a lone dot) dropped.
  const frac = c.nanos === 0 ? "" : `.${String(c.nanos).padStart(9, "0").replace(/0+$/, "")}`;
  return `${two(c.hour)}:${two(c.minute)}:${two(c.second)}${frac}`;
}

/** Go's `time.Time.String()`: `2006-01-02 15:04:05.999999999 -0700 MST` (no monotonic reading). */
export function goTimeString(t: NamedGoTimeInstant): string {
  const c = civil(t);
  return `${datePart(c)} ${clockPart(c)} ${zoneOffset(t.offsetSeconds)} ${t.zoneName}`;
}

/**
 * A time as Go's RFC 3339 with nanoseconds (`2006-01-02T15:04:05.999999999Z07:00`): what
 * go-yaml's Marshal and encoding/json write for a `time.Time`.
 */
export function formatRfc3339Nano(t: GoTimeInstant): string {
  const c = civil(t);
  const zone = t.offsetSeconds === 0 ? "Z" : zoneOffset(t.offsetSeconds, true);
  return `${datePart(c)}T${clockPart(c)}${zone}`;
}
