/**
 * `pulumi-helmfile`: run existing helmfile state through Pulumi. The main layer holds the
 * components; `pulumi-helmfile/automation` runs them without a Pulumi project,
 * `pulumi-helmfile/core` is the Pulumi-free pipeline, `pulumi-helmfile/testing` helps test programs.
 */
import "./emit/require-supported-node";
export { Helmfile, HELMFILE_TYPE, Release, RELEASE_TYPE, HelmfileMode, createDefaultPipeline } from "./emit";
export type {
  HelmfileArgs,
  HelmfileOptions,
  ReleaseArgs,
  HelmfilePipeline,
  PipelineContext,
  DefaultPipelineIo,
} from "./emit";
export * from "./shared/public-errors";
