/** Go's `time.ParseInLocation` for the layouts of `go-time.ts`, with Go's error texts. */
import { GoTime } from "../../types";
import { goQuote } from "../../../shared/go/quote";
import { LONG_DAYS, LONG_MONTHS } from "../../../shared/go-time";
import { splitLayout, type LayoutChunk } from "./go-time";

/** A parse failure; `message` is exactly Go's `*time.ParseError` text. */
export class TimeParseError extends Error {}

interface Fields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  nanos: number;
  yday: number;
  pm?: boolean;
  am?: boolean;
  offset?: number;
  zoneName?: string;
}

class Cursor {
  constructor(public rest: string) {}
  num(fixed: boolean): number | undefined {
    if (!/^[0-9]/.test(this.rest)) return undefined;
    const two = /^[0-9]{2}/.test(this.rest);
    if (!two && fixed) return undefined;
    const n = Number(this.rest.slice(0, two ? 2 : 1));
    this.rest = this.rest.slice(two ? 2 : 1);
    return n;
  }
  lookup(names: readonly string[], short: boolean): number | undefined {
    for (let i = 0; i < names.length; i++) {
      const n = short ? (names[i] as string).slice(0, 3) : (names[i] as string);
      if (this.rest.slice(0, n.length).toLowerCase() === n.toLowerCase()) {
        this.rest = this.rest.slice(n.length);
        return i;
      }
    }
    return undefined;
  }
}

function parseZone(std: string, cur: Cursor, f: Fields): boolean {
  if (std.startsWith("Z") && cur.rest.startsWith("Z")) {
    cur.rest = cur.rest.slice(1);
    f.offset = 0;
    f.zoneName = "UTC";
    return true;
  }
  const body = std.replace(/^Z/, "-");
  const pats: Record<string, RegExp> = {
    "-07": /^([+-])(\d\d)/,
    "-0700": /^([+-])(\d\d)(\d\d)/,
    "-07:00": /^([+-])(\d\d):(\d\d)/,
    "-070000": /^([+-])(\d\d)(\d\d)(\d\d)/,
    "-07:00:00": /^([+-])(\d\d):(\d\d):(\d\d)/,
  };
  const m = pats[body]?.exec(cur.rest);
  if (m === undefined || m === null) return false;
  const secs = Number(m[2]) * 3600 + Number(m[3] ?? 0) * 60 + Number(m[4] ?? 0);
  f.offset = m[1] === "-" ? -secs : secs;
  cur.rest = cur.rest.slice(m[0].length);
  return true;
}

type NumericField = "month" | "day" | "hour" | "minute" | "second";

/** Numeric layout tokens: whether two digits are required, the valid range and the field set. */
const NUMERIC: Readonly<Record<string, readonly [boolean, number, number, NumericField]>> = {
  "01": [true, 1, 12, "month"],
  "1": [false, 1, 12, "month"],
  "02": [true, 0, 99, "day"],
  "2": [false, 0, 99, "day"],
  _2: [false, 0, 99, "day"],
  "15": [false, 0, 23, "hour"],
  "03": [true, 0, 12, "hour"],
  "3": [false, 0, 12, "hour"],
  "04": [true, 0, 59, "minute"],
  "4": [false, 0, 59, "minute"],
  "05": [true, 0, 59, "second"],
  "5": [false, 0, 59, "second"],
};

function parseNumeric(
  c: { std: string },
  cur: Cursor,
  f: Fields,
  next: LayoutChunk | undefined,
): string | undefined {
  const [fixed, lo, hi, field] = NUMERIC[c.std] as readonly [boolean, number, number, NumericField];
  // `_2` allows a space in place of the tens digit.
  if (c.std === "_2" && cur.rest.startsWith(" ")) cur.rest = cur.rest.slice(1);
  const v = cur.num(fixed);
  if (v === undefined) return "bad";
  // Day ranges are checked against the month once all fields are known.
  if (v < lo || v > hi) return `: ${field} out of range`;
  f[field] = v;
  if (field === "second") parseLooseFraction(cur, f, next);
  return undefined;
}

function parseYear(c: { std: string }, cur: Cursor, f: Fields): string | undefined {
  const m = (c.std === "2006" ? /^[0-9]{4}/ : /^[0-9]{2}/).exec(cur.rest);
  if (m === null) return "bad";
  const y = Number(m[0]);
  f.year = c.std === "2006" ? y : y >= 69 ? 1900 + y : 2000 + y;
  cur.rest = cur.rest.slice(m[0].length);
  return undefined;
}

function parseStd(
  c: { std: string; digits?: number },
  cur: Cursor,
  f: Fields,
  next: LayoutChunk | undefined,
): string | undefined {
  if (NUMERIC[c.std] !== undefined) return parseNumeric(c, cur, f, next);
  switch (c.std) {
    case "2006":
    case "06":
      return parseYear(c, cur, f);
    case "January":
    case "Jan": {
      const r = cur.lookup(LONG_MONTHS, c.std === "Jan");
      if (r === undefined) return "bad";
      f.month = r + 1;
      return undefined;
    }
    case "Monday":
    case "Mon":
      return cur.lookup(LONG_DAYS, c.std === "Mon") === undefined ? "bad" : undefined;
    case "002":
    case "__2": {
      const m = /^ {0,2}[0-9]{1,3}/.exec(cur.rest);
      if (m === null) return "bad";
      f.yday = Number(m[0].trim());
      cur.rest = cur.rest.slice(m[0].length);
      return undefined;
    }
    case "PM":
    case "pm":
      return parseAmPm(c.std, cur, f);
    case "MST":
      return parseZoneName(cur, f);
    case ".0":
    case ",0":
    case ".9":
    case ",9":
      return parseFraction(c, cur, f);
    default:
      return parseZone(c.std, cur, f) ? undefined : "bad";
  }
}

function parseAmPm(std: string, cur: Cursor, f: Fields): string | undefined {
  const v = cur.rest.slice(0, 2);
  const [pm, am] = std === "PM" ? ["PM", "AM"] : ["pm", "am"];
  if (v === pm) f.pm = true;
  else if (v === am) f.am = true;
  else return "bad";
  cur.rest = cur.rest.slice(2);
  return undefined;
}

function parseZoneName(cur: Cursor, f: Fields): string | undefined {
  const m = /^(UTC|GMT([+-]\d{1,2})?|[A-Z]{3,5}T?)/.exec(cur.rest);
  if (m === null) return "bad";
  f.zoneName = m[0];
  if (m[0] === "UTC" || m[0] === "GMT") f.offset = 0;
  cur.rest = cur.rest.slice(m[0].length);
  return undefined;
}

function parseLooseFraction(cur: Cursor, f: Fields, next: LayoutChunk | undefined): void {
  // Go accepts fractional seconds after a seconds field even when the layout has none.
  if (!/^[.,][0-9]/.test(cur.rest)) return;
  if (next !== undefined && "std" in next && /^[.,][09]$/.test(next.std)) return;
  const m = /^[.,]([0-9]+)/.exec(cur.rest);
  if (m === null) return;
  f.nanos = Number((m[1] as string).slice(0, 9).padEnd(9, "0"));
  cur.rest = cur.rest.slice(m[0].length);
}

function parseFraction(c: { std: string; digits?: number }, cur: Cursor, f: Fields): string | undefined {
  const n = c.digits ?? 0;
  if (c.std[1] === "0") {
    const m = /^[.,]([0-9]+)/.exec(cur.rest);
    if (m === null || (m[1] as string).length < n) return "bad";
    f.nanos = Number((m[1] as string).slice(0, n).padEnd(9, "0"));
    cur.rest = cur.rest.slice(1 + n);
    return undefined;
  }
  const m = /^[.,]([0-9]+)/.exec(cur.rest);
  if (m === null) return undefined;
  f.nanos = Number((m[1] as string).slice(0, 9).padEnd(9, "0"));
  cur.rest = cur.rest.slice(m[0].length);
  return undefined;
}

function daysIn(month: number, year: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** `time.ParseInLocation(layout, value, loc)`, where `loc` is a fixed zone (Local is UTC here). */
export function parseGoTime(
  layout: string,
  value: string,
  loc: { offset: number; name: string } = { offset: 0, name: "UTC" },
): GoTime {
  const f: Fields = { year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0, nanos: 0, yday: -1 };
  const cur = new Cursor(value);
  const chunks = splitLayout(layout);
  const prefix = `parsing time ${goQuote(value)}`;
  for (let i = 0; i < chunks.length; i++) {
    const c = chunks[i] as LayoutChunk;
    if ("lit" in c) {
      const lit = c.lit.replace(/^\s+/, "");
      const had = cur.rest;
      cur.rest = cur.rest.replace(/^\s+/, "");
      if (!cur.rest.startsWith(lit))
        throw new TimeParseError(
          `${prefix} as ${goQuote(layout)}: cannot parse ${goQuote(had)} as ${goQuote(c.lit)}`,
        );
      cur.rest = cur.rest.slice(lit.length);
      continue;
    }
    const before = cur.rest;
    const err = parseStd(c, cur, f, chunks[i + 1]);
    if (err === "bad")
      throw new TimeParseError(
        `${prefix} as ${goQuote(layout)}: cannot parse ${goQuote(before)} as ${goQuote(stdText(layout, c))}`,
      );
    if (err !== undefined) throw new TimeParseError(prefix + err);
  }
  if (cur.rest !== "") throw new TimeParseError(`${prefix}: extra text: ${goQuote(cur.rest)}`);
  return buildTime(f, loc, prefix);
}

function stdText(layout: string, c: { std: string; digits?: number }): string {
  if (c.digits !== undefined) return (c.std[0] ?? ".") + (c.std[1] ?? "0").repeat(c.digits);
  return layout.includes(c.std) ? c.std : c.std;
}

function buildTime(f: Fields, loc: { offset: number; name: string }, prefix: string): GoTime {
  if (f.pm === true && f.hour < 12) f.hour += 12;
  else if (f.am === true && f.hour === 12) f.hour = 0;
  if (f.yday >= 0) {
    const leap = daysIn(2, f.year) === 29;
    if (f.yday < 1 || f.yday > (leap ? 366 : 365))
      throw new TimeParseError(`${prefix}: day-of-year out of range`);
    const d = new Date(Date.UTC(f.year, 0, f.yday));
    f.month = d.getUTCMonth() + 1;
    f.day = d.getUTCDate();
  }
  if (f.day < 1 || f.day > daysIn(f.month, f.year)) throw new TimeParseError(`${prefix}: day out of range`);
  const d = new Date(0);
  d.setUTCFullYear(f.year, f.month - 1, f.day);
  d.setUTCHours(f.hour, f.minute, f.second, 0);
  const offset = f.offset ?? loc.offset;
  const nanos = (BigInt(d.getTime()) / 1000n - BigInt(offset)) * 1_000_000_000n + BigInt(f.nanos);
  if (f.offset === undefined && f.zoneName !== undefined && f.zoneName !== loc.name) {
    // An abbreviation the local zone does not know becomes a fixed zone (GMT±h carries its hours).
    const gmt = /^GMT([+-]\d+)$/.exec(f.zoneName);
    const off = gmt === null ? 0 : Number(gmt[1]) * 3600;
    // Go keeps the clock fields as UTC here and only labels the zone.
    return new GoTime(nanos, off, f.zoneName);
  }
  if (f.offset === undefined) return new GoTime(nanos, loc.offset, loc.name);
  if (f.offset === loc.offset && (f.zoneName === undefined || f.zoneName === loc.name))
    return new GoTime(nanos, loc.offset, loc.name);
  // Go's FixedZone("", offset) prints its offset where a zone name would go.
  return new GoTime(nanos, f.offset, f.zoneName ?? numericZoneName(f.offset));
}

function numericZoneName(offset: number): string {
  const a = Math.abs(offset);
  const hh = String(Math.floor(a / 3600)).padStart(2, "0");
  const mm = String(Math.floor(a / 60) % 60).padStart(2, "0");
  return `${offset < 0 ? "-" : "+"}${hh}${mm}`;
}
