/** Syntax tree of HCL native-syntax expressions and bodies, as produced by our parser. */
import type { HclPos } from "./hcl-errors";
import type { HclValue } from "./hcl-value";

/** Binary operators, by HCL's spelling. */
export type BinaryOp = "||" | "&&" | "==" | "!=" | "<" | ">" | "<=" | ">=" | "+" | "-" | "*" | "/" | "%";

/** A part of a template: literal text, an interpolation, or a directive. */
export type TemplatePart =
  | { readonly t: "text"; readonly text: string }
  | { readonly t: "interp"; readonly expr: Expr }
  | {
      readonly t: "if";
      readonly cond: Expr;
      readonly then: TemplatePart[];
      readonly else: TemplatePart[];
      readonly pos: HclPos;
    }
  | {
      readonly t: "for";
      readonly key: string | undefined;
      readonly value: string;
      readonly coll: Expr;
      readonly body: TemplatePart[];
      readonly pos: HclPos;
      /** The `%{ for … }` directive's range. */
      readonly open: SourceRange;
    };

/** An object constructor item; `name` is set when the key was a naked identifier. */
export interface ObjectItem {
  readonly key: Expr;
  readonly name: string | undefined;
  readonly value: Expr;
}

/** Where a traversal step (`.name`, `[key]`) is in the source; `end` is exclusive. */
export interface SourceRange {
  readonly start: HclPos;
  readonly end: HclPos;
}

/** Every expression node. `pos` is where it starts, `end` where it ends (exclusive), as hcl's SrcRange. */
export type Expr = { readonly pos: HclPos; readonly end: HclPos } & (
  | { readonly t: "lit"; readonly v: HclValue }
  | { readonly t: "var"; readonly name: string }
  | { readonly t: "attr"; readonly obj: Expr; readonly name: string; readonly step?: SourceRange }
  | {
      readonly t: "index";
      readonly obj: Expr;
      readonly key: Expr;
      readonly literalKey: boolean;
      readonly step?: SourceRange;
    }
  | { readonly t: "splatItem" }
  | { readonly t: "splat"; readonly src: Expr; readonly each: Expr }
  | {
      readonly t: "call";
      readonly name: string;
      readonly args: Expr[];
      readonly expand: boolean;
      /** The name through the open parenthesis (hcl's StartRange). */
      readonly head: SourceRange;
      /** The closing parenthesis. */
      readonly close: SourceRange;
    }
  | { readonly t: "tuple"; readonly items: Expr[] }
  | { readonly t: "object"; readonly items: ObjectItem[] }
  | { readonly t: "template"; readonly parts: TemplatePart[] }
  | { readonly t: "wrap"; readonly inner: Expr }
  | { readonly t: "cond"; readonly cond: Expr; readonly then: Expr; readonly else: Expr }
  | { readonly t: "binary"; readonly op: BinaryOp; readonly left: Expr; readonly right: Expr }
  | { readonly t: "unary"; readonly op: "-" | "!"; readonly operand: Expr }
  | { readonly t: "paren"; readonly inner: Expr }
  | {
      readonly t: "for";
      readonly key: string | undefined;
      readonly value: string;
      readonly coll: Expr;
      readonly keyExpr: Expr | undefined;
      readonly valExpr: Expr;
      readonly cond: Expr | undefined;
      readonly group: boolean;
    }
);

/** An attribute `name = expr` inside a block. */
export interface Attribute {
  readonly name: string;
  readonly expr: Expr;
  readonly pos: HclPos;
  /** Where the name ends. */
  readonly nameEnd: HclPos;
  /** The expression's source text, for error messages. */
  readonly source: string;
}

/** A block `type label... { body }`. */
export interface Block {
  readonly type: string;
  readonly labels: string[];
  /** Where each label is (quotes included). */
  readonly labelRanges?: SourceRange[];
  readonly body: Body;
  readonly pos: HclPos;
  /** Where the type name ends. */
  readonly typeEnd: HclPos;
}

/** A body: attributes and nested blocks in source order. */
export interface Body {
  readonly attributes: Attribute[];
  readonly blocks: Block[];
}
