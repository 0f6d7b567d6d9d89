/**
 * Character-level scanner for HCL native syntax. Expression tokens are read one at a time;
 * template text (quoted strings, heredocs) is read by {@link HclScanner.scanTemplateText}
 * so the parser can nest expressions inside `${ }` to any depth.
 */
import { fail, type HclPos } from "./hcl-errors";
import { SourceCursor } from "./source-cursor";

/** Token kinds in expression/body mode. */
export type TokenKind = "ident" | "number" | "punct" | "oquote" | "heredoc" | "newline" | "eof";

/** One token. For `heredoc`, `text` is the marker and `flush` tells `<<-` apart. */
export interface Token {
  readonly kind: TokenKind;
  readonly text: string;
  readonly pos: HclPos;
  /** Where the token ends (exclusive). */
  readonly end: HclPos;
  /** Offset of the token's first character in the source. */
  readonly offset: number;
  readonly flush?: boolean;
}

/** Where a stretch of template text stopped. */
export interface TemplateText {
  readonly text: string;
  readonly stop: "interp" | "directive" | "end";
  /** True when the opening delimiter was `${~` or `%{~`. */
  readonly strip: boolean;
  readonly pos: HclPos;
  /** Where the token that stopped the text (`${`, `%{`, the closing quote or marker) starts and ends. */
  readonly stopStart: HclPos;
  readonly stopEnd: HclPos;
}

const PUNCTS = [
  "...",
  "::",
  "=>",
  "==",
  "!=",
  "<=",
  ">=",
  "&&",
  "||",
  "~}",
  "{",
  "}",
  "[",
  "]",
  "(",
  ")",
  ",",
  ".",
  "=",
  "?",
  ":",
  "+",
  "-",
  "*",
  "/",
  "%",
  "<",
  ">",
  "!",
];
const ID_START = /[\p{ID_Start}_]/u;
const ID_CONTINUE = /[\p{ID_Continue}\-]/u;

/** Scans one HCL source text. */
export class HclScanner {
  private readonly cur: SourceCursor;

  constructor(private readonly src: string) {
    this.cur = new SourceCursor(src);
  }

  private get offset(): number {
    return this.cur.offset;
  }

  /** The current position. */
  position(): HclPos {
    return this.cur.position();
  }

  private advance(n: number): void {
    this.cur.advance(n);
  }

  private startsWith(s: string): boolean {
    return this.src.startsWith(s, this.offset);
  }

  private skipSpaceAndComments(): void {
    for (;;) {
      const c = this.src[this.offset];
      if (c === " " || c === "\t") this.advance(1);
      else if (c === "\r" && this.src[this.offset + 1] !== "\n") this.advance(1);
      else if (c === "#" || this.startsWith("//")) {
        while (this.offset < this.src.length && this.src[this.offset] !== "\n") this.advance(1);
      } else if (this.startsWith("/*") && this.src.indexOf("*/", this.offset + 2) >= 0) {
        // As in hcl, an unclosed /* is no comment: the parser meets "/" and "*".
        this.advance(this.src.indexOf("*/", this.offset + 2) + 2 - this.offset);
      } else return;
    }
  }

  /** Reads the next expression-mode token. */
  next(): Token {
    return this.nextRaw();
  }

  /** The source between two offsets (for error messages quoting an expression). */
  slice(from: number, to: number): string {
    return this.src.slice(from, to);
  }

  /** The current offset. */
  offsetNow(): number {
    return this.offset;
  }

  private token(kind: TokenKind, pos: HclPos, offset: number, length: number, flush?: boolean): Token {
    const text = this.src.slice(offset, offset + length);
    this.advance(length);
    const end = this.position();
    return flush === undefined ? { kind, text, pos, end, offset } : { kind, text, pos, end, offset, flush };
  }

  private nextRaw(): Token {
    this.skipSpaceAndComments();
    const pos = this.position();
    const offset = this.offset;
    if (this.offset >= this.src.length) return { kind: "eof", text: "", pos, end: pos, offset };
    const c = this.src[this.offset] ?? "";
    if (c === "\n") return this.token("newline", pos, offset, 1);
    if (this.startsWith("\r\n")) return this.token("newline", pos, offset, 2);
    if (c === '"') return this.token("oquote", pos, offset, 1);
    if (this.startsWith("<<")) {
      const heredoc = this.heredocStart(pos);
      if (heredoc !== undefined) return heredoc;
    }
    if (/[0-9]/.test(c)) return this.token("number", pos, offset, numberLength(this.src, offset));
    if (ID_START.test(String.fromCodePoint(this.src.codePointAt(this.offset) ?? 0)))
      return this.identToken(pos);
    for (const p of PUNCTS) {
      if (this.startsWith(p)) return this.token("punct", pos, offset, p.length);
    }
    const ch = String.fromCodePoint(this.src.codePointAt(this.offset) ?? 0);
    this.advance(ch.length);
    return fail("HCL_SYNTAX", `invalid character ${JSON.stringify(ch)}`, pos, {
      summary: "Invalid character",
      detail: "This character is not used within the language.",
      start: pos,
      end: this.position(),
    });
  }

  private identToken(pos: HclPos): Token {
    const start = this.offset;
    let end = start;
    for (;;) {
      const cp = this.src.codePointAt(end);
      if (cp === undefined) break;
      const ch = String.fromCodePoint(cp);
      if (!ID_CONTINUE.test(ch)) break;
      end += ch.length;
    }
    return this.token("ident", pos, start, end - start);
  }

  private heredocStart(pos: HclPos): Token | undefined {
    const m = /^<<(-?)([\p{ID_Start}_][\p{ID_Continue}\-]*)\r?\n/u.exec(
      this.src.slice(this.offset, this.offset + 300),
    );
    if (m === null) return undefined;
    const t = this.token("heredoc", pos, this.offset, m[0].length, m[1] === "-");
    return { ...t, text: m[2] ?? "" };
  }

  /** At a line start inside a heredoc: true (and consumes it) when the line closes it. */
  private heredocEnds(marker: string): boolean {
    // As in HCL, the closing marker's line must end with a newline, even at the end of the file.
    const re = new RegExp(`^[ \\t]*${marker}[ \\t]*(?=\\r?\\n)`, "u");
    const m = re.exec(this.src.slice(this.offset, this.offset + marker.length + 200));
    if (m === null) return false;
    this.advance(m[0].length);
    return true;
  }

  /**
   * Reads template text up to the next `${`, `%{` or the end of the template (closing quote,
   * or heredoc end marker when `heredocMarker` is given). Quoted strings process escapes.
   */
  scanTemplateText(heredocMarker?: string, literal = false): TemplateText {
    const pos = this.position();
    let text = "";
    let atLineStart =
      heredocMarker !== undefined && (this.offset === 0 || this.src[this.offset - 1] === "\n");
    for (;;) {
      const stopStart = this.position();
      if (heredocMarker !== undefined && atLineStart && this.heredocEnds(heredocMarker)) {
        return { text, stop: "end", strip: false, pos, stopStart, stopEnd: this.position() };
      }
      atLineStart = false;
      if (this.offset >= this.src.length && literal)
        return fail("HCL_SYNTAX", "unterminated string literal", stopStart, {
          summary: "Unterminated string literal",
          detail: "Unable to find the closing quote mark before the end of the file.",
          start: stopStart,
          end: stopStart,
        });
      if (this.offset >= this.src.length) {
        return fail("HCL_SYNTAX", "unterminated template string", stopStart, {
          summary: "Unterminated template string",
          detail: "No closing marker was found for the string.",
          start: stopStart,
          end: stopStart,
        });
      }
      const c = this.src[this.offset] ?? "";
      if (this.startsWith("$${") || this.startsWith("%%{")) {
        text += `${c}{`;
        this.advance(3);
        continue;
      }
      if (this.startsWith("${") || this.startsWith("%{")) {
        const strip = this.src[this.offset + 2] === "~";
        this.advance(strip ? 3 : 2);
        const stop = c === "$" ? "interp" : "directive";
        return { text, stop, strip, pos, stopStart, stopEnd: this.position() };
      }
      if (heredocMarker === undefined) {
        if (c === '"') {
          this.advance(1);
          return { text, stop: "end", strip: false, pos, stopStart, stopEnd: this.position() };
        }
        if (c === "\n" || c === "\r") {
          const at = this.position();
          return fail("HCL_SYNTAX", "unterminated template string: newline in a quoted string", at, {
            summary: "Invalid multi-line string",
            detail:
              'Quoted strings may not be split over multiple lines. To produce a multi-line string, either use the \\n escape to represent a newline character or use the "heredoc" multi-line template syntax.',
            start: at,
            end: { line: at.line + 1, column: 1 },
          });
        }
        if (c === "\\") {
          text += this.escape();
          continue;
        }
      }
      text += c;
      this.advance(1);
      if (c === "\n") atLineStart = true;
    }
  }

  private escape(): string {
    const pos = this.position();
    const e = this.src[this.offset + 1] ?? "";
    const simple: Record<string, string> = { n: "\n", r: "\r", t: "\t", '"': '"', "\\": "\\" };
    const s = simple[e];
    if (s !== undefined) {
      this.advance(2);
      return s;
    }
    const bad = (detail: string, length: number): never => {
      this.advance(length);
      return fail("HCL_SYNTAX", `invalid escape sequence: ${detail}`, pos, {
        summary: "Invalid escape sequence",
        detail,
        start: pos,
        end: this.position(),
      });
    };
    if (e === "u" || e === "U") {
      const len = e === "u" ? 4 : 8;
      const hex = /^[0-9a-fA-F]*/.exec(this.src.slice(this.offset + 2, this.offset + 2 + len))?.[0] ?? "";
      if (hex.length !== len)
        return bad(
          `The \\${e} escape sequence must be followed by ${e === "u" ? "four" : "eight"} hexadecimal digits.`,
          2 + hex.length,
        );
      const cp = parseInt(hex, 16);
      if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return bad(`Cannot encode character U+${cp.toString(16).padStart(4, "0")} in UTF-8.`, 2 + len);
      this.advance(2 + len);
      return String.fromCodePoint(cp);
    }
    if (e === "" || e === "\n" || e === "\r")
      return bad("Backslash must be followed by an escape sequence selector character.", 1);
    const sel = String.fromCodePoint(this.src.codePointAt(this.offset + 1) ?? 0);
    // Go's %q of the selector bytes.
    return bad(`The symbol ${JSON.stringify(sel)} is not a valid escape sequence selector.`, 1 + sel.length);
  }
}

/** The length of the number literal at `offset`: hcl's digits, dots and exponents, never ending in a dot. */
function numberLength(src: string, offset: number): number {
  let i = offset + 1;
  for (;;) {
    const c = src[i] ?? "";
    if (/[0-9.]/.test(c)) i++;
    else if (/[eE]/.test(c) && /^[eE][+-]?[0-9]/.test(src.slice(i, i + 3)))
      i += /[+-]/.test(src[i + 1] ?? "") ? 3 : 2;
    else break;
  }
  while (src[i - 1] === ".") i--;
  return i - offset;
}

/** Describes a token for error messages. */
export function describe(t: Token): string {
  switch (t.kind) {
    case "eof":
      return "end of file";
    case "newline":
      return "newline";
    case "oquote":
      return "a string";
    case "heredoc":
      return "a heredoc";
    default:
      return JSON.stringify(t.text);
  }
}
