/**
 * helmfile's global settings with their precedence: an explicit CLI flag, then the
 * `HELMFILE_*` environment variable, then the built-in default. Booleans from the
 * environment count only for the exact string `true` (`NO_COLOR`: any non-empty value).
 */
import type { Environment } from "../shared/io";

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

const STRING_SETTINGS: Readonly<Record<string, readonly [string, string]>> = {
  FileOrDir: ["HELMFILE_FILE_PATH", ""],
  KubeContext: ["HELMFILE_KUBE_CONTEXT", ""],
  Namespace: ["HELMFILE_NAMESPACE", ""],
  HelmBinary: ["HELMFILE_HELM_BINARY", "helm"],
  KustomizeBinary: ["HELMFILE_KUSTOMIZE_BINARY", "kustomize"],
  LogLevel: ["HELMFILE_LOG_LEVEL", "info"],
  Environment: ["HELMFILE_ENVIRONMENT", "default"],
};

const BOOL_SETTINGS: Readonly<Record<string, string>> = {
  Debug: "HELMFILE_DEBUG",
  Quiet: "HELMFILE_QUIET",
  NoColor: "HELMFILE_NO_COLOR",
};

/**
 * Resolves one setting. `flag` is the CLI value: a string (empty = not given), a boolean,
 * or for RepoRetry a number (negative = not given).
 */
export function globalSetting(
  name: GlobalSettingName,
  flag: string | boolean | number | undefined,
  env: Environment,
): string | boolean | number {
  const str = STRING_SETTINGS[name];
  if (str !== undefined) {
    const [envName, dflt] = str;
    if (typeof flag === "string" && flag !== "") return flag;
    const fromEnv = env[envName];
    return fromEnv !== undefined && fromEnv !== "" ? fromEnv : dflt;
  }
  const boolEnv = BOOL_SETTINGS[name];
  if (boolEnv !== undefined) {
    if (flag === true) return true;
    if (env[boolEnv] === "true") return true;
    return name === "NoColor" && (env.NO_COLOR ?? "") !== "";
  }
  // RepoRetry
  if (typeof flag === "number" && flag >= 0) return flag;
  const raw = env.HELMFILE_REPO_RETRIES ?? "";
  if (/^\d+$/.test(raw)) return Number(raw);
  return 0;
}
