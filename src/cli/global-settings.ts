/**
 * helmfile's global settings with their precedence: an explicit CLI flag, then the
 * `HELMFILE_*` environment variable, then the built-in default. Booleans from the
 * environment count only for the exact string `true` (`NO_COLOR`: any non-empty value).
 */
import type { HelmfileEnvSettings } from "../shared/settings";

/** Setting names as helmfile's config package calls them. */
export type GlobalSettingName =
  | "FileOrDir"
  | "KubeContext"
  | "Namespace"
  | "HelmBinary"
  | "KustomizeBinary"
  | "LogLevel"
  | "Debug"
  | "Quiet"
  | "NoColor"
  | "RepoRetry"
  | "Environment";

/** The `HELMFILE_*` value of each string setting (read once, src/shared/settings.ts), with its default. */
function fromEnv(name: GlobalSettingName, h: HelmfileEnvSettings): string | boolean | number {
  switch (name) {
    case "FileOrDir":
      return h.file;
    case "KubeContext":
      return h.kubeContext;
    case "Namespace":
      return h.namespace;
    case "HelmBinary":
      return h.helmBinary ?? "helm";
    case "KustomizeBinary":
      return h.kustomizeBinary ?? "kustomize";
    case "LogLevel":
      return h.logLevel;
    case "Environment":
      return h.environment;
    case "Debug":
      return h.debug;
    case "Quiet":
      return h.quiet;
    case "NoColor":
      return h.noColor;
    case "RepoRetry":
      return h.repoRetries;
  }
}

/**
 * Resolves one setting. `flag` is the CLI value: a string (empty = not given), a boolean,
 * or for RepoRetry a number (negative = not given); `h` is what the environment set.
 */
export function globalSetting(
  name: GlobalSettingName,
  flag: string | boolean | number | undefined,
  h: HelmfileEnvSettings,
): string | boolean | number {
  const env = fromEnv(name, h);
  if (typeof env === "string") return typeof flag === "string" && flag !== "" ? flag : env;
  if (typeof env === "boolean") return flag === true || env;
  return typeof flag === "number" && flag >= 0 ? flag : env;
}
