/**
 * RE2 syntax to JavaScript `u`-mode patterns. Flags (`i m s U`) are scoped like RE2's: a
 * leading `(?i)` maps to JavaScript's `i` flag; every other flag use is rewritten in place
 * (case variants in classes, explicit line anchors, `.` with or without newlines, swapped
 * greediness), since JavaScript here has no inline flag groups.
 */
/** A compile error carrying Go's message (`error parsing regexp: …`). */
export class GoRegexpError extends Error {}

type Ranges = ReadonlyArray<readonly [number, number]>;
const ch = (c: string): number => c.codePointAt(0) ?? 0;
const POSIX: Readonly<Record<string, Ranges>> = {
  alnum: [
    [ch("0"), ch("9")],
    [ch("A"), ch("Z")],
    [ch("a"), ch("z")],
  ],
  alpha: [
    [ch("A"), ch("Z")],
    [ch("a"), ch("z")],
  ],
  ascii: [[0, 0x7f]],
  blank: [
    [9, 9],
    [32, 32],
  ],
  cntrl: [
    [0, 0x1f],
    [0x7f, 0x7f],
  ],
  digit: [[ch("0"), ch("9")]],
  graph: [[ch("!"), ch("~")]],
  lower: [[ch("a"), ch("z")]],
  print: [[ch(" "), ch("~")]],
  punct: [
    [ch("!"), ch("/")],
    [ch(":"), ch("@")],
    [ch("["), ch("`")],
    [ch("{"), ch("~")],
  ],
  space: [
    [9, 13],
    [32, 32],
  ],
  upper: [[ch("A"), ch("Z")]],
  word: [
    [ch("0"), ch("9")],
    [ch("A"), ch("Z")],
    [ch("_"), ch("_")],
    [ch("a"), ch("z")],
  ],
  xdigit: [
    [ch("0"), ch("9")],
    [ch("A"), ch("F")],
    [ch("a"), ch("f")],
  ],
};
// Go's \s is ASCII-only: \t \n \f \r and space.
const GO_SPACE_RANGES: Ranges = [
  [9, 10],
  [12, 13],
  [32, 32],
];

/** Class-body text for code point ranges, optionally complemented over all of Unicode. */
function rangesText(ranges: Ranges, negate: boolean): string {
  let rs = ranges;
  if (negate) {
    const out: [number, number][] = [];
    let next = 0;
    for (const [lo, hi] of [...ranges].sort((x, y) => x[0] - y[0])) {
      if (lo > next) out.push([next, lo - 1]);
      next = Math.max(next, hi + 1);
    }
    if (next <= 0x10ffff) out.push([next, 0x10ffff]);
    rs = out;
  }
  const u = (n: number): string => `\\u{${n.toString(16)}}`;
  return rs.map(([lo, hi]) => (lo === hi ? u(lo) : `${u(lo)}-${u(hi)}`)).join("");
}

export function fail(what: string, arg: string): never {
  throw new GoRegexpError(`error parsing regexp: ${what}: \`${arg}\``);
}

export function hexEscape(ch: string): string {
  return `\\u{${(ch.codePointAt(0) ?? 0).toString(16)}}`;
}

export interface Translation {
  source: string;
  flags: string;
  /** Capture-group index of each group name (the first group when a name repeats, as in Go). */
  names: Map<string, number>;
}

/** Translates one escape sequence starting at `pattern[i] === "\\"`; returns [js, length]. */
function translateEscape(pattern: string, i: number, inClass: boolean): [string, number] {
  const c = pattern[i + 1];
  if (c === undefined) fail("trailing backslash at end of expression", "");
  if (/[1-9]/.test(c)) fail("invalid escape sequence", `\\${c}`);
  if (c === "z") return [inClass ? fail("invalid escape sequence", "\\z") : "(?![\\s\\S])", 2];
  if (c === "A") return [inClass ? fail("invalid escape sequence", "\\A") : "(?<![\\s\\S])", 2];
  if (c === "s" || c === "S") {
    const body = rangesText(GO_SPACE_RANGES, c === "S");
    return [inClass ? body : `[${body}]`, 2];
  }
  if ("dDwWbBtnrfv".includes(c)) return [`\\${c}`, 2];
  if (c === "a") return ["\\x07", 2];
  if (c === "0") {
    const m = /^[0-7]{0,2}/.exec(pattern.slice(i + 2));
    const oct = `0${m?.[0] ?? ""}`;
    return [hexEscape(String.fromCodePoint(parseInt(oct, 8))), 2 + (m?.[0].length ?? 0)];
  }
  if (c === "x") {
    const brace = /^\{([0-9a-fA-F]+)\}/.exec(pattern.slice(i + 2));
    if (brace !== null) return [`\\u{${brace[1]}}`, 2 + brace[0].length];
    const two = /^[0-9a-fA-F]{2}/.exec(pattern.slice(i + 2));
    if (two === null) fail("invalid escape sequence", pattern.slice(i, i + 4));
    return [`\\x${two[0]}`, 4];
  }
  if (c === "p" || c === "P") {
    const m = /^\{(\^?)([A-Za-z_]+)\}|^([A-Za-z])/.exec(pattern.slice(i + 2));
    if (m === null) fail("invalid character class range", pattern.slice(i, i + 3));
    const neg = (m[1] === "^") !== (c === "P");
    const name = m[2] ?? m[3] ?? "";
    const prop = name === "Any" ? "Any" : /^[A-Z][a-z]?$/.test(name) ? name : `Script=${name}`;
    return [`\\${neg ? "P" : "p"}{${prop}}`, 2 + m[0].length];
  }
  if (c === "Q") {
    const end = pattern.indexOf("\\E", i + 2);
    const lit = end < 0 ? pattern.slice(i + 2) : pattern.slice(i + 2, end);
    return [[...lit].map(hexEscape).join(""), end < 0 ? pattern.length - i : end + 2 - i];
  }
  if (/[A-Za-z0-9]/.test(c)) fail("invalid escape sequence", `\\${c}`);
  return [hexEscape(c), 2];
}

/** The flags in force at one point of the pattern. */
interface Flags {
  i: boolean;
  m: boolean;
  s: boolean;
  U: boolean;
}

function applyFlags(base: Flags, spec: string): Flags {
  const [on = "", off = ""] = spec.split("-");
  const out = { ...base };
  for (const f of on) out[f as keyof Flags] = true;
  for (const f of off) out[f as keyof Flags] = false;
  return out;
}

/** Both cases of a letter (Go's simple folding, with the Kelvin sign and long s). */
function caseVariants(c: string): string[] {
  const set = new Set([c]);
  for (const v of [c.toLowerCase(), c.toUpperCase()]) if ([...v].length === 1) set.add(v);
  if (set.has("k")) set.add("\u212a");
  if (set.has("s")) set.add("\u017f");
  return [...set];
}

function foldLiteral(c: string, fold: boolean): string {
  if (!fold) return c;
  const vs = caseVariants(c);
  return vs.length === 1 ? c : `[${vs.join("")}]`;
}

function classRange(a: string, b: string, fold: boolean, text: string): string {
  if ((b.codePointAt(0) ?? 0) < (a.codePointAt(0) ?? 0)) fail("invalid character class range", text);
  const esc = (c: string): string => (/[A-Za-z0-9]/.test(c) ? c : hexEscape(c));
  let out = `${esc(a)}-${esc(b)}`;
  if (fold) {
    for (const f of [(c: string) => c.toLowerCase(), (c: string) => c.toUpperCase()]) {
      const [x, y] = [f(a), f(b)];
      if ([...x].length === 1 && [...y].length === 1 && x <= y && (x !== a || y !== b))
        out += `${esc(x)}-${esc(y)}`;
    }
  }
  return out;
}

/** A literal character or single-character escape at `i`: its code point and length. */
function singleCodePoint(pattern: string, i: number): [number, number] | undefined {
  const c = pattern.codePointAt(i) ?? 0;
  if (pattern[i] !== "\\") return [c, String.fromCodePoint(c).length];
  const e = pattern[i + 1] ?? "";
  const named: Record<string, number> = { a: 7, f: 12, t: 9, n: 10, r: 13, v: 11 };
  if (named[e] !== undefined) return [named[e], 2];
  const hex = /^x(?:\{([0-9a-fA-F]+)\}|([0-9a-fA-F]{2}))/.exec(pattern.slice(i + 1));
  if (hex !== null) return [parseInt(hex[1] ?? hex[2] ?? "0", 16), 1 + hex[0].length];
  const oct = /^0[0-7]{0,2}/.exec(pattern.slice(i + 1));
  if (oct !== null) return [parseInt(oct[0], 8), 1 + oct[0].length];
  if (e !== "" && !/[A-Za-z0-9]/.test(e)) return [e.codePointAt(0) ?? 0, 2];
  return undefined;
}

function classAtom(pattern: string, i: number, fold: boolean): [string, number] {
  const posix = /^\[:(\^?)([a-z]+):\]/.exec(pattern.slice(i));
  if (posix !== null) {
    const set = POSIX[posix[2] ?? ""];
    if (set === undefined) fail("invalid character class range", posix[0]);
    return [rangesText(set, posix[1] === "^"), posix[0].length];
  }
  const lo = singleCodePoint(pattern, i);
  if (lo === undefined) return translateEscape(pattern, i, true);
  const dash = i + lo[1];
  if (pattern[dash] === "-" && pattern[dash + 1] !== undefined && pattern[dash + 1] !== "]") {
    const hi = singleCodePoint(pattern, dash + 1);
    if (hi !== undefined) {
      const [a, b] = [String.fromCodePoint(lo[0]), String.fromCodePoint(hi[0])];
      return [classRange(a, b, fold, pattern.slice(i, dash + 1 + hi[1])), dash + 1 + hi[1] - i];
    }
  }
  const c = String.fromCodePoint(lo[0]);
  const lits = fold ? caseVariants(c) : [c];
  return [lits.map((x) => (/[A-Za-z0-9 ]/.test(x) ? x : hexEscape(x))).join(""), lo[1]];
}

function translateClass(pattern: string, start: number, fold: boolean): [string, number] {
  let out = "[";
  let i = start + 1;
  if (pattern[i] === "^") {
    out += "^";
    i++;
  }
  let first = true;
  while (i < pattern.length) {
    if (pattern[i] === "]" && !first) return [`${out}]`, i + 1 - start];
    first = false;
    const [js, n] = classAtom(pattern, i, fold);
    out += js;
    i += n;
  }
  return fail("missing closing ]", pattern.slice(start));
}

/** Translation state: the flag scopes, capture numbering and output so far. */
class Translator {
  readonly stack: Flags[] = [];
  readonly names = new Map<string, number>();
  groups = 0;
  cur: Flags = { i: false, m: false, s: false, U: false };
  out = "";
  constructor(
    readonly pattern: string,
    readonly nativeI: boolean,
  ) {}

  /** Handles `(` at `i`; returns the number of pattern characters consumed. */
  openGroup(i: number): number {
    const rest = this.pattern.slice(i);
    const named = /^\(\?P?<([A-Za-z0-9_]+)>/.exec(rest);
    const fl = /^\(\?([imsU]*(?:-[imsU]*)?)(:|\))/.exec(rest);
    if (fl !== null && fl[2] === ")") {
      this.cur = applyFlags(this.cur, fl[1] ?? "");
      return fl[0].length;
    }
    if (fl === null && named === null && rest.startsWith("(?"))
      fail("invalid or unsupported Perl syntax", rest.slice(0, 3));
    this.stack.push(this.cur);
    if (fl !== null) {
      this.cur = applyFlags(this.cur, fl[1] ?? "");
      this.out += "(?:";
      return fl[0].length;
    }
    this.groups++;
    const name = named?.[1];
    if (name !== undefined && !this.names.has(name)) this.names.set(name, this.groups);
    // Plain captures: Go allows names JavaScript refuses (duplicates, leading digits).
    this.out += "(";
    return named === null ? 1 : named[0].length;
  }

  closeGroup(): void {
    const prev = this.stack.pop();
    if (prev === undefined) fail("unexpected )", this.pattern);
    this.cur = prev;
    this.out += ")";
  }

  /** Handles a quantifier at `i`, or returns 0 when there is none. */
  quantifier(i: number): number {
    const ch = this.pattern[i];
    const brace = ch === "{" ? /^\{[0-9]+(,[0-9]*)?\}/.exec(this.pattern.slice(i)) : null;
    if (ch !== "*" && ch !== "+" && ch !== "?" && brace === null) return 0;
    const q = brace?.[0] ?? (ch as string);
    const marked = this.pattern[i + q.length] === "?";
    // RE2's U flag swaps greedy and lazy.
    this.out += q + (marked !== this.cur.U ? "?" : "");
    return q.length + (marked ? 1 : 0);
  }

  /** Translates the atom at `i`; returns the number of pattern characters consumed. */
  atom(i: number): number {
    const ch = String.fromCodePoint(this.pattern.codePointAt(i) ?? 0);
    const fold = this.cur.i && !this.nativeI;
    if (ch === "\\") {
      const [js, n] = translateEscape(this.pattern, i, false);
      const lit = /^\\u\{([0-9a-f]+)\}$/.exec(js);
      this.out +=
        fold && lit !== null ? foldLiteral(String.fromCodePoint(parseInt(lit[1] ?? "0", 16)), true) : js;
      return n;
    }
    if (ch === "[") {
      const [js, n] = translateClass(this.pattern, i, fold);
      this.out += js;
      return n;
    }
    if (ch === ".") this.out += this.cur.s ? "[\\s\\S]" : "[^\\n]";
    else if ((ch === "^" || ch === "$") && this.cur.m) this.out += ch === "^" ? "(?<![^\\n])" : "(?![^\\n])";
    else if ("/]}{".includes(ch)) this.out += hexEscape(ch);
    else this.out += ch === "^" || ch === "$" ? ch : foldLiteral(ch, fold);
    return ch.length;
  }
}

/** Translates RE2 syntax to a JavaScript `u`-mode pattern plus flags. */
export function translateGoRegexp(pattern: string): Translation {
  // A flag group at the very start that sets `i` for the whole pattern can use JavaScript's flag.
  const lead = /^\(\?([imsU]*i[imsU]*)\)/.exec(pattern);
  const nativeI = lead !== null && !/\(\?[imsU]*-[msU]*i/.test(pattern.slice(lead[0].length));
  const t = new Translator(pattern, nativeI);
  for (let i = 0; i < pattern.length;) {
    if (pattern[i] === "(") i += t.openGroup(i);
    else if (pattern[i] === ")") {
      t.closeGroup();
      i++;
    } else i += t.quantifier(i) || t.atom(i);
  }
  if (t.stack.length > 0) fail("missing closing )", pattern);
  checkRepeats(pattern);
  return { source: t.out, flags: nativeI ? "ui" : "u", names: t.names };
}

function checkRepeats(pattern: string): void {
  const stripped = pattern
    .replace(/\\Q[\s\S]*?(\\E|$)/g, "x")
    .replace(/\\[pPx]\{[^}]*\}/g, "x")
    .replace(/\\./g, "x")
    .replace(/\[[^\]]*\]/g, "x")
    .replace(/\(\?(P?<[A-Za-z0-9_]+>|[imsU-]*:?)/g, "(")
    .replace(/\(\)/g, "(");
  const bad = /(^|[(|])([*+?])/.exec(stripped);
  if (bad !== null) fail("missing argument to repetition operator", bad[2] ?? "*");
  const nested = /([*+?]|\})([*+]|\{[0-9])/.exec(stripped.replace(/([*+?}])\?/g, "$1"));
  if (nested !== null) fail("invalid nested repetition operator", nested[0]);
  for (const m of stripped.matchAll(/\{([0-9]+)(,([0-9]*))?\}/g)) {
    const lo = Number(m[1]);
    const hi = m[3] === undefined || m[3] === "" ? lo : Number(m[3]);
    if (lo > 1000 || hi > 1000 || (m[3] !== undefined && m[3] !== "" && hi < lo))
      fail("invalid repeat count", m[0]);
  }
}
