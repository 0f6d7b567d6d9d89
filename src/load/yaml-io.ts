/**
 * YAML in and out for the loader: go-yaml typed decoding from `src/shared/yaml`, and the
 * encoder helmfile uses for its temporary values files (go-yaml v3 by default, v2 when
 * `HELMFILE_GO_YAML_V3=false`).
 */
import { decodeYaml, decodeYamlDocumentsWithPositions, type PositionedYaml } from "../shared/yaml/decode";
import type { GoYamlVersion } from "../shared/yaml/resolve";
import type { Value } from "../shared/value";
import { encodeYaml } from "../shared/yaml/encode";

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
