/**
 * Go-typed YAML decoding, the way helmfile reads YAML: go-yaml v3 by default, v2 when
 * `HELMFILE_GO_YAML_V3=false`. The `yaml` package parses; typing, merge keys, duplicate keys
 * and key stringification follow go-yaml decoding into `interface{}`.
 */
import { isAlias, isMap as isYamlMap, isScalar, isSeq, LineCounter, parseAllDocuments } from "yaml";
import type { Document, Node as YamlNode, Scalar } from "yaml";
import { indentFlowContinuations } from "./flow-indent";
import { LoadError } from "../errors";
import type { ErrorCode } from "../errors";
import { FORBIDDEN_KEYS, GoTime, isMap as isValueMap, newMap, type Value, type ValueMap } from "../value";
import { formatGoFloat, formatGoFloat32 } from "../go/float";
import { findDepthExceeded } from "./depth-limit";
import { goYamlTextProblem } from "./go-yaml-reader";
import { libyamlMessage } from "./libyaml-messages";
import { recordGoKeys, type GoMapKey } from "./go-keys";
import { resolvePlainScalar, resolveTaggedScalar, type GoYamlVersion, type ResolvedScalar } from "./resolve";
import { goTimeString, parseGoYamlTimestamp } from "./timestamp";

/** Options of {@link decodeYaml} and friends. */
export interface DecodeYamlOptions {
  /** File name used in error messages; default none. */
  readonly file?: string;
  /** go-yaml major version whose rules apply; default `"v3"` (helmfile's default). */
  readonly version?: GoYamlVersion;
  /** v2 only: refuse duplicate keys like go-yaml's strict mode; default `false` (last wins). v3 always refuses them. */
  readonly strict?: boolean;
  /**
   * What to do with a non-string key (`1: a`, `true: b`): `"stringify"` writes it as Go's
   * `%v` would (`"1"`, `"true"`), `"error"` raises `YAML_NON_STRING_KEY` like helmfile's
   * key casting does; `"json"` converts them as `sigs.k8s.io/yaml` does on its way to JSON
   * (helm): floats with float32 precision, a null key is an error. Default `"stringify"`.
   */
  readonly nonStringKeys?: "stringify" | "error" | "json";
}

/** A 1-based position in the source text. */
export interface YamlPosition {
  readonly line: number;
  readonly column: number;
}

/** What go-yaml knows of one value node: where it starts, its resolved tag and its text. */
export interface YamlNodeInfo extends YamlPosition {
  /** go-yaml's short tag: `!!str`, `!!int`, `!!bool`, `!!float`, `!!null`, `!!timestamp`, `!!seq`, `!!map`, … */
  readonly tag: string;
  /** The scalar's own text (go-yaml's `Node.Value`); `""` for a list or a map. */
  readonly text: string;
}

/** A decoded document plus a lookup from key path to the position of that key or item. */
export interface PositionedYaml {
  readonly value: Value;
  /** Position of the key (map entry) or item (list entry) at `path`; `[]` is the document. */
  locate(path: ReadonlyArray<string | number>): YamlPosition | undefined;
  /** The value node at `path` (an alias stands for its anchor's node); `[]` is the document's root. */
  node(path: ReadonlyArray<string | number>): YamlNodeInfo | undefined;
}

type Path = ReadonlyArray<string | number>;

/** An error in one document of a YAML stream: the same error, plus the document's 1-based index. */
export class YamlDocumentError extends LoadError {
  constructor(
    readonly documentIndex: number,
    err: LoadError,
  ) {
    super(err.code, err.detail, {
      ...(err.file === undefined ? {} : { file: err.file }),
      ...(err.line === undefined ? {} : { line: err.line }),
      ...(err.column === undefined ? {} : { column: err.column }),
      ...(err.keyPath === undefined ? {} : { keyPath: err.keyPath }),
      cause: err,
    });
  }
}

// go-yaml's alias-expansion budget: up to 400k decode steps 99% may come from aliases,
// falling linearly to 10% at 4M steps (decode.go allowedAliasRatio, same in v2 and v3).
const ALIAS_RATIO_LOW = 400_000;
const ALIAS_RATIO_HIGH = 4_000_000;

function allowedAliasRatio(decodeCount: number): number {
  if (decodeCount <= ALIAS_RATIO_LOW) return 0.99;
  if (decodeCount >= ALIAS_RATIO_HIGH) return 0.1;
  return 0.99 - 0.89 * ((decodeCount - ALIAS_RATIO_LOW) / (ALIAS_RATIO_HIGH - ALIAS_RATIO_LOW));
}

class Decoder {
  /** Nodes decoded so far; the document node counts as the first, as in go-yaml. */
  private decodeCount = 1;
  /** Nodes decoded while expanding an alias. */
  private aliasCount = 0;
  private aliasDepth = 0;
  /** Alias nodes being expanded (go-yaml refuses an anchor that contains itself). */
  private readonly activeAliases = new Set<YamlNode>();
  readonly positions = new Map<string, YamlPosition>();
  readonly nodes = new Map<string, YamlNodeInfo>();

  constructor(
    private readonly doc: Document.Parsed,
    private readonly lines: LineCounter,
    private readonly options: DecodeYamlOptions,
    private readonly recordPositions: boolean,
  ) {}

  private get version(): GoYamlVersion {
    return this.options.version ?? "v3";
  }

  fail(code: ErrorCode, message: string, node: YamlNode | null | undefined, keyPath?: Path): never {
    const pos = this.positionOf(node);
    throw new LoadError(code, message, {
      ...(this.options.file !== undefined ? { file: this.options.file } : {}),
      ...(pos !== undefined ? { line: pos.line, column: pos.column } : {}),
      ...(keyPath !== undefined ? { keyPath } : {}),
    });
  }

  positionOf(node: YamlNode | null | undefined): YamlPosition | undefined {
    const offset = node?.range?.[0];
    if (offset === undefined) return undefined;
    const { line, col } = this.lines.linePos(offset);
    return { line, column: col };
  }

  private record(path: Path, node: YamlNode | null | undefined): void {
    if (!this.recordPositions) return;
    const pos = this.positionOf(node);
    if (pos !== undefined) this.positions.set(JSON.stringify(path), pos);
  }

  private recordNode(path: Path, node: YamlNode, tag: string, text: string): void {
    if (!this.recordPositions) return;
    const pos = this.positionOf(node);
    if (pos !== undefined) this.nodes.set(JSON.stringify(path), { ...pos, tag, text });
  }

  convert(node: YamlNode | null | undefined, path: Path): Value {
    this.countDecode(node, path);
    if (node === null || node === undefined) return null;
    if (isAlias(node)) {
      const target = node.resolve(this.doc);
      if (target === undefined)
        this.fail("YAML_SYNTAX", `unknown anchor '${node.source}' referenced`, node, path);
      if (this.activeAliases.has(node))
        this.fail("YAML_ALIAS_CYCLE", `yaml: anchor '${node.source}' value contains itself`, node, path);
      this.activeAliases.add(node);
      this.aliasDepth++;
      try {
        return this.convert(target, path);
      } finally {
        this.aliasDepth--;
        this.activeAliases.delete(node);
      }
    }
    if (isScalar(node)) return this.scalar(node, path);
    if (isSeq(node)) {
      this.recordNode(path, node, "!!seq", "");
      return node.items.map((item, i) => {
        this.record([...path, i], item as YamlNode);
        return this.convert(item as YamlNode, [...path, i]);
      });
    }
    if (isYamlMap(node)) {
      const map = this.mapping(node as YamlMapNode, path);
      // After the entries: their keys are decoded at the map's own path.
      this.recordNode(path, node, "!!map", "");
      return map;
    }
    return this.fail("YAML_SYNTAX", "unsupported YAML node", node, path);
  }

  /** go-yaml's per-node accounting that stops alias bombs (billion laughs) early. */
  private countDecode(node: YamlNode | null | undefined, path: Path): void {
    this.decodeCount++;
    if (this.aliasDepth > 0) this.aliasCount++;
    if (
      this.aliasCount > 100 &&
      this.decodeCount > 1000 &&
      this.aliasCount / this.decodeCount > allowedAliasRatio(this.decodeCount)
    ) {
      this.fail("YAML_ALIAS_LIMIT", "yaml: document contains excessive aliasing", node, path);
    }
  }

  private scalar(node: Scalar, path: Path): Value {
    // Tags such as !!binary are resolved by the parser even under the failsafe schema; keep the text.
    const source = (node as { source?: unknown }).source;
    const text =
      typeof node.value === "string"
        ? node.value
        : typeof source === "string"
          ? source
          : node.value === null
            ? ""
            : String(node.value);
    const tag = shortTag(node.tag);
    const quoted = node.type !== undefined && node.type !== "PLAIN";
    // go-yaml v3 resolves a plain scalar with the non-specific tag "!" like an untagged one; v2 keeps it a string.
    const nonSpecific = tag === "!";
    if (tag === undefined || nonSpecific) {
      if (quoted || (nonSpecific && this.version === "v2")) {
        this.recordNode(path, node, "!!str", text);
        return text;
      }
      const plain = resolvePlainScalar(text, this.version);
      this.recordNode(path, node, plain.tag, text);
      return this.typed(plain, text);
    }
    this.recordNode(path, node, tag, text);
    if (!tag.startsWith("!!") || tag === "!!map" || tag === "!!seq") return text;
    const resolved = resolveTaggedScalar(text, tag, this.version);
    if (typeof resolved === "string") return this.fail("YAML_TYPE", resolved, node, path);
    return this.typed(resolved, text);
  }

  /** go-yaml v3 gives `interface{}` a `time.Time` for a timestamp; v2 keeps the text. */
  private typed(resolved: ResolvedScalar, text: string): Value {
    if (resolved.tag !== "!!timestamp" || this.version !== "v3") return resolved.value;
    return parseGoYamlTimestamp(text) ?? resolved.value;
  }

  private mapping(node: YamlMapNode, path: Path): ValueMap {
    this.checkDuplicates(node, path);
    const out = newMap();
    const merges: YamlNode[] = [];
    // Made only for a map that has a key go-yaml decodes as other than a string (rare).
    let goKeys: Map<string, GoMapKey> | undefined;
    for (const pair of node.items) {
      const keyNode = pair.key as YamlNode | null;
      if (isMergeKey(keyNode)) {
        if (this.version === "v2") this.applyMerge(out, pair.value as YamlNode, path, true);
        else merges.push(pair.value as YamlNode);
        continue;
      }
      const key = this.key(keyNode, path);
      if (this.lastKey !== undefined) (goKeys ??= new Map()).set(key, this.lastKey);
      if (this.version === "v2" && this.options.strict === true && key in out) {
        this.fail("YAML_DUPLICATE_KEY", `key ${JSON.stringify(key)} already set in map`, keyNode, [
          ...path,
          key,
        ]);
      }
      this.record([...path, key], keyNode);
      out[key] = this.convert(pair.value as YamlNode | null, [...path, key]);
    }
    if (goKeys !== undefined) recordGoKeys(out, goKeys);
    if (merges.length === 0) return out;
    const own = this.recordPositions ? Object.keys(out) : [];
    const before = own.length > 0 ? new Map(this.positions) : undefined;
    for (const m of merges) this.applyMerge(out, m, path, false);
    // The map's own keys win over merged ones: so do their positions (converting a merge source records its keys' positions too).
    if (before !== undefined)
      this.restorePositions(
        before,
        own.map((k) => [...path, k]),
      );
    return out;
  }

  /** Puts back the positions `before` held at and under each of `paths`. */
  private restorePositions(before: ReadonlyMap<string, YamlPosition>, paths: readonly Path[]): void {
    const prefixes = paths.map((p) => JSON.stringify(p).slice(0, -1));
    const under = (key: string): boolean =>
      prefixes.some((pre) => key === `${pre}]` || key.startsWith(`${pre},`));
    for (const key of [...this.positions.keys()]) if (under(key)) this.positions.delete(key);
    for (const [key, pos] of before) if (under(key)) this.positions.set(key, pos);
  }

  /** v3: the map's own keys and earlier merge sources win. v2: merged keys overwrite what came before. */
  private applyMerge(out: ValueMap, source: YamlNode | null, path: Path, overwrite: boolean): void {
    const target = source !== null && isAlias(source) ? source.resolve(this.doc) : source;
    const sources: Array<YamlNode | null> = [];
    if (target !== null && target !== undefined && isYamlMap(target)) sources.push(source);
    else if (target !== null && target !== undefined && isSeq(target)) {
      for (const item of target.items) {
        const resolved = item !== null && isAlias(item) ? (item as AliasNode).resolve(this.doc) : item;
        if (resolved === null || resolved === undefined || !isYamlMap(resolved)) {
          this.fail(
            "YAML_MERGE",
            "map merge requires map or sequence of maps as the value",
            item as YamlNode,
            path,
          );
        }
        sources.push(item as YamlNode);
      }
      // v2 walks the list backwards so that earlier maps take precedence.
      if (overwrite) sources.reverse();
    } else {
      this.fail("YAML_MERGE", "map merge requires map or sequence of maps as the value", source, path);
    }
    for (const s of sources) {
      const merged = this.convert(s, path);
      if (!isValueMap(merged)) continue;
      for (const k of Object.keys(merged)) {
        if (overwrite || !(k in out)) out[k] = merged[k] as Value;
      }
    }
  }

  private checkDuplicates(node: YamlMapNode, path: Path): void {
    if (this.version !== "v3") return;
    const seen = new Map<string, YamlNode>();
    for (const pair of node.items) {
      const k = pair.key as YamlNode | null;
      const id =
        k === null
          ? "scalar:"
          : isScalar(k)
            ? `scalar:${scalarText(k)}`
            : isAlias(k)
              ? `alias:${k.source}`
              : undefined;
      if (id === undefined) continue;
      const first = seen.get(id);
      if (first !== undefined) {
        const text = k !== null && isScalar(k) ? scalarText(k) : id.slice(6);
        const firstLine = this.positionOf(first)?.line ?? 0;
        this.fail(
          "YAML_DUPLICATE_KEY",
          `mapping key ${JSON.stringify(text)} already defined at line ${firstLine}`,
          k,
          [...path, text],
        );
      }
      if (k !== null) seen.set(id, k);
    }
  }

  /** The Go type and value of the key {@link key} converted last, when it was not a string. */
  private lastKey: GoMapKey | undefined;

  private key(keyNode: YamlNode | null, path: Path): string {
    const key = this.convert(keyNode, path);
    this.lastKey =
      typeof key === "string" || (key !== null && typeof key === "object" && !(key instanceof GoTime))
        ? undefined
        : { type: goTypeName(key) as GoMapKey["type"], value: key };
    let text: string;
    if (typeof key === "string") text = key;
    else if (key instanceof GoTime && this.options.nonStringKeys !== "error") text = goTimeString(key);
    else if (key !== null && typeof key === "object" && !(key instanceof GoTime)) {
      // go-yaml v2 names the key with Go's %#v; v3's message says what kind it is.
      const what = this.version === "v2" ? goSharpV(key) : "a map or list cannot be a key";
      return this.fail("YAML_INVALID_KEY", `invalid map key: ${what}`, keyNode, path);
    } else {
      const mode = this.options.nonStringKeys ?? "stringify";
      if (mode === "error" || (mode === "json" && key === null)) {
        this.fail(
          "YAML_NON_STRING_KEY",
          `unexpected type of key in map: expected string, got ${goTypeName(key)}`,
          keyNode,
          path,
        );
      }
      text = mode === "json" && typeof key === "number" ? formatYamlFloat32Key(key) : goFormatScalar(key);
    }
    if (FORBIDDEN_KEYS.has(text)) {
      this.fail("YAML_FORBIDDEN_KEY", `key ${JSON.stringify(text)} is not allowed`, keyNode, [...path, text]);
    }
    return text;
  }
}

type YamlMapNode = { items: Array<{ key: unknown; value: unknown }> } & YamlNode;
type AliasNode = { resolve(doc: Document): YamlNode | undefined } & YamlNode;

function scalarText(s: Scalar): string {
  return typeof s.value === "string" ? s.value : s.value === null ? "" : String(s.value);
}

function shortTag(tag: string | undefined): string | undefined {
  if (tag === undefined) return undefined;
  const prefix = "tag:yaml.org,2002:";
  return tag.startsWith(prefix) ? `!!${tag.slice(prefix.length)}` : tag;
}

function isMergeKey(node: YamlNode | null): boolean {
  if (node === null || !isScalar(node) || node.value !== "<<") return false;
  if (node.type !== undefined && node.type !== "PLAIN") return false;
  const tag = shortTag(node.tag);
  return tag === undefined || tag === "!" || tag === "!!merge";
}

function goTypeName(v: Value): string {
  if (v === null) return "<nil>";
  // go-yaml decodes an integer beyond int64 as uint64.
  if (typeof v === "bigint") return v > 0x7fffffffffffffffn ? "uint64" : "int";
  if (typeof v === "number") return "float64";
  if (typeof v === "boolean") return "bool";
  if (v instanceof GoTime) return "time.Time";
  return "string";
}

/**
 * A float map key as sigs.k8s.io/yaml turns it into a string: `strconv.FormatFloat(f, 'g', -1,
 * 32)`, with YAML's spellings of the specials.
 */
export function formatYamlFloat32Key(f: number): string {
  if (Number.isNaN(f)) return ".nan";
  if (!Number.isFinite(f)) return f > 0 ? ".inf" : "-.inf";
  return formatGoFloat32(f);
}

/** Go's `%#v` of a decoded value as go-yaml v2 holds it (`interface{}` lists and maps). */
function goSharpV(v: Value): string {
  if (Array.isArray(v)) return `[]interface {}{${v.map(goSharpV).join(", ")}}`;
  if (isValueMap(v)) {
    const parts = Object.keys(v).map((k) => `${JSON.stringify(k)}:${goSharpV(v[k] as Value)}`);
    return `map[interface {}]interface {}{${parts.join(", ")}}`;
  }
  if (typeof v === "string") return JSON.stringify(v);
  if (v === null) return "interface {}(nil)";
  if (typeof v === "number") return formatYamlFloat32Key(v);
  return String(v);
}

/** Go's `%v` for a scalar key. */
function goFormatScalar(v: Value): string {
  if (v === null) return "<nil>";
  if (typeof v === "number") return formatGoFloat(v);
  return String(v);
}

function parseDocuments(
  text: string,
  options: DecodeYamlOptions,
  firstOnly: boolean,
): { docs: Document.Parsed[]; lines: LineCounter } {
  // go-yaml's reader refuses control characters (NUL, ESC, DEL, C1) anywhere in its input.
  const unreadable = goYamlTextProblem(text);
  if (unreadable !== undefined) {
    throw new LoadError("YAML_SYNTAX", `yaml: ${unreadable}`, {
      ...(options.file !== undefined ? { file: options.file } : {}),
    });
  }
  const deep = findDepthExceeded(text);
  if (deep !== undefined) {
    throw new LoadError("YAML_SYNTAX", deep.message, {
      ...(options.file !== undefined ? { file: options.file } : {}),
      line: deep.line,
    });
  }
  const parsed = parseWith(text, firstOnly);
  if (parsed.docs.some((d) => isFlowIndentError(d.errors[0]))) {
    const reindented = indentFlowContinuations(text);
    if (reindented !== undefined)
      return checkedDocuments(parseWith(reindented, firstOnly), reindented, options);
  }
  return checkedDocuments(parsed, text, options);
}

/**
 * The `yaml` package's complaint about a multi-line flow collection not indented past its
 * block parent, which go-yaml accepts (see flow-indent.ts).
 */
function isFlowIndentError(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | undefined;
  return e?.code === "BAD_INDENT" && /^Flow (sequence|map) in block collection/.test(e.message ?? "");
}

function parseWith(
  text: string,
  firstOnly: boolean,
): { docs: Document.Parsed[]; lines: LineCounter; empty?: unknown[] } {
  const lines = new LineCounter();
  const docs = parseAllDocuments(text, {
    schema: "failsafe",
    uniqueKeys: false,
    merge: false,
    lineCounter: lines,
    prettyErrors: true,
    strict: false,
  });
  const list = Array.isArray(docs) ? docs : [];
  // An empty stream holding only an error; `parseAllDocuments` returns an EmptyStream.
  const empty = Array.isArray(docs) ? undefined : ((docs as { errors?: unknown[] }).errors ?? []);
  // go-yaml's Unmarshal reads events lazily: a broken later document goes unnoticed.
  const used = firstOnly ? list.slice(0, 1) : list;
  return { docs: used, lines, ...(empty === undefined ? {} : { empty }) };
}

function checkedDocuments(
  parsed: { docs: Document.Parsed[]; lines: LineCounter; empty?: unknown[] },
  text: string,
  options: DecodeYamlOptions,
): { docs: Document.Parsed[]; lines: LineCounter } {
  if (parsed.empty !== undefined && parsed.empty.length > 0)
    throw syntaxError(parsed.empty[0], text, options);
  parsed.docs.forEach((doc, i) => {
    const err = doc.errors[0];
    if (err !== undefined) throw new YamlDocumentError(i + 1, syntaxError(err, text, options));
    // Walked only when a `?` could be inside a flow collection: every values file is decoded here.
    const question = text.includes("?")
      ? flowQuestionMark(doc.contents, parsed.lines, text, undefined)
      : undefined;
    if (question !== undefined) {
      throw new YamlDocumentError(
        i + 1,
        new LoadError("YAML_SYNTAX", question.message, {
          ...(options.file !== undefined ? { file: options.file } : {}),
          line: question.line,
        }),
      );
    }
  });
  return { docs: parsed.docs, lines: parsed.lines };
}

/**
 * libyaml ends a plain scalar at `?` inside a flow collection (`[a?b]`, `{k: a?b}`), then finds no
 * `,` or closing bracket; the `yaml` package reads `a?b` as one scalar. Go's message names the
 * (0-based) line the collection opens on, or, when that is the first, the line before the `?`'s.
 */
function flowQuestionMark(
  node: unknown,
  lines: LineCounter,
  text: string,
  open: { line0: number; close: string } | undefined,
): { line: number; message: string } | undefined {
  if (isAlias(node)) return undefined;
  if (isScalar(node)) {
    const src = (node as Scalar & { source?: string }).source;
    if (open === undefined || node.type !== "PLAIN" || typeof src !== "string" || !src.includes("?"))
      return undefined;
    const start = node.range?.[0] ?? 0;
    const line = lines.linePos(start + src.indexOf("?")).line;
    const at = open.line0 > 0 ? open.line0 : line - 1;
    return {
      line,
      message: `yaml: ${at > 0 ? `line ${at}: ` : ""}did not find expected ',' or '${open.close}'`,
    };
  }
  if (isSeq(node) || isYamlMap(node)) {
    const flow = (node as { flow?: boolean }).flow === true;
    const start = node.range?.[0];
    // A `k: v` entry of a flow sequence is a mapping without brackets of its own: the sequence's.
    const bracketed = start !== undefined && (text[start] === "[" || text[start] === "{");
    const here =
      flow && bracketed
        ? { line0: lines.linePos(start).line - 1, close: isSeq(node) ? "]" : "}" }
        : flow
          ? open
          : undefined;
    for (const item of node.items as unknown[]) {
      // A flow sequence's `k: v` entry is a pair too.
      const pair = item !== null && typeof item === "object" && "key" in item && "value" in item;
      const parts = pair ? [(item as { key: unknown }).key, (item as { value: unknown }).value] : [item];
      for (const part of parts) {
        const found = flowQuestionMark(part, lines, text, here);
        if (found !== undefined) return found;
      }
    }
  }
  return undefined;
}

function syntaxError(err: unknown, text: string, options: DecodeYamlOptions): LoadError {
  const e = err as {
    message?: string;
    linePos?: Array<{ line: number; col: number }>;
    pos?: [number, number];
  };
  const pos = e.linePos?.[0];
  if (e.message?.startsWith("Maximum call stack") === true) return tooDeep(options, err);
  const raw = (e.message ?? "invalid YAML").split(" at line ")[0]?.split("\n")[0] ?? "invalid YAML";
  const message = libyamlMessage(raw, text, e.pos?.[0] ?? text.length);
  return new LoadError("YAML_SYNTAX", `yaml: ${message}`, {
    ...(options.file !== undefined ? { file: options.file } : {}),
    ...(pos !== undefined ? { line: pos.line, column: pos.col } : {}),
    cause: err,
  });
}

/** Nesting below go-yaml's limit that still exhausts the JavaScript stack of the parser. */
function tooDeep(options: DecodeYamlOptions, cause: unknown): LoadError {
  return new LoadError(
    "YAML_SYNTAX",
    "yaml: document nests too deeply to decode here (go-yaml allows 10000 levels)",
    {
      ...(options.file !== undefined ? { file: options.file } : {}),
      cause,
    },
  );
}

function decodeAll(
  text: string,
  options: DecodeYamlOptions,
  recordPositions: boolean,
  firstOnly = false,
): PositionedYaml[] {
  const { docs, lines } = parseDocuments(text, options, firstOnly);
  return docs.map((doc, i) => {
    const decoder = new Decoder(doc, lines, options, recordPositions);
    let value: Value;
    try {
      value = decoder.convert(doc.contents as YamlNode | null, []);
    } catch (e) {
      if (e instanceof RangeError && e.message.startsWith("Maximum call stack"))
        throw new YamlDocumentError(i + 1, tooDeep(options, e));
      if (e instanceof LoadError && !(e instanceof YamlDocumentError)) throw new YamlDocumentError(i + 1, e);
      throw e;
    }
    const rootPos = decoder.positionOf(doc.contents as YamlNode | null);
    const positions = decoder.positions;
    const nodes = decoder.nodes;
    return {
      value,
      locate(path: Path): YamlPosition | undefined {
        if (path.length === 0) return rootPos;
        return positions.get(JSON.stringify(path));
      },
      node(path: Path): YamlNodeInfo | undefined {
        return nodes.get(JSON.stringify(path));
      },
    };
  });
}

/** Decodes the first YAML document of `text` (null when there is none), like go-yaml's `Unmarshal`. */
export function decodeYaml(text: string, options: DecodeYamlOptions = {}): Value {
  return decodeAll(text, options, false, true)[0]?.value ?? null;
}

/** Decodes every document of a multi-document stream, in order. */
export function decodeYamlDocuments(text: string, options: DecodeYamlOptions = {}): Value[] {
  return decodeAll(text, options, false).map((d) => d.value);
}

/** Like {@link decodeYaml}, plus a key-path → line/column lookup for later diagnostics. */
export function decodeYamlWithPositions(text: string, options: DecodeYamlOptions = {}): PositionedYaml {
  return (
    decodeAll(text, options, true, true)[0] ?? { value: null, locate: () => undefined, node: () => undefined }
  );
}

/** Like {@link decodeYamlDocuments}, with positions per document. */
export function decodeYamlDocumentsWithPositions(
  text: string,
  options: DecodeYamlOptions = {},
): PositionedYaml[] {
  return decodeAll(text, options, true);
}
