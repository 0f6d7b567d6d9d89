/**
 * Go's time layouts (`2006-01-02 15:04:05`) for formatting and parsing `GoTime` values.
 * The tokenizer follows the same precedence as Go's `nextStdChunk`, so layouts mean the
 * same thing here as in Go.
 */
import { civil, LONG_DAYS, LONG_MONTHS, type CivilTime } from "../../../shared/go-time";
import { GoTime } from "../../types";

/** One piece of a layout: literal text or a standard token (`2006`, `Jan`, `-07:00`, `.000`…). */
export type LayoutChunk = { readonly lit: string } | { readonly std: string; readonly digits?: number };

const FIXED_PREFIXES: ReadonlyArray<string> = [
  "January",
  "Jan",
  "Monday",
  "Mon",
  "MST",
  "-07:00:00",
  "-070000",
  "-0700",
  "-07:00",
  "-07",
  "Z07:00:00",
  "Z070000",
  "Z0700",
  "Z07:00",
  "Z07",
];

function stdAt(layout: string, i: number): { std: string; len: number; digits?: number } | undefined {
  const rest = layout.slice(i);
  const c = rest[0];
  if (c === "J" || c === "M" || c === "-" || c === "Z") {
    for (const p of FIXED_PREFIXES) if (rest.startsWith(p)) return { std: p, len: p.length };
    return undefined;
  }
  if (c === "0") {
    if (/^0[1-6]/.test(rest)) return { std: rest.slice(0, 2), len: 2 };
    if (rest.startsWith("002")) return { std: "002", len: 3 };
    return undefined;
  }
  if (c === "1") return rest.startsWith("15") ? { std: "15", len: 2 } : { std: "1", len: 1 };
  if (c === "2") return rest.startsWith("2006") ? { std: "2006", len: 4 } : { std: "2", len: 1 };
  if (c === "_") {
    if (rest.startsWith("_2") && !rest.startsWith("_2006")) return { std: "_2", len: 2 };
    if (rest.startsWith("__2")) return { std: "__2", len: 3 };
    return undefined;
  }
  if (c === "3" || c === "4" || c === "5") return { std: c, len: 1 };
  if (rest.startsWith("PM")) return { std: "PM", len: 2 };
  if (rest.startsWith("pm")) return { std: "pm", len: 2 };
  if ((c === "." || c === ",") && (rest[1] === "0" || rest[1] === "9")) {
    let j = 1;
    while (rest[j] === rest[1]) j++;
    if (!/[0-9]/.test(rest[j] ?? "")) return { std: rest.slice(0, 2), len: j, digits: j - 1 };
  }
  return undefined;
}

/** Splits a Go layout into literal and standard chunks. */
export function splitLayout(layout: string): LayoutChunk[] {
  const out: LayoutChunk[] = [];
  let lit = "";
  for (let i = 0; i < layout.length;) {
    const s = stdAt(layout, i);
    if (s === undefined) {
      lit += layout[i];
      i++;
      continue;
    }
    if (lit !== "") out.push({ lit });
    lit = "";
    out.push(s.digits === undefined ? { std: s.std } : { std: s.std, digits: s.digits });
    i += s.len;
  }
  if (lit !== "") out.push({ lit });
  return out;
}

const pad = (n: number, w: number): string => {
  const s = String(Math.abs(n)).padStart(w, "0");
  return n < 0 ? `-${s}` : s;
};

function formatZone(std: string, offset: number): string {
  if (std.startsWith("Z") && offset === 0) return "Z";
  const sign = offset < 0 ? "-" : "+";
  const a = Math.abs(offset);
  const hh = pad(Math.floor(a / 3600), 2);
  const mm = pad(Math.floor(a / 60) % 60, 2);
  const ss = pad(a % 60, 2);
  const body = std.replace(/^Z/, "-");
  if (body === "-07") return sign + hh;
  if (body === "-0700") return sign + hh + mm;
  if (body === "-07:00") return `${sign}${hh}:${mm}`;
  if (body === "-070000") return sign + hh + mm + ss;
  return `${sign}${hh}:${mm}:${ss}`;
}

function formatStd(c: { std: string; digits?: number }, ct: CivilTime, t: GoTime): string {
  const h12 = ct.hour % 12 === 0 ? 12 : ct.hour % 12;
  switch (c.std) {
    case "January":
      return LONG_MONTHS[ct.month - 1] ?? "";
    case "Jan":
      return (LONG_MONTHS[ct.month - 1] ?? "").slice(0, 3);
    case "Monday":
      return LONG_DAYS[ct.weekday] ?? "";
    case "Mon":
      return (LONG_DAYS[ct.weekday] ?? "").slice(0, 3);
    case "MST":
      return t.zoneName !== "" ? t.zoneName : formatZone("-0700", t.offsetSeconds);
    case "01":
      return pad(ct.month, 2);
    case "1":
      return String(ct.month);
    case "02":
      return pad(ct.day, 2);
    case "2":
      return String(ct.day);
    case "_2":
      return String(ct.day).padStart(2, " ");
    case "002":
      return pad(ct.yearDay, 3);
    case "__2":
      return String(ct.yearDay).padStart(3, " ");
    case "2006":
      return ct.year < 0 ? `-${pad(-ct.year, 4)}` : pad(ct.year, 4);
    case "06":
      return pad(((ct.year % 100) + 100) % 100, 2);
    case "15":
      return pad(ct.hour, 2);
    case "03":
      return pad(h12, 2);
    case "3":
      return String(h12);
    case "04":
      return pad(ct.minute, 2);
    case "4":
      return String(ct.minute);
    case "05":
      return pad(ct.second, 2);
    case "5":
      return String(ct.second);
    case "PM":
      return ct.hour >= 12 ? "PM" : "AM";
    case "pm":
      return ct.hour >= 12 ? "pm" : "am";
    case ".0":
    case ",0":
    case ".9":
    case ",9":
      return formatFraction(c.std, c.digits ?? 0, ct.nanos);
    default:
      return formatZone(c.std, t.offsetSeconds);
  }
}

function formatFraction(std: string, digits: number, nanos: number): string {
  const all = pad(nanos, 9).slice(0, digits);
  const sep = std[0] ?? ".";
  if (std[1] === "0") return sep + all;
  const trimmed = all.replace(/0+$/, "");
  return trimmed === "" ? "" : sep + trimmed;
}

/** `t.Format(layout)`. */
export function formatGoTime(t: GoTime, layout: string): string {
  const ct = civil(t);
  let out = "";
  for (const c of splitLayout(layout)) out += "lit" in c ? c.lit : formatStd(c, ct, t);
  return out;
}
