/**
 * Every environment variable the project interprets, read once, at the edge, into one typed object
 * that the rest receives (the CLI's context, the component's default pipeline). docs/environment.md
 * lists each variable with its default and precedence. The raw environment stays beside it for what
 * passes it on untouched: child processes (helm, sops, git, kubectl), the templates' `env` and
 * `requiredEnv`, and the variables of other programs (helm's, sops', AWS', Vault's, Kubernetes').
 * Pure: the home folder is given, nothing is read from the process.
 */
import type { Environment } from "./io";
import { resolveLimits, type Limits } from "./limits";
import { isGoTrue, resolvePolicy, type SecurityPolicy } from "./policy";

/** helmfile's global settings as its `HELMFILE_*` variables set them (before any flag). */
export interface HelmfileEnvSettings {
  /** `HELMFILE_FILE_PATH`; empty when unset. */
  readonly file: string;
  /** `HELMFILE_KUBE_CONTEXT`; empty when unset. */
  readonly kubeContext: string;
  /** `HELMFILE_NAMESPACE`; empty when unset. */
  readonly namespace: string;
  /** `HELMFILE_HELM_BINARY`; undefined when unset (then `HELM_BINARY`, then PATH). */
  readonly helmBinary: string | undefined;
  /** `HELMFILE_KUSTOMIZE_BINARY`; undefined when unset. */
  readonly kustomizeBinary: string | undefined;
  /** `HELMFILE_LOG_LEVEL`, default `info`. */
  readonly logLevel: string;
  /** `HELMFILE_ENVIRONMENT`, default `default`. */
  readonly environment: string;
  /** `HELMFILE_DEBUG=true`. */
  readonly debug: boolean;
  /** `HELMFILE_QUIET=true`. */
  readonly quiet: boolean;
  /** `HELMFILE_NO_COLOR=true`, or any non-empty `NO_COLOR`. */
  readonly noColor: boolean;
  /** `HELMFILE_REPO_RETRIES` when a whole number, else 0. */
  readonly repoRetries: number;
}

/** The environment, interpreted. */
export interface EnvSettings {
  /** The environment as given, for what passes it on (see the top of this file). */
  readonly env: Environment;
  readonly helmfile: HelmfileEnvSettings;
  /** `TERM=dumb`: no colour even on a terminal. */
  readonly dumbTerminal: boolean;
  /** `HELMFILE_DISABLE_INSECURE_FEATURES` (src/shared/policy.ts). */
  readonly policy: SecurityPolicy;
  /** `PULUMI_HELMFILE_*` limits and timeouts (src/shared/limits.ts). */
  readonly limits: Limits;
  /** `TMPDIR`, where temporary files go; undefined when unset (the system's). */
  readonly tempDir: string | undefined;
  /** helmfile's `remote.CacheDir()`: `HELMFILE_CACHE_HOME`, else `${XDG_CACHE_HOME:-~/.cache}/helmfile`. */
  readonly helmfileCacheHome: string;
  /**
   * The render cache: `PULUMI_HELMFILE_CACHE_DIR`, else `${XDG_CACHE_HOME:-~/.cache}/pulumi-helmfile/render`;
   * off with `PULUMI_HELMFILE_CACHE=0|false`; bounded by `PULUMI_HELMFILE_CACHE_MAX_MB` when a positive number.
   */
  readonly renderCache: {
    readonly dir: string;
    readonly disabled: boolean;
    readonly maxMegabytes: number | undefined;
  };
  /** `PULUMI_HELMFILE_SECRET_RESOLVERS`: the user's resolver modules as written (relative ones are against the working folder). */
  readonly secretResolverModules: readonly string[];
  /** `PULUMI_HELMFILE_INSECURE_REFS` (Go's true: 1, t, true…): `ref+exec` may run programs (never under the policy's refusal). */
  readonly insecureRefs: boolean;
  /** The chartify programs (src/node/chartify-tools.ts): `PULUMI_HELMFILE_CHARTIFY`, `PULUMI_HELMFILE_KUSTOMIZE` as written, and the tool cache's bin folder (`PULUMI_HELMFILE_PULUMI_ROOT`, else `~/.cache/pulumi-helmfile`). */
  readonly tools: {
    readonly chartify: string | undefined;
    readonly kustomize: string | undefined;
    readonly cacheBin: string;
  };
}

const nonEmpty = (v: string | undefined): string | undefined => (v === undefined || v === "" ? undefined : v);

/** Reads every variable of {@link EnvSettings} from `env`; `home` is the user's home folder (for `~/.cache`). */
export function readEnvSettings(env: Environment, home: string): EnvSettings {
  const cacheBase =
    nonEmpty(env.XDG_CACHE_HOME) ?? `${(nonEmpty(env.HOME) ?? home).replace(/\/+$/, "")}/.cache`;
  const retries = env.HELMFILE_REPO_RETRIES ?? "";
  const cache = env.PULUMI_HELMFILE_CACHE;
  const maxMb = Number(env.PULUMI_HELMFILE_CACHE_MAX_MB ?? "");
  return {
    env,
    helmfile: {
      file: env.HELMFILE_FILE_PATH ?? "",
      kubeContext: env.HELMFILE_KUBE_CONTEXT ?? "",
      namespace: env.HELMFILE_NAMESPACE ?? "",
      helmBinary: nonEmpty(env.HELMFILE_HELM_BINARY),
      kustomizeBinary: nonEmpty(env.HELMFILE_KUSTOMIZE_BINARY),
      logLevel: nonEmpty(env.HELMFILE_LOG_LEVEL) ?? "info",
      environment: nonEmpty(env.HELMFILE_ENVIRONMENT) ?? "default",
      debug: env.HELMFILE_DEBUG === "true",
      quiet: env.HELMFILE_QUIET === "true",
      noColor: env.HELMFILE_NO_COLOR === "true" || (env.NO_COLOR ?? "") !== "",
      repoRetries: /^\d+$/.test(retries) ? Number(retries) : 0,
    },
    dumbTerminal: env.TERM === "dumb",
    policy: resolvePolicy({}, env),
    limits: resolveLimits({}, env),
    tempDir: nonEmpty(env.TMPDIR),
    helmfileCacheHome: nonEmpty(env.HELMFILE_CACHE_HOME) ?? `${cacheBase}/helmfile`,
    renderCache: {
      dir: nonEmpty(env.PULUMI_HELMFILE_CACHE_DIR) ?? `${cacheBase}/pulumi-helmfile/render`,
      disabled: cache === "0" || cache === "false",
      maxMegabytes: maxMb > 0 && Number.isFinite(maxMb) ? maxMb : undefined,
    },
    secretResolverModules: (env.PULUMI_HELMFILE_SECRET_RESOLVERS ?? "")
      .split(",")
      .map((p) => p.trim())
      .filter((p) => p !== ""),
    insecureRefs: isGoTrue(env.PULUMI_HELMFILE_INSECURE_REFS),
    tools: {
      chartify: nonEmpty(env.PULUMI_HELMFILE_CHARTIFY),
      kustomize: nonEmpty(env.PULUMI_HELMFILE_KUSTOMIZE),
      cacheBin: `${(nonEmpty(env.PULUMI_HELMFILE_PULUMI_ROOT) ?? `${home.replace(/\/+$/, "")}/.cache/pulumi-helmfile`).replace(/\/+$/, "")}/bin`,
    },
  };
}
