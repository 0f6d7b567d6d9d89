/**
 * helmfile's environment: the three value layers kept apart until `.Values` is computed.
 * Defaults (root `values:`) < Values (environment values + secrets + `--state-values-file`)
 * < CLIOverrides (`--state-values-set`, merged element-wise).
 */
import { cloneValue, newMap, type ValueMap } from "../shared/value";
import { mergeValues } from "./merge-values";

/** One environment's layers. */
export interface EnvironmentLayers {
  readonly name: string;
  readonly kubeContext: string;
  readonly defaults: ValueMap;
  readonly values: ValueMap;
  readonly cliOverrides: ValueMap;
}

/** A fresh environment with empty layers. */
export function newEnvironment(name: string, kubeContext = ""): EnvironmentLayers {
  return { name, kubeContext, defaults: newMap(), values: newMap(), cliOverrides: newMap() };
}

/** Deep copy of an environment. */
export function copyEnvironment(env: EnvironmentLayers): EnvironmentLayers {
  return {
    name: env.name,
    kubeContext: env.kubeContext,
    defaults: cloneValue(env.defaults) as ValueMap,
    values: cloneValue(env.values) as ValueMap,
    cliOverrides: cloneValue(env.cliOverrides) as ValueMap,
  };
}

/**
 * helmfile's `Environment.Merge`: `other` laid over `env`. Non-empty name/kubeContext win,
 * values and defaults merge sparsely, CLI overrides element-wise. Either side may be absent.
 */
export function mergeEnvironments(
  env: EnvironmentLayers | undefined,
  other: EnvironmentLayers | undefined,
): EnvironmentLayers | undefined {
  if (env === undefined) return other === undefined ? undefined : copyEnvironment(other);
  if (other === undefined) return copyEnvironment(env);
  return {
    name: other.name !== "" ? other.name : env.name,
    kubeContext: other.kubeContext !== "" ? other.kubeContext : env.kubeContext,
    values: mergeValues(env.values, other.values),
    defaults: mergeValues(env.defaults, other.defaults),
    cliOverrides: mergeValues(env.cliOverrides, other.cliOverrides, { arrays: "merge" }),
  };
}

/** `.Values`: defaults, then values (sparse lists), then CLI overrides (element-wise lists). */
export function getMergedValues(env: EnvironmentLayers): ValueMap {
  let vals = mergeValues(newMap(), env.defaults);
  vals = mergeValues(vals, env.values);
  return mergeValues(vals, env.cliOverrides, { arrays: "merge" });
}

/** `.Environment.Values` as templates see it: values plus CLI overrides, without defaults. */
export function environmentTemplateValues(env: EnvironmentLayers): ValueMap {
  return mergeValues(env.values, env.cliOverrides, { arrays: "merge" });
}
