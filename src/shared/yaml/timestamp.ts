/**
 * go-yaml v3's reading of a timestamp scalar into a Go `time.Time`. v3 tries the layouts
 * `2006-1-2T15:4:5.999999999Z07:00` (also lower-case `t`), `2006-1-2 15:4:5.999999999` and
 * `2006-1-2` with `time.Parse`; v2 keeps such scalars as strings when decoding into
 * `interface{}`, so only v3 decoding calls this.
 */
import { zoneOffset } from "../go-time";
import { GoTime } from "../value";
import { isGoYamlTimestamp } from "./resolve";

const NS_PER_S = 1_000_000_000n;

const TIMESTAMP =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[Tt ](\d{1,2}):(\d{1,2}):(\d{1,2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * The `time.Time` go-yaml v3 makes of `text`, or undefined when the text is not a timestamp.
 * A zone-less time is UTC; `Z` and a zero offset are UTC (helmfile runs with `Local` = UTC,
 * as our template engine assumes); any other offset is an unnamed fixed zone, which Go
 * prints as `-0500`.
 */
export function parseGoYamlTimestamp(text: string): GoTime | undefined {
  if (!isGoYamlTimestamp(text)) return undefined;
  const m = TIMESTAMP.exec(text);
  if (m === null) return undefined;
  const num = (i: number): number => Number(m[i] ?? "0");
  // time.Parse reads any number of fraction digits but keeps nanoseconds only.
  const fraction = (m[7] ?? "").slice(0, 9).padEnd(9, "0");
  let offsetSeconds = 0;
  const zone = m[8];
  if (zone !== undefined && zone !== "Z") {
    const sign = zone.startsWith("-") ? -1 : 1;
    offsetSeconds = sign * (Number(zone.slice(1, 3)) * 3600 + Number(zone.slice(4, 6)) * 60);
  }
  const civilMs = Date.UTC(2000, num(2) - 1, num(3), num(4), num(5), num(6));
  // Date.UTC maps years 0–99 to 1900–1999; set the year separately to keep Go's proleptic calendar.
  const d = new Date(civilMs);
  d.setUTCFullYear(num(1));
  const unixNanos = (BigInt(d.getTime()) / 1000n - BigInt(offsetSeconds)) * NS_PER_S + BigInt(fraction);
  if (offsetSeconds === 0) return new GoTime(unixNanos, 0, "UTC", text);
  return new GoTime(unixNanos, offsetSeconds, zoneOffset(offsetSeconds), text);
}

export { goTimeString } from "../go-time";
