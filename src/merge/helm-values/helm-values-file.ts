/**
 * Reading a values file the way helm's chart loader does (`LoadValues`): helm 4 splits the text
 * into `---` documents with Kubernetes' YAML reader and deep-merges them; helm 3 reads only the
 * first document. Errors carry helm's wording after the file name.
 */
import type { ValueMap } from "../../shared/value";
import { decodeGoYamlMap, GoYamlError } from "./go-yaml-decode";
import { mergeMaps } from "./merge-maps";

/** A values text that helm would refuse; `message` is helm's text after `failed to parse <file>: `. */
export class ValuesFileError extends Error {
  readonly line: number | undefined;
  constructor(message: string, line?: number) {
    super(message);
    this.line = line;
  }
}

/** Parses values text as helm `major` (3 or 4) does. */
export function parseHelmValuesText(text: string, major: 3 | 4 = 4): ValueMap {
  if (major === 3) return decodeOne(text, "");
  let values: ValueMap | undefined;
  for (const doc of splitYamlDocuments(text)) {
    const current = decodeOne(doc.text, "cannot unmarshal yaml document: ", doc.firstLine);
    values = values === undefined ? current : mergeMaps(values, current);
  }
  return values ?? decodeOne("", "");
}

function decodeOne(text: string, prefix: string, firstLine = 1): ValueMap {
  try {
    return decodeGoYamlMap(text);
  } catch (err) {
    if (err instanceof GoYamlError) {
      const what = err.stage === "convert" ? "error converting YAML to JSON" : "error unmarshaling JSON";
      const line = err.line === undefined ? undefined : err.line + firstLine - 1;
      throw new ValuesFileError(`${prefix}${what}: ${err.message}`, line);
    }
    throw err;
  }
}

/**
 * Kubernetes' YAMLReader: a line starting with `---` ends a non-empty document and is dropped;
 * with nothing buffered yet it is kept as the start of the next document. Only spaces or a
 * comment may follow the dashes.
 */
function splitYamlDocuments(text: string): { text: string; firstLine: number }[] {
  const docs: { text: string; firstLine: number }[] = [];
  const lines = text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  let buffer = "";
  let start = 1;
  lines.forEach((line, index) => {
    if (line.startsWith("---")) {
      const rest = line.slice(3).trim();
      if (rest !== "" && !rest.startsWith("#")) {
        throw new ValuesFileError(
          `error reading yaml document: invalid Yaml document separator: ${rest}`,
          index + 1,
        );
      }
      if (buffer !== "") {
        docs.push({ text: buffer, firstLine: start });
        buffer = "";
        start = index + 2;
        return;
      }
    }
    if (buffer === "") start = index + 1;
    buffer += line;
  });
  if (buffer !== "") docs.push({ text: buffer, firstLine: start });
  return docs;
}
