/**
 * YAML in and out for the loader: go-yaml typed decoding from `src/shared/yaml`, and the
 * encoder helmfile uses for its temporary values files (go-yaml v3 by default, v2 when
 * `HELMFILE_GO_YAML_V3=false`).
 */
import { decodeYaml, decodeYamlDocumentsWithPositions, type PositionedYaml } from "../shared/yaml/decode";
import type { GoYamlVersion } from "../shared/yaml/resolve";
import type { Value } from "../shared/value";
import { encodeYaml } from "../shared/yaml/encode";
import { goYamlBytesProblem } from "../shared/yaml/go-yaml-reader";
import { LoadError } from "../shared/errors";
import type { FileSystem } from "../shared/io";

export type { PositionedYaml, GoYamlVersion };

/** Decodes every document of a state part, with positions. */
export function decodeStateDocuments(text: string, file: string, version: GoYamlVersion): PositionedYaml[] {
  return decodeYamlDocumentsWithPositions(text, { file, version, strict: true });
}

/** Decodes one values document (null when empty). */
export function decodeValuesYaml(text: string, file: string, version: GoYamlVersion): Value {
  return decodeYaml(text, { file, version });
}

/** Encodes a values map the way helmfile writes it into a temporary values file. */
export function encodeValuesYaml(value: Value, version: GoYamlVersion): string {
  return encodeYaml(value, { version, indent: 2 });
}

/**
 * Reads a state or environment values file as go-yaml will see it: bytes that are not valid
 * UTF-8 (or hold control characters) fail with go-yaml reader's own problem text
 * (readerc.go `yaml_parser_update_buffer`) instead of being decoded lossily to U+FFFD.
 */
export function readYamlSource(fs: FileSystem, path: string): string {
  const bytes = fs.readBytes(path);
  const problem = goYamlBytesProblem(bytes);
  if (problem !== undefined) throw new LoadError("YAML_SYNTAX", `yaml: ${problem}`, { file: path });
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
}
