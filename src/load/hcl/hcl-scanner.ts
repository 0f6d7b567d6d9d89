/**
 * Character-level scanner for HCL native syntax. Expression tokens are read one at a time;
 * template text (quoted strings, heredocs) is read by {@link HclScanner.scanTemplateText}
 * so the parser can nest expressions inside `${ }` to any depth.
 */
import { fail, type HclPos } from "./hcl-errors";

/** Token kinds in expression/body mode. */
export type TokenKind = "ident" | "number" | "punct" | "oquote" | "heredoc" | "newline" | "eof";

/** One token. For `heredoc`, `text` is the marker and `flush` tells `<<-` apart. */
export interface Token {
  readonly kind: TokenKind;
  readonly text: string;
  readonly pos: HclPos;
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
}

const PUNCTS = [
  "...",
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
  private offset = 0;
  private line = 1;
  private column = 1;

  constructor(private readonly src: string) {}

  /** The current position. */
  position(): HclPos {
    return { line: this.line, column: this.column };
  }

  private advance(n: number): void {
    for (let i = 0; i < n && this.offset < this.src.length; i++) {
      if (this.src[this.offset] === "\n") {
        this.line++;
        this.column = 1;
      } else {
        this.column++;
      }
      this.offset++;
    }
  }

  private startsWith(s: string): boolean {
    return this.src.startsWith(s, this.offset);
  }

  private skipSpaceAndComments(): void {
    for (;;) {
      const c = this.src[this.offset];
      if (c === " " || c === "\t" || c === "\r") this.advance(1);
      else if (c === "#" || this.startsWith("//")) {
        while (this.offset < this.src.length && this.src[this.offset] !== "\n") this.advance(1);
      } else if (this.startsWith("/*")) {
        const end = this.src.indexOf("*/", this.offset + 2);
        if (end < 0) fail("HCL_SYNTAX", "unterminated /* comment", this.position());
        this.advance(end + 2 - this.offset);
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

  private nextRaw(): Token {
    this.skipSpaceAndComments();
    const pos = this.position();
    const offset = this.offset;
    if (this.offset >= this.src.length) return { kind: "eof", text: "", pos, offset };
    const c = this.src[this.offset] ?? "";
    if (c === "\n") {
      this.advance(1);
      return { kind: "newline", text: "\n", pos, offset };
    }
    if (c === '"') {
      this.advance(1);
      return { kind: "oquote", text: '"', pos, offset };
    }
    if (this.startsWith("<<")) return this.heredocStart(pos);
    if (/[0-9]/.test(c)) return this.numberToken(pos);
    if (ID_START.test(String.fromCodePoint(this.src.codePointAt(this.offset) ?? 0)))
      return this.identToken(pos);
    for (const p of PUNCTS) {
      if (this.startsWith(p)) {
        this.advance(p.length);
        return { kind: "punct", text: p, pos, offset };
      }
    }
    return fail("HCL_SYNTAX", `invalid character ${JSON.stringify(c)}`, pos);
  }

  private identToken(pos: HclPos): Token {
    const start = this.offset;
    for (;;) {
      const cp = this.src.codePointAt(this.offset);
      if (cp === undefined) break;
      const ch = String.fromCodePoint(cp);
      if (!ID_CONTINUE.test(ch)) break;
      this.advance(ch.length);
    }
    return { kind: "ident", text: this.src.slice(start, this.offset), pos, offset: start };
  }

  private numberToken(pos: HclPos): Token {
    const m = /^[0-9]+(\.[0-9]+)*([eE][+-]?[0-9]+)?/.exec(this.src.slice(this.offset, this.offset + 400));
    const text = m?.[0] ?? "";
    const offset = this.offset;
    this.advance(text.length);
    return { kind: "number", text, pos, offset };
  }

  private heredocStart(pos: HclPos): Token {
    const m = /^<<(-?)([\p{ID_Start}_][\p{ID_Continue}\-]*)\r?\n/u.exec(
      this.src.slice(this.offset, this.offset + 300),
    );
    if (m === null)
      return fail(
        "HCL_SYNTAX",
        "invalid heredoc introduction: expected <<MARKER or <<-MARKER followed by a newline",
        pos,
      );
    const offset = this.offset;
    this.advance(m[0].length);
    return { kind: "heredoc", text: m[2] ?? "", pos, offset, flush: m[1] === "-" };
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
  scanTemplateText(heredocMarker?: string): TemplateText {
    const pos = this.position();
    let text = "";
    let atLineStart =
      heredocMarker !== undefined && (this.offset === 0 || this.src[this.offset - 1] === "\n");
    for (;;) {
      if (heredocMarker !== undefined && atLineStart && this.heredocEnds(heredocMarker)) {
        return { text, stop: "end", strip: false, pos };
      }
      atLineStart = false;
      if (this.offset >= this.src.length) {
        return fail(
          "HCL_SYNTAX",
          heredocMarker === undefined
            ? "unterminated template string"
            : `unterminated heredoc, expected ${heredocMarker}`,
          pos,
        );
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
        return { text, stop: c === "$" ? "interp" : "directive", strip, pos };
      }
      if (heredocMarker === undefined) {
        if (c === '"') {
          this.advance(1);
          return { text, stop: "end", strip: false, pos };
        }
        if (c === "\n") {
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
    const len = e === "u" ? 4 : e === "U" ? 8 : 0;
    const hex = this.src.slice(this.offset + 2, this.offset + 2 + len);
    if (len > 0 && new RegExp(`^[0-9a-fA-F]{${len}}$`).test(hex)) {
      this.advance(2 + len);
      const cp = parseInt(hex, 16);
      if (cp > 0x10ffff) return fail("HCL_SYNTAX", `invalid unicode escape \\${e}${hex}`, pos);
      return String.fromCodePoint(cp);
    }
    return fail("HCL_SYNTAX", `invalid escape sequence \\${e}`, pos);
  }
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
