/**
 * How go-yaml (v2 and v3) types an untagged plain scalar, and how it checks an explicit
 * standard tag. Both libraries share the algorithm; v2 adds the YAML 1.1 booleans
 * (`y`, `yes`, `on`, `n`, `no`, `off` and their capitalised forms).
 */
import type { Value } from "../value";
import { goStringOfBytes } from "./binary";

/** Which go-yaml major version's rules apply. */
export type GoYamlVersion = "v2" | "v3";

/** The YAML tag a scalar resolved to, in short form. */
export type ResolvedTag = "!!null" | "!!bool" | "!!int" | "!!float" | "!!str" | "!!timestamp" | "!!merge";

/** A resolved scalar: its tag and its Go-typed value (timestamps keep their text). */
export interface ResolvedScalar {
  readonly tag: ResolvedTag;
  readonly value: Value;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

const COMMON_WORDS: ReadonlyMap<string, ResolvedScalar> = new Map<string, ResolvedScalar>([
  ...["true", "True", "TRUE"].map((s): [string, ResolvedScalar] => [s, { tag: "!!bool", value: true }]),
  ...["false", "False", "FALSE"].map((s): [string, ResolvedScalar] => [s, { tag: "!!bool", value: false }]),
  ...["", "~", "null", "Null", "NULL"].map((s): [string, ResolvedScalar] => [
    s,
    { tag: "!!null", value: null },
  ]),
  ...[".nan", ".NaN", ".NAN"].map((s): [string, ResolvedScalar] => [s, { tag: "!!float", value: NaN }]),
  ...[".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF"].map((s): [string, ResolvedScalar] => [
    s,
    { tag: "!!float", value: Infinity },
  ]),
  ...["-.inf", "-.Inf", "-.INF"].map((s): [string, ResolvedScalar] => [
    s,
    { tag: "!!float", value: -Infinity },
  ]),
  ["<<", { tag: "!!merge", value: "<<" }],
]);

const V2_BOOLS: ReadonlyMap<string, boolean> = new Map([
  ...["y", "Y", "yes", "Yes", "YES", "on", "On", "ON"].map((s): [string, boolean] => [s, true]),
  ...["n", "N", "no", "No", "NO", "off", "Off", "OFF"].map((s): [string, boolean] => [s, false]),
]);

const YAML_STYLE_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const DOT_FLOAT = /^\.[0-9]+([eE][-+]?[0-9]+)?$/;

/** First-character hint, as go-yaml's resolve table: only these may be non-strings. */
function hintOf(text: string): "S" | "D" | "M" | "." | "N" | undefined {
  if (text === "") return "N";
  const c = text[0] as string;
  if (c === "+" || c === "-") return "S";
  if (c >= "0" && c <= "9") return "D";
  if ("yYnNtTfFoO~".includes(c)) return "M";
  if (c === ".") return ".";
  return undefined;
}

/** Resolves a plain (unquoted, untagged) scalar the way go-yaml does. */
export function resolvePlainScalar(text: string, version: GoYamlVersion): ResolvedScalar {
  const hint = hintOf(text);
  if (hint === undefined) return { tag: "!!str", value: text };
  const word = COMMON_WORDS.get(text);
  if (word !== undefined) return word;
  if (version === "v2") {
    const b = V2_BOOLS.get(text);
    if (b !== undefined) return { tag: "!!bool", value: b };
  }
  if (hint === ".") {
    const f = DOT_FLOAT.test(text) ? goParseFloat(text) : undefined;
    if (f !== undefined) return { tag: "!!float", value: f };
  } else if (hint === "D" || hint === "S") {
    if (isGoYamlTimestamp(text)) return { tag: "!!timestamp", value: text };
    const numeric = resolveNumber(text.replace(/_/g, ""), version);
    if (numeric !== undefined) return numeric;
  }
  return { tag: "!!str", value: text };
}

function resolveNumber(plain: string, version: GoYamlVersion): ResolvedScalar | undefined {
  const asInt = goParseIntBase0(plain);
  if (asInt !== undefined && asInt >= INT64_MIN && asInt <= INT64_MAX) return { tag: "!!int", value: asInt };
  if (asInt !== undefined && asInt >= 0n && asInt <= UINT64_MAX && !/^[+-]/.test(plain)) {
    return { tag: "!!int", value: asInt };
  }
  if (YAML_STYLE_FLOAT.test(plain)) {
    const f = goParseFloat(plain);
    if (f !== undefined) return { tag: "!!float", value: f };
  }
  // go-yaml retries binary (and in v3 octal) prefixes with a signed remainder.
  const prefixes: ReadonlyArray<readonly [string, number]> =
    version === "v3"
      ? [
          ["0b", 2],
          ["0o", 8],
        ]
      : [["0b", 2]];
  for (const [prefix, radix] of prefixes) {
    let digits: string | undefined;
    if (plain.startsWith(prefix)) digits = plain.slice(2);
    else if (plain.startsWith(`-${prefix}`)) digits = `-${plain.slice(3)}`;
    if (digits === undefined) continue;
    const v = parseRadix(digits, radix);
    if (v !== undefined && v >= INT64_MIN && v <= UINT64_MAX) return { tag: "!!int", value: v };
  }
  return undefined;
}

/** Go `strconv.ParseInt(s, 0, 64)` without the range check: sign, 0x/0o/0b/leading-0 prefixes. */
function goParseIntBase0(s: string): bigint | undefined {
  let rest = s;
  let negative = false;
  if (rest.startsWith("+") || rest.startsWith("-")) {
    negative = rest.startsWith("-");
    rest = rest.slice(1);
  }
  let radix = 10;
  const lower = rest.slice(0, 2).toLowerCase();
  if (lower === "0x") radix = 16;
  else if (lower === "0o") radix = 8;
  else if (lower === "0b") radix = 2;
  if (radix !== 10) rest = rest.slice(2);
  else if (rest.length > 1 && rest.startsWith("0")) {
    radix = 8;
    rest = rest.slice(1);
  }
  const v = parseRadix(rest, radix, false);
  if (v === undefined) return undefined;
  return negative ? -v : v;
}

function parseRadix(text: string, radix: number, allowSign = true): bigint | undefined {
  let rest = text;
  let negative = false;
  if (allowSign && (rest.startsWith("+") || rest.startsWith("-"))) {
    negative = rest.startsWith("-");
    rest = rest.slice(1);
  }
  const pattern =
    radix === 16 ? /^[0-9a-fA-F]+$/ : radix === 8 ? /^[0-7]+$/ : radix === 2 ? /^[01]+$/ : /^[0-9]+$/;
  if (!pattern.test(rest)) return undefined;
  let v = 0n;
  const r = BigInt(radix);
  for (const ch of rest) v = v * r + BigInt(parseInt(ch, 16));
  return negative ? -v : v;
}

/** Go `strconv.ParseFloat` for decimal text: out-of-range values are an error, not ±Inf. */
function goParseFloat(text: string): number | undefined {
  const f = Number(text);
  if (Number.isNaN(f) || !Number.isFinite(f)) return undefined;
  return f;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * True when go-yaml would read `text` as a timestamp: `2006-1-2`, `2006-1-2T15:4:5[.frac]Z07:00`
 * (also lower-case `t`) or `2006-1-2 15:4:5[.frac]`, with Go's range checks.
 */
export function isGoYamlTimestamp(text: string): boolean {
  const m =
    /^(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:[Tt](\d{1,2}):(\d{1,2}):(\d{1,2})(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2}))|(?: (\d{1,2}):(\d{1,2}):(\d{1,2})(?:\.\d+)?))?$/.exec(
      text,
    );
  if (m === null) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const maxDay = month === 2 && !leap ? 28 : (DAYS_IN_MONTH[month - 1] ?? 31);
  if (day > maxDay) return false;
  const hour = m[4] ?? m[7];
  const minute = m[5] ?? m[8];
  const second = m[6] ?? m[9];
  if (hour !== undefined && (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59)) return false;
  return true;
}

/**
 * Resolves a scalar carrying an explicit standard tag (`!!int "12"`, `!!float 1`). Returns a
 * reason string when go-yaml would refuse the combination.
 */
export function resolveTaggedScalar(
  text: string,
  tag: string,
  version: GoYamlVersion,
): ResolvedScalar | string {
  if (tag === "!!str") return { tag: "!!str", value: text };
  if (tag === "!!binary") {
    // Go's base64.StdEncoding: padded to a multiple of four, padding only at the end.
    const clean = text.replace(/\s/g, "");
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 !== 0)
      return "!!binary value contains invalid base64 data";
    return { tag: "!!str", value: goStringOfBytes(Buffer.from(clean, "base64")) };
  }
  // Tags go-yaml cannot resolve (!!merge, !!seq on a scalar…) leave the text as a string.
  if (!["!!bool", "!!int", "!!float", "!!null", "!!timestamp"].includes(tag))
    return { tag: "!!str", value: text };
  const plain = resolvePlainScalar(text, version);
  if (tag === "!!timestamp" && plain.tag === "!!str" && isGoYamlTimestamp(text)) return plain;
  if (plain.tag === tag) return plain;
  if (tag === "!!float" && plain.tag === "!!int" && typeof plain.value === "bigint") {
    return { tag: "!!float", value: Number(plain.value) };
  }
  // go-yaml tries the timestamp form only untagged or under !!timestamp, so under another tag
  // timestamp-like text is reported as the string it stayed.
  return `cannot decode ${plain.tag === "!!timestamp" ? "!!str" : plain.tag} \`${text}\` as a ${tag}`;
}
