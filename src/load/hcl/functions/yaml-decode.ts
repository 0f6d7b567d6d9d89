/**
 * yamldecode as go-cty-yaml resolves plain scalars: YAML 1.1 booleans (yes/no/on/off/y/n),
 * `~`/null, integers (decimal, 0o, 0x), floats, ±.inf, timestamps as RFC 3339 strings;
 * quoted scalars stay strings; mappings become objects and sequences tuples.
 */
import { isAlias, isMap, isScalar, isSeq, parseAllDocuments, Scalar, type Node } from "yaml";
import { fail } from "../hcl-errors";
import { HclObj, HclSeq, ratio, type HclValue } from "../hcl-value";
import { parseNumberLiteral } from "../parse-number";

const WORDS: ReadonlyMap<string, HclValue> = new Map<string, HclValue>([
  ...["y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"].map((w) => [w, true] as const),
  ...["n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"].map(
    (w) => [w, false] as const,
  ),
  ...["", "~", "null", "Null", "NULL"].map((w) => [w, null] as const),
  ...[".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF"].map((w) => [w, Infinity] as const),
  ...["-.inf", "-.Inf", "-.INF"].map((w) => [w, -Infinity] as const),
]);

function timestamp(src: string): string | undefined {
  const m =
    /^(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:[Tt]|[ \t]+)(\d{1,2}):(\d{2}):(\d{2})(?:\.\d+)?[ \t]*(Z|[-+]\d{1,2}(?::?\d{2})?)?)?$/.exec(
      src,
    );
  if (m === null) return undefined;
  const p2 = (s: string | undefined): string => (s ?? "0").padStart(2, "0");
  let zone = m[7] ?? "Z";
  if (zone !== "Z") {
    const z = /^([-+])(\d{1,2}):?(\d{2})?$/.exec(zone);
    zone = `${z?.[1] ?? "+"}${p2(z?.[2])}:${p2(z?.[3])}`;
    if (zone === "+00:00" || zone === "-00:00") zone = "Z";
  }
  return `${m[1]}-${p2(m[2])}-${p2(m[3])}T${p2(m[4])}:${p2(m[5])}:${p2(m[6])}${zone}`;
}

function plainScalar(src: string): HclValue {
  if (WORDS.has(src)) return WORDS.get(src) ?? null;
  if (/^\.(nan|NaN|NAN)$/.test(src)) return fail("HCL_FUNCTION", "floating point NaN is not supported");
  const first = src[0] ?? "";
  if (first === ".") return /^\.[0-9]+([eE][-+]?[0-9]+)?$/.test(src) ? parseNumberLiteral(`0${src}`) : src;
  if (!/[-+0-9]/.test(first)) return src;
  const ts = timestamp(src);
  if (ts !== undefined) return ts;
  if (/^[-+]?[0-9]+$/.test(src)) return BigInt(src);
  if (/^0o[0-7]+$/.test(src)) return BigInt(`0o${src.slice(2)}`);
  if (/^0x[0-9a-fA-F]+$/.test(src)) return BigInt(src);
  if (/^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/.test(src)) {
    const neg = src.startsWith("-");
    const body = src
      .replace(/^[-+]/, "")
      .replace(/^\./, "0.")
      .replace(/\.(?=$|[eE])/, "");
    const n = parseNumberLiteral(body);
    if (!neg) return n;
    return typeof n === "bigint" ? -n : typeof n === "number" ? -n : ratio(-n.n, n.d);
  }
  return src;
}

function convert(node: Node | null, depth: number): HclValue {
  if (depth > 1000) return fail("HCL_FUNCTION", "YAML document nested too deeply");
  if (node === null) return null;
  if (isAlias(node)) return fail("HCL_FUNCTION", "YAML aliases are not supported here");
  if (isMap(node)) {
    const out = new Map<string, HclValue>();
    for (const pair of node.items) {
      const key = convert(isScalar(pair.key) ? pair.key : null, depth + 1);
      out.set(
        typeof key === "string" ? key : String(key),
        convert((pair.value as Node | null) ?? null, depth + 1),
      );
    }
    return new HclObj("object", out);
  }
  if (isSeq(node))
    return new HclSeq(
      "tuple",
      node.items.map((x) => convert(x as Node | null, depth + 1)),
    );
  if (isScalar(node)) {
    const text = String(node.value);
    if (node.tag === "tag:yaml.org,2002:str" || node.tag === "!!str") return text;
    return node.type === Scalar.PLAIN ? plainScalar(text) : text;
  }
  return null;
}

/** Decodes one YAML document into an HCL value. */
export function yamlDecode(text: string): HclValue {
  const docs = parseAllDocuments(text, { schema: "failsafe" });
  if (!Array.isArray(docs)) return fail("HCL_FUNCTION", "invalid YAML");
  if (docs.length > 1)
    return fail("HCL_FUNCTION", "on line 1, column 1: unexpected extra content after value");
  const doc = docs[0];
  if (doc === undefined) return null;
  if (doc.errors.length > 0) return fail("HCL_FUNCTION", doc.errors[0]?.message ?? "invalid YAML");
  return convert(doc.contents as Node | null, 0);
}
