/**
 * Recursive-descent parser for HCL native-syntax expressions. Newlines matter inside object
 * constructors and bodies but not inside parentheses, brackets or call arguments, as in
 * hclsyntax; the parser keeps a stack of that setting.
 */
import type { BinaryOp, Expr, ObjectItem } from "./hcl-ast";
import { fail, HclDepthExceeded, MAX_HCL_DEPTH, type HclPos } from "./hcl-errors";
import { describe, HclScanner, type Token } from "./hcl-scanner";
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

/** Token-level parser state shared by the body, expression and template parsers. */
export class HclParser implements TemplateHost {
  readonly scanner: HclScanner;
  /** Lookahead tokens; newlines stay queued so a later newline-sensitive context still sees them. */
  private readonly queue: Token[] = [];
  private depth = 0;
  private readonly newlines: boolean[] = [true];

  constructor(src: string) {
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
    return t;
  }

  /** True when the next token is the punctuation `p`. */
  isPunct(p: string): boolean {
    const t = this.peek();
    return t.kind === "punct" && t.text === p;
  }

  /** Consumes the punctuation `p` or fails. */
  expect(p: string, what: string): Token {
    const t = this.read();
    if (t.kind !== "punct" || t.text !== p)
      fail("HCL_SYNTAX", `expected ${JSON.stringify(p)} ${what}, found ${describe(t)}`, t.pos);
    return t;
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
    this.expect(":", "in conditional expression");
    const otherwise = this.parseExpression();
    return { t: "cond", cond, then, else: otherwise, pos: cond.pos };
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
      left = { t: "binary", op: t.text as BinaryOp, left, right, pos: left.pos };
    }
  }

  private parseUnary(): Expr {
    const t = this.peek();
    if (t.kind === "punct" && (t.text === "-" || t.text === "!")) {
      this.read();
      const operand = this.parseUnary();
      return { t: "unary", op: t.text, operand, pos: t.pos };
    }
    return this.parsePostfix(this.parseTerm());
  }

  private parseTerm(): Expr {
    const t = this.read();
    switch (t.kind) {
      case "number":
        // HCL's scanner reads `0.0.1` as one (invalid) literal; Go rejects out-of-range exponents.
        if (t.text.split(".").length > 2 || !numberLiteralInRange(t.text))
          fail("HCL_SYNTAX", `invalid number literal ${t.text}`, t.pos);
        return { t: "lit", v: parseNumberLiteral(t.text), pos: t.pos };
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
            fail("HCL_SYNTAX", `expected ")" to close the parenthesis, found ${describe(next)}`, next.pos, {
              summary: "Unbalanced parentheses",
              detail: "Expected a closing parenthesis to terminate the expression.",
              start: next.pos,
              end: { line: next.pos.line, column: next.pos.column + Math.max(1, [...next.text].length) },
            });
          });
          this.read();
          return { t: "paren", inner, pos: t.pos };
        }
        if (t.text === "[") return this.withNewlines(false, () => this.tupleOrFor(t.pos));
        if (t.text === "{") return this.objectOrFor(t.pos);
        break;
      default:
        break;
    }
    return fail(
      "HCL_SYNTAX",
      `expected the start of an expression, found ${describe(t)}`,
      t.pos,
      t.kind === "newline"
        ? {
            summary: "Invalid expression",
            detail: "Expected the start of an expression, but found an invalid expression token.",
            start: t.pos,
            end: { line: t.pos.line + 1, column: 1 },
          }
        : undefined,
    );
  }

  private identTerm(t: Token): Expr {
    // As in HCL, a name followed by "(" is a call even when it is true, false or null.
    if (this.isPunct("(")) {
      this.read();
      return this.withNewlines(false, () => this.callArgs(t));
    }
    if (t.text === "true" || t.text === "false") return { t: "lit", v: t.text === "true", pos: t.pos };
    if (t.text === "null") return { t: "lit", v: null, pos: t.pos };
    return { t: "var", name: t.text, pos: t.pos };
  }

  private callArgs(name: Token): Expr {
    const args: Expr[] = [];
    let expand = false;
    while (!this.isPunct(")")) {
      args.push(this.parseExpression());
      if (this.isPunct("...")) {
        this.read();
        expand = true;
        if (!this.isPunct(")"))
          fail("HCL_SYNTAX", "the expansion symbol ... must follow the last argument", this.peek().pos);
        break;
      }
      if (!this.isPunct(",")) break;
      this.read();
    }
    this.expect(")", `to close the arguments of ${name.text}()`);
    return { t: "call", name: name.text, args, expand, pos: name.pos };
  }

  private tupleOrFor(pos: HclPos): Expr {
    const first = this.peek();
    if (first.kind === "ident" && first.text === "for") return this.forExpr(pos, false);
    const items: Expr[] = [];
    while (!this.isPunct("]")) {
      items.push(this.parseExpression());
      if (!this.isPunct(",")) break;
      this.read();
    }
    this.expect("]", "to close the tuple");
    return { t: "tuple", items, pos };
  }

  private objectOrFor(pos: HclPos): Expr {
    const first = this.withNewlines(false, () => this.peek());
    if (first.kind === "ident" && first.text === "for")
      return this.withNewlines(false, () => this.forExpr(pos, true));
    return this.withNewlines(true, () => this.objectItems(pos));
  }

  private objectItems(pos: HclPos): Expr {
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
      const sep = this.read();
      if (sep.kind !== "punct" || (sep.text !== "=" && sep.text !== ":")) {
        fail("HCL_SYNTAX", `expected "=" after the object key, found ${describe(sep)}`, sep.pos);
      }
      // HCL wants an object item's value on the same line as its key.
      const start = this.peek();
      if (start.kind === "newline")
        fail("HCL_SYNTAX", "expected the object item's value on the same line as its key", start.pos);
      const value = this.parseExpression();
      items.push({ key, name: key.t === "var" ? key.name : undefined, value });
      const after = this.peek();
      if (after.kind === "newline" || this.isPunct(",")) this.read();
      else if (!this.isPunct("}"))
        fail(
          "HCL_SYNTAX",
          `expected a newline or comma after an object item, found ${describe(after)}`,
          after.pos,
        );
    }
    this.read();
    return { t: "object", items, pos };
  }

  private forExpr(pos: HclPos, isObject: boolean): Expr {
    this.read();
    const names = [this.identName("for")];
    if (this.isPunct(",")) {
      this.read();
      names.push(this.identName("for"));
    }
    const inTok = this.read();
    if (inTok.kind !== "ident" || inTok.text !== "in")
      fail("HCL_SYNTAX", `expected "in" in for expression, found ${describe(inTok)}`, inTok.pos);
    const coll = this.parseExpression();
    this.expect(":", "after the for expression's collection");
    let keyExpr: Expr | undefined;
    let valExpr = this.parseExpression();
    if (isObject) {
      this.expect("=>", "in object for expression");
      keyExpr = valExpr;
      valExpr = this.parseExpression();
    }
    let group = false;
    if (isObject && this.isPunct("...")) {
      this.read();
      group = true;
    }
    let cond: Expr | undefined;
    const maybeIf = this.peek();
    if (maybeIf.kind === "ident" && maybeIf.text === "if") {
      this.read();
      cond = this.parseExpression();
    }
    this.expect(isObject ? "}" : "]", "to close the for expression");
    const [a, b] = names;
    const key = b === undefined ? undefined : a;
    return { t: "for", key, value: b ?? a ?? "", coll, keyExpr, valExpr, cond, group, pos };
  }

  /** Reads an identifier or fails. */
  identName(context: string): string {
    const t = this.read();
    if (t.kind !== "ident")
      fail("HCL_SYNTAX", `expected an identifier in ${context}, found ${describe(t)}`, t.pos);
    return t.text;
  }

  private parsePostfix(base: Expr): Expr {
    let e = base;
    for (;;) {
      if (this.isPunct(".")) {
        const dot = this.read();
        const t = this.read();
        if (t.kind === "punct" && t.text === "*") e = this.splat(e, dot.pos, false);
        else if (t.kind === "ident") {
          const end = { line: t.pos.line, column: t.pos.column + [...t.text].length };
          e = { t: "attr", obj: e, name: t.text, pos: e.pos, step: { start: dot.pos, end } };
        } else if (t.kind === "number" && /^[0-9]+$/.test(t.text)) {
          e = {
            t: "index",
            obj: e,
            key: { t: "lit", v: BigInt(t.text), pos: t.pos },
            literalKey: true,
            pos: e.pos,
          };
        } else fail("HCL_SYNTAX", `expected an attribute name after ".", found ${describe(t)}`, t.pos);
      } else if (this.isPunct("[")) {
        const open = this.read();
        // As in HCL, `[` then a newline then `*` is an index, not a splat.
        if (this.isPunct("*")) {
          this.withNewlines(false, () => {
            this.read();
            this.expect("]", "to close the splat [*]");
          });
          e = this.splat(e, open.pos, true);
          continue;
        }
        // Inside braces a newline ends the key or value (HCL rejects `{a = 1 +\n 2}`); brackets and parentheses turn it off again.
        const key = this.parseExpression();
        const close = this.withNewlines(false, () => this.expect("]", "to close the index"));
        const literalKey =
          key.t === "lit" || (key.t === "template" && key.parts.every((p) => p.t === "text"));
        const end = { line: close.pos.line, column: close.pos.column + 1 };
        e = { t: "index", obj: e, key, literalKey, pos: e.pos, step: { start: open.pos, end } };
      } else return e;
    }
  }

  /** Parses the traversal steps applied to each element after `.*` or `[*]`. */
  private splat(src: Expr, pos: HclPos, full: boolean): Expr {
    let each: Expr = { t: "splatItem", pos };
    for (;;) {
      if (this.isPunct(".")) {
        const save = this.peek();
        this.read();
        const t = this.read();
        if (t.kind === "ident") each = { t: "attr", obj: each, name: t.text, pos: each.pos };
        // A splat right after a splat applies to the first one's result, as in HCL (`a[*].*`).
        else if (t.kind === "punct" && t.text === "*")
          return this.splat({ t: "splat", src, each, pos: src.pos }, save.pos, false);
        else if (t.kind === "number" && /^[0-9]+$/.test(t.text)) {
          each = {
            t: "index",
            obj: each,
            key: { t: "lit", v: BigInt(t.text), pos: t.pos },
            literalKey: true,
            pos,
          };
        } else fail("HCL_SYNTAX", `expected an attribute name after ".", found ${describe(t)}`, save.pos);
      } else if (full && this.isPunct("[")) {
        const open = this.read();
        // As in HCL, `[` then a newline then `*` is an index, not a splat.
        if (this.isPunct("*")) {
          this.withNewlines(false, () => {
            this.read();
            this.expect("]", "to close the splat [*]");
          });
          return this.splat({ t: "splat", src, each, pos: src.pos }, open.pos, true);
        }
        // Inside braces a newline ends the key or value (HCL rejects `{a = 1 +\n 2}`); brackets and parentheses turn it off again.
        const key = this.parseExpression();
        this.withNewlines(false, () => this.expect("]", "to close the index"));
        each = { t: "index", obj: each, key, literalKey: key.t === "lit", pos };
      } else break;
    }
    return { t: "splat", src, each, pos: src.pos };
  }
}
