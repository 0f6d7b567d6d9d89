/**
 * `ref+httpjson://HOST/PATH[?QUERY]#/XPATH` as vals v0.46 answers it (pkg/providers/httpjson): the
 * URL is fetched once per run (https, or http with `insecure=true`), the JSON document becomes
 * antchfx/jsonquery's node tree, and the XPath query picks a node whose text is the value. This
 * module is the pure part (URL, query, tree, answer); the fetch runs at the edge
 * (src/node/online-refs/httpjson-backend.ts).
 *
 * The tree, as jsonquery builds it: an object's keys become elements named by the key (sorted),
 * an array's items become elements with an empty name, and a string, number, boolean or null
 * becomes a text node holding Go's `%v` of it (`1e+06`, `true`, `<nil>`). XPath is evaluated by
 * the `xpath` package (XPath 1.0) over that tree, with the functions antchfx/xpath adds
 * (`lower-case`, `ends-with`, `matches`, `replace`, `reverse`, `string-join`); a function
 * antchfx/xpath does not have fails as its compiler fails.
 */
import * as xpath from "xpath";
import { formatFloat, formatGoFloat } from "../shared/go/float";
import { compareGoStrings, decodeGoJson, encodeGoJson, GoJsonError } from "../shared/go/json";
import { queryEscapeBytes } from "../shared/go/url";
import { parseFloat64 } from "../shared/go/strconv";
import { expandGo, GoRegexp, GoRegexpError, replaceAllGo } from "../shared/go-regexp";
import { isMap, type Value } from "../shared/value";

/** `xpath.parse`, which the package has but its typings leave out: a compiled expression. */
interface ParsedXPath {
  evaluate(options: { node: unknown; functions: Readonly<Record<string, unknown>> }): unknown;
}
const parseXPath = (xpath as unknown as { parse(expression: string): ParsedXPath }).parse;

/** A failure in vals' words (the caller prefixes `expand <reference>: `); never holds a value. */
export class HttpJsonError extends Error {}

/** The functions antchfx/xpath's compiler knows (build.go); any other fails the compile. */
const ANTCHFX_FUNCTIONS: ReadonlySet<string> = new Set([
  "lower-case",
  "starts-with",
  "ends-with",
  "contains",
  "matches",
  "substring",
  "substring-before",
  "substring-after",
  "string-length",
  "normalize-space",
  "replace",
  "translate",
  "not",
  "name",
  "local-name",
  "namespace-uri",
  "true",
  "false",
  "last",
  "position",
  "boolean",
  "number",
  "string",
  "count",
  "sum",
  "ceiling",
  "floor",
  "round",
  "concat",
  "reverse",
  "string-join",
]);

/** The reference's parameters that configure the provider, not the request (removed from the URL). */
const PROVIDER_PARAMS = ["insecure", "floatAsInt"] as const;

/** Go's `url.QueryUnescape`; undefined on a bad escape. */
function queryUnescape(s: string): string | undefined {
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string;
    if (c === "%") {
      const h = s.slice(i + 1, i + 3);
      if (!/^[0-9a-fA-F]{2}$/.test(h)) return undefined;
      bytes.push(parseInt(h, 16));
      i += 2;
    } else if (c === "+") bytes.push(0x20);
    else bytes.push(...new TextEncoder().encode(c));
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

/** Go's `url.ParseQuery` (bad pairs dropped, as `URL.Query` drops them) then `Values.Encode` without `drop`. */
function reencodeQuery(raw: string, drop: readonly string[]): string {
  const values = new Map<string, string[]>();
  for (const pair of raw.split("&")) {
    if (pair === "" || pair.includes(";")) continue;
    const eq = pair.indexOf("=");
    const k = queryUnescape(eq < 0 ? pair : pair.slice(0, eq));
    const v = queryUnescape(eq < 0 ? "" : pair.slice(eq + 1));
    if (k === undefined || v === undefined) continue;
    values.set(k, [...(values.get(k) ?? []), v]);
  }
  for (const d of drop) values.delete(d);
  return [...values.keys()]
    .sort()
    .flatMap((k) =>
      (values.get(k) ?? []).map((v) => `${queryEscapeBytes(utf8(k))}=${queryEscapeBytes(utf8(v))}`),
    )
    .join("&");
}

/**
 * vals' `GetUrlFromUri`: `uri` without its `httpjson://` and everything from the first `#/`,
 * under `protocol`, its query re-encoded (sorted) without `insecure` and `floatAsInt`.
 */
export function httpJsonUrl(uri: string, protocol: "http" | "https"): string {
  let rest = uri.startsWith("httpjson://") ? uri.slice("httpjson://".length) : uri;
  rest = rest.split("#/")[0] as string;
  const full = `${protocol}://${rest}`;
  let fragment = "";
  const hash = rest.indexOf("#");
  if (hash >= 0) {
    fragment = rest.slice(hash);
    rest = rest.slice(0, hash);
  }
  let query: string | undefined;
  const q = rest.indexOf("?");
  if (q >= 0) {
    query = rest.slice(q + 1);
    rest = rest.slice(0, q);
  }
  const slash = rest.indexOf("/");
  const host = slash < 0 ? rest : rest.slice(0, slash);
  const path = slash < 0 ? "" : rest.slice(slash);
  if (/[\s<>"{}|\\^`]/.test(host) || /%(?![0-9a-fA-F]{2})/.test(rest))
    throw new HttpJsonError(`invalid URL: ${full}, error: parse "${full}": invalid URL escape or host`);
  if (host === "") throw new HttpJsonError(`no domain found in uri: ${uri}`);
  let out = `${protocol}://${host}${path}`;
  if (query !== undefined) {
    const encoded = reencodeQuery(query, PROVIDER_PARAMS);
    // net/url keeps a lone `?` (ForceQuery) only when the query was empty as written.
    if (encoded !== "" || query === "") out += `?${encoded}`;
  }
  return out + fragment;
}

/** One node of jsonquery's tree, shaped as the DOM node the `xpath` package walks. */
class JsonNode {
  readonly childNodes: JsonNode[] = [];
  parentNode: JsonNode | null = null;
  ownerDocument: JsonNode | null = null;
  firstChild: JsonNode | null = null;
  lastChild: JsonNode | null = null;
  nextSibling: JsonNode | null = null;
  previousSibling: JsonNode | null = null;
  readonly namespaceURI = null;
  readonly prefix = null;
  readonly attributes = { length: 0, item: (): null => null };
  readonly nodeName: string;
  readonly localName: string | null;
  readonly nodeValue: string | null;

  constructor(
    readonly nodeType: 1 | 3 | 9,
    /** jsonquery's `Data`: the key for an element (empty for an array item), the text for a text node. */
    readonly data: string,
    /** jsonquery's `value`: the JSON value an element stands for, the `%v` text for a text node. */
    readonly raw: Value,
  ) {
    this.nodeName = nodeType === 9 ? "#document" : nodeType === 3 ? "#text" : data;
    this.localName = nodeType === 1 ? data : null;
    this.nodeValue = nodeType === 3 ? data : null;
  }

  append(child: JsonNode): void {
    child.parentNode = this;
    child.ownerDocument = this.nodeType === 9 ? this : this.ownerDocument;
    if (this.lastChild !== null) {
      this.lastChild.nextSibling = child;
      child.previousSibling = this.lastChild;
    } else this.firstChild = child;
    this.lastChild = child;
    this.childNodes.push(child);
  }

  /**
   * The XPath string value as jsonquery's navigator gives it (`Value`): a string value as is,
   * anything else as `json.Marshal` writes it (`1000000`, `{"a":"x"}`; the document: `null`).
   */
  get textContent(): string {
    return typeof this.raw === "string" ? this.raw : encodeGoJson(this.raw);
  }
}

/**
 * The `xpath` package computes an element's string value from the text below it (XPath's DOM
 * rule); antchfx/xpath asks the navigator, which answers {@link JsonNode.textContent}. Nodes of
 * ours answer that way; every other node keeps the package's rule.
 */
const nodeSetProto = (
  xpath as unknown as { XNodeSet: { prototype: { stringForContainerNode(n: unknown): string } } }
).XNodeSet.prototype;
const containerString = nodeSetProto.stringForContainerNode;
nodeSetProto.stringForContainerNode = function (this: unknown, n: unknown): string {
  return n instanceof JsonNode ? n.textContent : containerString.call(this, n);
};

/** Go's `%v` of a decoded JSON scalar. */
function formatScalar(v: Value): string {
  if (v === null) return "<nil>";
  if (typeof v === "number") return formatGoFloat(v);
  return String(v);
}

/** jsonquery's `parseValue`, without recursion limits beyond the decoder's. */
function buildTree(v: Value, top: JsonNode): void {
  if (Array.isArray(v)) {
    for (const item of v as Value[]) {
      const n = new JsonNode(1, "", item);
      top.append(n);
      buildTree(item, n);
    }
  } else if (isMap(v)) {
    // Sorted as Go sorts strings (by bytes; UTF-16 order differs beyond U+FFFF).
    const keys = Object.keys(v).sort(compareGoStrings);
    for (const k of keys) {
      const n = new JsonNode(1, k, v[k] as Value);
      top.append(n);
      buildTree(v[k] as Value, n);
    }
  } else {
    const text = formatScalar(v);
    top.append(new JsonNode(3, text, text));
  }
}

/** A fetched document as jsonquery's tree; the body's JSON errors in encoding/json's words. */
export function parseJsonDocument(body: string): JsonNode {
  let v: Value;
  try {
    v = decodeGoJson(body);
  } catch (err) {
    if (err instanceof GoJsonError) throw new HttpJsonError(err.message);
    throw err;
  }
  const doc = new JsonNode(9, "", null);
  buildTree(v, doc);
  return doc;
}

/** The document type {@link parseJsonDocument} returns. */
export type JsonDocument = ReturnType<typeof parseJsonDocument>;

/** vals' `GetXpathFromUri`: the text between the first and second `#/`, compiled. */
export function httpJsonXpath(uri: string): ParsedXPath {
  const parts = uri.split("#/");
  if (parts.length === 1) throw new HttpJsonError(`no xpath expression found in uri: ${uri}`);
  // vals' message names the expression it had not assigned yet: always ''.
  const refuse = (): never => {
    throw new HttpJsonError(`unable to compile xpath expression '' from uri: ${uri}`);
  };
  let parsed: ParsedXPath;
  try {
    parsed = parseXPath(parts[1] as string);
  } catch {
    return refuse();
  }
  // The expression tree sits on a property the package does not make enumerable.
  for (const name of functionNames((parsed as unknown as { expression: unknown }).expression))
    if (!ANTCHFX_FUNCTIONS.has(name)) refuse();
  return parsed;
}

/** The names of the functions a parsed expression calls. */
function functionNames(parsed: unknown): string[] {
  const out: string[] = [];
  const seen = new Set<unknown>();
  const walk = (o: unknown): void => {
    if (o === null || typeof o !== "object" || seen.has(o)) return;
    seen.add(o);
    const fn = (o as { functionName?: unknown }).functionName;
    if (typeof fn === "string") out.push(fn);
    for (const v of Object.values(o)) walk(v);
  };
  walk(parsed);
  return out;
}

type XValue = { stringValue(): string; nodeset?(): { toArray(): JsonNode[] } };

function regexpOf(pattern: string): GoRegexp {
  try {
    return GoRegexp.compile(pattern);
  } catch (err) {
    if (err instanceof GoRegexpError)
      throw new HttpJsonError(`error querying the xpath expression: ${err.message}`);
    throw err;
  }
}

/** antchfx/xpath's functions beyond XPath 1.0's. */
const EXTRA_FUNCTIONS: Readonly<Record<string, (c: unknown, ...args: XValue[]) => unknown>> = {
  "lower-case": (_c, s) => (s as XValue).stringValue().toLowerCase(),
  "ends-with": (_c, s, suffix) => (s as XValue).stringValue().endsWith((suffix as XValue).stringValue()),
  matches: (_c, s, p) => regexpOf((p as XValue).stringValue()).test((s as XValue).stringValue()),
  replace: (_c, s, p, r) => {
    const re = regexpOf((p as XValue).stringValue());
    const template = (r as XValue).stringValue();
    return replaceAllGo(re, (s as XValue).stringValue(), (m) => expandGo(template, m, re.names));
  },
  reverse: (_c, set) => [...((set as XValue).nodeset?.().toArray() ?? [])].reverse(),
  "string-join": (_c, set, sep) =>
    ((set as XValue).nodeset?.().toArray() ?? [])
      .map((n) => n.textContent)
      .join((sep as XValue).stringValue()),
};

/** What one answer needs besides the document. */
export interface HttpJsonQuery {
  /** The reference as vals hands it to the provider (`httpjson://…#/…`, or host and path without a fragment). */
  readonly uri: string;
  /** The URL fetched ({@link httpJsonUrl}). */
  readonly url: string;
  /** `floatAsInt=true`: the answer read as a float and printed with no decimals. */
  readonly floatAsInt: boolean;
}

/**
 * vals' `GetString` after the fetch: the first node the query selects must have one value, or
 * several children of one name (an array: their texts joined with `,`).
 */
export function httpJsonAnswer(doc: JsonDocument, q: HttpJsonQuery): string {
  const parsed = httpJsonXpath(q.uri);
  const expr = q.uri.split("#/")[1] as string;
  let selected: unknown;
  try {
    selected = parsed.evaluate({ node: doc, functions: EXTRA_FUNCTIONS });
  } catch (err) {
    if (err instanceof HttpJsonError) throw err;
    throw new HttpJsonError(`error querying the xpath expression ${expr}, error: ${(err as Error).message}`);
  }
  // A number, string or boolean selects no node (jsonquery's Query finds nothing).
  let nodes: JsonNode[] = [];
  try {
    nodes = (selected as XValue).nodeset?.().toArray() ?? [];
  } catch {
    nodes = [];
  }
  const node = nodes[0];
  if (node === undefined)
    throw new HttpJsonError(`unable to query doc for value with xpath query using ${q.uri}`);
  // vals dereferences the first child without a check (a Go panic in helmfile): a clear error here.
  if (node.firstChild === null || node.lastChild === null)
    throw new HttpJsonError(`location ${expr} has no value at ${q.url}`);
  if (node.firstChild.data !== node.lastChild.data)
    throw new HttpJsonError(`location ${expr} has child nodes at ${q.url}, please use a more granular query`);
  const texts = node.childNodes.map((c) => {
    // vals asserts a string (a Go panic in helmfile for a number, map or list under an element).
    if (typeof c.raw !== "string")
      throw new HttpJsonError(`location ${expr} holds a value that is not a string at ${q.url}`);
    return c.raw;
  });
  const value = texts.join(",");
  if (!q.floatAsInt) return value;
  const f = parseFloat64(value);
  // vals quotes the value here; it may be the secret, so it is withheld.
  if (f === undefined)
    throw new HttpJsonError("unable to convert possible float to int for value: (withheld)");
  return formatFloat(f, "f", 0);
}
