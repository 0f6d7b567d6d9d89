/**
 * Parse tree nodes, shaped like Go's `text/template/parse` nodes. `nodeString` renders a node
 * exactly as Go's `Node.String()` does, because Go puts that text into execution errors
 * (`executing "t" at <.Values.x>: …`).
 */
import type { NumberInfo } from "./literals";
import { goQuote } from "../../shared/go/quote";

/** The source a node came from: Go's `Tree.ParseName` and text, for error locations. */
export interface SourceInfo {
  readonly parseName: string;
  readonly text: string;
}

interface Base {
  /** Offset (UTF-16 index) into `src.text`. */
  readonly pos: number;
  readonly src: SourceInfo;
}

/** Plain text between actions. */
export interface TextNode extends Base {
  readonly type: "text";
  readonly text: string;
}
/** A sequence of nodes. */
export interface ListNode extends Base {
  readonly type: "list";
  readonly nodes: Node[];
}
/** A non-control action such as `{{.X}}`. */
export interface ActionNode extends Base {
  readonly type: "action";
  readonly line: number;
  readonly pipe: PipeNode;
}
/** A comment (only kept when comments are parsed). */
export interface CommentNode extends Base {
  readonly type: "comment";
  readonly text: string;
}
/** `{{break}}` inside a range. */
export interface BreakNode extends Base {
  readonly type: "break";
  readonly line: number;
}
/** `{{continue}}` inside a range. */
export interface ContinueNode extends Base {
  readonly type: "continue";
  readonly line: number;
}

/** `if`, `range` and `with` share one shape, as in Go's BranchNode. */
export interface BranchNode extends Base {
  readonly type: "if" | "range" | "with";
  readonly line: number;
  readonly pipe: PipeNode;
  readonly list: ListNode;
  readonly elseList: ListNode | undefined;
}

/** `{{template "name" pipeline}}` (also produced by `{{block}}`). */
export interface TemplateNode extends Base {
  readonly type: "template";
  readonly line: number;
  readonly name: string;
  readonly pipe: PipeNode | undefined;
}

/** A pipeline with optional declarations: `$x := a | b`. */
export interface PipeNode extends Base {
  readonly type: "pipe";
  readonly line: number;
  isAssign: boolean;
  readonly decl: VariableNode[];
  readonly cmds: CommandNode[];
}

/** One command of a pipeline: operands separated by spaces. */
export interface CommandNode extends Base {
  readonly type: "command";
  readonly args: ArgNode[];
}
/** A field chain on dot: `.A.B`. */
export interface FieldNode extends Base {
  readonly type: "field";
  readonly ident: string[];
}
/** A variable with optional fields: `$x.A`. */
export interface VariableNode extends Base {
  readonly type: "variable";
  readonly ident: string[];
}
/** Fields on a term that is not dot or a variable: `(pipe).A`. */
export interface ChainNode extends Base {
  readonly type: "chain";
  readonly node: ArgNode;
  readonly field: string[];
}
/** A function name. */
export interface IdentifierNode extends Base {
  readonly type: "identifier";
  readonly ident: string;
}
/** The cursor `.`. */
export interface DotNode extends Base {
  readonly type: "dot";
}
/** The untyped `nil` constant. */
export interface NilNode extends Base {
  readonly type: "nil";
}
/** `true` or `false`. */
export interface BoolNode extends Base {
  readonly type: "bool";
  readonly value: boolean;
}
/** A quoted string; `quoted` is the source text, `text` the value. */
export interface StringNode extends Base {
  readonly type: "string";
  readonly quoted: string;
  readonly text: string;
}
/** A number constant with its int/uint/float views. */
export interface NumberNode extends Base {
  readonly type: "number";
  readonly text: string;
  readonly num: NumberInfo;
}

/** Nodes that can be command arguments (operands). */
export type ArgNode =
  | FieldNode
  | VariableNode
  | ChainNode
  | IdentifierNode
  | DotNode
  | NilNode
  | BoolNode
  | StringNode
  | NumberNode
  | PipeNode;

/** Any node. */
export type Node =
  | TextNode
  | ListNode
  | ActionNode
  | CommentNode
  | BreakNode
  | ContinueNode
  | BranchNode
  | TemplateNode
  | CommandNode
  | ArgNode;

/** Go's `Node.String()`. */
export function nodeString(n: Node): string {
  switch (n.type) {
    case "text":
      return goQuote(n.text);
    case "list":
      return n.nodes.map(nodeString).join("");
    case "action":
      return `{{${nodeString(n.pipe)}}}`;
    case "comment":
      return `{{${n.text}}}`;
    case "break":
      return "{{break}}";
    case "continue":
      return "{{continue}}";
    case "if":
    case "range":
    case "with": {
      let s = `{{${n.type} ${nodeString(n.pipe)}}}${nodeString(n.list)}`;
      if (n.elseList !== undefined) s += `{{else}}${nodeString(n.elseList)}`;
      return `${s}{{end}}`;
    }
    case "template":
      return n.pipe === undefined
        ? `{{template ${goQuote(n.name)}}}`
        : `{{template ${goQuote(n.name)} ${nodeString(n.pipe)}}}`;
    case "pipe": {
      let s = "";
      if (n.decl.length > 0) s = `${n.decl.map(nodeString).join(", ")} ${n.isAssign ? "=" : ":="} `;
      return s + n.cmds.map(nodeString).join(" | ");
    }
    case "command":
      return n.args.map((a) => (a.type === "pipe" ? `(${nodeString(a)})` : nodeString(a))).join(" ");
    case "field":
      return n.ident.map((i) => `.${i}`).join("");
    case "variable":
      return n.ident.join(".");
    case "chain": {
      const head = n.node.type === "pipe" ? `(${nodeString(n.node)})` : nodeString(n.node);
      return head + n.field.map((f) => `.${f}`).join("");
    }
    case "identifier":
      return n.ident;
    case "dot":
      return ".";
    case "nil":
      return "nil";
    case "bool":
      return n.value ? "true" : "false";
    case "string":
      return n.quoted;
    case "number":
      return n.text;
  }
}
