/**
 * Recursive-descent parser for HCL native-syntax expressions. Newlines matter inside object
 * constructors and bodies but not inside parentheses, brackets or call arguments, as in
 * hclsyntax; the parser keeps a stack of that setting. Every node carries hcl's source range,
 * and every syntax error is hcl's diagnostic (summary, detail, range).
 */
import type { BinaryOp, Expr, ObjectItem } from "./hcl-ast";
import { HclDepthExceeded, MAX_HCL_DEPTH, type HclPos } from "./hcl-errors";
import { HclScanner, type Token } from "./hcl-scanner";
import { syntaxError, tokenError } from "./parse-errors";
import { numberLiteralInRange, parseNumberLiteral } from "./parse-number";
import { parseTemplate, type TemplateHost } from "./parse-template";

const LEVELS: readonly (readonly BinaryOp[])[] = [
  ["||"],
  ["&&"],
  ["==", "!="],
  ["<", ">", "<=", ">="],
  ["+", "-"],
  ["*", "/", "%"],
];

const FOR_EXPR = "Invalid 'for' expression";

/** Token-level parser state shared by the body, expression and template parsers. */
export class HclParser implements TemplateHost {
  readonly scanner: HclScanner;
  /** Lookahead tokens; newlines stay queued so a later newline-sensitive context still sees them. */
  private readonly queue: Token[] = [];
  private depth = 0;
  private readonly newlines: boolean[] = [true];
  /** Where the last token read ends (hcl's PrevRange). */
  lastEnd: HclPos = { line: 1, column: 1 };

  constructor(
    src: string,
    /** The file as hcl names it inside diagnostic details. */
    readonly file: string = "",
  ) {
    this.scanner = new HclScanner(src);
  }

  /** The next significant token, without consuming it. */
  peek(): Token {
    return this.queue[this.significant()] as Token;
  }

  private significant(): number {
    const skip = this.newlines[this.newlines.length - 1] === false;
    for (let i = 0; ; i++) {
      if (i >= this.queue.length) this.queue.push(this.scanner.next());
      const t = this.queue[i] as Token;
      if (!(skip && t.kind === "newline")) return i;
    }
  }

  /** Consumes and returns the next significant token. */
  read(): Token {
    const i = this.significant();
    const t = this.queue[i] as Token;
    this.queue.splice(0, i + 1);
    this.lastEnd = t.end;
    return t;
  }

  /** True when the next token is the punctuation `p`. */
  isPunct(p: string): boolean {
    const t = this.peek();
    return t.kind === "punct" && t.text === p;
  }

  /** True when the next token is the keyword `k`. */
  isKeyword(k: string): boolean {
    const t = this.peek();
    return t.kind === "ident" && t.text === k;
  }

  /** Runs `fn` with newlines significant (`true`) or skipped (`false`). */
  withNewlines<T>(on: boolean, fn: () => T): T {
    this.newlines.push(on);
    try {
      return fn();
    } finally {
      this.newlines.pop();
    }
  }

  /**
   * Parses a whole expression. hashicorp/hcl's recursive-descent parser has no nesting bound
   * (Go's stack takes 50000 levels of `[[[…]]]`); past MAX_HCL_DEPTH this one refuses with
   * a located limit error instead of exhausting the JavaScript stack here or in the evaluator.
   */
  parseExpression(): Expr {
    if (this.depth > MAX_HCL_DEPTH) throw new HclDepthExceeded(this.peek().pos);
    this.depth++;
    try {
      return this.parseConditional();
    } finally {
      this.depth--;
    }
  }

  private parseConditional(): Expr {
    const cond = this.parseBinary(0);
    if (!this.isPunct("?")) return cond;
    this.read();
    // Newlines stay significant where they were (bodies, objects): HCL rejects `a ?\n b : c` there.
    const then = this.parseExpression();
    const colon = this.peek();
    if (!this.isPunct(":"))
      tokenError(
        colon,
        "Missing false expression in conditional",
        "The conditional operator (...?...:...) requires a false expression, delimited by a colon.",
      );
    this.read();
    const otherwise = this.parseExpression();
    return { t: "cond", cond, then, else: otherwise, pos: cond.pos, end: otherwise.end };
  }

  private parseBinary(level: number): Expr {
    const ops = LEVELS[level];
    if (ops === undefined) return this.parseUnary();
    let left = this.parseBinary(level + 1);
    for (;;) {
      const t = this.peek();
      if (t.kind !== "punct" || !(ops as readonly string[]).includes(t.text)) return left;
      this.read();
      const right = this.parseBinary(level + 1);
      left = { t: "binary", op: t.text as BinaryOp, left, right, pos: left.pos, end: right.end };
    }
  }

  private parseUnary(): Expr {
    const t = this.peek();
    if (t.kind === "punct" && (t.text === "-" || t.text === "!")) {
      this.read();
      // As in hcl, the operand is a term with its traversals, not another unary operation.
      const operand = this.parseUnary();
      return { t: "unary", op: t.text, operand, pos: t.pos, end: operand.end };
    }
    return this.parsePostfix(this.parseTerm());
  }

  private parseTerm(): Expr {
    const t = this.read();
    switch (t.kind) {
      case "number":
        // HCL's scanner reads `0.0.1` as one (invalid) literal; Go rejects out-of-range exponents.
        if (t.text.split(".").length > 2 || !numberLiteralInRange(t.text))
          tokenError(t, "Invalid number literal", "Failed to recognize the value of this number literal.");
        return { t: "lit", v: parseNumberLiteral(t.text), pos: t.pos, end: t.end };
      case "ident":
        return this.identTerm(t);
      case "oquote":
        return parseTemplate(this, t.pos, undefined, false);
      case "heredoc":
        return parseTemplate(this, t.pos, t.text, t.flush === true);
      case "punct":
        if (t.text === "(") {
          const inner = this.withNewlines(false, () => this.parseExpression());
          this.withNewlines(false, () => {
            const next = this.peek();
            if (next.kind === "punct" && next.text === ")") return;
            tokenError(
              next,
              "Unbalanced parentheses",
              "Expected a closing parenthesis to terminate the expression.",
            );
          });
          this.withNewlines(false, () => this.read());
          return { t: "paren", inner, pos: t.pos, end: this.lastEnd };
        }
        if (t.text === "[") return this.withNewlines(false, () => this.tupleOrFor(t));
        if (t.text === "{") return this.objectOrFor(t);
        break;
      default:
        break;
    }
    if (t.kind === "eof")
      return tokenError(
        t,
        "Missing expression",
        "Expected the start of an expression, but found the end of the file.",
      );
    return tokenError(
      t,
      "Invalid expression",
      "Expected the start of an expression, but found an invalid expression token.",
    );
  }

  private identTerm(t: Token): Expr {
    // As in HCL, a name followed by "(" is a call even when it is true, false or null.
    if (this.isPunct("(") || this.isPunct("::")) {
      let name = t.text;
      let nameEnd = t.end;
      while (this.isPunct("::")) {
        this.read();
        const part = this.peek();
        if (part.kind !== "ident")
          tokenError(
            part,
            "Missing function name",
            "Function scope resolution symbol :: must be followed by a function name in this scope.",
          );
        this.read();
        name += `::${part.text}`;
        nameEnd = part.end;
      }
      const open = this.peek();
      if (!this.isPunct("("))
        tokenError(
          open,
          "Missing open parenthesis",
          "Function selector must be followed by an open parenthesis to begin the function call.",
        );
      this.read();
      return this.withNewlines(false, () => this.callArgs({ ...t, text: name, end: nameEnd }, open));
    }
    if (t.text === "true" || t.text === "false")
      return { t: "lit", v: t.text === "true", pos: t.pos, end: t.end };
    if (t.text === "null") return { t: "lit", v: null, pos: t.pos, end: t.end };
    return { t: "var", name: t.text, pos: t.pos, end: t.end };
  }

  private callArgs(name: Token, open: Token): Expr {
    const args: Expr[] = [];
    let expand = false;
    let close: Token | undefined;
    while (close === undefined) {
      if (this.isPunct(")")) {
        close = this.read();
        break;
      }
      args.push(this.parseExpression());
      const sep = this.read();
      if (sep.kind === "punct" && sep.text === ")") close = sep;
      else if (sep.kind === "punct" && sep.text === "...") {
        expand = true;
        if (!this.isPunct(")"))
          tokenError(
            sep,
            "Missing closing parenthesis",
            "An expanded function argument (with ...) must be immediately followed by closing parentheses.",
          );
        close = this.read();
      } else if (sep.kind === "eof") {
        syntaxError(
          "Unterminated function call",
          "There is no closing parenthesis for this function call before the end of the file. This may be caused by incorrect parenthesis nesting elsewhere in this file.",
          name.pos,
          open.end,
        );
      } else if (sep.kind !== "punct" || sep.text !== ",") {
        tokenError(
          sep,
          "Missing argument separator",
          "A comma is required to separate each function argument from the next.",
        );
      }
    }
    return {
      t: "call",
      name: name.text,
      args,
      expand,
      pos: name.pos,
      end: close.end,
      head: { start: name.pos, end: open.end },
      close: { start: close.pos, end: close.end },
    };
  }

  private tupleOrFor(open: Token): Expr {
    if (this.isKeyword("for")) return this.forExpr(open, false);
    const items: Expr[] = [];
    for (;;) {
      if (this.isPunct("]")) break;
      items.push(this.parseExpression());
      if (this.isPunct("]")) break;
      const next = this.peek();
      if (!this.isPunct(",")) {
        if (next.kind === "eof")
          tokenError(
            open,
            "Unterminated tuple constructor expression",
            "There is no corresponding closing bracket before the end of the file. This may be caused by incorrect bracket nesting elsewhere in this file.",
          );
        tokenError(
          next,
          "Missing item separator",
          "Expected a comma to mark the beginning of the next item.",
        );
      }
      this.read();
    }
    this.read();
    return { t: "tuple", items, pos: open.pos, end: this.lastEnd };
  }

  private objectOrFor(open: Token): Expr {
    if (this.withNewlines(false, () => this.isKeyword("for")))
      return this.withNewlines(false, () => this.forExpr(open, true));
    return this.withNewlines(true, () => this.objectItems(open));
  }

  private unterminatedObject(open: Token): never {
    return tokenError(
      open,
      "Unterminated object constructor expression",
      "There is no corresponding closing brace before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
    );
  }

  private objectItems(open: Token): Expr {
    const items: ObjectItem[] = [];
    for (;;) {
      const next = this.peek();
      if (next.kind === "newline") {
        this.read();
        continue;
      }
      if (this.isPunct("}")) break;
      // Inside braces a newline ends the key or value (HCL rejects `{a = 1 +\n 2}`); brackets and parentheses turn it off again.
      const key = this.parseExpression();
      const sep = this.peek();
      if (sep.kind !== "punct" || (sep.text !== "=" && sep.text !== ":")) {
        if (sep.kind === "newline" || (sep.kind === "punct" && sep.text === ","))
          tokenError(
            sep,
            "Missing attribute value",
            'Expected an attribute value, introduced by an equals sign ("=").',
          );
        if (sep.kind === "ident")
          tokenError(
            sep,
            "Missing key/value separator",
            'Expected an equals sign ("=") to mark the beginning of the attribute value. If you intended to given an attribute name containing periods or spaces, write the name in quotes to create a string literal.',
          );
        if (sep.kind === "eof") this.unterminatedObject(open);
        tokenError(
          sep,
          "Missing key/value separator",
          'Expected an equals sign ("=") to mark the beginning of the attribute value.',
        );
      }
      this.read();
      const value = this.parseExpression();
      items.push({ key, name: key.t === "var" ? key.name : undefined, value });
      const after = this.peek();
      if (this.isPunct("}")) break;
      if (after.kind === "newline" || this.isPunct(",")) this.read();
      else if (after.kind === "eof") this.unterminatedObject(open);
      else
        tokenError(
          after,
          "Missing attribute separator",
          "Expected a newline or comma to mark the beginning of the next attribute.",
        );
    }
    this.read();
    return { t: "object", items, pos: open.pos, end: this.lastEnd };
  }

  private forExpr(open: Token, isObject: boolean): Expr {
    this.read();
    const need = (ok: boolean, detail: string): void => {
      if (!ok) tokenError(this.peek(), FOR_EXPR, detail);
    };
    need(this.peek().kind === "ident", "For expression requires variable name after 'for'.");
    const names = [this.read().text];
    if (this.isPunct(",")) {
      this.read();
      need(this.peek().kind === "ident", "For expression requires value variable name after comma.");
      names.push(this.read().text);
    }
    need(this.isKeyword("in"), "For expression requires the 'in' keyword after its name declarations.");
    this.read();
    const coll = this.parseExpression();
    need(this.isPunct(":"), "For expression requires a colon after the collection expression.");
    this.read();
    let keyExpr: Expr | undefined;
    let valExpr = this.parseExpression();
    if (this.isPunct("=>")) {
      this.read();
      keyExpr = valExpr;
      valExpr = this.parseExpression();
    }
    let ellipsis: Token | undefined;
    if (this.isPunct("...")) ellipsis = this.read();
    let cond: Expr | undefined;
    if (this.isKeyword("if")) {
      this.read();
      cond = this.parseExpression();
    }
    need(this.isPunct(isObject ? "}" : "]"), "Extra characters after the end of the 'for' expression.");
    this.read();
    if (!isObject && keyExpr !== undefined)
      syntaxError(FOR_EXPR, "Key expression is not valid when building a tuple.", keyExpr.pos, keyExpr.end);
    if (!isObject && ellipsis !== undefined)
      tokenError(ellipsis, FOR_EXPR, "Grouping ellipsis (...) cannot be used when building a tuple.");
    if (isObject && keyExpr === undefined)
      syntaxError(FOR_EXPR, "Key expression is required when building an object.", valExpr.pos, valExpr.end);
    const [a, b] = names;
    const key = b === undefined ? undefined : a;
    const group = ellipsis !== undefined;
    return {
      t: "for",
      key,
      value: b ?? a ?? "",
      coll,
      keyExpr,
      valExpr,
      cond,
      group,
      pos: open.pos,
      end: this.lastEnd,
    };
  }

  /**
   * hcl's recovery to the `]` that closes the current bracket (or the end of the file): some
   * diagnostics point at the token recovery stops on, not at the token that was wrong.
   */
  recoverTo(close: string, open: string): Token {
    let nest = 0;
    for (;;) {
      const t = this.read();
      if (t.kind === "eof") return t;
      if (t.kind === "oquote") {
        while (this.scanner.scanTemplateText().stop !== "end");
        continue;
      }
      if (t.kind !== "punct") continue;
      if (t.text === open) nest++;
      else if (t.text === close) {
        if (nest < 1) return t;
        nest--;
      }
    }
  }

  /** Reads an identifier or fails with hcl's diagnostic `summary; detail` on the token found. */
  identName(summary: string, detail: string): string {
    const t = this.peek();
    if (t.kind !== "ident") tokenError(t, summary, detail);
    return this.read().text;
  }

  private legacyIndex(obj: Expr, dot: Token, t: Token, pos: HclPos, full: boolean): Expr {
    const dotAt = t.text.indexOf(".");
    if (dotAt >= 0) {
      const [first, second] = [t.text.slice(0, dotAt), t.text.slice(dotAt + 1)];
      tokenError(
        t,
        "Invalid legacy index syntax",
        `When using the legacy index syntax, chaining two indexes together is not permitted. Use the proper index syntax${full ? " with a full splat expression [*]" : ""} instead, like [${first}][${second}].`,
      );
    }
    const key: Expr = { t: "lit", v: parseNumberLiteral(t.text), pos: t.pos, end: t.end };
    const step = { start: dot.pos, end: t.end };
    return { t: "index", obj, key, literalKey: true, pos, end: t.end, step };
  }

  private parsePostfix(base: Expr): Expr {
    let e = base;
    for (;;) {
      if (this.isPunct(".")) {
        const dot = this.read();
        const t = this.peek();
        if (t.kind === "punct" && t.text === "*") e = this.splat(e, dot, this.read(), false);
        else if (t.kind === "ident") {
          this.read();
          e = {
            t: "attr",
            obj: e,
            name: t.text,
            pos: e.pos,
            end: t.end,
            step: { start: dot.pos, end: t.end },
          };
        } else if (t.kind === "number") {
          this.read();
          e = this.legacyIndex(e, dot, t, e.pos, false);
        } else tokenError(t, "Invalid attribute name", "An attribute name is required after a dot.");
      } else if (this.isPunct("[")) {
        const open = this.read();
        const b = this.bracket();
        if (b.splat) {
          e = this.splat(e, open, b.close, true);
          continue;
        }
        const step = { start: open.pos, end: b.close.end };
        e = { t: "index", obj: e, key: b.key, literalKey: b.literalKey, pos: e.pos, end: b.close.end, step };
      } else return e;
    }
  }

  /**
   * Parses what follows a splat marker (`.*` from `first` to `marker`, or `[*]`): after `.*`
   * only `.name` and `.0` steps, after `[*]` also `[key]`. A splat right after a `[*]` splat
   * applies to the first one's result (`a[*].*`).
   */
  /**
   * What follows an index's `[`: `*]` (a full splat), or a key and its `]`. As in HCL, `[` then a
   * newline then `*` is an index, not a splat.
   */
  private bracket():
    { splat: true; close: Token } | { splat: false; close: Token; key: Expr; literalKey: boolean } {
    if (this.isPunct("*")) {
      this.read();
      const close = this.read();
      if (close.kind !== "punct" || close.text !== "]")
        tokenError(
          this.recoverTo("]", "["),
          "Missing close bracket on splat index",
          'The star for a full splat operator must be immediately followed by a closing bracket ("]").',
        );
      return { splat: true, close };
    }
    const key = this.withNewlines(false, () => this.parseExpression());
    const close = this.withNewlines(false, () => this.read());
    if (close.kind !== "punct" || close.text !== "]")
      tokenError(
        this.withNewlines(false, () => this.recoverTo("]", "[")),
        "Missing close bracket on index",
        'The index operator must end with a closing bracket ("]").',
      );
    const literalKey = key.t === "lit" || (key.t === "template" && key.parts.every((p) => p.t === "text"));
    return { splat: false, close, key, literalKey };
  }

  private splat(src: Expr, first: Token, marker: Token, full: boolean): Expr {
    const item: Expr = { t: "splatItem", pos: first.pos, end: marker.end };
    let each: Expr = item;
    const done = (): Expr => ({
      t: "splat",
      src,
      each,
      pos: src.pos,
      end: each === item ? marker.end : each.end,
    });
    for (;;) {
      if (this.isPunct(".")) {
        const dot = this.read();
        const t = this.peek();
        if (t.kind === "number") {
          this.read();
          each = this.legacyIndex(each, dot, t, each.pos, full);
        } else if (t.kind === "ident") {
          this.read();
          each = {
            t: "attr",
            obj: each,
            name: t.text,
            pos: each.pos,
            end: t.end,
            step: { start: dot.pos, end: t.end },
          };
        } else if (t.kind === "punct" && t.text === "*") {
          if (!full)
            tokenError(
              t,
              "Nested splat expression not allowed",
              "A splat expression (*) cannot be used inside another attribute-only splat expression.",
            );
          return this.splat(done(), dot, this.read(), false);
        } else if (full)
          tokenError(t, "Invalid attribute name", "An attribute name is required after a dot.");
        // hcl points this one at the splat's star (it reuses that token's range).
        else tokenError(marker, "Invalid attribute name", "An attribute name is required after a dot.");
      } else if (full && this.isPunct("[")) {
        const open = this.read();
        const b = this.bracket();
        if (b.splat) return this.splat(done(), open, b.close, true);
        each = {
          t: "index",
          obj: each,
          key: b.key,
          literalKey: b.literalKey,
          pos: each.pos,
          end: b.close.end,
          step: { start: open.pos, end: b.close.end },
        };
      } else return done();
    }
  }
}
