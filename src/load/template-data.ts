/**
 * The data helmfile hands to templates: `EnvironmentTemplateData` for state files and
 * environment values files, `releaseTemplateData` for release fields and release values files.
 * Structs are {@link GoStruct}s so unknown fields fail like Go's.
 */
import { environmentTemplateValues, type EnvironmentLayers } from "../merge/index";
import type { ValueMap } from "../shared/value";
import { GoStruct, newGoMap, typedMap, type GoValue } from "../template/types";

function struct(typeName: string, fields: Array<[string, GoValue]>): GoStruct {
  return new GoStruct(typeName, new Map(fields));
}

/** `.Environment` as templates see it (`.Values` holds values + CLI overrides, no defaults). */
export function environmentStruct(env: EnvironmentLayers): GoStruct {
  return struct("environment.Environment", [
    ["Name", env.name],
    ["KubeContext", env.kubeContext],
    ["Values", environmentTemplateValues(env)],
    ["Defaults", env.defaults],
    ["CLIOverrides", env.cliOverrides],
  ]);
}

/** Data for a state file part or an environment values `.gotmpl` file. */
export function environmentTemplateData(
  env: EnvironmentLayers,
  namespace: string,
  values: ValueMap,
): GoStruct {
  return struct("state.EnvironmentTemplateData", [
    ["Environment", environmentStruct(env)],
    ["Namespace", namespace],
    ["Values", values],
    ["StateValues", values],
  ]);
}

/** The release fields templates can read as `.Release.*`. */
export interface ReleaseTemplateFields {
  readonly name: string;
  readonly namespace: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly chart: string;
  readonly version: string;
  readonly kubeContext: string;
}

/** State-level overrides visible as `.KubeContext`, `.Namespace`, `.Chart`. */
export interface StateOverrides {
  readonly kubeContext: string;
  readonly namespace: string;
  readonly chart: string;
}

/** Data for release field templates and release values files. */
export function releaseTemplateData(
  env: EnvironmentLayers,
  release: ReleaseTemplateFields,
  values: ValueMap,
  overrides: StateOverrides,
): GoStruct {
  const labels = newGoMap();
  for (const [k, v] of Object.entries(release.labels)) labels[k] = v;
  const rel = struct("state.releaseTemplateDataRelease", [
    ["Name", release.name],
    ["Namespace", release.namespace],
    ["Labels", typedMap(labels, "string")],
    ["Chart", release.chart],
    ["ChartVersion", release.version],
    ["KubeContext", release.kubeContext],
  ]);
  return struct("state.releaseTemplateData", [
    [
      "Environment",
      struct("environment.Environment", [
        ["Name", env.name],
        ["KubeContext", env.kubeContext],
        // helmfile passes st.Env as is here: .Environment.Values excludes CLI overrides.
        ["Values", env.values],
        ["Defaults", env.defaults],
        ["CLIOverrides", env.cliOverrides],
      ]),
    ],
    ["Release", rel],
    ["Values", values],
    ["StateValues", values],
    ["KubeContext", overrides.kubeContext],
    ["Namespace", overrides.namespace],
    ["Chart", overrides.chart],
  ]);
}
