/**
 * The Go-typed YAML codec shared by every stage: decoding like go-yaml v3 (helmfile's
 * default) or v2, encoding byte-exact with go-yaml's `Marshal`, and helm's
 * `sigs.k8s.io/yaml` flavour.
 */
export { decodeYaml, decodeYamlDocuments, decodeYamlWithPositions, formatYamlFloat32Key } from "./decode";
export { encodeYaml, YamlOrderedMap, YamlRawScalar, type YamlEncodable } from "./encode";
export { foldYaml11LineBreaks } from "./helm-yaml";
export { resolvePlainScalar, resolveTaggedScalar, type ResolvedScalar } from "./resolve";
export { sortGoYamlKeys } from "./key-order";
export { goYamlVersionFromEnv } from "./version";
export { goTimeString, parseGoYamlTimestamp } from "./timestamp";
