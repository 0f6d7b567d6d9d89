/** The load stage: helmfile state loading, exactly as helmfile does it. */
export {
  loadDesiredState,
  createLoaderContext,
  convergeState,
  tryLoadDesiredState,
  type LoadDesiredStateOptions,
  type LoadDesiredStateIo,
  type TryLoadDesiredStateResult,
} from "./load-desired-state";
export { MemoryFileSystem, globToRegExp } from "./memory-fs";
export {
  parseLabels,
  matchLabels,
  selectorsAreCompatible,
  subhelmfileSelectorsConflict,
  releaseSelectorLabels,
  type LabelFilter,
} from "./selectors";
export { conditionEnabled } from "./state-releases";
export { releaseId } from "./release-prepare";
export { loadEnvironmentValues, type EnvValuesRequest } from "./env-values-loader";
export type { LoaderContext } from "./loader-context";
export {
  loadDesired,
  visitStates,
  findDesiredStateFiles,
  NoMatchingReleaseError,
  type VisitLoadOptions,
} from "./visit";
export { loadStateFile, UndefinedEnvironmentError, type LoadedStateFile } from "./state-file-loader";
export {
  executeStateTemplates,
  applyOverrides,
  labelReleases,
  selectReleases,
  checkDuplicates,
} from "./state-releases";
export {
  prepareRelease,
  toValue,
  resolveReleaseValues,
  renderReleaseValuesFile,
  releaseValuesSources,
  type ReleaseStateView,
} from "./release-prepare";
export { stateSchema, releaseSchema, type ReleaseSpec, type StateSpec } from "./schema";
export { executeReleaseTemplates } from "./release-exec";
export { applyDefaultInherit, releaseWithInheritedTemplate } from "./release-inherit";
export { parseStatePart } from "./parse-state";
