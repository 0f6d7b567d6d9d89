/** sprig's string family: trimming, case, cutting (by bytes, like Go), quoting, splitting, wrapping. */
import { LIMIT_CODES, limitError } from "../../../shared/limits";
import { fn, FuncError, newGoMap, typedMap, typedSlice, type FuncSpec, type GoValue } from "../../types";
import { byteSlice, bytesAsRunes, toBytes } from "./bytes";
import {
  goTitle,
  isSpace,
  runeLower,
  runeUpper,
  swapCase,
  toDelimitedLower,
  toPascalCase,
  uncapitalize,
} from "./case-convert";
import { intArg, strArg } from "./cast";
import { formatV, strval } from "./format-v";
import { goQuote } from "../../../shared/go/quote";
import { strslice } from "./strslice";
import { wrapCustom } from "./wrap";

/** `strings.TrimSpace`. */
export function trimSpace(s: string): string {
  const cps = [...s];
  let a = 0;
  let b = cps.length;
  while (a < b && isSpace(cps[a] as string)) a++;
  while (b > a && isSpace(cps[b - 1] as string)) b--;
  return cps.slice(a, b).join("");
}

/** `strings.Trim(s, cutset)`. */
export function trimCutset(s: string, cutset: string): string {
  const set = new Set(cutset);
  const cps = [...s];
  let a = 0;
  let b = cps.length;
  while (a < b && set.has(cps[a] as string)) a++;
  while (b > a && set.has(cps[b - 1] as string)) b--;
  return cps.slice(a, b).join("");
}

/** `strings.Replace(src, old, new, -1)`, including Go's rule for an empty `old`. */
export function replaceAll(src: string, old: string, rep: string): string {
  if (old === "") return rep + [...src].map((c) => c + rep).join("");
  return src.split(old).join(rep);
}

/** `strings.Split` (an empty separator splits into runes). */
export function goSplit(s: string, sep: string, n = -1): string[] {
  if (n === 0) return [];
  if (sep === "") {
    const runes = [...s];
    if (n < 0 || n >= runes.length) return runes;
    return [...runes.slice(0, n - 1), runes.slice(n - 1).join("")];
  }
  const parts = s.split(sep);
  if (n < 0 || parts.length <= n) return parts;
  return [...parts.slice(0, n - 1), parts.slice(n - 1).join(sep)];
}

function indexMap(parts: string[]): GoValue {
  const m = newGoMap();
  parts.forEach((p, i) => (m[`_${i}`] = p));
  return typedMap(m, "string");
}

/** A generated string longer than the template output limit could never be written: refused before it is built. */
function checkSize(name: string, size: number, max: number | undefined): void {
  if (max === undefined || size <= max) return;
  throw limitError(
    LIMIT_CODES.outputSize,
    `${name} would produce ${size} characters, more than the template output limit of ${max} (limit outputSize)`,
  );
}

function indent(spaces: number, v: string, max?: number): string {
  if (spaces < 0) throw new FuncError("strings: negative Repeat count");
  let lines = 1;
  for (let i = v.indexOf("\n"); i >= 0; i = v.indexOf("\n", i + 1)) lines++;
  checkSize("indent", v.length + spaces * lines, max);
  const pad = " ".repeat(spaces);
  return pad + v.split("\n").join(`\n${pad}`);
}

function trunc(c: number, s: string): string {
  const len = toBytes(s).length;
  if (c < 0 && len + c > 0) return byteSlice(s, len + c);
  if (c >= 0 && len > c) return byteSlice(s, 0, c);
  return s;
}

function substring(start: number, end: number, s: string): string {
  const len = toBytes(s).length;
  try {
    if (start < 0) return byteSlice(s, undefined, end);
    if (end < 0 || end > len) return byteSlice(s, start);
    return byteSlice(s, start, end);
  } catch (e) {
    throw new FuncError((e as Error).message);
  }
}

/** goutils' AbbreviateFull on bytes (sprig `abbrev`, `abbrevboth`). */
function abbreviateFull(s: string, offset: number, maxWidth: number): string {
  const len = toBytes(s).length;
  if (s === "") return "";
  if (len <= maxWidth) return s;
  let off = Math.min(offset, len);
  if (len - off < maxWidth - 3) off = len - (maxWidth - 3);
  if (off <= 4) return `${byteSlice(s, 0, maxWidth - 3)}...`;
  if (off + maxWidth - 3 < len) return `...${abbreviateFull(byteSlice(s, off), 0, maxWidth - 3)}`;
  return `...${byteSlice(s, len - (maxWidth - 3))}`;
}

function byteWise(s: string, keep: (b: number) => boolean, firstOnly: boolean): string {
  const out: number[] = [];
  let gap = true;
  for (const b of toBytes(s)) {
    const space = isSpace(String.fromCharCode(b));
    if (firstOnly) {
      if (space) gap = true;
      else if (gap) {
        out.push(b);
        gap = false;
      }
    } else if (keep(b) && !space) out.push(b);
  }
  return bytesAsRunes(out);
}

function nospace(s: string): string {
  const b = toBytes(s);
  const kept = byteWise(s, () => true, false);
  // goutils returns the input untouched when it held no whitespace byte.
  return [...kept].length === b.length ? s : kept;
}

const s1 = (f: (s: string) => GoValue): FuncSpec => fn(["string"], ([a]) => f(strArg(a)));
const s2 = (f: (a: string, b: string) => GoValue): FuncSpec =>
  fn(["string", "string"], ([a, b]) => f(strArg(a), strArg(b)));
const mapRunes = (s: string, f: (c: string) => string): string =>
  [...s].map((c) => (c >= "\udc80" && c <= "\udcff" ? c : f(c))).join("");

/** The string functions. */
export function stringFuncs(): Map<string, FuncSpec> {
  return new Map<string, FuncSpec>([
    ["hello", fn([], () => "Hello!")],
    [
      "abbrev",
      fn(["int", "string"], ([w, s]) =>
        intArg(w) < 4 ? strArg(s) : abbreviateFull(strArg(s), 0, intArg(w)),
      ),
    ],
    [
      "abbrevboth",
      fn(["int", "int", "string"], ([l, r, s]) => {
        const left = intArg(l);
        const right = intArg(r);
        if (right < 4 || (left > 0 && right < 7)) return strArg(s);
        return abbreviateFull(strArg(s), left, right);
      }),
    ],
    ["trunc", fn(["int", "string"], ([c, s]) => trunc(intArg(c), strArg(s)))],
    ["trim", s1(trimSpace)],
    ["upper", s1((s) => mapRunes(s, runeUpper))],
    ["lower", s1((s) => mapRunes(s, runeLower))],
    ["title", s1(goTitle)],
    ["untitle", s1(uncapitalize)],
    ["substr", fn(["int", "int", "string"], ([a, b, s]) => substring(intArg(a), intArg(b), strArg(s)))],
    [
      "repeat",
      fn(["int", "string"], ([c, s], ctx) => {
        if (intArg(c) < 0) throw new FuncError("strings: negative Repeat count");
        checkSize("repeat", intArg(c) * strArg(s).length, ctx.maxOutput);
        return strArg(s).repeat(intArg(c));
      }),
    ],
    ["trimall", s2((a, b) => trimCutset(b, a))],
    ["trimAll", s2((a, b) => trimCutset(b, a))],
    ["trimSuffix", s2((a, b) => (a !== "" && b.endsWith(a) ? b.slice(0, b.length - a.length) : b))],
    ["trimPrefix", s2((a, b) => (a !== "" && b.startsWith(a) ? b.slice(a.length) : b))],
    ["nospace", s1(nospace)],
    ["initials", s1((s) => (s === "" ? "" : byteWise(s, () => true, true)))],
    ["swapcase", s1(swapCase)],
    ["snakecase", s1((s) => toDelimitedLower(s, "_"))],
    ["kebabcase", s1((s) => toDelimitedLower(s, "-"))],
    ["camelcase", s1(toPascalCase)],
    ["shuffle", s1(shuffle)],
    ["wrap", fn(["int", "string"], ([l, s]) => wrapCustom(strArg(s), intArg(l), "", false))],
    [
      "wrapWith",
      fn(["int", "string", "string"], ([l, sep, s]) => wrapCustom(strArg(s), intArg(l), strArg(sep), true)),
    ],
    ["contains", s2((sub, s) => s.includes(sub))],
    ["hasPrefix", s2((p, s) => s.startsWith(p))],
    ["hasSuffix", s2((p, s) => s.endsWith(p))],
    [
      "quote",
      fn(
        ["interface {}"],
        (args) =>
          args
            .filter((a) => a !== null)
            .map((a) => goQuote(strval(a)))
            .join(" "),
        true,
      ),
    ],
    [
      "squote",
      fn(
        ["interface {}"],
        (args) =>
          args
            .filter((a) => a !== null)
            .map((a) => `'${formatV(a)}'`)
            .join(" "),
        true,
      ),
    ],
    [
      "cat",
      fn(
        ["interface {}"],
        (args) =>
          args
            .filter((a) => a !== null)
            .map((a) => formatV(a))
            .join(" "),
        true,
      ),
    ],
    ["indent", fn(["int", "string"], ([n, s], ctx) => indent(intArg(n), strArg(s), ctx.maxOutput))],
    ["nindent", fn(["int", "string"], ([n, s], ctx) => `\n${indent(intArg(n), strArg(s), ctx.maxOutput)}`)],
    [
      "replace",
      fn(["string", "string", "string"], ([o, n, s]) => replaceAll(strArg(s), strArg(o), strArg(n))),
    ],
    [
      "plural",
      fn(["string", "string", "int"], ([one, many, c]) => (intArg(c) === 1 ? strArg(one) : strArg(many))),
    ],
    ["split", s2((sep, s) => indexMap(goSplit(s, sep)))],
    [
      "splitn",
      fn(["string", "int", "string"], ([sep, n, s]) => indexMap(goSplit(strArg(s), strArg(sep), intArg(n)))),
    ],
    ["splitList", s2((sep, s) => typedSlice(goSplit(s, sep), "string"))],
    ["join", fn(["string", "interface {}"], ([sep, v]) => strslice(v ?? null).join(strArg(sep)))],
  ]);
}

function shuffle(s: string): string {
  const r = [...s];
  for (let i = r.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [r[i], r[j]] = [r[j] as string, r[i] as string];
  }
  return r.join("");
}
