/** cty stdlib string functions helmfile registers. */
import { asInt, asSeq, asString } from "../convert";
import { fail } from "../hcl-errors";
import { list, type HclValue } from "../hcl-value";
import { arg, arity, graphemes, type HclFunction } from "./function-args";

const s = (args: readonly HclValue[], i: number, what = `argument ${i + 1}`): string =>
  asString(arg(args, i), what);

function unary(fn: (x: string) => string): HclFunction {
  return (args) => {
    arity(args, 1);
    return fn(s(args, 0, "str"));
  };
}

function escapeCutset(cutset: string): RegExp {
  const chars = [...cutset].map((c) => c.replace(/[\\\]^-]/g, "\\$&")).join("");
  return new RegExp(`^[${chars}]+|[${chars}]+$`, "gu");
}

/** Go's strings.Title: upper-case each letter that follows a separator (Go's isSeparator rule). */
function title(x: string): string {
  const isSeparator = (c: string): boolean => {
    if (c.length === 1 && c.charCodeAt(0) < 0x80) return !/[A-Za-z0-9_]/.test(c);
    return /\s/u.test(c);
  };
  let prev = " ";
  let out = "";
  for (const c of x) {
    out += isSeparator(prev) ? mapRunes(c, (r) => r.toUpperCase()) : c;
    prev = c;
  }
  return out;
}

/** Go maps case one code point at a time: a mapping that would change the length (ß → SS) is skipped. */
function mapRunes(x: string, fn: (r: string) => string): string {
  let out = "";
  for (const r of x) {
    const m = fn(r);
    out += [...m].length === 1 ? m : r;
  }
  return out;
}

function substr(args: readonly HclValue[]): HclValue {
  arity(args, 3);
  const chars = graphemes(s(args, 0, "str"));
  let offset = asInt(arg(args, 1), "offset");
  const length = asInt(arg(args, 2), "length");
  if (offset < 0) offset = Math.max(0, offset + chars.length);
  else if (length === 0) return "";
  if (offset > chars.length) return "";
  // As cty: a negative length, or zero after a negative offset, takes the rest of the string.
  if (length <= 0) return chars.slice(offset).join("");
  return chars.slice(offset, offset + length).join("");
}

function join(args: readonly HclValue[]): HclValue {
  arity(args, 2, Infinity);
  const sep = s(args, 0, "separator");
  const items: string[] = [];
  for (const l of args.slice(1)) {
    for (const v of asSeq(l, "lists")) {
      if (v === null) fail("HCL_FUNCTION", "invalid null value in the list to join");
      items.push(asString(v, "list element"));
    }
  }
  return items.join(sep);
}

function split(args: readonly HclValue[]): HclValue {
  arity(args, 2);
  const sep = s(args, 0, "separator");
  const str = s(args, 1, "str");
  return list(sep === "" ? [...str] : str.split(sep));
}

/** String functions by name. */
export const STRING_FUNCTIONS: ReadonlyMap<string, HclFunction> = new Map<string, HclFunction>([
  ["upper", unary((x) => mapRunes(x, (r) => r.toUpperCase()))],
  ["lower", unary((x) => mapRunes(x, (r) => r.toLowerCase()))],
  ["title", unary(title)],
  ["chomp", unary((x) => x.replace(/(?:\r\n|\r|\n)+$/, ""))],
  ["trimspace", unary((x) => x.replace(/^[\s\u0085]+|[\s\u0085]+$/gu, ""))],
  ["strrev", unary((x) => graphemes(x).reverse().join(""))],
  ["strlen", (args) => (arity(args, 1), BigInt(graphemes(s(args, 0, "str")).length))],
  [
    "trim",
    (args) => {
      arity(args, 2);
      const cut = s(args, 1, "cutset");
      return cut === "" ? s(args, 0, "str") : s(args, 0, "str").replace(escapeCutset(cut), "");
    },
  ],
  [
    "trimprefix",
    (args) => {
      arity(args, 2);
      const [str, p] = [s(args, 0, "str"), s(args, 1, "prefix")];
      return str.startsWith(p) ? str.slice(p.length) : str;
    },
  ],
  [
    "trimsuffix",
    (args) => {
      arity(args, 2);
      const [str, p] = [s(args, 0, "str"), s(args, 1, "suffix")];
      return p !== "" && str.endsWith(p) ? str.slice(0, str.length - p.length) : str;
    },
  ],
  [
    "indent",
    (args) => {
      arity(args, 2);
      const pad = " ".repeat(Math.max(0, asInt(arg(args, 0), "spaces")));
      return s(args, 1, "str").replace(/\n/g, `\n${pad}`);
    },
  ],
  ["substr", substr],
  ["join", join],
  ["split", split],
]);
