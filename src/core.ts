/**
 * `pulumi-helmfile/core`: the Pulumi-free pipeline (state model, values tree, helm rendering,
 * release planning) for tools that want helmfile's behaviour without Pulumi.
 */
import "./shared/require-supported-node";
export { loadDesiredState, tryLoadDesiredState } from "./load";
export type { LoadDesiredStateOptions, LoadDesiredStateIo, TryLoadDesiredStateResult } from "./load";
export { computeHelmValues, tryComputeHelmValues } from "./merge/helm-values/compute-helm-values";
export type {
  HelmValuesInput,
  HelmValuesResult,
  HelmValuesFile,
} from "./merge/helm-values/compute-helm-values";
export { renderDesiredState, openRenderSession } from "./render";
export type { RenderOptions, RenderedRelease, RenderIo, RenderSession, HelmBinary } from "./render";
export { planReleases, releaseResourceNames, createDefaultPipeline } from "./emit";
export type { PlanOptions, ReleasePlan, HelmfilePipeline, PipelineContext, DefaultPipelineIo } from "./emit";
export { newMap, isMap, cloneValue, toPlain, fromPlain, canonicalJson } from "./shared/value";
export type { Value, ValueMap } from "./shared/value";
export type {
  DesiredState,
  LoadedState,
  PreparedRelease,
  RepositorySpec,
  SetFlag,
  StateOptions,
  ValuesSource,
} from "./shared/model";
export type {
  FileSystem,
  Logger,
  ProcessRunner,
  CommandOptions,
  CommandResult,
  Environment,
} from "./shared/io";
export { silentLogger } from "./shared/io";
export * from "./shared/public-errors";
export {
  SopsDecryptor,
  SecretRefResolver,
  SecretRegistry,
  redact,
  redactingLogger,
  findSops,
  BUILTIN_REF_BACKENDS,
} from "./secrets";
export type {
  SopsDecryptorOptions,
  SecretRefResolverOptions,
  RefBackend,
  RefBackendContext,
  SecretRef,
} from "./secrets";
export type { SecretsDecryptor } from "./shared/secrets";
export { createNodeSecrets } from "./node/secrets-node";
export type { NodeSecrets, NodeSecretsOptions } from "./node/secrets-node";
export {
  explainValue,
  type ExplainValueRequest,
  type ExplainValueOptions,
} from "./merge/explain/explain-value";
export type { ExplainResult, ExplainSource, ExplainStep } from "./merge/explain/explain-steps";
