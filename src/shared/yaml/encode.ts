/**
 * Go-typed YAML encoding, byte-exact with go-yaml's `Marshal` (v2) and helmfile's v3 encoder
 * (`SetIndent(2)`): sorted keys, v3 indents lists under a key while v2 does not, v2 folds
 * long lines at 80 columns, strings that would read back as something else are quoted.
 */
import { formatRfc3339Nano, GoTime, isMap, type Value } from "../value";
import { YamlEmitter, type NodeContext, type ParentState, type ScalarStyle } from "./emitter";
import { goYamlBase64, hasInvalidUtf8 } from "./binary";
import { formatGoFloat } from "../go/float";
import { sortGoYamlKeys } from "./key-order";
import { isGoYamlTimestamp, resolvePlainScalar, type GoYamlVersion } from "./resolve";

/** A scalar whose text is already decided (e.g. a Go `time.Time` or `float32`), written plain when the text allows. */
export class YamlRawScalar {
  constructor(
    readonly text: string,
    readonly style: ScalarStyle = "plain",
  ) {}
}

/** A map whose keys keep their given order even when sorting is on (a Go struct). */
export class YamlOrderedMap {
  constructor(readonly entries: ReadonlyArray<readonly [string, YamlEncodable]>) {}
}

/** What {@link encodeYaml} accepts: the value tree plus pre-rendered scalars and ordered maps. */
export type YamlEncodable =
  | Value
  | YamlRawScalar
  | YamlOrderedMap
  | readonly YamlEncodable[]
  | { readonly [key: string]: YamlEncodable };

/** Options of {@link encodeYaml}. */
export interface EncodeYamlOptions {
  /** go-yaml major version whose output to reproduce; default `"v3"`. */
  readonly version?: GoYamlVersion;
  /** Spaces per level; default 2 (helmfile calls `SetIndent(2)` on v3; v2 always uses 2). */
  readonly indent?: number;
  /** Sort map keys like go-yaml does for Go maps; default `true`. `false` keeps insertion order (Go structs). */
  readonly sortKeys?: boolean;
  /** Column after which long scalars fold; default 80 for v2, unlimited (-1) for v3. */
  readonly width?: number;
}

const ROOT: NodeContext = { root: true, sequence: false, mapping: false, simpleKey: false };
const SEQ_ITEM: NodeContext = { root: false, sequence: true, mapping: false, simpleKey: false };
const MAP_VALUE: NodeContext = { root: false, sequence: false, mapping: true, simpleKey: false };
const SIMPLE_KEY: NodeContext = { root: false, sequence: false, mapping: true, simpleKey: true };

/** YAML 1.1 booleans that v3 still quotes for the sake of 1.1 readers. */
const OLD_BOOLS = new Set([
  "y",
  "Y",
  "yes",
  "Yes",
  "YES",
  "on",
  "On",
  "ON",
  "n",
  "N",
  "no",
  "No",
  "NO",
  "off",
  "Off",
  "OFF",
]);
const BASE60_FLOAT = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;

/** The text and requested style go-yaml's encoder gives a scalar. */
export function scalarPresentation(
  v: Exclude<Value, Value[] | object> | null,
  version: GoYamlVersion,
): {
  readonly text: string;
  readonly style: ScalarStyle;
} {
  if (v === null) return { text: "null", style: "plain" };
  if (typeof v === "boolean") return { text: v ? "true" : "false", style: "plain" };
  if (typeof v === "bigint") return { text: v.toString(), style: "plain" };
  if (typeof v === "number") {
    const s = formatGoFloat(v);
    return {
      text: s === "+Inf" ? ".inf" : s === "-Inf" ? "-.inf" : s === "NaN" ? ".nan" : s,
      style: "plain",
    };
  }
  return { text: v, style: stringStyle(v, version) };
}

function stringStyle(s: string, version: GoYamlVersion): ScalarStyle {
  const resolved = resolvePlainScalar(s, version);
  const looksLikeOther = resolved.tag !== "!!str" || isGoYamlTimestamp(s);
  const base60 = /^[-+0-9]/.test(s) && s.includes(":") && BASE60_FLOAT.test(s);
  const canUsePlain = !looksLikeOther && !base60 && !(version === "v3" && OLD_BOOLS.has(s));
  if (s.includes("\n")) return "literal";
  return canUsePlain ? "plain" : "double";
}

class Encoder {
  readonly e: YamlEmitter;
  constructor(
    private readonly version: GoYamlVersion,
    private readonly sortKeys: boolean,
    indent: number,
    width: number,
  ) {
    this.e = new YamlEmitter({ version, indent, width });
  }

  node(v: YamlEncodable, ctx: NodeContext, parent: ParentState): void {
    if (Array.isArray(v)) this.sequence(v as readonly YamlEncodable[], ctx, parent);
    else if (v instanceof YamlOrderedMap) this.mapping(v.entries, parent);
    else if (v instanceof YamlRawScalar) this.scalar(v, ctx, parent);
    // go-yaml (v2 and v3) marshals a time.Time as RFC 3339 with nanoseconds, unquoted.
    else if (v instanceof GoTime) this.scalar(new YamlRawScalar(formatRfc3339Nano(v)), ctx, parent);
    else if (isMap(v)) {
      const m = v as { readonly [key: string]: YamlEncodable };
      const keys = this.sortKeys ? sortGoYamlKeys(Object.keys(m), this.version) : Object.keys(m);
      this.mapping(
        keys.map((k) => [k, m[k] as YamlEncodable] as const),
        parent,
      );
    } else this.scalar(v as Exclude<Value, Value[] | object> | null, ctx, parent);
  }

  private scalar(
    v: Exclude<Value, Value[] | object> | null | YamlRawScalar,
    ctx: NodeContext,
    parent: ParentState,
  ): void {
    if (typeof v === "string" && hasInvalidUtf8(v)) {
      // Not valid UTF-8: go-yaml tags it !!binary and writes base64 (a literal block when long).
      const b64 = Array.from(goYamlBase64(v));
      const requested: ScalarStyle = b64.includes("\n") ? "literal" : "plain";
      this.e.writeScalar(b64, this.e.selectStyle(b64, requested, ctx), ctx, parent, "!!binary");
      return;
    }
    const { text, style } = v instanceof YamlRawScalar ? v : scalarPresentation(v, this.version);
    const chars = Array.from(text);
    this.e.writeScalar(chars, this.e.selectStyle(chars, style, ctx), ctx, parent);
  }

  private sequence(items: readonly YamlEncodable[], ctx: NodeContext, parent: ParentState): void {
    const e = this.e;
    if (items.length === 0) {
      e.writeIndicator("[", true, true, false);
      e.writeIndicator("]", false, false, false);
      return;
    }
    // v2 does not indent a list that is a mapping value ("indentless" sequence).
    const indentless = this.version === "v2" && ctx.mapping && !e.indention;
    e.increaseIndent(false, indentless, parent);
    for (const item of items) {
      e.writeIndent();
      e.writeIndicator("-", true, false, true);
      this.node(item, SEQ_ITEM, "sequence-item");
    }
    e.popIndent();
  }

  private mapping(entries: ReadonlyArray<readonly [string, YamlEncodable]>, parent: ParentState): void {
    const e = this.e;
    if (entries.length === 0) {
      e.writeIndicator("{", true, true, false);
      e.writeIndicator("}", false, false, false);
      return;
    }
    e.increaseIndent(false, false, parent);
    for (const [key, value] of entries) {
      e.writeIndent();
      if (YamlEmitter.canBeSimpleKey(Array.from(scalarPresentation(key, this.version).text), this.version)) {
        this.scalar(key, SIMPLE_KEY, "mapping-simple-value");
        e.writeIndicator(":", false, false, false);
      } else {
        e.writeIndicator("?", true, false, true);
        this.scalar(key, MAP_VALUE, "mapping-value");
        e.writeIndent();
        e.writeIndicator(":", true, false, true);
      }
      this.node(value, MAP_VALUE, "mapping-key");
    }
    e.popIndent();
  }
}

/** Encodes one value as a YAML document, like go-yaml's `Marshal` / `Encoder.Encode`. */
export function encodeYaml(value: YamlEncodable, options: EncodeYamlOptions = {}): string {
  const version = options.version ?? "v3";
  const width = options.width ?? (version === "v2" ? 80 : -1);
  const enc = new Encoder(version, options.sortKeys ?? true, options.indent ?? 2, width);
  enc.node(value, ROOT, "document");
  // Document end: go-yaml always finishes the last line.
  enc.e.writeIndent();
  return enc.e.text();
}
