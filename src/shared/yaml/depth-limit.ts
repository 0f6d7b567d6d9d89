/**
 * go-yaml's nesting limit. libyaml (as ported by go-yaml v2 and v3) refuses more than 10000
 * nested flow collections or block indentation levels with `yaml: exceeded max depth of
 * 10000`; the `yaml` package we parse with recurses per level and would exhaust the
 * JavaScript stack instead. This pre-scan estimates both nesting measures the way the
 * libyaml scanner grows them, so hostile input fails fast with Go's message.
 */

/** libyaml's `max_flow_level` and `max_indents`. */
export const GO_YAML_MAX_DEPTH = 10000;

/** Where the limit was crossed: 1-based line of the offending token. */
export interface DepthExceeded {
  readonly line: number;
  /** Go's text: `exceeded max depth of 10000`, prefixed by `line N: ` past the first line. */
  readonly message: string;
}

function exceeded(line: number): DepthExceeded {
  const where = line > 1 ? `line ${line}: ` : "";
  return { line, message: `yaml: ${where}exceeded max depth of ${GO_YAML_MAX_DEPTH}` };
}

function isBlank(c: string | undefined): boolean {
  return c === undefined || c === " " || c === "\t" || c === "\n" || c === "\r";
}

/** Scanner state shared by the per-character steps. */
interface ScanState {
  flow: number;
  quote: string;
  indents: number[];
  line: number;
  /** Column of the current character. */
  col: number;
  /** True while only indentation, `- ` and `? ` indicators were seen on this line. */
  atTokenStart: boolean;
}

/** Pushes a block level when a block token starts right of the current indentation. */
function rollIndent(st: ScanState, column: number): boolean {
  const top = st.indents[st.indents.length - 1] ?? -1;
  if (st.flow > 0 || column <= top) return false;
  st.indents.push(column);
  return st.indents.length > GO_YAML_MAX_DEPTH;
}

function newLine(st: ScanState, text: string, i: number): void {
  st.line++;
  st.col = 0;
  st.atTokenStart = true;
  if (st.flow > 0) return;
  let j = i + 1;
  while (text[j] === " ") j++;
  // Blank and comment-only lines do not unroll the indentation.
  if (text[j] === "\n" || text[j] === "#" || j >= text.length) return;
  const col = j - i - 1;
  while (st.indents.length > 0 && (st.indents[st.indents.length - 1] as number) > col) st.indents.pop();
}

/**
 * Returns where `text` nests deeper than go-yaml allows, or undefined. Quoted scalars and
 * comments are skipped; block scalars are not recognised (their text cannot reach the
 * limit in any real document).
 */
export function findDepthExceeded(text: string): DepthExceeded | undefined {
  if (text.length <= GO_YAML_MAX_DEPTH || !mayExceed(text)) return undefined;
  const st: ScanState = { flow: 0, quote: "", indents: [], line: 1, col: 0, atTokenStart: true };
  for (let i = 0; i < text.length; i++, st.col++) {
    const c = text[i] as string;
    if (c === "\n") {
      newLine(st, text, i);
      st.col = -1;
      continue;
    }
    if (st.quote !== "") {
      if (c === st.quote) {
        if (c === "'" && text[i + 1] === "'") i++;
        else st.quote = "";
      } else if (c === "\\" && st.quote === '"') i++;
      continue;
    }
    const prev = text[i - 1];
    if (c === "#" && isBlank(prev)) {
      while (i + 1 < text.length && text[i + 1] !== "\n") i++;
      continue;
    }
    const tokenStart = st.flow > 0 || st.atTokenStart || isBlank(prev);
    if ((c === "[" || c === "{") && tokenStart) {
      st.flow++;
      st.atTokenStart = false;
      if (st.flow > GO_YAML_MAX_DEPTH) return exceeded(st.line);
    } else if ((c === "]" || c === "}") && st.flow > 0) st.flow--;
    else if ((c === '"' || c === "'") && tokenStart) st.quote = c;
    else if ((c === "-" || c === "?") && st.atTokenStart && isBlank(text[i + 1])) {
      if (rollIndent(st, st.col)) return exceeded(st.line);
    } else if (c === ":" && st.flow === 0 && isBlank(text[i + 1])) {
      st.atTokenStart = false;
    } else if (!isBlank(c) && st.atTokenStart) {
      // A plain scalar (possibly a mapping key) starts here.
      if (st.flow === 0 && looksLikeKey(text, i) && rollIndent(st, st.col)) return exceeded(st.line);
      st.atTokenStart = false;
    }
  }
  return undefined;
}

/**
 * A necessary condition of the scan below finding the limit crossed, checked with native string
 * searches (a chart's multi-megabyte manifest is scanned in milliseconds, not a second): a flow
 * level is entered only at a `[` or `{`, so more than the limit needs more of them than that; a
 * block level is pushed only at a column right of the level below it, so more than the limit
 * needs a token at a column past it, on a line longer than the limit.
 */
function mayExceed(text: string): boolean {
  let opens = 0;
  for (const c of ["[", "{"]) {
    for (let i = text.indexOf(c); i !== -1; i = text.indexOf(c, i + 1)) {
      if (++opens > GO_YAML_MAX_DEPTH) return true;
    }
  }
  for (let start = 0; start < text.length;) {
    const end = text.indexOf("\n", start);
    const stop = end === -1 ? text.length : end;
    if (stop - start > GO_YAML_MAX_DEPTH) return true;
    start = stop + 1;
  }
  return false;
}

/** True when the plain scalar at `i` is followed by `: ` (or `:` at the line end) on its line. */
function looksLikeKey(text: string, i: number): boolean {
  for (let j = i; j < text.length && text[j] !== "\n"; j++) {
    if (text[j] === ":" && isBlank(text[j + 1])) return true;
    if (text[j] === "#" && isBlank(text[j - 1])) return false;
  }
  return false;
}
