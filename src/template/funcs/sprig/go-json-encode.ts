/** encoding/json `Marshal` / `MarshalIndent` / `Encoder` output for template values. */
import { GoFunc, GoNumber, GoStruct, GoTime, isGoMap, type GoValue } from "../../types";
import { compareGoStrings } from "./format-v";
import { formatGoFloat, formatJsonFloat } from "../../../shared/go/float";
import { formatGoTime } from "./go-time";

/** A marshal failure with Go's text (`json: unsupported value: NaN`). */
export class JsonMarshalError extends Error {}

/** Options of {@link encodeGoJson}. */
export interface JsonEncodeOptions {
  /** Escape `<`, `>` and `&` as `\u003c`… (Go's default; the Encoder can turn it off). Default true. */
  readonly escapeHTML?: boolean;
  /** Indent unit for MarshalIndent; "" for compact output. Default "". */
  readonly indent?: string;
}

export { jsonString } from "../../../shared/go/json-string";
import { jsonString } from "../../../shared/go/json-string";

function floatText(x: number): string {
  const s = formatJsonFloat(x);
  if (s === undefined) throw new JsonMarshalError(`json: unsupported value: ${formatGoFloat(x)}`);
  return s;
}

function encode(v: GoValue, o: Required<JsonEncodeOptions>, prefix: string): string {
  if (v === null) return "null";
  switch (typeof v) {
    case "boolean":
      return v ? "true" : "false";
    case "string":
      return jsonString(v, o.escapeHTML);
    case "bigint":
      return v.toString();
    case "number":
      return floatText(v);
    default:
      break;
  }
  if (v instanceof GoNumber) return typeof v.value === "number" ? floatText(v.value) : v.value.toString();
  if (v instanceof Uint8Array) return `"${Buffer.from(v).toString("base64")}"`;
  if (v instanceof GoTime) return `"${formatGoTime(v, "2006-01-02T15:04:05.999999999Z07:00")}"`;
  if (v instanceof GoFunc) throw new JsonMarshalError("json: unsupported type: func()");
  const inner = prefix + o.indent;
  const nl = o.indent === "" ? "" : "\n";
  const colon = o.indent === "" ? ":" : ": ";
  if (Array.isArray(v)) {
    if (v.length === 0) return "[]";
    return `[${nl}${v.map((x) => inner + encode(x, o, inner)).join(`,${nl}`)}${nl}${prefix}]`;
  }
  let entries: [string, GoValue][];
  if (v instanceof GoStruct) {
    const custom = v.methods.get("MarshalJSON");
    if (custom !== undefined) return jsonString(String(custom.impl([], undefined as never)), o.escapeHTML);
    entries = [...v.fields.entries()];
  } else if (isGoMap(v)) {
    entries = Object.keys(v)
      .sort(compareGoStrings)
      .map((k) => [k, v[k] ?? null]);
  } else return "null";
  if (entries.length === 0) return "{}";
  const body = entries.map(
    ([k, x]) => `${inner}${jsonString(k, o.escapeHTML)}${colon}${encode(x, o, inner)}`,
  );
  return `{${nl}${body.join(`,${nl}`)}${nl}${prefix}}`;
}

/** Marshals a template value as Go's encoding/json would. Throws {@link JsonMarshalError}. */
export function encodeGoJson(v: GoValue, options: JsonEncodeOptions = {}): string {
  return encode(v, { escapeHTML: options.escapeHTML ?? true, indent: options.indent ?? "" }, "");
}
