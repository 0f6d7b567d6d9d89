/** Node implementations of the core's IO interfaces, plus helm discovery. */
export { NodeFileSystem } from "./node-file-system";
export { NodeProcessRunner, type NodeProcessRunnerOptions } from "./node-process-runner";
export { createStreamLogger, type LogLevel } from "./stream-logger";
export { NodeScratchFileSystem } from "./node-scratch-fs";
export {
  findHelm,
  resolveHelmPath,
  parseHelmVersion,
  type HelmInfo,
  type FindHelmOptions,
} from "./find-helm";
export { installSignalCleanup, cleanupNow } from "./process-cleanup";
