/**
 * Token cursor of the template parser: Go's `parse.Tree` look-ahead (`next`, `backup`,
 * `peek`, the non-space variants) and its error helpers (`errorf`, `unexpected`).
 */
import { parseError } from "../errors";
import { Tok, type Token } from "./lexer";
import type { SourceInfo } from "./nodes";
import { goQuote } from "../../shared/go/quote";

/** Go's `item.String()` for "unexpected X" messages. */
export function tokenString(t: Token): string {
  if (t.typ === Tok.EOF) return "EOF";
  if (t.typ === Tok.Error) return t.val;
  if (t.typ > Tok.Keyword) return `<${t.val}>`;
  if ([...t.val].length > 10) return `${goQuote([...t.val].slice(0, 10).join(""))}...`;
  return goQuote(t.val);
}

/** Base of the parser: a position in the token list plus Go's error reporting. */
export abstract class TokenCursor {
  private idx = 0;
  private furthest = 0;
  /** Line of the `{{` that started the current action (0 outside actions). */
  protected actionLine = 0;

  protected constructor(
    private readonly tokens: Token[],
    protected readonly src: SourceInfo,
  ) {}

  /** Go reports parse errors at the line of the last token read from the lexer. */
  protected errorf(msg: string): never {
    const line = this.tokens[Math.min(this.furthest, this.tokens.length - 1)]?.line ?? 1;
    throw parseError(this.src.parseName, line, msg);
  }

  protected next(): Token {
    const t = this.tokens[this.idx] ?? (this.tokens[this.tokens.length - 1] as Token);
    if (this.idx > this.furthest) this.furthest = this.idx;
    if (this.idx < this.tokens.length - 1) this.idx++;
    else this.idx = this.tokens.length; // stay on the final EOF/error token
    return t;
  }

  protected backup(): void {
    this.idx--;
  }

  protected peek(): Token {
    const t = this.next();
    this.backup();
    return t;
  }

  protected nextNonSpace(): Token {
    let t = this.next();
    while (t.typ === Tok.Space) t = this.next();
    return t;
  }

  protected peekNonSpace(): Token {
    const t = this.nextNonSpace();
    this.backup();
    return t;
  }

  protected expect(typ: Tok, context: string): Token {
    const t = this.nextNonSpace();
    if (t.typ !== typ) this.unexpected(t, context);
    return t;
  }

  protected unexpected(t: Token, context: string): never {
    if (t.typ === Tok.Error) {
      let extra = "";
      if (this.actionLine !== 0 && this.actionLine !== t.line) {
        // Go avoids "action in action" for messages such as "unclosed action".
        const where = `${this.src.parseName}:${this.actionLine}`;
        extra = t.val.endsWith(" action") ? ` started at ${where}` : ` in action started at ${where}`;
      }
      this.errorf(`${t.val}${extra}`);
    }
    return this.errorf(`unexpected ${tokenString(t)} in ${context}`);
  }

  /** Saves the position (for multi-token look-ahead). */
  protected mark(): number {
    return this.idx;
  }

  /** Restores a position saved by {@link mark}. */
  protected reset(at: number): void {
    this.idx = at;
  }
}
