/**
 * `fetchSecretValue` and `expandSecretRefs`: secret references (`ref+<backend>://…`,
 * helmfile's vals syntax) are resolved through an injected {@link SecretResolver}. Without
 * one, a value that holds a reference fails with a `SecretError` naming the backend;
 * values without references pass through unchanged.
 */
import { SecretError } from "../../../shared/errors";
import { FuncError, isGoMap, newGoMap, type GoMap, type GoValue, type TemplateEnv } from "../../types";
import type { SecretResolver, SecretScope } from "./options";

const REF = /^(?:secret)?ref\+([A-Za-z0-9_-]+):\/\//;

function findRef(v: GoValue): string | undefined {
  if (typeof v === "string") return REF.test(v) ? v : undefined;
  if (Array.isArray(v)) {
    for (const x of v) {
      const r = findRef(x);
      if (r !== undefined) return r;
    }
  } else if (isGoMap(v)) {
    for (const k of Object.keys(v)) {
      const r = findRef(v[k] as GoValue);
      if (r !== undefined) return r;
    }
  }
  return undefined;
}

/** The resolver from options, else from `env.extra.secretResolver`. */
export function secretResolverOf(
  env: TemplateEnv,
  fromOptions: SecretResolver | undefined,
): SecretResolver | undefined {
  if (fromOptions !== undefined) return fromOptions;
  const extra = env.extra?.["secretResolver"] as { evalMap?: unknown } | undefined;
  return extra !== undefined && typeof extra.evalMap === "function" ? (extra as SecretResolver) : undefined;
}

/** `expandSecretRefs(map)`. */
export function expandSecretRefs(
  resolver: SecretResolver | undefined,
  values: GoMap,
  scope: SecretScope = {},
): GoMap {
  if (resolver === undefined) {
    const ref = findRef(values);
    if (ref === undefined) return values;
    const backend = REF.exec(ref)?.[1] ?? "unknown";
    // Never echo the whole reference: its query part may carry credentials.
    throw new SecretError(
      "SECRET_NO_RESOLVER",
      `cannot resolve a secret reference for backend "${backend}": no secret resolver is configured`,
      {
        expected: "a secret resolver (vals) for ref+ values",
      },
    );
  }
  return resolver.evalMap(values, scope);
}

/** `fetchSecretValue(ref)`: one reference resolved to a string. */
export function fetchSecretValue(
  resolver: SecretResolver | undefined,
  ref: string,
  scope: SecretScope = {},
): string {
  const input = newGoMap();
  input["key"] = ref;
  const out = expandSecretRefs(resolver, input, scope);
  if (!Object.prototype.hasOwnProperty.call(out, "key")) {
    throw new FuncError("unexpected error occurred, the resolved map doesn't have 'key' key");
  }
  const v = out["key"] as GoValue;
  if (typeof v !== "string") throw new FuncError("expected the resolved secret to be string");
  return v;
}

/** The policy scope of a template's secret references: its base directory. */
export function secretScope(env: TemplateEnv): SecretScope {
  return env.basePath === undefined ? {} : { root: env.basePath };
}
