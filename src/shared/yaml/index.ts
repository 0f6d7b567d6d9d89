/**
 * The Go-typed YAML codec shared by every stage: decoding like go-yaml v3 (helmfile's
 * default) or v2, encoding byte-exact with go-yaml's `Marshal`, and helm's
 * `sigs.k8s.io/yaml` flavour.
 */
export {
  decodeYaml,
  decodeYamlDocuments,
  decodeYamlDocumentsWithPositions,
  decodeYamlWithPositions,
  formatYamlFloat32Key,
  type DecodeYamlOptions,
  type PositionedYaml,
  type YamlPosition,
} from "./decode";
export {
  encodeYaml,
  YamlOrderedMap,
  YamlRawScalar,
  type EncodeYamlOptions,
  type YamlEncodable,
} from "./encode";
export { decodeHelmYaml, encodeHelmYaml, foldYaml11LineBreaks } from "./helm-yaml";
export {
  isGoYamlTimestamp,
  resolvePlainScalar,
  resolveTaggedScalar,
  type GoYamlVersion,
  type ResolvedScalar,
} from "./resolve";
export { goYamlKeyLess, sortGoYamlKeys } from "./key-order";
export { goYamlVersionFromEnv } from "./version";
export { goTimeString, parseGoYamlTimestamp } from "./timestamp";
