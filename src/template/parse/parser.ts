/**
 * Parser for Go `text/template`, following Go's `parse.Tree` grammar and error texts.
 * `parseTrees` returns the top-level tree plus every `{{define}}`/`{{block}}` tree.
 */
import { lex, Tok, type Token } from "./lexer";
import { goQuote } from "../../shared/go/quote";
import { TokenCursor } from "./token-cursor";
import { LiteralError, parseNumber, unquoteString } from "./literals";
import type {
  ActionNode,
  ArgNode,
  BranchNode,
  CommandNode,
  ListNode,
  Node,
  PipeNode,
  SourceInfo,
  TemplateNode,
  VariableNode,
} from "./nodes";
import { nodeString } from "./nodes";

/** One parsed template (Go's `parse.Tree`). */
export interface ParsedTree {
  readonly name: string;
  readonly root: ListNode;
  readonly src: SourceInfo;
}

/** Options of {@link parseTrees}. */
export interface ParseOptions {
  /** True when `name` is a function the template may call (Go checks at parse time). */
  readonly hasFunction: (name: string) => boolean;
}

/** Parses `text` named `name`; returns the trees in definition order (top-level first). */
export function parseTrees(name: string, text: string, options: ParseOptions): Map<string, ParsedTree> {
  const tokens = lex(text);
  const src: SourceInfo = { parseName: name, text };
  const set = new Map<string, ParsedTree>();
  const p = new Parser(tokens, src, options, set);
  p.parseTop(name);
  return set;
}

/** True when a tree holds only whitespace text (Go's `IsEmptyTree`). */
export function isEmptyTree(n: Node): boolean {
  if (n.type === "list") return n.nodes.every(isEmptyTree);
  if (n.type === "text") return n.text.trim() === "" && !/[^\s]/.test(n.text);
  if (n.type === "comment") return true;
  return false;
}

class Parser extends TokenCursor {
  private vars: string[] = ["$"];
  private rangeDepth = 0;
  /** Nesting of parenthesised pipelines (Go caps it at 10000). */
  private stackDepth = 0;

  constructor(
    tokens: Token[],
    src: SourceInfo,
    private readonly options: ParseOptions,
    private readonly set: Map<string, ParsedTree>,
  ) {
    super(tokens, src);
  }

  private add(name: string, root: ListNode): void {
    const existing = this.set.get(name);
    if (existing === undefined || isEmptyTree(existing.root)) {
      this.set.set(name, { name, root, src: this.src });
      return;
    }
    if (!isEmptyTree(root)) this.errorf(`template: multiple definition of template ${goQuote(name)}`);
  }

  parseTop(name: string): void {
    const root: ListNode = { type: "list", pos: this.peek().pos, src: this.src, nodes: [] };
    while (this.peek().typ !== Tok.EOF) {
      if (this.peek().typ === Tok.LeftDelim) {
        const save = this.mark();
        this.next();
        if (this.nextNonSpace().typ === Tok.Define) {
          this.parseDefinition();
          continue;
        }
        this.reset(save);
      }
      const n = this.textOrAction();
      if (n.type === "end" || n.type === "else")
        this.errorf(`unexpected ${n.type === "end" ? "{{end}}" : "{{else}}"}`);
      root.nodes.push(n);
    }
    this.add(name, root);
  }

  private parseDefinition(): void {
    const context = "define clause";
    const nameTok = this.nextNonSpace();
    if (nameTok.typ !== Tok.String && nameTok.typ !== Tok.RawString) this.unexpected(nameTok, context);
    const name = this.unquote(nameTok.val);
    this.expect(Tok.RightDelim, context);
    const savedVars = this.vars;
    this.vars = ["$"];
    const [list, end] = this.itemList();
    if (end.type !== "end") this.errorf(`unexpected ${endString(end)} in ${context}`);
    this.vars = savedVars;
    this.add(name, list);
  }

  private unquote(text: string): string {
    try {
      return unquoteString(text);
    } catch (e) {
      return this.errorf(e instanceof LiteralError ? e.message : String(e));
    }
  }

  private itemList(): [ListNode, EndMarker] {
    const list: ListNode = { type: "list", pos: this.peekNonSpace().pos, src: this.src, nodes: [] };
    while (this.peekNonSpace().typ !== Tok.EOF) {
      const n = this.textOrAction();
      if (n.type === "end" || n.type === "else") return [list, n];
      list.nodes.push(n);
    }
    return this.errorf("unexpected EOF");
  }

  private textOrAction(): Node | EndMarker {
    const t = this.nextNonSpace();
    if (t.typ === Tok.Text) return { type: "text", pos: t.pos, src: this.src, text: t.val };
    if (t.typ === Tok.LeftDelim) {
      this.actionLine = t.line;
      try {
        return this.action();
      } finally {
        this.actionLine = 0;
      }
    }
    return this.unexpected(t, "input");
  }

  private action(): Node | EndMarker {
    const t = this.nextNonSpace();
    switch (t.typ) {
      case Tok.Block:
        return this.blockControl();
      case Tok.Break:
        return this.breakControl(t, "break");
      case Tok.Continue:
        return this.breakControl(t, "continue");
      case Tok.Else:
        return this.elseControl();
      case Tok.End:
        return { type: "end", pos: this.expect(Tok.RightDelim, "end").pos };
      case Tok.If:
        return this.branch("if");
      case Tok.Range:
        return this.branch("range");
      case Tok.Template:
        return this.templateControl();
      case Tok.With:
        return this.branch("with");
      default:
        break;
    }
    this.backup();
    const tok = this.peek();
    const node: ActionNode = {
      type: "action",
      pos: tok.pos,
      src: this.src,
      line: tok.line,
      pipe: this.pipeline("command"),
    };
    return node;
  }

  private breakControl(t: Token, kind: "break" | "continue"): Node {
    const tok = this.nextNonSpace();
    if (tok.typ !== Tok.RightDelim) this.unexpected(tok, `{{${kind}}}`);
    if (this.rangeDepth === 0) this.errorf(`{{${kind}}} outside {{range}}`);
    return { type: kind, pos: t.pos, src: this.src, line: t.line };
  }

  private elseControl(): EndMarker {
    const peek = this.peekNonSpace();
    // `{{else if …}}` / `{{else with …}}`: leave the keyword pending for the enclosing control.
    if (peek.typ === Tok.If || peek.typ === Tok.With)
      return { type: "else", pos: peek.pos, chained: peek.typ };
    const t = this.expect(Tok.RightDelim, "else");
    return { type: "else", pos: t.pos };
  }

  private branch(kind: "if" | "range" | "with"): BranchNode {
    const mark = this.vars.length;
    if (kind === "range") this.rangeDepth++;
    const pipe = this.pipeline(kind);
    const [list, first] = this.itemList();
    let next = first;
    if (kind === "range") this.rangeDepth--;
    let elseList: ListNode | undefined;
    if (next.type === "else") {
      const chainTok = kind === "if" ? Tok.If : kind === "with" ? Tok.With : undefined;
      if (chainTok !== undefined && next.chained === chainTok && this.peekNonSpace().typ === chainTok) {
        this.nextNonSpace();
        elseList = { type: "list", pos: next.pos, src: this.src, nodes: [this.branch(kind)] };
      } else {
        [elseList, next] = this.itemList();
        if (next.type !== "end") this.errorf(`expected end; found ${endString(next)}`);
      }
    }
    this.vars.length = mark;
    return { type: kind, pos: pipe.pos, src: this.src, line: pipe.line, pipe, list, elseList };
  }

  private blockControl(): TemplateNode {
    const context = "block clause";
    const tok = this.nextNonSpace();
    const name = this.templateName(tok, context);
    const pipe = this.pipeline(context);
    const savedVars = this.vars;
    const savedDepth = this.rangeDepth;
    this.vars = ["$"];
    this.rangeDepth = 0;
    const [list, end] = this.itemList();
    if (end.type !== "end") this.errorf(`unexpected ${endString(end)} in ${context}`);
    this.vars = savedVars;
    this.rangeDepth = savedDepth;
    this.add(name, list);
    return { type: "template", pos: tok.pos, src: this.src, line: tok.line, name, pipe };
  }

  private templateControl(): TemplateNode {
    const context = "template clause";
    const tok = this.nextNonSpace();
    const name = this.templateName(tok, context);
    let pipe: PipeNode | undefined;
    if (this.nextNonSpace().typ !== Tok.RightDelim) {
      this.backup();
      pipe = this.pipeline(context);
    }
    return { type: "template", pos: tok.pos, src: this.src, line: tok.line, name, pipe };
  }

  private templateName(tok: Token, context: string): string {
    if (tok.typ === Tok.String || tok.typ === Tok.RawString) return this.unquote(tok.val);
    return this.unexpected(tok, context);
  }

  private pipeline(context: string, end: Tok = Tok.RightDelim): PipeNode {
    const start = this.peekNonSpace();
    const pipe: PipeNode = {
      type: "pipe",
      pos: start.pos,
      src: this.src,
      line: start.line,
      isAssign: false,
      decl: [],
      cmds: [],
    };
    this.declarations(pipe, context);
    for (;;) {
      const t = this.nextNonSpace();
      switch (t.typ) {
        case end:
          this.checkPipeline(pipe, context);
          return pipe;
        case Tok.Bool:
        case Tok.CharConstant:
        case Tok.Complex:
        case Tok.Dot:
        case Tok.Field:
        case Tok.Identifier:
        case Tok.Number:
        case Tok.Nil:
        case Tok.RawString:
        case Tok.String:
        case Tok.Variable:
        case Tok.LeftParen:
          this.backup();
          pipe.cmds.push(this.command());
          if (pipe.cmds.length > 100000) this.errorf("pipeline too long");
          break;
        default:
          this.unexpected(t, context);
      }
    }
  }

  private declarations(pipe: PipeNode, context: string): void {
    for (;;) {
      const v = this.peekNonSpace();
      if (v.typ !== Tok.Variable) return;
      const save = this.mark();
      this.nextNonSpace();
      const next = this.peekNonSpace();
      if (next.typ === Tok.Assign || next.typ === Tok.Declare) {
        pipe.isAssign = next.typ === Tok.Assign;
        this.nextNonSpace();
        pipe.decl.push(this.variableNode(v.pos, v.val));
        this.vars.push(v.val);
        return;
      }
      if (next.typ === Tok.Char && next.val === ",") {
        this.nextNonSpace();
        pipe.decl.push(this.variableNode(v.pos, v.val));
        this.vars.push(v.val);
        if (context === "range" && pipe.decl.length < 2) {
          const k = this.peekNonSpace().typ;
          if (k === Tok.Variable || k === Tok.RightDelim || k === Tok.RightParen) continue;
          this.errorf("range can only initialize variables");
        }
        this.errorf(`too many declarations in ${context}`);
      }
      this.reset(save);
      return;
    }
  }

  private variableNode(pos: number, text: string): VariableNode {
    return { type: "variable", pos, src: this.src, ident: text.split(".") };
  }

  private checkPipeline(pipe: PipeNode, context: string): void {
    if (pipe.cmds.length === 0) this.errorf(`missing value for ${context}`);
    pipe.cmds.slice(1).forEach((c, i) => {
      const k = c.args[0]?.type;
      if (k === "bool" || k === "dot" || k === "nil" || k === "number" || k === "string") {
        this.errorf(`non executable command in pipeline stage ${i + 2}`);
      }
    });
  }

  private command(): CommandNode {
    const cmd: CommandNode = { type: "command", pos: this.peekNonSpace().pos, src: this.src, args: [] };
    for (;;) {
      this.peekNonSpace();
      const operand = this.operand();
      if (operand !== undefined) cmd.args.push(operand);
      const t = this.next();
      if (t.typ === Tok.Space) continue;
      if (t.typ === Tok.RightDelim || t.typ === Tok.RightParen) this.backup();
      else if (t.typ !== Tok.Pipe) this.unexpected(t, "operand");
      break;
    }
    if (cmd.args.length === 0) this.errorf("empty command");
    return cmd;
  }

  private operand(): ArgNode | undefined {
    const node = this.term();
    if (node === undefined) return undefined;
    if (this.peek().typ !== Tok.Field) return node;
    const pos = this.peek().pos;
    const fields: string[] = [];
    while (this.peek().typ === Tok.Field) fields.push(this.next().val.slice(1));
    switch (node.type) {
      case "field":
        return { type: "field", pos, src: this.src, ident: [...node.ident, ...fields] };
      case "variable":
        return { type: "variable", pos, src: this.src, ident: [...node.ident, ...fields] };
      case "bool":
      case "string":
      case "number":
      case "nil":
      case "dot":
        return this.errorf(`unexpected . after term ${goQuote(nodeString(node))}`);
      default:
        return { type: "chain", pos, src: this.src, node, field: fields };
    }
  }

  private term(): ArgNode | undefined {
    const t = this.nextNonSpace();
    switch (t.typ) {
      case Tok.Identifier:
        if (!this.options.hasFunction(t.val)) this.errorf(`function ${goQuote(t.val)} not defined`);
        return { type: "identifier", pos: t.pos, src: this.src, ident: t.val };
      case Tok.Dot:
        return { type: "dot", pos: t.pos, src: this.src };
      case Tok.Nil:
        return { type: "nil", pos: t.pos, src: this.src };
      case Tok.Variable:
        return this.useVar(t);
      case Tok.Field:
        return { type: "field", pos: t.pos, src: this.src, ident: [t.val.slice(1)] };
      case Tok.Bool:
        return { type: "bool", pos: t.pos, src: this.src, value: t.val === "true" };
      case Tok.CharConstant:
      case Tok.Complex:
      case Tok.Number:
        try {
          return {
            type: "number",
            pos: t.pos,
            src: this.src,
            text: t.val,
            num: parseNumber(t.val, t.typ === Tok.CharConstant),
          };
        } catch (e) {
          return this.errorf(e instanceof LiteralError ? e.message : String(e));
        }
      case Tok.LeftParen: {
        if (this.stackDepth >= 10000) this.errorf("max expression depth exceeded");
        this.stackDepth++;
        try {
          return this.pipeline("parenthesized pipeline", Tok.RightParen);
        } finally {
          this.stackDepth--;
        }
      }
      case Tok.String:
      case Tok.RawString:
        return { type: "string", pos: t.pos, src: this.src, quoted: t.val, text: this.unquote(t.val) };
      default:
        this.backup();
        return undefined;
    }
  }

  private useVar(t: Token): VariableNode {
    const v = this.variableNode(t.pos, t.val);
    if (!this.vars.includes(v.ident[0] as string))
      this.errorf(`undefined variable ${goQuote(v.ident[0] as string)}`);
    return v;
  }
}

/** `{{end}}` / `{{else}}` markers returned by itemList (never stored in a tree). */
type EndMarker =
  | { readonly type: "end"; readonly pos: number }
  | { readonly type: "else"; readonly pos: number; readonly chained?: Tok };

function endString(m: EndMarker): string {
  return m.type === "end" ? "{{end}}" : "{{else}}";
}
