/**
 * Go (RE2) regular expressions on top of JavaScript's engine: translates RE2 syntax that
 * JavaScript spells differently, refuses what RE2 refuses (lookaround, backreferences), and
 * reproduces Go's match iteration (`FindAll`, `ReplaceAll`, `Split`) and `$name` expansion.
 */
import { GoRegexpError, translateGoRegexp } from "./go-regexp-syntax";

export { GoRegexpError, translateGoRegexp };

const cache = new Map<string, RegExp>();
const groupNames = new WeakMap<RegExp, Map<string, number>>();

/** Capture index of each group name of a compiled pattern. */
export function namesOf(re: RegExp): ReadonlyMap<string, number> {
  return groupNames.get(re) ?? new Map();
}

/** Compiles a Go regexp to a global JavaScript RegExp; throws {@link GoRegexpError}. */
export function compileGoRegexp(pattern: string): RegExp {
  const hit = cache.get(pattern);
  if (hit !== undefined) return hit;
  const { source, flags, names } = translateGoRegexp(pattern);
  let re: RegExp;
  try {
    re = new RegExp(source, `${flags}g`);
  } catch (e) {
    throw new GoRegexpError(`error parsing regexp: ${(e as Error).message}: \`${pattern}\``);
  }
  if (cache.size > 500) cache.clear();
  cache.set(pattern, re);
  groupNames.set(re, names);
  return re;
}

/** Go's `regexp.MustCompile` panic text, used by sprig's non-must functions. */
export function mustCompileMessage(pattern: string, err: Error): string {
  const q = /^[^`\p{Cc}]*$/u.test(pattern) ? `\`${pattern}\`` : JSON.stringify(pattern);
  return `regexp: Compile(${q}): ${err.message}`;
}

/** Go's `FindAll…Index` iteration: at most `n` matches (all when n < 0), skipping empty matches that abut the previous one. */
export function findAllGo(re: RegExp, s: string, n: number): RegExpExecArray[] {
  const out: RegExpExecArray[] = [];
  let pos = 0;
  let prevEnd = -1;
  while ((n < 0 || out.length < n) && pos <= s.length) {
    re.lastIndex = pos;
    const m = re.exec(s);
    if (m === null) break;
    const end = m.index + m[0].length;
    let accept = true;
    if (end === pos) {
      if (m.index === prevEnd) accept = false;
      pos += width(s, pos);
    } else pos = end;
    prevEnd = end;
    if (accept) out.push(m);
  }
  return out;
}

function width(s: string, i: number): number {
  if (i >= s.length) return 1;
  const c = s.codePointAt(i) ?? 0;
  return c > 0xffff ? 2 : 1;
}

/** Go's `ReplaceAllString` / `ReplaceAllLiteralString`. */
export function replaceAllGo(re: RegExp, s: string, repl: (m: RegExpExecArray) => string): string {
  let out = "";
  let lastEnd = 0;
  let search = 0;
  while (search <= s.length) {
    re.lastIndex = search;
    const m = re.exec(s);
    if (m === null) break;
    const start = m.index;
    const end = start + m[0].length;
    out += s.slice(lastEnd, start);
    if (end > lastEnd || start === 0) out += repl(m);
    lastEnd = end;
    const w = width(s, search);
    if (search + w > end) search += w;
    else if (search + 1 > end) search++;
    else search = end;
  }
  return out + s.slice(lastEnd);
}

/** Go's `Regexp.Expand` template: `$1`, `${1}`, `$name`, `${name}`, `$$`. */
export function expandGo(
  template: string,
  m: RegExpExecArray,
  names: ReadonlyMap<string, number> = new Map(),
): string {
  let out = "";
  let i = 0;
  while (i < template.length) {
    const d = template.indexOf("$", i);
    if (d < 0) {
      out += template.slice(i);
      break;
    }
    out += template.slice(i, d);
    const rest = template.slice(d + 1);
    if (rest.startsWith("$")) {
      out += "$";
      i = d + 2;
      continue;
    }
    const ref = /^\{([A-Za-z0-9_]+)\}/.exec(rest) ?? /^([A-Za-z0-9_]+)/.exec(rest);
    if (ref === null) {
      out += "$";
      i = d + 1;
      continue;
    }
    out += groupValue(m, ref[1] ?? "", names);
    i = d + 1 + ref[0].length;
  }
  return out;
}

function groupValue(m: RegExpExecArray, name: string, names: ReadonlyMap<string, number>): string {
  if (/^[0-9]+$/.test(name)) return m[Number(name)] ?? "";
  const idx = names.get(name);
  return idx === undefined ? "" : (m[idx] ?? "");
}

/** Go's `Regexp.Split(s, n)`. */
export function splitGo(re: RegExp, pattern: string, s: string, n: number): string[] {
  if (n === 0) return [];
  if (pattern.length > 0 && s.length === 0) return [""];
  const matches = findAllGo(re, s, n);
  const out: string[] = [];
  let beg = 0;
  let end = 0;
  for (const m of matches) {
    if (n > 0 && out.length === n - 1) break;
    end = m.index;
    if (m.index + m[0].length !== 0) out.push(s.slice(beg, end));
    beg = m.index + m[0].length;
  }
  if (end !== s.length) out.push(s.slice(beg));
  return out;
}

/** `regexp.QuoteMeta`. */
export function quoteMetaGo(s: string): string {
  return s.replace(/[\\.+*?()|[\]{}^$]/g, "\\$&");
}
