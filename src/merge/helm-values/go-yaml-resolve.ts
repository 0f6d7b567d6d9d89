/**
 * go-yaml v2's scalar resolution as the helm values decoder wants it: a Go-typed scalar with
 * the long tags go-yaml v2 reports.
 */
import { resolvePlainScalar, resolveTaggedScalar, type ResolvedScalar } from "../../shared/yaml";

/** A resolved scalar with its Go type. `int` covers Go int/int64 and, with `unsigned`, uint64. */
export type GoScalar =
  | { readonly t: "null" }
  | { readonly t: "str"; readonly v: string }
  | { readonly t: "bool"; readonly v: boolean }
  | { readonly t: "int"; readonly v: bigint; readonly unsigned?: boolean }
  | { readonly t: "float"; readonly v: number };

const P = "tag:yaml.org,2002:";
const INT64_MAX = (1n << 63n) - 1n;

/** Thrown when an explicit tag does not fit the text (`!!int abc`). */
export class GoResolveError extends Error {}

/**
 * Resolves a scalar with go-yaml v2's rules (the one resolver in src/shared/yaml/resolve.ts).
 * `tag` is the long tag or undefined; `implicit` is true for an untagged plain scalar (quoted
 * and block scalars without a tag are always strings). Timestamps stay strings, as go-yaml v2
 * decodes them into `interface{}`.
 */
export function resolveGoScalar(
  tag: string | undefined,
  text: string,
  implicit: boolean,
  _plain: boolean,
): GoScalar {
  if (tag === undefined && !implicit) return { t: "str", v: text };
  let resolved: ResolvedScalar | string;
  if (tag === undefined || tag === "") resolved = resolvePlainScalar(text, "v2");
  else if (tag.startsWith(P)) resolved = resolveTaggedScalar(text, `!!${tag.slice(P.length)}`, "v2");
  else return { t: "str", v: text };
  if (typeof resolved === "string") throw new GoResolveError(`yaml: ${resolved}`);
  const v = resolved.value;
  switch (resolved.tag) {
    case "!!null":
      return { t: "null" };
    case "!!bool":
      return { t: "bool", v: v as boolean };
    case "!!int":
      return (v as bigint) > INT64_MAX
        ? { t: "int", v: v as bigint, unsigned: true }
        : { t: "int", v: v as bigint };
    case "!!float":
      return { t: "float", v: v as number };
    default:
      return { t: "str", v: String(v) };
  }
}
