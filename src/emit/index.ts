/** The emit stage: the Pulumi components and the pipeline port they use. */
export { Helmfile, HELMFILE_TYPE, clusterTarget, type HelmfileOptions } from "./helmfile";
export { Release, RELEASE_TYPE } from "./release";
export { HelmfileMode, type HelmfileArgs, type ReleaseArgs } from "./helmfile-args";
export type { HelmfilePipeline, PipelineContext } from "./pipeline";
export { createDefaultPipeline, type DefaultPipelineIo } from "./default-pipeline";
export { planReleases, type PlanOptions, type ReleasePlan } from "./plan-releases";
export { releaseResourceNames } from "./resource-names";
export { resolveHelmfileArgs, type ResolvedHelmfileArgs } from "./resolve-helmfile-args";
export { resolveInput, UNKNOWN, type ResolvedInput } from "./resolve-inputs";
