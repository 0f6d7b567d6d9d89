/**
 * Lexer for Go `text/template` source. Produces the same token stream as Go's
 * `text/template/parse` lexer (including trim markers `{{- ` / ` -}}` and comments), eagerly:
 * the token list ends with an EOF token or an error token, which the parser reports when it
 * reaches it, so error order matches Go's lazy lexer.
 */
import { formatRuneU, goQuote } from "../../shared/go/quote";

/** Token kinds; the keyword kinds come after `Keyword`. */
export enum Tok {
  Error,
  Bool,
  Char,
  CharConstant,
  Complex,
  Assign,
  Declare,
  EOF,
  Field,
  Identifier,
  LeftDelim,
  LeftParen,
  Number,
  Pipe,
  RawString,
  RightDelim,
  RightParen,
  Space,
  String,
  Text,
  Variable,
  Keyword,
  Block,
  Break,
  Continue,
  Dot,
  Define,
  Else,
  End,
  If,
  Nil,
  Range,
  Template,
  With,
}

/** One token: kind, text, offset into the source (UTF-16 index) and 1-based line. */
export interface Token {
  readonly typ: Tok;
  readonly val: string;
  readonly pos: number;
  readonly line: number;
}

const KEYWORDS: ReadonlyMap<string, Tok> = new Map([
  [".", Tok.Dot],
  ["block", Tok.Block],
  ["break", Tok.Break],
  ["continue", Tok.Continue],
  ["define", Tok.Define],
  ["else", Tok.Else],
  ["end", Tok.End],
  ["if", Tok.If],
  ["range", Tok.Range],
  ["nil", Tok.Nil],
  ["template", Tok.Template],
  ["with", Tok.With],
]);

const LEFT = "{{";
const RIGHT = "}}";
const LEFT_COMMENT = "/*";
const RIGHT_COMMENT = "*/";

/** Go's `isSpace` in the lexer: space, tab, CR, LF. */
export function isSpaceChar(c: string | undefined): boolean {
  return c === " " || c === "\t" || c === "\r" || c === "\n";
}

/** Letters, digits and `_` (Unicode letters and digits count, as in Go). */
export function isAlphaNumeric(c: string | undefined): boolean {
  if (c === undefined) return false;
  return c === "_" || /^[\p{L}\p{Nd}]$/u.test(c);
}

function hasLeftTrimMarker(s: string, at: number): boolean {
  return s[at] === "-" && isSpaceChar(s[at + 1]);
}

function hasRightTrimMarker(s: string, at: number): boolean {
  return isSpaceChar(s[at]) && s[at + 1] === "-";
}

/** Lexes `input` into tokens. Never throws: problems become a final `Tok.Error` token. */
export function lex(input: string): Token[] {
  return new Lexer(input).run();
}

class Lexer {
  private pos = 0;
  private start = 0;
  private line = 1;
  private startLine = 1;
  private parenDepth = 0;
  private readonly items: Token[] = [];
  private done = false;

  constructor(private readonly input: string) {}

  run(): Token[] {
    while (!this.done) {
      if (!this.lexText()) break;
      if (!this.done) this.lexAction();
    }
    return this.items;
  }

  private emit(typ: Tok): void {
    const val = this.input.slice(this.start, this.pos);
    this.items.push({ typ, val, pos: this.start, line: this.startLine });
    this.advanceStart();
  }

  private advanceStart(): void {
    for (let i = this.start; i < this.pos; i++) if (this.input.charCodeAt(i) === 10) this.line++;
    this.start = this.pos;
    this.startLine = this.line;
  }

  private ignore(): void {
    this.advanceStart();
  }

  private error(msg: string): void {
    this.items.push({ typ: Tok.Error, val: msg, pos: this.start, line: this.startLine });
    this.done = true;
  }

  private next(): string | undefined {
    if (this.pos >= this.input.length) {
      this.pos = this.input.length + 1;
      return undefined;
    }
    const cp = this.input.codePointAt(this.pos) as number;
    const ch = String.fromCodePoint(cp);
    this.pos += ch.length;
    return ch;
  }

  private backup(ch: string | undefined): void {
    this.pos -= ch === undefined ? 1 : ch.length;
  }

  private peek(): string | undefined {
    if (this.pos >= this.input.length) return undefined;
    return String.fromCodePoint(this.input.codePointAt(this.pos) as number);
  }

  /** Scans text up to the next `{{`; returns false at EOF. */
  private lexText(): boolean {
    const x = this.input.indexOf(LEFT, this.pos);
    if (x < 0) {
      this.pos = this.input.length;
      if (this.pos > this.start) this.emit(Tok.Text);
      this.items.push({ typ: Tok.EOF, val: "", pos: this.pos, line: this.line });
      this.done = true;
      return false;
    }
    this.pos = x;
    let end = x;
    if (hasLeftTrimMarker(this.input, x + LEFT.length)) {
      while (end > this.start && isSpaceChar(this.input[end - 1])) end--;
    }
    if (end > this.start) {
      const save = this.pos;
      this.pos = end;
      this.emit(Tok.Text);
      this.pos = save;
    }
    this.ignore();
    return true;
  }

  /** Lexes `{{`, an optional comment, and the action body through `}}`. */
  private lexAction(): void {
    this.pos += LEFT.length;
    const trim = hasLeftTrimMarker(this.input, this.pos);
    const after = trim ? 2 : 0;
    if (this.input.startsWith(LEFT_COMMENT, this.pos + after)) {
      this.pos += after;
      this.ignore();
      this.lexComment();
      return;
    }
    this.emit(Tok.LeftDelim);
    this.pos += after;
    this.ignore();
    this.parenDepth = 0;
    this.lexInsideAction();
  }

  private lexComment(): void {
    this.pos += LEFT_COMMENT.length;
    const x = this.input.indexOf(RIGHT_COMMENT, this.pos);
    if (x < 0) return this.error("unclosed comment");
    this.pos = x + RIGHT_COMMENT.length;
    const [delim, trim] = this.atRightDelim();
    if (!delim) return this.error("comment ends before closing delimiter");
    this.pos += (trim ? 2 : 0) + RIGHT.length;
    if (trim) this.skipLeadingSpace();
    this.ignore();
  }

  private skipLeadingSpace(): void {
    while (isSpaceChar(this.input[this.pos])) this.pos++;
  }

  private atRightDelim(): [boolean, boolean] {
    if (hasRightTrimMarker(this.input, this.pos) && this.input.startsWith(RIGHT, this.pos + 2))
      return [true, true];
    if (this.input.startsWith(RIGHT, this.pos)) return [true, false];
    return [false, false];
  }

  private lexRightDelim(trim: boolean): void {
    if (trim) {
      this.pos += 2;
      this.ignore();
    }
    this.pos += RIGHT.length;
    this.emit(Tok.RightDelim);
    if (trim) {
      this.skipLeadingSpace();
      this.ignore();
    }
  }

  private lexInsideAction(): void {
    for (;;) {
      if (this.done) return;
      const [delim, trim] = this.atRightDelim();
      if (delim) {
        if (this.parenDepth === 0) return this.lexRightDelim(trim);
        return this.error("unclosed left paren");
      }
      const r = this.next();
      if (r === undefined) return this.error("unclosed action");
      if (isSpaceChar(r)) {
        this.backup(r);
        this.lexSpace();
      } else if (r === "=") this.emit(Tok.Assign);
      else if (r === ":") {
        if (this.next() !== "=") return this.error("expected :=");
        this.emit(Tok.Declare);
      } else if (r === "|") this.emit(Tok.Pipe);
      else if (r === '"') this.lexQuote();
      else if (r === "`") this.lexRawQuote();
      else if (r === "$") this.lexFieldOrVariable(Tok.Variable);
      else if (r === "'") this.lexChar();
      else if (r === "." && !/[0-9]/.test(this.input[this.pos] ?? "")) this.lexFieldOrVariable(Tok.Field);
      else if (r === "." || r === "+" || r === "-" || (r >= "0" && r <= "9")) {
        this.backup(r);
        this.lexNumber();
      } else if (isAlphaNumeric(r)) {
        this.backup(r);
        this.lexIdentifier();
      } else if (r === "(") {
        this.emit(Tok.LeftParen);
        this.parenDepth++;
      } else if (r === ")") {
        this.parenDepth--;
        if (this.parenDepth < 0) return this.error("unexpected right paren");
        this.emit(Tok.RightParen);
      } else if (r.length === 1 && r.charCodeAt(0) >= 0x20 && r.charCodeAt(0) < 0x7f) this.emit(Tok.Char);
      else return this.error(`unrecognized character in action: ${formatRuneU(r)}`);
    }
  }

  private lexSpace(): void {
    let n = 0;
    while (isSpaceChar(this.peek())) {
      this.pos++;
      n++;
    }
    // A trim-marked closing delimiter starts with a space: leave that space for it.
    if (hasRightTrimMarker(this.input, this.pos - 1) && this.input.startsWith(RIGHT, this.pos + 1)) {
      this.pos--;
      if (n === 1) return;
    }
    this.emit(Tok.Space);
  }

  private atTerminator(): boolean {
    const r = this.peek();
    if (r === undefined || isSpaceChar(r)) return true;
    if (".,|:)(".includes(r)) return true;
    return this.input.startsWith(RIGHT, this.pos);
  }

  private lexFieldOrVariable(typ: Tok): void {
    if (this.atTerminator()) {
      this.emit(typ === Tok.Variable ? Tok.Variable : Tok.Dot);
      return;
    }
    let r: string | undefined;
    for (;;) {
      r = this.next();
      if (!isAlphaNumeric(r)) {
        this.backup(r);
        break;
      }
    }
    if (!this.atTerminator()) return this.error(`bad character ${formatRuneU(this.peek() ?? "")}`);
    this.emit(typ);
  }

  private lexIdentifier(): void {
    for (;;) {
      const r = this.next();
      if (!isAlphaNumeric(r)) {
        this.backup(r);
        break;
      }
    }
    if (!this.atTerminator()) return this.error(`bad character ${formatRuneU(this.peek() ?? "")}`);
    const word = this.input.slice(this.start, this.pos);
    const kw = KEYWORDS.get(word);
    if (kw !== undefined && kw > Tok.Keyword) this.emit(kw);
    else if (word === "true" || word === "false") this.emit(Tok.Bool);
    else this.emit(Tok.Identifier);
  }

  private lexChar(): void {
    for (;;) {
      const r = this.next();
      if (r === "\\") {
        const e = this.next();
        if (e !== undefined && e !== "\n") continue;
        return this.error("unterminated character constant");
      }
      if (r === undefined || r === "\n") return this.error("unterminated character constant");
      if (r === "'") break;
    }
    this.emit(Tok.CharConstant);
  }

  private lexQuote(): void {
    for (;;) {
      const r = this.next();
      if (r === "\\") {
        const e = this.next();
        if (e !== undefined && e !== "\n") continue;
        return this.error("unterminated quoted string");
      }
      if (r === undefined || r === "\n") return this.error("unterminated quoted string");
      if (r === '"') break;
    }
    this.emit(Tok.String);
  }

  private lexRawQuote(): void {
    const x = this.input.indexOf("`", this.pos);
    if (x < 0) return this.error("unterminated raw quoted string");
    this.pos = x + 1;
    this.emit(Tok.RawString);
  }

  private lexNumber(): void {
    if (!this.scanNumber())
      return this.error(`bad number syntax: ${goQuote(this.input.slice(this.start, this.pos))}`);
    const sign = this.peek();
    if (sign === "+" || sign === "-") {
      if (!this.scanNumber() || this.input[this.pos - 1] !== "i") {
        return this.error(`bad number syntax: ${goQuote(this.input.slice(this.start, this.pos))}`);
      }
      this.emit(Tok.Complex);
    } else this.emit(Tok.Number);
  }

  private accept(valid: string): boolean {
    const c = this.input[this.pos];
    if (c !== undefined && valid.includes(c)) {
      this.pos++;
      return true;
    }
    return false;
  }

  private acceptRun(valid: string): void {
    while (this.accept(valid));
  }

  private scanNumber(): boolean {
    this.accept("+-");
    let digits = "0123456789_";
    if (this.accept("0")) {
      if (this.accept("xX")) digits = "0123456789abcdefABCDEF_";
      else if (this.accept("oO")) digits = "01234567_";
      else if (this.accept("bB")) digits = "01_";
    }
    this.acceptRun(digits);
    if (this.accept(".")) this.acceptRun(digits);
    if (digits.length === 11 && this.accept("eE")) {
      this.accept("+-");
      this.acceptRun("0123456789_");
    }
    if (digits.length === 23 && this.accept("pP")) {
      this.accept("+-");
      this.acceptRun("0123456789_");
    }
    this.accept("i");
    if (isAlphaNumeric(this.peek())) {
      this.next();
      return false;
    }
    return true;
  }
}
