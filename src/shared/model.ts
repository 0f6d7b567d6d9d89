/**
 * The data model passed between stages. `load`+`merge` produce a {@link DesiredState};
 * `render` turns each {@link PreparedRelease} into manifests; `emit` builds Pulumi resources.
 * Everything here is plain data (no functions, no Pulumi types).
 */
import type { Value, ValueMap } from "./value";
import type { LimitsOptions } from "./limits";
import type { StateValuesRecord } from "./provenance";

/** One values source handed to helm with `-f`, in helmfile's order. */
export type ValuesSource =
  | {
      readonly kind: "inline";
      /** YAML text exactly as helmfile would write it into its temp values file. */
      readonly content: string;
      /** Where it came from, for errors and provenance (e.g. `helmfile.yaml: releases[0].values[1]`). */
      readonly origin: string;
      /** True when it came from a secrets file or a secret reference. */
      readonly secret: boolean;
      /** For a map whose secret references were resolved: the same YAML with the references (what explain names). */
      readonly references?: string;
    }
  | {
      readonly kind: "file";
      /** Absolute path of an existing values file helm reads directly. */
      readonly path: string;
      readonly origin: string;
      readonly secret: boolean;
    };

/** One `--set`-family flag, kept as a helm flag (folding it into a file changes number rendering). */
export interface SetFlag {
  readonly kind: "set" | "set-string" | "set-file" | "set-json" | "set-literal";
  /** `key=value` exactly as passed to helm (values joined with `,` for `values:` lists as helmfile does). */
  readonly expression: string;
  readonly secret: boolean;
}

/** A release after state loading, templating and values resolution. */
/** A release's chartify patches by field, in the order written. */
export interface ReleasePatches {
  readonly jsonPatches: readonly ValuesSource[];
  readonly strategicMergePatches: readonly ValuesSource[];
  readonly transformers: readonly ValuesSource[];
}

export interface PreparedRelease {
  /** helmfile's release id: `[kubeContext/]namespace/name` normalised as helmfile prints it. */
  readonly id: string;
  readonly name: string;
  /** Namespace after the `--namespace` override and helmDefaults. Empty string when unset. */
  readonly namespace: string;
  /** The chart as written: `repo/chart`, `oci://…`, or a local path. */
  readonly chart: string;
  /** Absolute path of a local chart, when the chart is local. */
  readonly chartPath?: string;
  readonly version?: string;
  readonly labels: Readonly<Record<string, string>>;
  /** Ids of the releases this one needs, normalised like {@link id}. */
  readonly needs: readonly string[];
  readonly installed: boolean;
  /** Values sources in helmfile's order (valuesTemplate/values, then secrets). */
  readonly values: readonly ValuesSource[];
  /**
   * The patches chartify applies (`jsonPatches`, `strategicMergePatches`, `transformers`), each
   * entry a file or the YAML helmfile writes for it; absent when the release has none or its values
   * were not read.
   */
  readonly patches?: ReleasePatches;
  readonly setFlags: readonly SetFlag[];
  /** Extra `helm template` flags helmfile derives from release fields and helmDefaults. */
  readonly templateFlags: readonly string[];
  readonly kubeContext?: string;
  /** `skipDeps` from the release / helmDefaults / CLI. */
  readonly skipDeps: boolean;
  /** The state file that declared the release (absolute). */
  readonly stateFile: string;
  /** The directory relative paths of this release resolve against (absolute). */
  readonly baseDir: string;
  /** True when any values source or flag is secret. */
  readonly hasSecrets: boolean;
  /** `helmDefaults.postRendererArgs` rendered with this release's template data; absent when none. */
  readonly defaultPostRendererArgs?: readonly string[];
  /** All release fields as declared, after templating (for `list`, `build`, `write-values`). */
  readonly spec: ValueMap;
  /**
   * What reading the values logged (`skipping missing values file …`), kept instead of logged
   * when the load was asked to defer it (`deferValuesLogs`); absent otherwise.
   */
  readonly valuesLog?: readonly LogLine[];
  /**
   * helmfile's "needs …, but … is not installed" warnings for this release's own needs. helmfile
   * prints them again each time it re-applies the overrides to the release (pkg/state/state.go
   * ApplyOverrides): `template` just before the release's values, `write-values` once more per
   * written release.
   */
  readonly needsWarnings?: readonly string[];
}

/** A release as the needs DAG sees it. */
export interface DagNode {
  readonly id: string;
  readonly needs: readonly string[];
}

/** One deferred log line. */
export interface LogLine {
  readonly level: "debug" | "info" | "warn";
  readonly message: string;
}

/** A repository declared in `repositories:`. */
export interface RepositorySpec {
  readonly name: string;
  readonly url: string;
  readonly oci: boolean;
  readonly spec: ValueMap;
}

/** One loaded state file (after all its parts were rendered), in helmfile's visiting order. */
export interface LoadedState {
  /** Absolute path of the state file. */
  readonly file: string;
  /**
   * Every release of the state before selection (unselected, `installed: false` and
   * `condition:`-disabled ones too), as helmfile's DAG sees them: id and needed ids, in
   * declaration order. Absent: plan over the selected releases only.
   */
  readonly dagNodes?: readonly DagNode[];
  /** The state file path as helmfile prints it (relative to where it was referenced). */
  readonly displayPath: string;
  /**
   * How helmfile prefixes an error of this state: `in ./helmfile.yaml`, for a sub-helmfile
   * `in ./helmfile.yaml: in .helmfiles[0]: in sub/helmfile.yaml`. Absent: no prefix.
   */
  readonly errorContext?: string;
  /**
   * What converging the state logged (the needs warnings of all its releases), kept instead of
   * logged when the load was asked to defer it (`deferValuesLogs`): `template` prints it when it
   * reaches the state, as helmfile converges each state just before processing it.
   */
  readonly loadLog?: readonly LogLine[];
  readonly environment: string;
  /** `.Values` / `.StateValues`: the merged state values for this file. */
  readonly values: ValueMap;
  readonly helmDefaults: ValueMap;
  readonly repositories: readonly RepositorySpec[];
  /** Releases selected by the selectors and enabled by their `condition:`, in declaration order. */
  readonly releases: readonly PreparedRelease[];
  /**
   * The releases the state keeps, as helmfile's `build` and `list` show them: with selectors the
   * selected ones, without every release (`condition: false` ones included). Those not in
   * {@link releases} carry no values. Absent means the same as `releases`.
   */
  readonly stateReleases?: readonly PreparedRelease[];
  /** The fully rendered state document as helmfile's `build` prints it. */
  readonly document: ValueMap;
  /** The state as `helmfile build` prints it (Go struct order; without the `---`/`#  Source:` header). */
  readonly buildYaml?: string;
  /** The layers behind {@link values}; present only when loaded with `explain: true`. */
  readonly valuesProvenance?: StateValuesRecord;
}

/** Everything `load`+`merge` produce for one invocation: sub-helmfiles first, parent last. */
export interface DesiredState {
  readonly states: readonly LoadedState[];
  /** Releases of all states, in helmfile's processing order. */
  readonly releases: readonly PreparedRelease[];
  /**
   * Set when the selectors matched no release in any state and `allowNoMatchingRelease` kept
   * the load going: helmfile's message (`err: no releases found that matches …`).
   */
  readonly noMatchingRelease?: string;
}

/** Options common to loading a state, mirroring helmfile's global flags. */
export interface StateOptions {
  /** `-f`: a file or a directory; default `helmfile.yaml`, `helmfile.yaml.gotmpl` or `helmfile.d/`. */
  readonly file?: string;
  /** `-e`: the environment name; default `default`. */
  readonly environment?: string;
  /** `--state-values-set` expressions, in order. */
  readonly stateValuesSet?: readonly string[];
  /** `--state-values-set-string` expressions, in order. */
  readonly stateValuesSetString?: readonly string[];
  /** `--state-values-file` paths, in order. */
  readonly stateValuesFiles?: readonly string[];
  /** Extra state values (from code), merged as CLI overrides after the files and sets. */
  readonly stateValues?: ValueMap;
  /** `-l` selectors; each entry is one selector (`k=v,k2!=v2`), entries are OR-ed. */
  readonly selectors?: readonly string[];
  /** `--namespace`: overrides every release's namespace. */
  readonly namespace?: string;
  /** `--kube-context`. */
  readonly kubeContext?: string;
  /** `--skip-deps`. */
  readonly skipDeps?: boolean;
  /** `--include-needs`: also select the direct needs of selected releases. Default false. */
  readonly includeNeeds?: boolean;
  /** `--include-transitive-needs`: also select needs of needs. Default false. */
  readonly includeTransitiveNeeds?: boolean;
  /** `--skip-needs`: drop needs that are not selected instead of failing. Default true unless an include flag is set. */
  readonly skipNeeds?: boolean;
  /** Resource limits (template depth/output, exec and helm timeouts); defaults in `src/shared/limits.ts`. */
  readonly limits?: LimitsOptions;
  /** Disable insecure features (`exec`, file reads outside the state's folder, remote sources); default from `HELMFILE_DISABLE_INSECURE_FEATURES`. */
  readonly disableInsecureFeatures?: boolean;
}

/** A value, re-exported for model consumers. */
export type { Value, ValueMap };
