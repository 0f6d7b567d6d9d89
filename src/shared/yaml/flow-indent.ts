/**
 * Multi-line flow collections whose continuation lines are not indented past their block
 * parent (`values: [` newline `a,` newline `]` at column 0). libyaml, and so go-yaml v2 and v3,
 * ignores indentation inside a flow collection (its scanner unrolls indentation only in the
 * block context: yaml_parser_unroll_indent returns early when flow_level > 0), while the YAML
 * 1.2 spec and the `yaml` package require such lines to be indented. The decoder retries a
 * document that failed that way with the continuation lines indented past the opening
 * bracket: inside a flow collection leading whitespace is only a separator (plain and
 * quoted multi-line scalars fold it away), so the values are unchanged.
 */

interface ScanState {
  /** Open `[`/`{` brackets of the current flow collection. */
  depth: number;
  /** Column the outermost open bracket sits at. */
  openColumn: number;
  /** Open quote inside (or outside) a flow collection, spanning lines. */
  quote: "" | "'" | '"';
  /** Indentation of the line that started a block scalar, or -1. */
  blockScalarParent: number;
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

/** Skips a quoted scalar from `i` (just after the opening quote); returns the index after it or -1 if open. */
function skipQuoted(line: string, i: number, quote: "'" | '"'): number {
  for (let j = i; j < line.length; j++) {
    const c = line[j];
    if (quote === '"' && c === "\\") {
      j++;
      continue;
    }
    if (c !== quote) continue;
    if (quote === "'" && line[j + 1] === "'") {
      j++;
      continue;
    }
    return j + 1;
  }
  return -1;
}

/** Scans flow content from `i`; returns the index where the collection closed, or -1. */
function scanFlow(line: string, i: number, st: ScanState): number {
  for (let j = i; j < line.length; j++) {
    const c = line[j];
    if (st.quote !== "") {
      const end = skipQuoted(line, j, st.quote);
      if (end < 0) return -1;
      st.quote = "";
      j = end - 1;
      continue;
    }
    if (c === "#" && (j === 0 || /\s/.test(line[j - 1] ?? ""))) return -1;
    if (c === '"' || c === "'") st.quote = c;
    else if (c === "[" || c === "{") st.depth++;
    else if (c === "]" || c === "}") {
      st.depth--;
      if (st.depth === 0) return j + 1;
    }
  }
  return -1;
}

/** Scans a line in the block context from `i`, entering a flow collection or a block scalar. */
function scanBlock(line: string, i: number, st: ScanState): void {
  let j = i;
  let nodeStart = true;
  while (j < line.length) {
    const c = line[j] as string;
    if (c === " " || c === "\t") {
      j++;
      continue;
    }
    if (c === "#" && (j === 0 || /\s/.test(line[j - 1] ?? ""))) return;
    if (nodeStart && (c === "-" || c === "?" || c === ":") && /[\s]|$/.test(line[j + 1] ?? "")) {
      j++;
      continue;
    }
    if (nodeStart && (c === "&" || c === "!")) {
      while (j < line.length && !/\s/.test(line[j] ?? "")) j++;
      continue;
    }
    if (nodeStart && (c === "[" || c === "{")) {
      st.depth = 1;
      st.openColumn = j;
      const end = scanFlow(line, j + 1, st);
      if (end < 0) return;
      j = end;
      nodeStart = false;
      continue;
    }
    if (nodeStart && (c === "|" || c === ">")) {
      st.blockScalarParent = indentOf(line);
      return;
    }
    if (c === '"' || c === "'") {
      const end = skipQuoted(line, j + 1, c);
      if (end < 0) {
        st.quote = c;
        return;
      }
      j = end;
      nodeStart = false;
      continue;
    }
    // A plain scalar: up to a mapping indicator `: ` (then a value node may follow) or a comment.
    const rest = line.slice(j);
    const m = /:(\s|$)| #/.exec(rest);
    if (m === null) return;
    if (m[0] === " #") return;
    j += m.index + 1;
    nodeStart = true;
  }
}

/**
 * Returns `text` with the continuation lines of multi-line flow collections indented past
 * their opening bracket, or undefined when no line needed it.
 */
export function indentFlowContinuations(text: string): string | undefined {
  const lines = text.split("\n");
  const st: ScanState = { depth: 0, openColumn: 0, quote: "", blockScalarParent: -1 };
  let changed = false;
  for (let n = 0; n < lines.length; n++) {
    let line = lines[n] as string;
    if (st.blockScalarParent >= 0) {
      if (line.trim() === "" || indentOf(line) > st.blockScalarParent) continue;
      st.blockScalarParent = -1;
    }
    if (st.depth > 0) {
      const need = st.openColumn + 1;
      if (line.trim() !== "" && indentOf(line) < need) {
        line = " ".repeat(need - indentOf(line)) + line.trimStart();
        lines[n] = line;
        changed = true;
      }
      const end = scanFlow(line, 0, st);
      if (end >= 0) scanBlock(line, end, st);
      continue;
    }
    if (st.quote !== "") {
      const end = skipQuoted(line, 0, st.quote);
      if (end < 0) continue;
      st.quote = "";
      scanBlock(line, end, st);
      continue;
    }
    if (/^(---|\.\.\.)(\s|$)/.test(line) || line.startsWith("%")) continue;
    scanBlock(line, 0, st);
  }
  return changed ? lines.join("\n") : undefined;
}
