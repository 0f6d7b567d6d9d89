/** Render stage: releases → manifests with the real helm. */
export {
  openRenderSession,
  renderDesiredState,
  type RenderIo,
  type RenderSession,
  type RenderStateResult,
} from "./render-state";
export type { HelmBinary, RenderedRelease, RenderOptions, TemplateCommandOptions } from "./render-types";
export type { ScratchFileSystem, ScratchStat } from "./render-io";
export {
  templateFlags,
  chartDownloadTlsFlags,
  repositoryOf,
  releaseKubeContext,
  type TemplateFlagOptions,
  type TemplateFlagsInput,
} from "./template-flags";
export { collectArgs, extraHelmArgs } from "./collect-args";
export {
  isLocalChart,
  isOciChart,
  normalizeChart,
  resolveRemoteChart,
  safeVersionPath,
  type RemoteChart,
} from "./chart-ref";
export { planReleases, type PlanReleasesOptions } from "./plan-releases";
export { redactError, type Redactor } from "./redact-error";
export { buildTemplateArgs } from "./render-release";
export { RenderCache, hashParts, type RenderCacheOptions } from "./render-cache";
export { createHelmHome, syncRepositories, type HelmHome } from "./helm-home";
export { prepareCharts, resolveChart, type PreparedChart, type PrepareChartsOptions } from "./prepare-charts";
export { lintState } from "./lint-state";
export { applyLockedVersions, lockFileOf } from "./locked-versions";
export { chartifyFeatures, hasChartifyPatches, needsChartify } from "./chartify-guard";
export { createReleaseRenderer, type ReleaseRenderer } from "./release-renderer";
export {
  templateOutputDir,
  fetchOutputDir,
  writeValuesFile,
  stateEnvironment,
  type PathTemplateEnvironment,
  type PathTemplateOptions,
} from "./path-templates";
export { OUTPUT_PATH_CODES, confineOutputPath, outputRootOf } from "./output-root";
export {
  DISABLE_HOOKS_ENV,
  HOOK_CODES,
  HOOK_EVENTS,
  HookError,
  hooksOf,
  parseHooks,
  triggerHooks,
  type HelmfileHook,
  type HookEvent,
  type HookIo,
  type HookTarget,
} from "./helmfile-hooks";
export {
  COMMAND_HOOK_PLANS,
  withCommandHooks,
  type CommandHookPlan,
  type CommandHooksOptions,
} from "./command-hooks";
