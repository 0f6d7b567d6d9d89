/**
 * Per-topic handlers for helmfile's unit-test vectors; a topic without a handler counts every
 * vector as failed. Handlers are loaded lazily so one broken topic cannot stop the others.
 */
import type { VectorHandler } from "./types";

export type { Vector, VectorFile, VectorHandler } from "./types";

/** Topic name → handler. Topic owners add their entry here. */
export const HANDLERS: Record<string, VectorHandler> = {
  "maputil-merge-maps": (v, f) => import("./maputil-merge-maps").then((m) => m.maputilMergeMaps(v, f)),
  "state-values-set": (v, f) => import("./state-values-set").then((m) => m.stateValuesSet(v, f)),
  "environment-values-merge": (v, f) =>
    import("./environment-values-merge").then((m) => m.environmentValuesMerge(v, f)),
  "environment-values-loader": (v, f) =>
    import("./environment-values-loader").then((m) => m.environmentValuesLoader(v, f)),
  "state-loading": (v, f) => import("./state-loading").then((m) => m.stateLoading(v, f)),
  "release-templates": (v, f) => import("./release-templates").then((m) => m.releaseTemplates(v, f)),
  selectors: (v, f) => import("./selectors").then((m) => m.selectorsHandler(v, f)),
  "chart-paths": (v, f) => import("./chart-paths").then((m) => m.chartPaths(v, f)),
  envvars: (v, f) => import("./envvars").then((m) => m.envvars(v, f)),
  "helm-template-args": (v, f) => import("./helm-template-args").then((m) => m.helmTemplateArgs(v, f)),
  "template-functions": (v, f) =>
    import("./template-functions").then((m) => m.templateFunctionsHandler(v, f)),
  "yaml-marshal": (v, f) => import("./yaml-marshal").then((m) => m.yamlMarshalHandler(v, f)),
  "hcl-values": (v, f) => import("./hcl-values").then((m) => m.hclValues(v, f)),
};
