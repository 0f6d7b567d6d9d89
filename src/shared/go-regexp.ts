/**
 * Go's `regexp` package for every stage (sprig's regex functions, HCL's `regex`, `regexall`
 * and `replace`): RE2 syntax and linear-time matching from `re2js` (a port of RE2/J, Go's
 * own parser messages), with Go's match iteration (`FindAll`, `ReplaceAll`, `Split`) and
 * `$name` expansion on top. Matching never backtracks, so `^(a+)+$` cannot hang.
 */
import { RE2JS, RE2JSException } from "re2js";

/** A compile error with Go's text (`error parsing regexp: …`). */
export class GoRegexpError extends Error {}

/** One match: `[whole, group1, …]` (undefined for a group that did not take part) and its start. */
export type GoMatch = Array<string | undefined> & { readonly index: number; readonly end: number };

/** A compiled Go regular expression. */
export class GoRegexp {
  /** Capture index of each group name. */
  readonly names: ReadonlyMap<string, number>;
  private constructor(private readonly re: RE2JS) {
    this.names = new Map(Object.entries(re.namedGroups()));
  }

  /** `regexp.Compile`; throws {@link GoRegexpError} with Go's message. */
  static compile(pattern: string): GoRegexp {
    const hit = cache.get(pattern);
    if (hit !== undefined) return hit;
    let re: RE2JS;
    try {
      re = RE2JS.compile(pattern);
    } catch (e) {
      if (e instanceof RE2JSException) throw new GoRegexpError(e.message);
      throw e;
    }
    const out = new GoRegexp(re);
    if (cache.size > 500) cache.clear();
    cache.set(pattern, out);
    return out;
  }

  /** Number of capture groups. */
  get groupCount(): number {
    return this.re.groupCount();
  }

  /** The leftmost match starting at or after `pos` (UTF-16 index), or null. */
  matchFrom(s: string, pos: number): GoMatch | null {
    const m = this.re.matcher(s);
    if (!m.find(pos)) return null;
    const groups: Array<string | undefined> = [];
    for (let g = 0; g <= m.groupCount(); g++) {
      const text = m.group(g);
      groups.push(text ?? undefined);
    }
    return Object.assign(groups, { index: m.start(), end: m.end() });
  }

  /** `MatchString`. */
  test(s: string): boolean {
    return this.re.matcher(s).find();
  }
}

const cache = new Map<string, GoRegexp>();

/** Go's `regexp.MustCompile` panic text, used by sprig's non-must functions. */
export function mustCompileMessage(pattern: string, err: Error): string {
  const q = /^[^`\p{Cc}]*$/u.test(pattern) ? `\`${pattern}\`` : JSON.stringify(pattern);
  return `regexp: Compile(${q}): ${err.message}`;
}

function width(s: string, i: number): number {
  if (i >= s.length) return 1;
  const c = s.codePointAt(i) ?? 0;
  return c > 0xffff ? 2 : 1;
}

/** Go's `FindAll…` iteration: at most `n` matches (all when n < 0), skipping empty matches that abut the previous one. */
export function findAllGo(re: GoRegexp, s: string, n: number): GoMatch[] {
  const out: GoMatch[] = [];
  let pos = 0;
  let prevEnd = -1;
  while ((n < 0 || out.length < n) && pos <= s.length) {
    const m = re.matchFrom(s, pos);
    if (m === null) break;
    let accept = true;
    if (m.end === pos) {
      if (m.index === prevEnd) accept = false;
      pos += width(s, pos);
    } else pos = m.end;
    prevEnd = m.end;
    if (accept) out.push(m);
  }
  return out;
}

/** Go's `ReplaceAllString` / `ReplaceAllLiteralString`. */
export function replaceAllGo(re: GoRegexp, s: string, repl: (m: GoMatch) => string): string {
  let out = "";
  let lastEnd = 0;
  let search = 0;
  while (search <= s.length) {
    const m = re.matchFrom(s, search);
    if (m === null) break;
    out += s.slice(lastEnd, m.index);
    if (m.end > lastEnd || m.index === 0) out += repl(m);
    lastEnd = m.end;
    const w = width(s, search);
    if (search + w > m.end) search += w;
    else if (search + 1 > m.end) search++;
    else search = m.end;
  }
  return out + s.slice(lastEnd);
}

/** Go's `Regexp.Expand` template: `$1`, `${1}`, `$name`, `${name}`, `$$`. */
export function expandGo(
  template: string,
  m: GoMatch,
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

function groupValue(m: GoMatch, name: string, names: ReadonlyMap<string, number>): string {
  if (/^[0-9]+$/.test(name)) return m[Number(name)] ?? "";
  const idx = names.get(name);
  return idx === undefined ? "" : (m[idx] ?? "");
}

/** Go's `Regexp.Split(s, n)`. */
export function splitGo(re: GoRegexp, pattern: string, s: string, n: number): string[] {
  if (n === 0) return [];
  if (pattern.length > 0 && s.length === 0) return [""];
  const matches = findAllGo(re, s, n);
  const out: string[] = [];
  let beg = 0;
  let end = 0;
  for (const m of matches) {
    if (n > 0 && out.length === n - 1) break;
    end = m.index;
    if (m.end !== 0) out.push(s.slice(beg, end));
    beg = m.end;
  }
  if (end !== s.length) out.push(s.slice(beg));
  return out;
}

/** `regexp.QuoteMeta`. */
export function quoteMetaGo(s: string): string {
  return s.replace(/[\\.+*?()|[\]{}^$]/g, "\\$&");
}
