/** Options and results of the render stage. */
import type { ChartifyTools } from "./chartify";
import type { ClusterRenderOptions } from "./cluster-render";
import type { PreparedRelease, SetFlag } from "../shared/model";
import type { ValueMap } from "../shared/value";
import type { TemplateFlagOptions } from "./template-flags";

/** The helm binary to run and its version (from `helm version --short`). */
export interface HelmBinary {
  readonly path: string;
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
  /** e.g. `v3.17.3+ge4da497`; part of the cache key. */
  readonly raw: string;
}

/** `helmfile template` command options that are not per-release flags. All default to unset/false. */
export interface TemplateCommandOptions extends TemplateFlagOptions {
  /** `--set` from the command line, appended after the release's own flags. */
  readonly set?: readonly string[];
  /** `--values` files from the command line (absolute paths). */
  readonly values?: readonly string[];
  /** `--output-dir`: helm writes files there instead of stdout (never cached). */
  readonly outputDir?: string;
  /** `--output-dir-template`. */
  readonly outputDirTemplate?: string;
  readonly validate?: boolean;
  readonly includeCrds?: boolean;
  readonly noHooks?: boolean;
  readonly skipTests?: boolean;
  /** `--args`: extra helm arguments, parsed like helmfile, followed by `helmDefaults.args`. */
  readonly args?: string;
}

/** Options of {@link renderState} / {@link renderDesiredState}. */
export interface RenderOptions {
  readonly helm: HelmBinary;
  /** Maximum concurrent helm processes; 0 (the default, as in helmfile) means unlimited. */
  readonly concurrency?: number;
  /** `--skip-deps`: no `helm dependency build`, no repository sync. Default false. */
  readonly skipDeps?: boolean;
  /** `--skip-refresh`: no repository sync, `--skip-refresh` on dependency builds. Default false. */
  readonly skipRefresh?: boolean;
  /** Command options (`helmfile template` flags). */
  readonly template?: TemplateCommandOptions;
  /**
   * `--skip-needs=false` without an include flag: a state fails when a selected release needs
   * one the selectors left out (helmfile's DAG plan without dependencies). Default false.
   */
  readonly requireSelectedNeeds?: boolean;
  /**
   * Environment for helm processes, laid over the runner's base environment. The render
   * stage adds `HELM_CONFIG_HOME`/`HELM_CACHE_HOME`/`HELM_DATA_HOME` of its private helm home
   * unless {@link isolateHelmHome} is false. Default none.
   */
  readonly env?: Readonly<Record<string, string>>;
  /**
   * chartify's `CHARTIFY_TEMPDIR` (absolute): temporary charts for ad-hoc `dependencies` go
   * to `<dir>/<release id>` (removed afterwards). Default the state's private temp dir.
   */
  readonly chartifyTempDir?: string;
  /**
   * The chartify programs (src/render/chartify.ts). Default none: a release that needs chartify
   * fails with `CHARTIFY_NOT_FOUND`.
   */
  readonly chartifyTools?: ChartifyTools;
  /** Receives what chartify prints on stdout while charts are prepared (helmfile prints it). Default: dropped. */
  readonly onChartifyStdout?: (text: string) => void;
  /** Run helm in a private helm home (removed afterwards). Default true. */
  readonly isolateHelmHome?: boolean;
  /** `repositories.yaml` text the private helm home starts with (the user's repositories). Default none. */
  readonly seedRepositories?: string;
  /** Render cache; default none (no caching). */
  readonly cache?: { readonly dir: string; readonly maxMegabytes?: number };
  /** Selected environment's `kubeContext` (for the kube-context precedence). Default none. */
  readonly environmentKubeContext?: string;
  /**
   * Removes known secret plaintext (the run's `SecretRegistry.redact`) from every error the
   * stage returns or throws, helm's stderr included: helm echoes values in its errors.
   * Default none (errors are returned as they are).
   */
  readonly redact?: (text: string) => string;
  /**
   * Warn, once per chart and run, when a chart's templates generate values anew on every render
   * with no `lookup` of the cluster (src/render/chart-purity.ts). Default false (helmfile's
   * commands print no such line).
   */
  readonly warnRegenerated?: boolean;
  /**
   * Render each release against its cluster, as `helm upgrade` does: `lookup` and `.Capabilities`
   * come from the cluster of its kube-context (src/render/cluster-render.ts); never cached.
   * Default: offline, as `helm template`.
   */
  readonly cluster?: ClusterRenderOptions;
  /**
   * Computes a chart's `.Values` as helm does (src/merge/helm-values, which this stage may not
   * import): with it, an impure call that a render's values leave out (its `if` is false) does not
   * keep the render from being recorded (src/render/chart-purity.ts `deadInRender`). Throws where
   * helm would fail. Default none: every impure call of a rendered file counts.
   */
  readonly chartValues?: (input: ChartValuesInput) => ValueMap;
}

/** What helm computes a chart's own `.Values` from (its subcharts' values aside). */
export interface ChartValuesInput {
  /** The chart's values.yaml text. */
  readonly chartValues: string;
  /** `--values` files in command-line order, with their content when it is known. */
  readonly files: readonly { readonly name: string; readonly content?: string }[];
  /** `--set`-family flags in command-line order. */
  readonly flags: readonly SetFlag[];
  /** Reads a values or `--set-file` file. */
  readonly readFile: (path: string) => string;
  readonly helmVersion: 3 | 4;
}

/** One release after `helm template`. */
export interface RenderedRelease {
  readonly release: PreparedRelease;
  /** The chart as helmfile prints it in `Templating release=…, chart=…`. */
  readonly displayChart: string;
  /** helm's stdout (the manifests), exactly as helm wrote it. Empty with `--output-dir`. */
  readonly manifest: string;
  /** The helm argv after the binary, for diagnostics (values files named, never their content). */
  readonly args: readonly string[];
  /** True when the manifest came from the render cache, or is the stack's record (`fromRecord`). */
  readonly cached: boolean;
  /**
   * The stack's record answered the render (src/render/cluster-render.ts `RenderRecord`): nothing
   * was rendered and `manifest` is empty; the recorded render is what it would be.
   */
  readonly fromRecord?: boolean;
  /** With `--output-dir`: helm's `wrote <file>` lines (each once), which helmfile logs. */
  readonly outputLog?: string;
}
