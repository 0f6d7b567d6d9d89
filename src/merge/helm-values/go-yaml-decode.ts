/**
 * Decodes one YAML document the way `sigs.k8s.io/yaml` does for helm, with the one go-yaml
 * decoder of src/shared/yaml (`decodeHelmYaml`: go-yaml v2 typing, keys converted as on the way
 * to JSON, every number a float64). What stays here is helm's side of it, which helmfile's state
 * loading does not share:
 * - go-yaml's `Unmarshal` reads only the first document, whatever follows it (see
 *   go-yaml-strictness.ts), and a `...` before any content is a libyaml error;
 * - the JSON step refuses NaN/±Inf and needs a map at the top (`encoding/json`'s messages);
 * - errors carry libyaml's own text and line convention (`yaml: line N: …`), because helm prints
 *   them verbatim after the file name, where helmfile's loader reports line and column apart.
 */
import { LoadError } from "../../shared/errors";
import { isMap, newMap, type Value, type ValueMap } from "../../shared/value";
import { decodeHelmYaml } from "../../shared/yaml/helm-yaml";
import { firstDocumentText, libyamlOnlyError } from "./go-yaml-strictness";

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

/**
 * Decodes one document into a map, like `yaml.Unmarshal(doc, &map[string]interface{}{})`.
 * Only the first document is read. An empty document gives an empty map; a list or scalar at
 * the top fails like encoding/json.
 */
export function decodeGoYamlMap(text: string): ValueMap {
  const strict = libyamlOnlyError(text);
  if (strict !== undefined) throw new GoYamlError("convert", strict);
  let plain: Value;
  try {
    plain = decodeHelmYaml(firstDocumentText(text));
  } catch (err) {
    if (err instanceof LoadError) throw fromLoadError(err, text);
    throw err;
  }
  checkJsonNumbers(plain);
  if (plain === null) return newMap();
  if (!isMap(plain)) {
    throw new GoYamlError(
      "unmarshal",
      `while decoding JSON: json: cannot unmarshal ${jsonKind(plain)} into Go value of type map[string]interface {}`,
    );
  }
  return plain;
}

/** encoding/json cannot hold NaN or an infinity. */
function checkJsonNumbers(v: Value): void {
  if (typeof v === "number" && !Number.isFinite(v))
    throw new GoYamlError(
      "convert",
      `json: unsupported value: ${Number.isNaN(v) ? "NaN" : v > 0 ? "+Inf" : "-Inf"}`,
    );
  if (Array.isArray(v)) v.forEach(checkJsonNumbers);
  else if (isMap(v)) for (const k of Object.keys(v)) checkJsonNumbers(v[k] as Value);
}

/** The shared decoder's error in libyaml's wording, as helm prints it. */
function fromLoadError(err: LoadError, text: string): GoYamlError {
  let inner: LoadError = err;
  while (inner.cause instanceof LoadError) inner = inner.cause;
  // A parse error of the `yaml` package underneath: libyaml's wording comes from its code.
  const cause = inner.cause as { code?: unknown; message?: unknown } | undefined;
  if (inner.code === "YAML_SYNTAX" && typeof cause?.code === "string" && typeof cause.message === "string")
    return syntaxError(cause.code, cause.message, inner.line ?? 0, text);
  err = inner;
  const detail = err.detail.startsWith("yaml: ") ? err.detail : `yaml: ${err.detail}`;
  return new GoYamlError("convert", detail, err.line);
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
