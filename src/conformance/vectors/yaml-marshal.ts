/**
 * Handler for topic `yaml-marshal`: helmfile's YAML marshal with go-yaml v2 and v3. The
 * input is a Go struct, so keys keep the declared field order (`keyOrder`) instead of
 * being sorted.
 */
import { encodeYaml } from "../../shared/yaml/index";
import { fromPlain } from "../../shared/value";
import type { VectorHandler } from "./types";

/** The handler registered for topic `yaml-marshal`. */
export const yamlMarshalHandler: VectorHandler = (vector) => {
  const input = vector.input as { value: unknown; keyOrder?: readonly string[] };
  const expected = vector.expected as Record<string, string>;
  const value = fromPlain(input.value);
  for (const version of ["v2", "v3"] as const) {
    const want = expected[version];
    if (want === undefined) continue;
    const got = encodeYaml(value, { version, sortKeys: input.keyOrder === undefined });
    if (got !== want) return `${version}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`;
  }
  return true;
};
