/** Node implementations of the core's IO interfaces, plus helm discovery. */
export { NodeFileSystem } from "./node-file-system";
export { NodeProcessRunner } from "./node-process-runner";
export { createStreamLogger, type LogLevel } from "./stream-logger";
export { NodeScratchFileSystem } from "./node-scratch-fs";
export { findHelm, type HelmInfo } from "./find-helm";
