/**
 * Per-invocation context shared by the commands: resolved global settings, Node IO bound to
 * the host's cwd/env, the stderr logger, state loading and helm discovery.
 */
import { homedir, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { renderCacheDir } from "./commands/cache-dir";
import {
  createStreamLogger,
  findHelm,
  NodeFileSystem,
  NodeProcessRunner,
  NodeScratchFileSystem,
  type HelmInfo,
  type LogLevel,
} from "../node";
import type { Logger, ProcessRunner } from "../shared/io";
import { withProcessLimits } from "../shared/limits";
import { readEnvSettings, type EnvSettings } from "../shared/settings";
import type { LoadDesiredStateOptions } from "../load/index";
import type { DesiredState } from "../shared/model";
import type { CliHost } from "./cli-host";
import { globalSetting } from "./global-settings";
import { flagBool, flagInt, flagList, flagString, type FlagValues } from "./parse-args";
import { loadState } from "./state-loader";
import { colourEnabled } from "./colour";
import { withHelmFlags } from "./helm-flags-runner";
import { overrideChart } from "./chart-override";
import { createNodeSecrets } from "../node/secrets-node";
import { gitRemoteFetcher } from "../node/git-fetcher";

/** Resolved global flags. */
export interface GlobalSettings {
  readonly file: string;
  readonly environment: string;
  readonly namespace: string;
  readonly kubeContext: string;
  /** Explicit helm binary (`--helm-binary` or `HELMFILE_HELM_BINARY`); undefined means HELM_BINARY, then PATH. */
  readonly helmBinary: string | undefined;
  /** `--kustomize-binary`, else `HELMFILE_KUSTOMIZE_BINARY`; undefined when neither is given. */
  readonly kustomizeBinary: string | undefined;
  readonly debug: boolean;
  readonly quiet: boolean;
  readonly skipDeps: boolean;
  readonly skipRefresh: boolean;
  readonly selectors: readonly string[];
  /** `--chart`: the chart every release uses instead of its own (empty: none). */
  readonly chart: string;
}

/** Everything a command needs. */
export interface CliContext {
  readonly host: CliHost;
  readonly flags: FlagValues;
  readonly positionals: readonly string[];
  readonly settings: GlobalSettings;
  /** The environment, read once (src/shared/settings.ts): what every command gets of it. */
  readonly envSettings: EnvSettings;
  /** Whether stderr output is coloured (see ./colour.ts). */
  readonly colour: boolean;
  readonly logger: Logger;
  readonly fs: NodeFileSystem;
  /** Node runner wrapped with the exec/helm timeouts of src/shared/limits.ts. */
  readonly runner: ProcessRunner;
  readonly scratch: NodeScratchFileSystem;
  /** The state options for the loader, from the global and command flags. */
  stateOptions(): LoadDesiredStateOptions;
  /** Loads the state; `override` replaces some of the options (e.g. no selectors). */
  loadDesiredState(override?: Partial<LoadDesiredStateOptions>): Promise<DesiredState>;
  helm(): Promise<HelmInfo>;
  /** Concurrency from `--concurrency` (0 = unlimited, helmfile's default). */
  concurrency(): number;
  /** Removes every secret plaintext decrypted or resolved in this invocation from `text`. */
  redact(text: string): string;
}

/** `--debug` wins, then `--quiet` (warn), then `--log-level`/`HELMFILE_LOG_LEVEL` (default info). */
function logLevel(debug: boolean, quiet: boolean, level: string): LogLevel {
  if (debug) return "debug";
  if (quiet) return "warn";
  if (level === "debug") return "debug";
  return level === "warn" || level === "error" ? "warn" : "info";
}

/** Builds the context for one invocation. */
export function createCliContext(
  host: CliHost,
  flags: FlagValues,
  positionals: readonly string[],
): CliContext {
  const env = host.env;
  // Every variable this project interprets, read here once.
  const envSettings = readEnvSettings(env, homedir());
  const h = envSettings.helmfile;
  const debug = globalSetting("Debug", flagBool(flags, "debug"), h) === true;
  const quiet = !debug && globalSetting("Quiet", flagBool(flags, "quiet"), h) === true;
  const helmFlag = flagString(flags, "helm-binary") ?? "";
  const helmSetting = String(globalSetting("HelmBinary", helmFlag, h));
  const settings: GlobalSettings = {
    file: String(globalSetting("FileOrDir", flagString(flags, "file") ?? "", h)),
    environment: String(globalSetting("Environment", flagString(flags, "environment") ?? "", h)),
    namespace: String(globalSetting("Namespace", flagString(flags, "namespace") ?? "", h)),
    kubeContext: String(globalSetting("KubeContext", flagString(flags, "kube-context") ?? "", h)),
    helmBinary: helmFlag !== "" || h.helmBinary !== undefined ? helmSetting : undefined,
    kustomizeBinary: flagString(flags, "kustomize-binary") || h.kustomizeBinary,
    debug,
    quiet,
    skipDeps: flagBool(flags, "skip-deps"),
    skipRefresh: flagBool(flags, "skip-refresh"),
    selectors: flagList(flags, "selector"),
    chart: flagString(flags, "chart") ?? "",
  };
  // helm-secrets/sops decryption and ref+ resolution, as helmfile always has them; log lines are
  // redacted against every plaintext decrypted or resolved so far.
  const secrets = createNodeSecrets({
    cwd: host.cwd,
    env,
    resolverModules: envSettings.secretResolverModules,
    insecureRefs: envSettings.insecureRefs,
    policy: envSettings.policy,
  });
  const logger = createStreamLogger(
    (t) => host.writeStderr(secrets.registry.size === 0 ? t : secrets.registry.redact(t)),
    logLevel(debug, quiet, String(globalSetting("LogLevel", flagString(flags, "log-level") ?? "", h))),
  );
  const fs = new NodeFileSystem(host.cwd);
  // helmfile passes --kubeconfig to every helm command; helm reads the same file from KUBECONFIG.
  const kubeconfig = flagString(flags, "kubeconfig") ?? "";
  const helmEnv = kubeconfig === "" ? env : { ...env, KUBECONFIG: resolve(host.cwd, kubeconfig) };
  let foundHelm: HelmInfo | undefined;
  const runner = withHelmFlags(
    withProcessLimits(new NodeProcessRunner({ baseEnv: helmEnv, cwd: host.cwd }), envSettings.limits),
    {
      helm: () => foundHelm,
      disableForceUpdate: flagBool(flags, "disable-force-update"),
      ociPlainHttp: flagBool(flags, "oci-plain-http"),
      repoRetries: Number(globalSetting("RepoRetry", flagInt(flags, "repo-retries") ?? -1, h)),
      logger,
    },
  );
  // Temp files follow the invocation's TMPDIR, not the host process's.
  const scratch = new NodeScratchFileSystem(envSettings.tempDir ?? tmpdir());
  let helmInfo: Promise<HelmInfo> | undefined;
  const stateOptions = (): LoadDesiredStateOptions => {
    const includeNeeds = flagBool(flags, "include-needs") || flagBool(flags, "include-transitive-needs");
    return {
      cwd: host.cwd,
      ...(settings.file === "" ? {} : { file: settings.file }),
      environment: settings.environment,
      stateValuesSet: flagList(flags, "state-values-set"),
      stateValuesSetString: flagList(flags, "state-values-set-string"),
      stateValuesFiles: flagList(flags, "state-values-file"),
      selectors: settings.selectors,
      ...(settings.namespace === "" ? {} : { namespace: settings.namespace }),
      ...(settings.kubeContext === "" ? {} : { kubeContext: settings.kubeContext }),
      skipDeps: settings.skipDeps,
      includeTransitiveNeeds: includeNeeds,
      includeNeeds: flagBool(flags, "include-needs"),
      ...(typeof flags["skip-needs"] === "boolean" ? { skipNeeds: flags["skip-needs"] } : {}),
      ...(settings.helmBinary === undefined ? {} : { helmBinary: settings.helmBinary }),
      ...(settings.kustomizeBinary === undefined ? {} : { kustomizeBinary: settings.kustomizeBinary }),
    };
  };
  return {
    host,
    flags,
    positionals,
    settings,
    envSettings,
    colour: colourEnabled(
      { color: flagBool(flags, "color"), noColor: flagBool(flags, "no-color") },
      envSettings,
      host.isTTY === true,
    ),
    logger,
    fs,
    runner,
    scratch,
    stateOptions,
    loadDesiredState: async (override) => {
      const desired = await loadState(
        { ...stateOptions(), ...(override ?? {}) },
        {
          fs,
          env,
          settings: envSettings,
          processRunner: runner,
          remote: gitRemoteFetcher(env, envSettings.helmfileCacheHome),
          logger,
          secrets: secrets.decryptor,
          secretResolver: secrets.resolver,
        },
      );
      // helmfile applies --chart when it prepares charts, which build and list (no values) skip.
      return settings.chart === "" || override?.releaseValues === false
        ? desired
        : overrideChart(desired, settings.chart);
    },
    helm: () => {
      const cacheDir = renderCacheDir(flags, envSettings.renderCache, host.cwd);
      helmInfo ??= findHelm(runner, {
        ...(settings.helmBinary === undefined ? {} : { explicit: settings.helmBinary }),
        env,
        cwd: host.cwd,
        // Beside the render cache (not in it): a helm version outlives cleared render entries.
        ...(cacheDir === undefined ? {} : { versionCacheFile: join(cacheDir, "..", "helm-versions.json") }),
      }).then((h) => (foundHelm = h));
      return helmInfo;
    },
    concurrency: () => flagInt(flags, "concurrency") ?? 0,
    redact: (text) => (secrets.registry.size === 0 ? text : secrets.registry.redact(text)),
  };
}
