/** Vectors `environment-values-merge`: environment layers, `.Values` vs `.Environment.Values`, layered env specs. */
import {
  environmentTemplateValues,
  getMergedValues,
  mergeEnvironments,
  newEnvironment,
  type EnvironmentLayers,
} from "../../merge/index";
import { mergeEnvironmentSpecs } from "../../load/environment-spec";
import { fromPlain, isMap, newMap, type Value, type ValueMap } from "../../shared/value";
import type { VectorHandler } from "./types";
import { checkResult, mapOf } from "./maputil-merge-maps";

function envOf(data: Record<string, unknown>): EnvironmentLayers {
  return {
    ...newEnvironment(
      (data.name as string | undefined) ?? "",
      (data.kubeContext as string | undefined) ?? "",
    ),
    defaults: mapOf(data.defaults),
    values: mapOf(data.values),
    cliOverrides: mapOf(data.cliOverrides),
  };
}

function envToValue(env: EnvironmentLayers): ValueMap {
  const out = newMap();
  out.name = env.name;
  out.kubeContext = env.kubeContext;
  out.values = env.values;
  out.defaults = env.defaults;
  out.cliOverrides = env.cliOverrides;
  return out;
}

export const environmentValuesMerge: VectorHandler = (v) => {
  const input = v.input as Record<string, unknown>;
  switch (v.function) {
    case "environmentMerge": {
      const merged = mergeEnvironments(
        envOf(input.dst as Record<string, unknown>),
        envOf(input.src as Record<string, unknown>),
      );
      return merged === undefined ? "no result" : checkResult(v, envToValue(merged));
    }
    case "getMergedValues":
      return checkResult(v, getMergedValues(envOf(input)));
    case "environmentTemplateData": {
      const env = envOf(input.environment as Record<string, unknown>);
      const data = newMap();
      data.Values = getMergedValues(env);
      const e = newMap();
      e.Name = env.name;
      e.Values = environmentTemplateValues(env);
      data.Environment = e;
      return checkResult(v, data);
    }
    case "mergeEnvironmentSpecs": {
      const dst = fromPlain(input.dst) as Value;
      const src = fromPlain(input.src) as Value;
      if (!isMap(dst) || !isMap(src)) return "bad input";
      const merged = mergeEnvironmentSpecs(dst, src);
      for (const name of Object.keys(merged)) {
        const spec = merged[name];
        if (isMap(spec) && spec.mergeStrategy === undefined) spec.mergeStrategy = "";
      }
      return checkResult(v, merged);
    }
    default:
      return `unknown function ${String(v.function)}`;
  }
};
