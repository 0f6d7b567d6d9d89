/** format and formatlist: cty's printf dialect (verbs %v %#v %t %s %q %d %b %o %x %X %e %E %f %F %g %G). */
import { asBool, asNumber, asSeq, asString } from "../convert";
import { fail } from "../hcl-errors";
import { conversionError } from "../friendly-name";
import {
  HclSeq,
  isNumber,
  list,
  numberToString,
  toDouble,
  toRatio,
  type HclNumber,
  type HclValue,
} from "../hcl-value";
import { arg, arity, type HclFunction } from "./function-args";
import { jsonEncode } from "./encoding-functions";

interface Spec {
  flags: string;
  width: number | undefined;
  prec: number | undefined;
  verb: string;
}

function pad(s: string, spec: Spec, numeric: boolean): string {
  if (spec.width === undefined || s.length >= spec.width) return s;
  const fill = spec.width - [...s].length;
  if (spec.flags.includes("-")) return s + " ".repeat(fill);
  if (numeric && spec.flags.includes("0")) {
    const sign = /^[+\- ]/.test(s) ? (s[0] ?? "") : "";
    return sign + "0".repeat(fill) + s.slice(sign.length);
  }
  return " ".repeat(fill) + s;
}

function signed(s: string, negative: boolean, spec: Spec): string {
  if (negative) return `-${s}`;
  if (spec.flags.includes("+")) return `+${s}`;
  if (spec.flags.includes(" ")) return ` ${s}`;
  return s;
}

function formatInt(v: HclValue, spec: Spec): string {
  const n = asNumber(v, `value for %${spec.verb}`);
  if (typeof n !== "bigint")
    return fail("HCL_FUNCTION", `unsupported value for "%${spec.verb}": an integer is required`);
  const radix = { d: 10, b: 2, o: 8, x: 16, X: 16 }[spec.verb] ?? 10;
  let digits = (n < 0n ? -n : n).toString(radix);
  if (spec.verb === "X") digits = digits.toUpperCase();
  if (spec.flags.includes("#") && spec.verb !== "d")
    digits = ({ b: "0b", o: "0", x: "0x", X: "0X" }[spec.verb] ?? "") + digits;
  return pad(signed(digits, n < 0n, spec), spec, true);
}

/** Fixed-point text of |x| rounded half-to-even, as Go's big.Float formatting does. */
function fixed(x: HclNumber, prec: number): string {
  if (typeof x === "number" && !Number.isFinite(x)) return "+Inf";
  const r = toRatio(x);
  const n = r.n < 0n ? -r.n : r.n;
  const scaled = n * 10n ** BigInt(prec);
  let q = scaled / r.d;
  const rem = (scaled % r.d) * 2n;
  if (rem > r.d || (rem === r.d && q % 2n === 1n)) q += 1n;
  const digits = q.toString().padStart(prec + 1, "0");
  return prec === 0
    ? digits
    : `${digits.slice(0, digits.length - prec)}.${digits.slice(digits.length - prec)}`;
}

function formatFloat(v: HclValue, spec: Spec): string {
  const exact = asNumber(v, `value for %${spec.verb}`);
  const n = toDouble(exact);
  const abs = Math.abs(n);
  let body: string;
  const lower = spec.verb.toLowerCase();
  if (lower === "f") body = fixed(exact, spec.prec ?? 6);
  else if (lower === "e") body = abs.toExponential(spec.prec ?? 6).replace(/e([+-])(\d)$/, "e$10$2");
  else body = spec.prec === undefined ? shortestG(abs) : goG(abs, spec.prec);
  if (spec.verb === "E" || spec.verb === "G") body = body.toUpperCase();
  return pad(signed(body, n < 0 || Object.is(n, -0), spec), spec, true);
}

function goG(abs: number, prec: number): string {
  const p = prec === 0 ? 1 : prec;
  const exp = abs === 0 ? 0 : Math.floor(Math.log10(abs));
  if (exp < -4 || exp >= p)
    return abs
      .toExponential(p - 1)
      .replace(/\.?0+e/, "e")
      .replace(/e([+-])(\d)$/, "e$10$2");
  return String(Number(abs.toPrecision(p)));
}

function shortestG(abs: number): string {
  const exp = abs === 0 ? 0 : Math.floor(Math.log10(abs));
  if (exp < -4 || exp >= 21) return abs.toExponential().replace(/e([+-])(\d)$/, "e$10$2");
  return numberToString(abs);
}

function formatOne(v: HclValue, spec: Spec): string {
  switch (spec.verb) {
    case "v":
      if (spec.flags.includes("#")) return pad(jsonEncode(v), spec, false);
      if (v === null) return pad("null", spec, false);
      if (v instanceof HclSeq || (typeof v === "object" && !isNumber(v)))
        return pad(jsonEncode(v), spec, false);
      return pad(asString(v, "value"), spec, false);
    case "t":
      return pad(asBool(v, "value for %t") ? "true" : "false", spec, false);
    case "s": {
      let s = asString(v, "value for %s");
      if (spec.prec !== undefined) s = [...s].slice(0, spec.prec).join("");
      return pad(s, spec, false);
    }
    case "q":
      return pad(jsonEncode(asString(v, "value for %q")), spec, false);
    case "d":
    case "b":
    case "o":
    case "x":
    case "X":
      return formatInt(v, spec);
    case "e":
    case "E":
    case "f":
    case "F":
    case "g":
    case "G":
      return formatFloat(v, spec);
    default:
      return fail("HCL_FUNCTION", `unsupported format verb %${spec.verb}`);
  }
}

/** Formats `args` per `fmt` with cty's rules. */
export function formatString(fmt: string, args: readonly HclValue[]): string {
  const re = /%([-+# 0]*)(?:\[(\d+)\])?(\d+)?(?:\.(\d*))?([a-zA-Z%])?/gy;
  let out = "";
  let next = 0;
  let i = 0;
  while (i < fmt.length) {
    const pct = fmt.indexOf("%", i);
    if (pct < 0) {
      out += fmt.slice(i);
      break;
    }
    out += fmt.slice(i, pct);
    re.lastIndex = pct;
    const m = re.exec(fmt);
    const verb = m?.[5];
    if (m === null || verb === undefined)
      return fail("HCL_FUNCTION", `invalid format string at offset ${pct}: missing verb`);
    i = re.lastIndex;
    if (verb === "%") {
      out += "%";
      continue;
    }
    if (m[2] !== undefined) next = Number(m[2]) - 1;
    if (next >= args.length)
      return fail(
        "HCL_FUNCTION",
        `not enough arguments for ${JSON.stringify(fmt.slice(pct, i))} at ${pct}: need index ${next + 1} but have ${args.length} total`,
      );
    const spec: Spec = {
      flags: m[1] ?? "",
      width: m[3] === undefined ? undefined : Number(m[3]),
      prec: m[4] === undefined ? undefined : Number(m[4] || "0"),
      verb,
    };
    const v = args[next] ?? null;
    if (v === null && verb !== "v")
      return fail(
        "HCL_FUNCTION",
        `unsupported value for "%${verb}" at ${pct}: null value cannot be formatted`,
      );
    const want = "dbBoxXeEfFgG".includes(verb)
      ? "number"
      : verb === "t"
        ? "bool"
        : "sq".includes(verb)
          ? "string"
          : undefined;
    const bad = want === undefined ? undefined : conversionError(v, want);
    if (bad !== undefined)
      return fail(
        "HCL_FUNCTION",
        `unsupported value for ${JSON.stringify(fmt.slice(pct, i))} at ${pct}: ${bad}`,
      );
    out += formatOne(v, spec);
    next++;
  }
  if (next < args.length)
    return fail("HCL_FUNCTION", `too many arguments; only ${next} used by format string`);
  return out;
}

function formatlist(args: readonly HclValue[]): HclValue {
  arity(args, 1, Infinity);
  const fmt = asString(arg(args, 0), "format");
  const rest = args.slice(1);
  let n: number | undefined;
  for (const a of rest) {
    if (a instanceof HclSeq) {
      if (n !== undefined && n !== a.items.length)
        return fail("HCL_FUNCTION", `argument lists have mismatched lengths (${n} and ${a.items.length})`);
      n = a.items.length;
    }
  }
  const count = n ?? 1;
  const rows: HclValue[] = [];
  for (let i = 0; i < count; i++)
    rows.push(
      formatString(
        fmt,
        rest.map((a) => (a instanceof HclSeq ? (asSeq(a, "list")[i] ?? null) : a)),
      ),
    );
  return list(rows);
}

/** Format functions by name. */
export const FORMAT_FUNCTIONS: ReadonlyMap<string, HclFunction> = new Map<string, HclFunction>([
  [
    "format",
    (args) => (arity(args, 1, Infinity), formatString(asString(arg(args, 0), "format"), args.slice(1))),
  ],
  ["formatlist", formatlist],
]);
