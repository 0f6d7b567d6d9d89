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
import { goYamlErrorText, innermost } from "../../shared/yaml/libyaml-messages";
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
  return new GoYamlError("convert", goYamlErrorText(err, text), innermost(err).line);
}

function jsonKind(v: Value): string {
  if (Array.isArray(v)) return "array";
  if (typeof v === "string") return "string";
  if (typeof v === "boolean") return "bool";
  return "number";
}
