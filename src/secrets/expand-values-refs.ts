/**
 * helmfile's treatment of a rendered release values file: when its text contains
 * `ref+`, it is decoded, every reference resolved (vals `Eval`), and encoded again
 * (go-yaml, indent 2). Text without references is returned unchanged.
 */
import { SecretError } from "../shared/errors";
import { isMap, type Value } from "../shared/value";
import { decodeYaml } from "../shared/yaml/decode";
import { encodeYaml } from "../shared/yaml/encode";
import type { GoYamlVersion } from "../shared/yaml/resolve";
import type { SecretRefResolver } from "./secret-resolver";

/** Options of {@link expandValuesRefs}. */
export interface ExpandValuesRefsOptions {
  /** The file as users know it, for messages. */
  readonly file: string;
  /** go-yaml flavour; default `"v3"`. */
  readonly yamlVersion?: GoYamlVersion;
}

/** Result of {@link expandValuesRefs}. */
export interface ExpandValuesRefsResult {
  readonly text: string;
  /** True when references were resolved (the text now holds secrets). */
  readonly secret: boolean;
}

/** Resolves the secret references of a rendered values file. */
export function expandValuesRefs(
  text: string,
  resolver: SecretRefResolver,
  options: ExpandValuesRefsOptions,
): ExpandValuesRefsResult {
  if (!/ref\+/.test(text)) return { text, secret: false };
  const version = options.yamlVersion ?? "v3";
  const before = resolver.resolvedCount;
  const doc: Value = decodeYaml(text, { file: options.file, version });
  if (doc === null) return { text, secret: false };
  if (!isMap(doc)) {
    throw new SecretError("SECRET_REF_FAILED", "a values file with secret references must be a YAML map", {
      file: options.file,
    });
  }
  const out = resolver.evalValues(doc);
  if (resolver.resolvedCount === before) return { text, secret: false };
  return { text: encodeYaml(out, { version, indent: 2 }), secret: true };
}
