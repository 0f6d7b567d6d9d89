/**
 * The error surface every package entry point exports: the one error hierarchy, its closed
 * codes (docs/errors.md) and the message formatters.
 */
export {
  HelmfileError,
  LoadError,
  TemplateError,
  MergeError,
  RenderError,
  EmitError,
  ConfigError,
  SecretError,
  ClusterError,
  isHelmfileError,
  isErrorCode,
  ERROR_CODES,
  formatErrorMessage,
  formatKeyPath,
} from "./errors";
export type { ErrorCode, ErrorDetails, SourceLocation } from "./errors";
