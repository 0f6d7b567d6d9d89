/** jsonencode/jsondecode, yamlencode/yamldecode (go-cty-yaml) and csvdecode. */
import { asString, fromPlainData } from "../convert";
import { fail } from "../hcl-errors";
import { HclSeq, isNumber, list, numberToString, object, type HclValue } from "../hcl-value";
import { arg, arity, type HclFunction } from "./function-args";
import { yamlDecode } from "./yaml-decode";
import { yamlEncode } from "./yaml-encode";

/** Go's encoding/json string escaping (HTML-safe, like cty's JSON marshaller). */
function goJsonString(s: string): string {
  return JSON.stringify(s).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** cty's JSON encoding: sorted object keys, numbers in plain decimal. */
export function jsonEncode(v: HclValue): string {
  if (v === null) return "null";
  if (typeof v === "boolean") return v ? "true" : "false";
  if (typeof v === "string") return goJsonString(v);
  if (isNumber(v)) return numberToString(v);
  if (v instanceof HclSeq) return `[${v.items.map(jsonEncode).join(",")}]`;
  return `{${[...v.attrs].map(([k, x]) => `${goJsonString(k)}:${jsonEncode(x)}`).join(",")}}`;
}

function jsonDecode(text: string): HclValue {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return fail("HCL_FUNCTION", `invalid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  return fromPlainData(data);
}

function csvDecode(text: string): HclValue {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] ?? "";
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === "") quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || row.length > 0) rows.push([...row, field]);
  const [header, ...body] = rows;
  if (header === undefined) return fail("HCL_FUNCTION", "missing header line");
  return list(
    body.map((r, n) => {
      if (r.length !== header.length)
        fail("HCL_FUNCTION", `CSV parse error on line ${n + 2}: wrong number of fields`);
      return object(header.map((h, i) => [h, r[i] ?? ""]));
    }),
  );
}

/** Encoding functions by name. */
export const ENCODING_FUNCTIONS: ReadonlyMap<string, HclFunction> = new Map<string, HclFunction>([
  ["jsonencode", (args) => (arity(args, 1), jsonEncode(arg(args, 0)))],
  ["jsondecode", (args) => (arity(args, 1), jsonDecode(asString(arg(args, 0), "str")))],
  ["yamlencode", (args) => (arity(args, 1), yamlEncode(arg(args, 0)))],
  ["yamldecode", (args) => (arity(args, 1), yamlDecode(asString(arg(args, 0), "src")))],
  ["csvdecode", (args) => (arity(args, 1), csvDecode(asString(arg(args, 0), "str")))],
]);
