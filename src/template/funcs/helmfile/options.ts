/**
 * Settings of helmfile's template functions and the secret-resolver contract. Everything
 * with side effects goes through the injected {@link TemplateEnv}; these options only
 * choose behaviour.
 */
import type { GoMap } from "../../types";

/**
 * Resolves `ref+<backend>://…` secret references the way helmfile's `vals` runtime does:
 * every string value of the map that is a reference is replaced by the secret, other
 * values are returned unchanged. Must be synchronous (templates are).
 */
export interface SecretResolver {
  evalMap(values: GoMap, scope?: SecretScope): GoMap;
}

/** Where a resolution happens, for the insecure-features policy (src/shared/policy.ts). */
export interface SecretScope {
  /** The folder tree file-reading references must stay in (the template's or values file's directory). */
  readonly root?: string;
  /** The template or values file the references are in (for errors). */
  readonly file?: string;
}

/** Options of `helmfileFunctions`. */
export interface HelmfileFunctionOptions {
  /** go-yaml version for `toYaml`/`fromYaml` (helmfile: `HELMFILE_GO_YAML_V3=false` selects v2); default `"v3"`. */
  readonly yamlVersion?: "v2" | "v3";
  /**
   * helmfile's first (pre-render) pass: `exec`, `envExec`, `readFile` return `""` and
   * `readDir`, `readDirEntries` return empty lists. Default `false`.
   */
  readonly preRender?: boolean;
  /**
   * Disable `exec`, `envExec`, `readFile`, `readDir`, `readDirEntries` (helmfile's
   * `HELMFILE_DISABLE_INSECURE_FEATURES` / `HELMFILE_DISABLE_INSECURE_TEMPLATE_FUNCTIONS`).
   * Default: read those two variables from the injected environment at call time.
   */
  readonly disableInsecureFunctions?: boolean;
  /**
   * Resolver for `fetchSecretValue` / `expandSecretRefs`. Default: `env.extra.secretResolver`
   * when it has an `evalMap` method, otherwise none (a reference then fails with a
   * `SecretError` naming its backend).
   */
  readonly secretResolver?: SecretResolver;
}
