/** `pulumi-helmfile/automation`: run a helmfile through Pulumi from code, no Pulumi project needed. */
import "../shared/require-supported-node";
export { preview, up, destroy, refresh, cancel, stackOutputs } from "./operations";
export { fieldDifferences } from "./adoption";
export type { AdoptedObject, HelmRecordsFate, ReleaseAdoption } from "./adoption";
export type { HelmfileOperationResult, HelmfileUpResult, StackOutput } from "./operations";
export { resolveStackOptions } from "./options";
export type { HelmfileStackOptions, ResolvedStackOptions, StackProgress } from "./options";
export { ReleaseChangeCollector, summarizeReleaseChanges, valuesChanges } from "./change-summary";
export type { ReleaseChange, ValuesChange } from "./change-summary";
export { AutomationError, EngineNotFoundError, StackLockedError, toAutomationError } from "./errors";
export { openHelmfileStack, engineEnvironment, helmfileArgsOf } from "./stack";
export type { HelmfileStack } from "./stack";
