/** The merge stage: helmfile's value-merging rules, named and non-mutating. */
export { mergeValues, type ArrayMergeStrategy } from "./merge-values";
export { mergoOverride } from "./mergo-merge";
export {
  parseKey,
  typedValue,
  setValueAtKey,
  parseStateValuesSet,
  parseStateValuesSetString,
  parseCliStateValues,
} from "./state-values-set";
export {
  newEnvironment,
  copyEnvironment,
  mergeEnvironments,
  getMergedValues,
  environmentTemplateValues,
  type EnvironmentLayers,
} from "./environment";
