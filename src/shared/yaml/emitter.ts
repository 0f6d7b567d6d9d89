/**
 * A block-style YAML writer that reproduces go-yaml's emitter (libyaml port) byte for byte
 * for the documents `yaml.Marshal` produces: block maps and lists, `{}`/`[]` for empty
 * ones, simple or `? ` complex keys, and plain / single / double / literal scalars with
 * go-yaml's line folding.
 */
import { analyzeScalar, isBreakChar, isPrintableChar } from "./scalar-analysis";
import type { GoYamlVersion } from "./resolve";

/** Presentation style of a scalar. */
export type ScalarStyle = "plain" | "single" | "double" | "literal";

/** The state a parent node pushed before emitting a child (libyaml's state stack top). */
export type ParentState =
  "document" | "sequence-item" | "mapping-key" | "mapping-simple-value" | "mapping-value";

/** Node context flags (libyaml's `*_context`). */
export interface NodeContext {
  readonly root: boolean;
  readonly sequence: boolean;
  readonly mapping: boolean;
  readonly simpleKey: boolean;
}

/** Emitter settings. */
export interface EmitterSettings {
  readonly version: GoYamlVersion;
  readonly indent: number;
  readonly width: number;
}

/** Low-level writer state mirroring libyaml's emitter fields. */
export class YamlEmitter {
  private readonly out: string[] = [];
  column = 0;
  whitespace = true;
  indention = true;
  indent = -1;
  private readonly indents: number[] = [];
  readonly bestIndent: number;
  readonly bestWidth: number;
  readonly version: GoYamlVersion;

  constructor(settings: EmitterSettings) {
    this.version = settings.version;
    this.bestIndent = settings.indent < 2 || settings.indent > 9 ? 2 : settings.indent;
    const width = settings.width;
    this.bestWidth = width < 0 ? Number.MAX_SAFE_INTEGER : width <= this.bestIndent * 2 ? 80 : width;
  }

  text(): string {
    return this.out.join("");
  }

  private put(c: string): void {
    this.out.push(c);
    this.column++;
  }

  private putBreak(): void {
    this.out.push("\n");
    this.column = 0;
    this.indention = true;
  }

  private writeBreak(c: string): void {
    if (c === "\n") {
      this.putBreak();
      return;
    }
    this.out.push(c);
    this.column = 0;
    this.indention = true;
  }

  writeIndent(): void {
    const indent = this.indent < 0 ? 0 : this.indent;
    if (!this.indention || this.column > indent || (this.column === indent && !this.whitespace))
      this.putBreak();
    while (this.column < indent) this.put(" ");
    this.whitespace = true;
  }

  writeIndicator(
    indicator: string,
    needWhitespace: boolean,
    isWhitespace: boolean,
    isIndention: boolean,
  ): void {
    if (needWhitespace && !this.whitespace) this.put(" ");
    for (const c of indicator) this.put(c);
    this.whitespace = isWhitespace;
    this.indention = this.indention && isIndention;
  }

  increaseIndent(flow: boolean, indentless: boolean, parent: ParentState): void {
    this.indents.push(this.indent);
    if (this.indent < 0) {
      this.indent = flow ? this.bestIndent : 0;
    } else if (!indentless) {
      if (this.version === "v2") this.indent += this.bestIndent;
      else if (parent === "sequence-item") this.indent += 2;
      else this.indent = this.bestIndent * Math.floor((this.indent + this.bestIndent) / this.bestIndent);
    }
  }

  popIndent(): void {
    this.indent = this.indents.pop() ?? -1;
  }

  /** Chooses the final style for `value` given the style the encoder asked for. */
  selectStyle(chars: readonly string[], requested: ScalarStyle, ctx: NodeContext): ScalarStyle {
    const a = analyzeScalar(chars, this.version);
    let style = requested;
    if (ctx.simpleKey && a.multiline) style = "double";
    if (style === "plain") {
      if (!a.blockPlainAllowed) style = "single";
      if (chars.length === 0 && ctx.simpleKey) style = "single";
    }
    if (style === "single" && !a.singleQuotedAllowed) style = "double";
    if (style === "literal" && (!a.blockAllowed || ctx.simpleKey)) style = "double";
    return style;
  }

  /** Whether a scalar can be written as a simple (`key: value`) key. */
  static canBeSimpleKey(chars: readonly string[], version: GoYamlVersion): boolean {
    if (analyzeScalar(chars, version).multiline) return false;
    return Buffer.byteLength(chars.join(""), "utf8") <= 128;
  }

  writeScalar(
    chars: readonly string[],
    style: ScalarStyle,
    ctx: NodeContext,
    parent: ParentState,
    tag?: string,
  ): void {
    if (tag !== undefined) this.writeIndicator(tag, true, false, false);
    this.increaseIndent(true, false, parent);
    const allowBreaks = !ctx.simpleKey;
    if (style === "plain") this.writePlain(chars, allowBreaks);
    else if (style === "single") this.writeSingle(chars, allowBreaks);
    else if (style === "double") this.writeDouble(chars, allowBreaks);
    else this.writeLiteral(chars);
    this.popIndent();
  }

  private writePlain(chars: readonly string[], allowBreaks: boolean): void {
    if (chars.length > 0 && !this.whitespace) this.put(" ");
    let spaces = false;
    let breaks = false;
    for (let i = 0; i < chars.length; i++) {
      const c = chars[i] as string;
      if (c === " ") {
        if (allowBreaks && !spaces && this.column > this.bestWidth && chars[i + 1] !== " ")
          this.writeIndent();
        else this.put(c);
        spaces = true;
      } else if (isBreakChar(c)) {
        if (!breaks && c === "\n") this.putBreak();
        this.writeBreak(c);
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        this.put(c);
        this.indention = false;
        spaces = false;
        breaks = false;
      }
    }
    if (chars.length > 0) this.whitespace = false;
    this.indention = false;
  }

  private writeSingle(chars: readonly string[], allowBreaks: boolean): void {
    this.writeIndicator("'", true, false, false);
    let spaces = false;
    let breaks = false;
    const n = chars.length;
    for (let i = 0; i < n; i++) {
      const c = chars[i] as string;
      if (c === " ") {
        if (
          allowBreaks &&
          !spaces &&
          this.column > this.bestWidth &&
          i > 0 &&
          i < n - 1 &&
          chars[i + 1] !== " "
        ) {
          this.writeIndent();
        } else this.put(c);
        spaces = true;
      } else if (isBreakChar(c)) {
        if (!breaks && c === "\n") this.putBreak();
        this.writeBreak(c);
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        if (c === "'") this.put("'");
        this.put(c);
        this.indention = false;
        spaces = false;
        breaks = false;
      }
    }
    this.writeIndicator("'", false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  private writeDouble(chars: readonly string[], allowBreaks: boolean): void {
    this.writeIndicator('"', true, false, false);
    // libyaml checks for a byte order mark at the start of the value, not at each character.
    const startsWithBom = chars[0] === "\ufeff";
    let spaces = false;
    const n = chars.length;
    for (let i = 0; i < n; i++) {
      const c = chars[i] as string;
      if (!isPrintableChar(c) || startsWithBom || isBreakChar(c) || c === '"' || c === "\\") {
        this.put("\\");
        for (const e of escapeChar(c)) this.put(e);
        spaces = false;
      } else if (c === " ") {
        if (allowBreaks && !spaces && this.column > this.bestWidth && i > 0 && i < n - 1) {
          this.writeIndent();
          if (chars[i + 1] === " ") this.put("\\");
        } else this.put(c);
        spaces = true;
      } else {
        this.put(c);
        spaces = false;
      }
    }
    this.writeIndicator('"', false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  private writeLiteral(chars: readonly string[]): void {
    this.writeIndicator("|", true, false, false);
    const first = chars[0];
    if (first === " " || isBreakChar(first))
      this.writeIndicator(String(this.bestIndent), false, false, false);
    const n = chars.length;
    let chomp = "";
    if (n === 0 || !isBreakChar(chars[n - 1])) chomp = "-";
    else if (n === 1 || isBreakChar(chars[n - 2])) chomp = "+";
    if (chomp !== "") this.writeIndicator(chomp, false, false, false);
    // Both go.yaml.in/yaml v2 and v3.0.5 end the header line here (v3.0.1 did not, see go-yaml#755).
    this.putBreak();
    this.whitespace = true;
    let breaks = true;
    for (const c of chars) {
      if (isBreakChar(c)) {
        this.writeBreak(c);
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        this.put(c);
        this.indention = false;
        breaks = false;
      }
    }
  }
}

const NAMED_ESCAPES: ReadonlyMap<number, string> = new Map([
  [0x00, "0"],
  [0x07, "a"],
  [0x08, "b"],
  [0x09, "t"],
  [0x0a, "n"],
  [0x0b, "v"],
  [0x0c, "f"],
  [0x0d, "r"],
  [0x1b, "e"],
  [0x22, '"'],
  [0x5c, "\\"],
  [0x85, "N"],
  [0xa0, "_"],
  [0x2028, "L"],
  [0x2029, "P"],
]);

function escapeChar(c: string): string {
  const cp = c.codePointAt(0) ?? 0;
  const named = NAMED_ESCAPES.get(cp);
  if (named !== undefined) return named;
  const hex = cp.toString(16).toUpperCase();
  if (cp <= 0xff) return `x${hex.padStart(2, "0")}`;
  if (cp <= 0xffff) return `u${hex.padStart(4, "0")}`;
  return `U${hex.padStart(8, "0")}`;
}
