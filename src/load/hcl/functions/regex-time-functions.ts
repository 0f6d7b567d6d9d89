/** regex/regexall (Go RE2, linear time: src/shared/go-regexp.ts) and formatdate/timeadd. */
import { LONG_DAYS, LONG_MONTHS } from "../../../shared/go-time";
import { findAllGo, GoRegexp, GoRegexpError, type GoMatch } from "../../../shared/go-regexp";
import { asString } from "../convert";
import { fail } from "../hcl-errors";
import { list, object, tuple, type HclValue } from "../hcl-value";
import { arg, arity, type HclFunction } from "./function-args";

function compile(pattern: string): GoRegexp {
  try {
    return GoRegexp.compile(pattern);
  } catch (err) {
    if (!(err instanceof GoRegexpError)) throw err;
    return fail("HCL_FUNCTION", `invalid regular expression pattern: ${err.message}`);
  }
}

function matchValue(re: GoRegexp, m: GoMatch): HclValue {
  if (re.names.size > 0) return object([...re.names].map(([k, i]) => [k, m[i] ?? ""]));
  if (m.length > 1) return tuple(m.slice(1).map((x) => x ?? ""));
  return m[0] ?? "";
}

function regex(args: readonly HclValue[]): HclValue {
  arity(args, 2);
  const re = compile(asString(arg(args, 0), "pattern"));
  const m = re.matchFrom(asString(arg(args, 1), "string"), 0);
  if (m === null) return fail("HCL_FUNCTION", "pattern did not match any part of the given string");
  return matchValue(re, m);
}

function regexall(args: readonly HclValue[]): HclValue {
  arity(args, 2);
  const re = compile(asString(arg(args, 0), "pattern"));
  return list(findAllGo(re, asString(arg(args, 1), "string"), -1).map((m) => matchValue(re, m)));
}

interface Stamp {
  readonly ms: number;
  readonly offsetMin: number;
  readonly zone: string;
}

function parseStamp(s: string): Stamp {
  const m = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/.exec(s);
  if (m === null) return fail("HCL_FUNCTION", `not a valid RFC3339 timestamp: ${JSON.stringify(s)}`);
  const zone = (m[8] ?? "Z").toUpperCase();
  const offsetMin =
    zone === "Z"
      ? 0
      : (zone.startsWith("-") ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
  const utc = Date.UTC(
    Number(m[1]),
    Number(m[2]) - 1,
    Number(m[3]),
    Number(m[4]),
    Number(m[5]),
    Number(m[6]),
    Math.floor(Number(m[7] ?? "0") * 1000),
  );
  return { ms: utc - offsetMin * 60000, offsetMin, zone };
}

function zoneText(off: number, colon: boolean, z: boolean): string {
  if (off === 0 && z) return "Z";
  const a = Math.abs(off);
  const hh = String(Math.floor(a / 60)).padStart(2, "0");
  const mm = String(a % 60).padStart(2, "0");
  return `${off < 0 ? "-" : "+"}${hh}${colon ? ":" : ""}${mm}`;
}

function formatdate(args: readonly HclValue[]): HclValue {
  arity(args, 2);
  const spec = asString(arg(args, 0), "format");
  const st = parseStamp(asString(arg(args, 1), "time"));
  const d = new Date(st.ms + st.offsetMin * 60000);
  const p2 = (n: number): string => String(n).padStart(2, "0");
  const h12 = d.getUTCHours() % 12 === 0 ? 12 : d.getUTCHours() % 12;
  const table: Record<string, string> = {
    YYYY: String(d.getUTCFullYear()).padStart(4, "0"),
    YY: p2(d.getUTCFullYear() % 100),
    MMMM: LONG_MONTHS[d.getUTCMonth()] ?? "",
    MMM: (LONG_MONTHS[d.getUTCMonth()] ?? "").slice(0, 3),
    MM: p2(d.getUTCMonth() + 1),
    M: String(d.getUTCMonth() + 1),
    DD: p2(d.getUTCDate()),
    D: String(d.getUTCDate()),
    EEEE: LONG_DAYS[d.getUTCDay()] ?? "",
    EEE: (LONG_DAYS[d.getUTCDay()] ?? "").slice(0, 3),
    hh: p2(d.getUTCHours()),
    h: String(d.getUTCHours()),
    HH: p2(h12),
    H: String(h12),
    AA: d.getUTCHours() < 12 ? "AM" : "PM",
    aa: d.getUTCHours() < 12 ? "am" : "pm",
    mm: p2(d.getUTCMinutes()),
    m: String(d.getUTCMinutes()),
    ss: p2(d.getUTCSeconds()),
    s: String(d.getUTCSeconds()),
    ZZZZZ: zoneText(st.offsetMin, true, false),
    ZZZZ: zoneText(st.offsetMin, false, false),
    ZZZ: st.offsetMin === 0 ? "UTC" : zoneText(st.offsetMin, false, false),
    Z: zoneText(st.offsetMin, true, true),
  };
  let out = "";
  const re = /'((?:[^']|'')*)'|([A-Za-z])\2*|[^A-Za-z']+/gy;
  for (let m = re.exec(spec); m !== null && m[0] !== ""; m = re.exec(spec)) {
    if (m[1] !== undefined) out += m[1].replace(/''/g, "'");
    else if (m[2] !== undefined) {
      const v = table[m[0]];
      if (v === undefined) return fail("HCL_FUNCTION", `invalid date format verb ${JSON.stringify(m[0])}`);
      out += v;
    } else out += m[0];
  }
  if (re.lastIndex !== 0 && re.lastIndex < spec.length)
    return fail("HCL_FUNCTION", "unterminated literal in date format");
  return out;
}

function parseDuration(s: string): number {
  const units: Record<string, number> = {
    ns: 1e-6,
    us: 1e-3,
    µs: 1e-3,
    ms: 1,
    s: 1000,
    m: 60000,
    h: 3600000,
  };
  const m = /^([-+]?)((?:\d+(?:\.\d*)?(?:ns|us|µs|ms|s|m|h))+|0)$/.exec(s);
  if (m === null) return fail("HCL_FUNCTION", `time: invalid duration ${JSON.stringify(s)}`);
  let total = 0;
  for (const part of (m[2] ?? "").matchAll(/(\d+(?:\.\d*)?)(ns|us|µs|ms|s|m|h)/g))
    total += Number(part[1]) * (units[part[2] ?? "s"] ?? 0);
  return m[1] === "-" ? -total : total;
}

function timeadd(args: readonly HclValue[]): HclValue {
  arity(args, 2);
  const st = parseStamp(asString(arg(args, 0), "timestamp"));
  const ms = st.ms + parseDuration(asString(arg(args, 1), "duration"));
  const d = new Date(ms + st.offsetMin * 60000);
  // Go's time.RFC3339 layout has no fractional seconds.
  return `${d.toISOString().slice(0, 19)}${zoneText(st.offsetMin, true, true)}`;
}

/** Regex and time functions by name. */
export const REGEX_TIME_FUNCTIONS: ReadonlyMap<string, HclFunction> = new Map<string, HclFunction>([
  ["regex", regex],
  ["regexall", regexall],
  ["formatdate", formatdate],
  ["timeadd", timeadd],
]);
