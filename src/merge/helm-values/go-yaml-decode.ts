/**
 * Decodes one YAML document the way `sigs.k8s.io/yaml` does for helm: go-yaml v2 resolves
 * scalars with YAML 1.1 rules into Go types, the result goes through JSON, and JSON numbers come
 * back as float64. The `yaml` package only parses (failsafe schema, so every scalar stays
 * text); resolution, merge keys, aliases and key conversion follow go-yaml here.
 */
import {
  isAlias,
  isMap as isYamlMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  type Document,
  type Node,
} from "yaml";
import { isMap, newMap, type Value, type ValueMap } from "../../shared/value";
import { firstDocumentText, libyamlOnlyError } from "./go-yaml-strictness";
import { formatYamlFloat32Key } from "../../shared/yaml";
import { GoResolveError, resolveGoScalar, type GoScalar } from "./go-yaml-resolve";

/** A decode failure; `message` is go-yaml's / encoding/json's text without helm's prefixes. */
export class GoYamlError extends Error {
  /** `convert` for YAML→JSON conversion, `unmarshal` for the JSON→map step. */
  readonly stage: "convert" | "unmarshal";
  readonly line: number | undefined;
  constructor(stage: "convert" | "unmarshal", message: string, line?: number) {
    super(message);
    this.stage = stage;
    this.line = line;
  }
}

/** A Go value as go-yaml produced it, before the JSON round trip. */
type GoNode =
  | GoScalar
  | { readonly t: "seq"; readonly items: GoNode[] }
  | { readonly t: "map"; readonly entries: Map<string, [GoScalar, GoNode]> };

const MERGE_TAG = "tag:yaml.org,2002:merge";

/**
 * Decodes one document into a map, like `yaml.Unmarshal(doc, &map[string]interface{}{})`.
 * Only the first document is read. An empty document gives an empty map; a list or scalar at
 * the top fails like encoding/json.
 */
export function decodeGoYamlMap(text: string): ValueMap {
  const strict = libyamlOnlyError(text);
  if (strict !== undefined) throw new GoYamlError("convert", strict);
  const lines = new LineCounter();
  const doc = parseDocument(firstDocumentText(text), {
    version: "1.1",
    schema: "failsafe",
    uniqueKeys: false,
    merge: false,
    strict: false,
    prettyErrors: false,
    lineCounter: lines,
  });
  const first = doc.errors[0];
  if (first !== undefined)
    throw syntaxError(first.code, first.message, lines.linePos(first.pos[0]).line, text);
  const node = doc.contents === null ? null : decodeNode(doc, doc.contents as Node, []);
  const plain = node === null ? null : toJsonable(node);
  if (plain === null) return newMap();
  if (!isMap(plain)) {
    throw new GoYamlError(
      "unmarshal",
      `while decoding JSON: json: cannot unmarshal ${jsonKind(plain)} into Go value of type map[string]interface {}`,
    );
  }
  return plain;
}

function jsonKind(v: Value): string {
  if (Array.isArray(v)) return "array";
  if (typeof v === "string") return "string";
  if (typeof v === "boolean") return "bool";
  return "number";
}

/** libyaml's scanner messages for the `yaml` package's error codes. */
const SCANNER_MESSAGES: Readonly<Record<string, string>> = {
  BLOCK_AS_IMPLICIT_KEY: "mapping values are not allowed in this context",
  TAB_AS_INDENT: "found character that cannot start any token",
  BAD_SCALAR_START: "found character that cannot start any token",
  MISSING_CHAR: "found unexpected end of stream",
  BAD_DQ_ESCAPE: "found unknown escape character while parsing a quoted scalar",
  MULTILINE_IMPLICIT_KEY: "could not find expected ':'",
};

/**
 * Maps the `yaml` package's errors onto libyaml's wording and line convention: scanner errors
 * name the 1-based problem line, parser errors the 0-based one, and line 0 is never printed.
 */
function syntaxError(code: string, message: string, line: number, text: string): GoYamlError {
  let scanner = message.includes("directives-end") ? undefined : SCANNER_MESSAGES[code];
  if (code === "UNEXPECTED_TOKEN" && message.includes("block-seq-ind on same line")) {
    scanner = "block sequence entries are not allowed in this context";
  }
  if (scanner !== undefined) {
    // libyaml notices a multi-line implicit key only on the line after it starts.
    const at = code === "MULTILINE_IMPLICIT_KEY" ? line + 1 : line > 1 ? line : 0;
    return new GoYamlError("convert", `yaml: ${at > 0 ? `line ${at}: ` : ""}${scanner}`, line);
  }
  let parser = "did not find expected key";
  if (code === "BAD_INDENT" && message.startsWith("Flow sequence"))
    parser = "did not find expected ',' or ']'";
  else if (code === "BAD_INDENT" && message.startsWith("Flow map"))
    parser = "did not find expected ',' or '}'";
  else if (message.includes("directives-end")) parser = "did not find expected <document start>";
  else if (message.startsWith("Unexpected scalar at node end") && /^\s*- /m.test(firstContentLine(text))) {
    parser = "did not find expected '-' indicator";
  }
  const at = line - 1;
  return new GoYamlError("convert", `yaml: ${at > 0 ? `line ${at}: ` : ""}${parser}`, line);
}

function firstContentLine(text: string): string {
  return text.split("\n").find((l) => !/^\s*(#.*)?$/.test(l)) ?? "";
}

function decodeNode(doc: Document, node: Node, anchors: string[]): GoNode {
  if (isAlias(node)) {
    const target = node.resolve(doc);
    if (target === undefined)
      throw new GoYamlError("convert", `yaml: unknown anchor '${node.source}' referenced`);
    if (anchors.includes(node.source))
      throw new GoYamlError("convert", `yaml: anchor '${node.source}' value contains itself`);
    return decodeNode(doc, target as Node, [...anchors, node.source]);
  }
  const inside = node.anchor === undefined ? anchors : [...anchors, node.anchor];
  if (isScalar(node)) {
    const implicit = node.type === "PLAIN" && node.tag === undefined;
    try {
      return resolveGoScalar(node.tag, String(node.value), implicit, node.type === "PLAIN");
    } catch (err) {
      if (err instanceof GoResolveError) throw new GoYamlError("convert", err.message);
      throw err;
    }
  }
  if (isSeq(node))
    return { t: "seq", items: node.items.map((item) => decodeNode(doc, item as Node, inside)) };
  if (isYamlMap(node)) {
    const entries = new Map<string, [GoScalar, GoNode]>();
    decodeMapInto(doc, node, inside, entries);
    return { t: "map", entries };
  }
  return { t: "null" };
}

function decodeMapInto(
  doc: Document,
  node: Node,
  anchors: string[],
  entries: Map<string, [GoScalar, GoNode]>,
): void {
  if (!isYamlMap(node))
    throw new GoYamlError("convert", "yaml: map merge requires map or sequence of maps as the value");
  for (const pair of node.items) {
    if (!isPair(pair)) continue;
    const keyNode = pair.key as Node | null;
    const valueNode = pair.value as Node | null;
    if (
      keyNode !== null &&
      isScalar(keyNode) &&
      keyNode.value === "<<" &&
      ((keyNode.type === "PLAIN" && keyNode.tag === undefined) || keyNode.tag === MERGE_TAG)
    ) {
      mergeInto(doc, valueNode, anchors, entries);
      continue;
    }
    const key = keyNode === null ? ({ t: "null" } as const) : decodeNode(doc, keyNode, anchors);
    if (key.t === "seq" || key.t === "map")
      throw new GoYamlError("convert", `yaml: invalid map key: ${goSharpV(key)}`);
    const value = valueNode === null ? ({ t: "null" } as const) : decodeNode(doc, valueNode, anchors);
    entries.set(goKeyId(key), [key, value]);
  }
}

/** `<<`: a map or alias merges in place (later keys win); in a list the earlier map wins. */
function mergeInto(
  doc: Document,
  value: Node | null,
  anchors: string[],
  entries: Map<string, [GoScalar, GoNode]>,
): void {
  const deref = (n: Node): Node => {
    if (!isAlias(n)) return n;
    const t = n.resolve(doc);
    if (t === undefined) throw new GoYamlError("convert", `yaml: unknown anchor '${n.source}' referenced`);
    return t as Node;
  };
  if (value !== null && isSeq(value)) {
    for (let i = value.items.length - 1; i >= 0; i--)
      decodeMapInto(doc, deref(value.items[i] as Node), anchors, entries);
    return;
  }
  if (value === null)
    throw new GoYamlError("convert", "yaml: map merge requires map or sequence of maps as the value");
  decodeMapInto(doc, deref(value), anchors, entries);
}

function goKeyId(k: GoScalar): string {
  switch (k.t) {
    case "null":
      return "n";
    case "str":
      return `s${k.v}`;
    case "bool":
      return `b${String(k.v)}`;
    case "int":
      return `i${k.v.toString()}`;
    case "float":
      return `f${String(k.v)}`;
  }
}

/** Go's `%#v` of a decoded key that cannot be a map key. */
function goSharpV(n: GoNode): string {
  if (n.t === "seq") return `[]interface {}{${n.items.map(goSharpV).join(", ")}}`;
  if (n.t === "map") {
    const parts = [...n.entries.values()].map(([k, v]) => `${goSharpV(k)}:${goSharpV(v)}`);
    return `map[interface {}]interface {}{${parts.join(", ")}}`;
  }
  if (n.t === "str") return JSON.stringify(n.v);
  if (n.t === "null") return "interface {}(nil)";
  if (n.t === "float") return formatYamlFloat32Key(n.v);
  return String(n.v);
}

/** sigs.k8s.io/yaml's conversion to JSON and back: string keys, float64 numbers. */
function toJsonable(n: GoNode): Value {
  switch (n.t) {
    case "null":
      return null;
    case "str":
    case "bool":
      return n.v;
    case "int":
      return Number(n.v);
    case "float":
      if (!Number.isFinite(n.v))
        throw new GoYamlError(
          "convert",
          `json: unsupported value: ${Number.isNaN(n.v) ? "NaN" : n.v > 0 ? "+Inf" : "-Inf"}`,
        );
      return n.v;
    case "seq":
      return n.items.map(toJsonable);
    case "map": {
      const out = newMap();
      for (const [key, value] of n.entries.values()) out[keyString(key, value)] = toJsonable(value);
      return out;
    }
  }
}

function keyString(k: GoScalar, value: GoNode): string {
  switch (k.t) {
    case "str":
      return k.v;
    case "bool":
      return k.v ? "true" : "false";
    case "int":
      if (k.unsigned)
        throw new GoYamlError(
          "convert",
          `unsupported map key of type: uint64, key: 0x${k.v.toString(16)}, value: ${describe(value)}`,
        );
      return k.v.toString();
    case "float":
      return formatYamlFloat32Key(k.v);
    case "null":
      throw new GoYamlError(
        "convert",
        `unsupported map key of type: %!s(<nil>), key: <nil>, value: ${describe(value)}`,
      );
  }
}

function describe(n: GoNode): string {
  return n.t === "str" ? JSON.stringify(n.v) : goSharpV(n);
}
