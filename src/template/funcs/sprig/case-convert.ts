/**
 * Word-case conversions with the rules of huandu/xstrings v1.5 (sprig's `snakecase`,
 * `kebabcase`, `camelcase`) and Masterminds/goutils (`swapcase`, `untitle`, `initials`),
 * plus Go's `strings.Title`.
 */

const isSpace = (c: string): boolean => /^[\t\n\v\f\r \u0085\u00a0\p{Zs}\u2028\u2029]$/u.test(c);
const isConnector = (c: string): boolean => c === "-" || c === "_" || isSpace(c);
const isUpper = (c: string): boolean => /^\p{Lu}$/u.test(c);
const isLower = (c: string): boolean => /^\p{Ll}$/u.test(c);
const isTitleCase = (c: string): boolean => /^\p{Lt}$/u.test(c);
const isPunct = (c: string): boolean => /^\p{P}$/u.test(c);
const isNumber = (c: string): boolean => /^\p{N}$/u.test(c);
const isCJK = (cp: number): boolean =>
  (cp >= 0x4e00 && cp <= 0x9fcc) || (cp >= 0x3400 && cp <= 0x4d85) || (cp >= 0x20000 && cp <= 0x2b81d);
const isAlphabet = (c: string): boolean => /^\p{L}$/u.test(c) && !isCJK(c.codePointAt(0) ?? 0);

/** Go's `unicode.ToUpper` for one rune: single-rune mappings only (ß stays ß). */
export function runeUpper(c: string): string {
  const u = c.toUpperCase();
  return [...u].length === 1 ? u : c;
}
/** Go's `unicode.ToLower` for one rune. */
export function runeLower(c: string): string {
  // U+0130 has a one-rune simple mapping in Go but a two-rune full mapping in JavaScript.
  if (c === "\u0130") return "i";
  const l = c.toLowerCase();
  return [...l].length === 1 ? l : c;
}
/** Go's `unicode.ToTitle` for one rune (title case where it differs from upper, e.g. ǆ → ǅ). */
export function runeTitle(c: string): string {
  const titles: Record<string, string> = {
    "\u01c4": "\u01c5",
    "\u01c6": "\u01c5",
    "\u01c7": "\u01c8",
    "\u01c9": "\u01c8",
    "\u01ca": "\u01cb",
    "\u01cc": "\u01cb",
    "\u01f1": "\u01f2",
    "\u01f3": "\u01f2",
  };
  return titles[c] ?? runeUpper(c);
}

type WordType = "invalid" | "number" | "upper" | "alphabet" | "connector" | "punct" | "other";

function nextWord(runes: readonly string[], start: number): { wt: WordType; end: number } {
  const r = runes[start] as string;
  let i = start + 1;
  const run = (pred: (c: string) => boolean): void => {
    while (i < runes.length && pred(runes[i] as string)) i++;
  };
  if (isConnector(r)) {
    run(isConnector);
    return { wt: "connector", end: i };
  }
  if (isPunct(r)) {
    run(isPunct);
    return { wt: "punct", end: i };
  }
  if (isUpper(r)) {
    if (i >= runes.length) return { wt: "upper", end: i };
    const n = runes[i] as string;
    if (isUpper(n)) {
      run(isUpper);
      // "HTTPStatus" splits into "HTTP" and "Status": the last capital starts the next word.
      if (i < runes.length && isAlphabet(runes[i] as string)) i--;
    } else if (isAlphabet(n)) run((c) => isAlphabet(c) && !isUpper(c));
    return { wt: "upper", end: i };
  }
  if (isAlphabet(r)) {
    run((c) => isAlphabet(c) && !isUpper(c));
    return { wt: "alphabet", end: i };
  }
  if (isNumber(r)) {
    run(isNumber);
    return { wt: "number", end: i };
  }
  run((c) => !(isConnector(c) || isAlphabet(c) || isNumber(c) || isPunct(c)));
  return { wt: "other", end: i };
}

/** xstrings' camelCaseToLowerCase, the core of `snakecase` and `kebabcase`. */
export function toDelimitedLower(str: string, connector: string): string {
  const runes = [...str];
  if (runes.length === 0) return "";
  let out = "";
  const lower = (wt: WordType, word: string[]): void => {
    if (wt !== "upper" && wt !== "connector") {
      out += word.join("");
      return;
    }
    for (const c of word) out += isConnector(c) ? connector : isUpper(c) ? runeLower(c) : c;
  };
  let pos = 0;
  const take = (): { wt: WordType; word: string[] } => {
    if (pos >= runes.length) return { wt: "invalid", word: [] };
    const { wt, end } = nextWord(runes, pos);
    const word = runes.slice(pos, end);
    pos = end;
    return { wt, word };
  };
  let cur = take();
  while (pos < runes.length) {
    if (cur.wt !== "connector") lower(cur.wt, cur.word);
    const prev = cur;
    cur = take();
    if (prev.wt === "number") {
      while (cur.wt === "alphabet" || cur.wt === "number") {
        lower(cur.wt, cur.word);
        cur = take();
      }
      if (cur.wt !== "invalid" && cur.wt !== "punct" && cur.wt !== "connector") out += connector;
    } else if (prev.wt === "connector") {
      lower(prev.wt, prev.word);
    } else if (prev.wt !== "punct") {
      if (cur.wt !== "number") {
        if (cur.wt !== "connector" && cur.wt !== "punct") out += connector;
        continue;
      }
      if (pos >= runes.length) continue;
      const num = cur;
      cur = take();
      if (cur.wt !== "alphabet") {
        lower("number", num.word);
        if (cur.wt !== "connector" && cur.wt !== "punct") out += connector;
        continue;
      }
      out += connector;
      lower("number", num.word);
      while (cur.wt === "alphabet" || cur.wt === "number") {
        lower(cur.wt, cur.word);
        cur = take();
      }
      if (cur.wt !== "invalid" && cur.wt !== "connector" && cur.wt !== "punct") out += connector;
    }
  }
  lower(cur.wt, cur.word);
  return out;
}

/**
 * xstrings' ToPascalCase (sprig `camelcase`): drops connectors, upper-cases the rune after
 * each, and lower-cases the rest of an all-caps run (`HTTP_server` → `HttpServer`).
 */
export function toPascalCase(str: string): string {
  const runes = [...str];
  if (runes.length === 0) return "";
  let out = "";
  let i = 0;
  while (i < runes.length && isConnector(runes[i] as string)) out += runes[i++];
  // xstrings writes the last connector twice when the input is only connectors.
  if (i >= runes.length) return out + (runes[runes.length - 1] as string);
  let firstUpper = isUpper(runes[i] as string);
  let r0 = runeUpper(runes[i++] as string);
  for (; i < runes.length; i++) {
    const r1 = r0;
    r0 = runes[i] as string;
    if (isConnector(r0) && isConnector(r1)) {
      out += r1;
      continue;
    }
    if (isConnector(r1)) {
      firstUpper = isUpper(r0);
      r0 = runeUpper(r0);
    } else {
      if (firstUpper) {
        if (isUpper(r0)) r0 = runeLower(r0);
        else firstUpper = false;
      }
      out += r1;
    }
  }
  return out + r0;
}

/** goutils' SwapCase: upper → lower, lower → title after whitespace, else upper. */
export function swapCase(str: string): string {
  let ws = true;
  let out = "";
  for (const c of str) {
    if (isUpper(c) || isTitleCase(c)) {
      out += runeLower(c);
      ws = false;
    } else if (isLower(c)) {
      out += ws ? runeTitle(c) : runeUpper(c);
      ws = false;
    } else {
      out += c;
      ws = isSpace(c);
    }
  }
  return out;
}

/** goutils' Uncapitalize with whitespace delimiters (sprig `untitle`). */
export function uncapitalize(str: string): string {
  let next = true;
  let out = "";
  for (const c of str) {
    if (isSpace(c)) {
      next = true;
      out += c;
    } else if (next) {
      out += runeLower(c);
      next = false;
    } else out += c;
  }
  return out;
}

/** Go's `strings.Title`: upper-cases (title-cases) the first letter of each word. */
export function goTitle(str: string): string {
  let prev = " ";
  let out = "";
  for (const c of str) {
    out += isTitleSeparator(prev) ? runeTitle(c) : c;
    prev = c;
  }
  return out;
}

function isTitleSeparator(c: string): boolean {
  const cp = c.codePointAt(0) ?? 0;
  if (cp <= 0x7f) return !/[0-9A-Za-z_]/.test(c);
  if (/^[\p{L}\p{N}]$/u.test(c)) return false;
  return isSpace(c);
}

export { isSpace };
