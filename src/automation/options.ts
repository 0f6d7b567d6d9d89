/** Options of the Automation API operations, and their defaults. */
import { existsSync, readFileSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import type { HelmfileMode } from "../emit/helmfile-args";
import type { HelmfilePipeline } from "../emit/pipeline";
import type { CommandLineOverrides } from "../emit/command-line";
import type { ReleaseChange } from "./change-summary";

/** Progress reported while an operation runs. */
export type StackProgress =
  | { readonly kind: "output"; readonly text: string }
  | {
      readonly kind: "release";
      readonly change: ReleaseChange;
      readonly phase: "planned" | "done" | "failed";
    }
  | {
      readonly kind: "diagnostic";
      readonly severity: string;
      readonly message: string;
      readonly urn?: string;
    };

/** What to run and where to keep its state. */
export interface HelmfileStackOptions {
  /** The helmfile state file or directory (`-f`). Relative to the current directory. */
  readonly file: string;
  /** Environment (`-e`). Default `default`. */
  readonly environment?: string;
  /** Structured state values merged over the environment. Default none. */
  readonly stateValues?: Readonly<Record<string, unknown>>;
  readonly stateValuesFiles?: readonly string[];
  readonly stateValuesSet?: readonly string[];
  readonly stateValuesSetString?: readonly string[];
  /** Selectors (`-l`), OR-ed. Default: every release. */
  readonly selectors?: readonly string[];
  readonly namespace?: string;
  readonly kubeContext?: string;
  /** Kubeconfig file (`--kubeconfig`) of the clusters the releases' contexts name. Default: `KUBECONFIG`, else `~/.kube/config`. */
  readonly kubeconfig?: string;
  /** `--include-needs`: with selectors, also the direct needs of the selected releases. Default false. */
  readonly includeNeeds?: boolean;
  /** `--include-transitive-needs`: with selectors, also the needs of needs. Default false. */
  readonly includeTransitiveNeeds?: boolean;
  /** `--skip-needs`: with selectors, leave out unselected needs instead of failing. Default true unless an include flag is set. */
  readonly skipNeeds?: boolean;
  /** `--skip-crds`: install no chart's `crds/`. Default false. */
  readonly skipCrds?: boolean;
  /**
   * helmfile's per-run overrides of every release: `--values`, `--set`, `--args`, `--wait`,
   * `--wait-for-jobs`, `--timeout` (src/emit/command-line.ts). Default none.
   */
  readonly commandLine?: CommandLineOverrides;
  /**
   * `--concurrency`: releases rendered at once and the engine's steps run at once (Pulumi's
   * `--parallel`). Default: 4 renders and no bound on the steps.
   */
  readonly concurrency?: number;
  readonly helmBinary?: string;
  /** Default `manifests`. */
  readonly mode?: HelmfileMode;
  /** Project directory; holds `.pulumi-helmfile/`. Default: the helmfile's directory. */
  readonly projectDir?: string;
  /**
   * Pulumi project name. Default: `helmfile-<folder>`, after the folder of the helmfile (or the
   * `helmfile.d/` folder's parent), so the states of several teams on one backend never meet.
   */
  readonly projectName?: string;
  /** Stack name. Default: the environment name. */
  readonly stackName?: string;
  /**
   * Backend URL: `file://…`, `s3://…`, `gs://…`, `azblob://…` or `https://api.pulumi.com`. Default, in
   * Pulumi's order: `PULUMI_BACKEND_URL`, else the backend of the user's `pulumi login`, else
   * `file://<projectDir>/.pulumi-helmfile`.
   */
  readonly backendUrl?: string;
  /**
   * Secrets provider. Default `passphrase` (with `PULUMI_CONFIG_PASSPHRASE` or `_FILE`, default an empty
   * passphrase) on a self-managed backend, Pulumi Cloud's own (`default`) on an `https://` backend.
   */
  readonly secretsProvider?: string;
  /**
   * Where manifests are written when not applying to a cluster.
   * Default `<projectDir>/.pulumi-helmfile/manifests/<stack>`.
   */
  readonly renderToDirectory?: string;
  /** Apply to the cluster of the kubeconfig instead of rendering to a directory. Default false. */
  readonly applyToCluster?: boolean;
  /**
   * `up` in mode `manifests`: delete helm's release records (`sh.helm.release.v1.<release>.*`
   * Secrets) of the releases, so `helm list` no longer shows what the stack now manages. Default
   * false: they are kept (and `helm uninstall` would still delete the adopted objects).
   */
  readonly forgetHelmReleases?: boolean;
  /**
   * `preview` applying to a cluster: run the engine's diff even when every release is as the
   * stack's record has it. Default false: such a preview is answered from the record, as `helmfile
   * diff` compares with helm's (src/automation/recorded-preview.ts; drift a refresh found shows only
   * with this). `up`: run the engine over every release. Default false: when only some releases
   * differ from the record, the others are excluded from the engine, which keeps them as they are
   * (as `helmfile apply` syncs only the releases its diff finds changed).
   */
  readonly engineDiff?: boolean;
  /**
   * Root of the Pulumi CLI (`<root>/bin/pulumi`). Default (src/automation/pulumi-cli.ts):
   * `$PULUMI_HELMFILE_PULUMI_ROOT`, else a `pulumi` on `PATH` of a supported version (with the user's
   * `PULUMI_HOME` and plugins), else the engine scripts/build-engine.sh built (`$PULUMI_HELMFILE_CACHE`,
   * default `~/.cache/pulumi-helmfile`).
   */
  readonly pulumiRoot?: string;
  /** Extra environment variables for the Pulumi CLI. Default none. */
  readonly envVars?: Readonly<Record<string, string>>;
  /** Streams progress. Default none. */
  readonly onProgress?: (progress: StackProgress) => void;
  /**
   * Render the engine's colour markup in progress text and error messages as ANSI escapes (a
   * terminal); default false: the markup is removed.
   */
  readonly colour?: boolean;
  /** Receives every raw engine event (a diagnostic printing a secret value gets that payload redacted). Default none. */
  readonly onEvent?: (event: EngineEvent) => void;
  /** The core pipeline (tests). Default: the real one. */
  readonly pipeline?: HelmfilePipeline;
}

/** {@link HelmfileStackOptions} with every default applied. */
export interface ResolvedStackOptions extends HelmfileStackOptions {
  readonly file: string;
  readonly projectDir: string;
  readonly projectName: string;
  readonly stackName: string;
  readonly backendUrl: string;
  readonly secretsProvider: string;
  readonly pulumiRoot: string;
  readonly workDir: string;
  /** The `pulumiRoot` option as given (./pulumi-cli.ts: else the environment's, PATH's or the built engine). */
  readonly explicitPulumiRoot?: string;
}

/** Applies the documented defaults. */
export function resolveStackOptions(options: HelmfileStackOptions): ResolvedStackOptions {
  const file = resolve(options.file);
  const fileDir = existsSync(file) && statSync(file).isDirectory() ? file : dirname(file);
  const projectDir = resolve(options.projectDir ?? fileDir);
  const stateDir = join(projectDir, ".pulumi-helmfile");
  const stackName = options.stackName ?? options.environment ?? "default";
  const renderToDirectory =
    options.applyToCluster === true
      ? undefined
      : resolve(options.renderToDirectory ?? join(stateDir, "manifests", stackName));
  const env = callerEnvironment(options);
  // Pulumi's order: the option (`--backend`), PULUMI_BACKEND_URL, the user's `pulumi login`; the
  // embedded default (a file backend beside the helmfile) only for a user who has no backend at all.
  const backendUrl =
    options.backendUrl ??
    (env.PULUMI_BACKEND_URL || undefined) ??
    loggedInBackend(env) ??
    `file://${stateDir}`;
  const rest: HelmfileStackOptions = { ...options };
  delete (rest as { renderToDirectory?: string }).renderToDirectory;
  return {
    ...rest,
    file,
    projectDir,
    projectName: options.projectName ?? defaultProjectName(file, fileDir),
    stackName,
    backendUrl,
    // Pulumi Cloud keeps a stack's secrets itself; a self-managed backend gets a passphrase.
    secretsProvider: options.secretsProvider ?? (/^https?:\/\//.test(backendUrl) ? "default" : "passphrase"),
    ...(options.pulumiRoot === undefined ? {} : { explicitPulumiRoot: options.pulumiRoot }),
    pulumiRoot: resolve(
      options.pulumiRoot ??
        env.PULUMI_HELMFILE_PULUMI_ROOT ??
        env.PULUMI_HELMFILE_CACHE ??
        join(homedir(), ".cache", "pulumi-helmfile"),
    ),
    workDir: join(stateDir, "workspace"),
    ...(renderToDirectory === undefined ? {} : { renderToDirectory }),
  };
}

/**
 * The backend of the user's `pulumi login` (`current` in `$PULUMI_HOME/credentials.json`, default
 * `~/.pulumi`), if any.
 */
export function loggedInBackend(env: Readonly<Record<string, string | undefined>>): string | undefined {
  const home = env.PULUMI_HOME || join(homedir(), ".pulumi");
  try {
    const current = (
      JSON.parse(readFileSync(join(home, "credentials.json"), "utf8")) as { current?: unknown }
    ).current;
    return typeof current === "string" && current !== "" ? current : undefined;
  } catch {
    return undefined;
  }
}

/** `helmfile-<folder>`: the folder holding the state (a `helmfile.d/` counts as its parent). */
export function defaultProjectName(file: string, fileDir: string): string {
  const dir =
    basename(file) === "helmfile.d" || basename(fileDir) === "helmfile.d" ? dirname(fileDir) : fileDir;
  const folder = basename(dir)
    .replace(/[^A-Za-z0-9_.-]/g, "-")
    .replace(/^[-.]+|[-.]+$/g, "");
  return folder === "" ? "helmfile" : `helmfile-${folder}`;
}

/** What the caller set for the engine: this process's environment with the options' variables over it. */
export function callerEnvironment(options: {
  readonly envVars?: Readonly<Record<string, string>>;
}): NodeJS.ProcessEnv {
  return { ...process.env, ...(options.envVars ?? {}) };
}
