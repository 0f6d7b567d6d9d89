/**
 * Time zones for the date functions. "Local" is UTC: the engine is pure and does not read
 * the machine's TZ (the conformance oracle also runs with TZ=UTC). IANA names use the
 * runtime's Intl database; unknown names fall back to UTC like sprig's `dateInZone`.
 */
import { GoTime } from "../../types";
import { zoneAbbreviation } from "./zone-abbreviations";

/** A zone as offset plus abbreviation at one instant. */
export interface ZoneAt {
  readonly offset: number;
  readonly name: string;
}

function isUtcName(zone: string): boolean {
  return zone === "" || zone === "UTC" || zone === "Local";
}

/** True when Go's `time.LoadLocation(zone)` would succeed (approximated with Intl). */
export function isKnownZone(zone: string): boolean {
  if (isUtcName(zone)) return true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The offset and abbreviation of `zone` at `unixMs`; unknown zones give UTC. */
export function zoneAt(zone: string, unixMs: number): ZoneAt {
  if (isUtcName(zone) || !isKnownZone(zone)) return { offset: 0, name: "UTC" };
  const dtf = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
    timeZoneName: "short",
  });
  const parts = Object.fromEntries(dtf.formatToParts(new Date(unixMs)).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  const offset = Math.round((asUtc - Math.floor(unixMs / 1000) * 1000) / 1000);
  return { offset, name: abbreviation(zone, offset) };
}

function abbreviation(zone: string, offset: number): string {
  const known = zoneAbbreviation(zone, offset);
  if (known !== undefined) return known;
  // tzdata spells zones without a letter abbreviation as "+01" or "+0530".
  const sign = offset < 0 ? "-" : "+";
  const a = Math.abs(offset);
  const hh = String(Math.floor(a / 3600)).padStart(2, "0");
  const mm = Math.floor(a / 60) % 60;
  return mm === 0 ? sign + hh : sign + hh + String(mm).padStart(2, "0");
}

/** `t.In(loc)`: the same instant shown in `zone`. */
export function inZone(t: GoTime, zone: string): GoTime {
  const z = zoneAt(zone, Number(t.unixNanos / 1_000_000n));
  return new GoTime(t.unixNanos, z.offset, z.name);
}

/** `time.Now()` in Local (UTC). */
export function nowTime(): GoTime {
  const ns = BigInt(Math.round((performance.timeOrigin + performance.now()) * 1000)) * 1000n;
  return new GoTime(ns, 0, "UTC");
}
