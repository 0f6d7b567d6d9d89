/**
 * libyaml's wording for the syntax errors users meet most, so messages read like
 * helmfile's and helm's (`yaml: line 1: did not find expected node content`). Errors
 * without a known counterpart keep the parser's own description.
 */
import { LoadError } from "../errors";

const RULES: ReadonlyArray<
  readonly [RegExp, (m: RegExpExecArray, source: string, offset: number) => string]
> = [
  [
    /^Flow (?:sequence|map) in block collection must be sufficiently indented and end with a ([\]}])/,
    (m, source, offset) => {
      // Right after the opening bracket libyaml is still looking for the first node.
      const before = source.slice(0, offset).trimEnd();
      return /[[{,]$/.test(before)
        ? "did not find expected node content"
        : `did not find expected ',' or '${m[1] ?? "]"}'`;
    },
  ],
  [
    /^Nested mappings are not allowed in compact mappings/,
    () => "mapping values are not allowed in this context",
  ],
  [/^Tabs are not allowed as indentation/, () => "found character that cannot start any token"],
  [/^Plain value cannot start with reserved character/, () => "found character that cannot start any token"],
  [/^Missing closing ["']quote/, () => "found unexpected end of stream"],
  [/^All mapping items must start at the same column/, () => "did not find expected key"],
  [/^Implicit keys need to be on a single line/, () => "could not find expected ':'"],
  [
    /^Unexpected block-seq-ind on same line with key/,
    () => "block sequence entries are not allowed in this context",
  ],
  [/^Invalid escape sequence/, () => "found unknown escape character"],
  [/^Unexpected scalar at node end/, () => "did not find expected key"],
];

/** The libyaml message for a parser message of the `yaml` package, or the message itself. */
export function libyamlMessage(message: string, source: string, offset: number): string {
  for (const [pattern, render] of RULES) {
    const m = pattern.exec(message);
    if (m !== null) return render(m, source, offset);
  }
  return message;
}

/** The innermost decode error a decode error wraps. */
export function innermost(err: LoadError): LoadError {
  let inner: LoadError = err;
  while (inner.cause instanceof LoadError) inner = inner.cause;
  return inner;
}

/**
 * A decode error of src/shared/yaml as go-yaml words it (`yaml: line N: …`), the text helm and
 * helmfile print after a file's name: syntax errors in libyaml's wording and line convention,
 * the others with go-yaml's `yaml: ` prefix.
 */
export function goYamlErrorText(err: LoadError, text: string): string {
  const inner = innermost(err);
  // A parse error of the `yaml` package underneath: libyaml's wording comes from its code.
  const cause = inner.cause as { code?: unknown; message?: unknown; pos?: unknown } | undefined;
  if (inner.code === "YAML_SYNTAX" && typeof cause?.code === "string" && typeof cause.message === "string") {
    const offset = Array.isArray(cause.pos) && typeof cause.pos[0] === "number" ? cause.pos[0] : undefined;
    return syntaxText(cause.code, cause.message, inner.line ?? 0, text, offset);
  }
  return inner.detail.startsWith("yaml: ") ? inner.detail : `yaml: ${inner.detail}`;
}

/** libyaml's scanner messages for the `yaml` package's error codes. */
const SCANNER_MESSAGES: Readonly<Record<string, string>> = {
  BLOCK_AS_IMPLICIT_KEY: "mapping values are not allowed in this context",
  TAB_AS_INDENT: "found character that cannot start any token",
  BAD_SCALAR_START: "found character that cannot start any token",
  MISSING_CHAR: "found unexpected end of stream",
  BAD_DQ_ESCAPE: "found unknown escape character",
  MULTILINE_IMPLICIT_KEY: "could not find expected ':'",
};

/**
 * Maps the `yaml` package's errors onto libyaml's wording and line convention: scanner errors
 * name the 1-based problem line, parser errors the 0-based one, and line 0 is never printed.
 */
function syntaxText(code: string, message: string, line: number, text: string, offset?: number): string {
  let scanner = message.includes("directives-end") ? undefined : SCANNER_MESSAGES[code];
  if (code === "UNEXPECTED_TOKEN" && message.includes("block-seq-ind on same line")) {
    scanner = "block sequence entries are not allowed in this context";
  }
  // A key without its ':' (libyaml: "while scanning a simple key"), not an unclosed quote.
  if (code === "MISSING_CHAR" && message.startsWith("Implicit map keys need to be followed by map values"))
    scanner = "could not find expected ':'";
  if (scanner !== undefined) {
    // libyaml notices a multi-line implicit key only on the line after it starts, and a mapping
    // value where it meets its ':' (the `yaml` package points at the scalar before).
    const problem =
      code === "BLOCK_AS_IMPLICIT_KEY" && offset !== undefined
        ? (colonLineAfter(text, offset) ?? line)
        : line;
    const at = code === "MULTILINE_IMPLICIT_KEY" ? line + 1 : problem > 1 ? problem : 0;
    return `yaml: ${at > 0 ? `line ${at}: ` : ""}${scanner}`;
  }
  const sequence = sequenceStartBefore(text, line);
  if (sequence !== undefined) {
    // A block sequence's entry that is not one: libyaml names the line the sequence starts on
    // (0-based), or the problem's when that is the first.
    const at = sequence > 0 ? sequence : line - 1;
    return `yaml: ${at > 0 ? `line ${at}: ` : ""}did not find expected '-' indicator`;
  }
  let parser = "did not find expected key";
  const flow =
    code === "BAD_INDENT" && message.startsWith("Flow sequence")
      ? "]"
      : code === "BAD_INDENT" && message.startsWith("Flow map")
        ? "}"
        : undefined;
  if (flow !== undefined) {
    // An unclosed flow collection: libyaml names the (0-based) line its bracket opens on, or,
    // when that is the first, the line of the token it met instead of the closing bracket.
    // A later line's `key: value` ends the (multi-line) entry with a mapping indicator.
    const open = offset === undefined ? undefined : openBracket(text, offset);
    const nextLine = open === undefined ? -1 : text.indexOf("\n", open.index);
    const colon = open === undefined || nextLine < 0 ? undefined : colonLineAfter(text, nextLine);
    const at =
      open !== undefined && open.line > 0
        ? open.line
        : colon !== undefined && colon - 1 < line - 1
          ? colon - 1
          : line - 1;
    return `yaml: ${at > 0 ? `line ${at}: ` : ""}did not find expected ',' or '${flow}'`;
  }
  if (message.includes("directives-end")) parser = "did not find expected <document start>";
  const at = line - 1;
  return `yaml: ${at > 0 ? `line ${at}: ` : ""}${parser}`;
}

/** The last bracket (`[`, `{`) still open at `offset`, outside quotes and comments: its 0-based line and index. */
function openBracket(text: string, offset: number): { line: number; index: number } | undefined {
  const open: Array<{ line: number; index: number }> = [];
  let line = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    const c = text[i];
    if (c === "\n") line++;
    else if (c === "#" && (i === 0 || /\s/.test(text[i - 1] as string))) {
      while (i + 1 < text.length && text[i + 1] !== "\n") i++;
    } else if (c === '"' || c === "'") {
      for (i++; i < text.length && text[i] !== c; i++) {
        if (text[i] === "\n") line++;
        if (c === '"' && text[i] === "\\") i++;
      }
    } else if (c === "[" || c === "{") open.push({ line, index: i });
    else if ((c === "]" || c === "}") && open.length > 0) open.pop();
  }
  return open[open.length - 1];
}

/** The 1-based line of the first mapping indicator (`:` before a space or the line's end) from `offset`. */
function colonLineAfter(text: string, offset: number): number | undefined {
  const re = /:(?=[ \t\r\n]|$)/g;
  re.lastIndex = offset;
  const m = re.exec(text);
  if (m === null) return undefined;
  return text.slice(0, m.index).split("\n").length;
}

const isContent = (l: string): boolean => !/^\s*(#.*)?$/.test(l);
const indentOf = (l: string): number => l.length - l.trimStart().length;

/**
 * When the content line `line` (1-based) follows block sequence entries (`- `) of its own
 * indentation: the 0-based line of the first entry of that sequence. Else undefined.
 */
function sequenceStartBefore(text: string, line: number): number | undefined {
  const lines = text.split("\n");
  const here = lines[line - 1];
  if (here === undefined || !isContent(here) || here.trimStart().startsWith("- ")) return undefined;
  const indent = indentOf(here);
  let start: number | undefined;
  for (let i = line - 2; i >= 0; i--) {
    const l = lines[i] as string;
    if (!isContent(l) || indentOf(l) > indent) continue;
    if (indentOf(l) < indent || !/^-( |$)/.test(l.trimStart())) break;
    start = i;
  }
  return start;
}
