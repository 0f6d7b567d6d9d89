/**
 * The public arguments of the `Helmfile` and `Release` components. These interfaces are read
 * by Pulumi's component analyzer to build the multi-language schema, so they follow its
 * rules: Input-friendly fields, no unions except literal enums, no intersections, no callbacks.
 */
import type * as pulumi from "@pulumi/pulumi";
import type * as k8s from "@pulumi/kubernetes";

/** How a release reaches the cluster. */
export const HelmfileMode = {
  /** Render with `helm template` and apply the manifests as a `kubernetes:yaml/v2:ConfigGroup` (default). */
  Manifests: "manifests",
  /** Install with Helm itself through a `kubernetes:helm.sh/v3:Release` holding the merged values. */
  HelmRelease: "helm-release",
} as const;

/** How a release reaches the cluster: `manifests` (default) or `helm-release`. */
export type HelmfileMode = (typeof HelmfileMode)[keyof typeof HelmfileMode];

/** Arguments of the `Helmfile` component. */
export interface HelmfileArgs {
  /** Path of the helmfile state file or `helmfile.d/` directory, like helmfile's `-f`. */
  readonly file: pulumi.Input<string>;
  /** Environment name, like helmfile's `-e`. Default `default`. */
  readonly environment?: pulumi.Input<string>;
  /**
   * State values merged over the environment values, like `--state-values-set` but structured.
   * May hold Outputs of other resources; at preview an unknown value makes only the releases
   * that depend on it unknown. Default none.
   */
  readonly stateValues?: pulumi.Input<pulumi.Inputs>;
  /** Extra state values files, like `--state-values-file`, in order. Default none. */
  readonly stateValuesFiles?: pulumi.Input<pulumi.Input<string>[]>;
  /** `key=value` expressions, like `--state-values-set`, in order. Default none. */
  readonly stateValuesSet?: pulumi.Input<pulumi.Input<string>[]>;
  /** `key=value` expressions whose values stay strings, like `--state-values-set-string`. Default none. */
  readonly stateValuesSetString?: pulumi.Input<pulumi.Input<string>[]>;
  /** Release selectors, like repeated `-l`; entries are OR-ed. Default: every release. */
  readonly selectors?: pulumi.Input<pulumi.Input<string>[]>;
  /** Overrides every release's namespace, like `--namespace`. Default: as declared. */
  readonly namespace?: pulumi.Input<string>;
  /** Kubernetes context, like `--kube-context`. Default: as declared. */
  readonly kubeContext?: pulumi.Input<string>;
  /**
   * Path of the kubeconfig file, like `--kubeconfig`: every release is deployed through a
   * Kubernetes provider for its own `kubeContext` from this file. Default: `KUBECONFIG`, else
   * `~/.kube/config`.
   */
  readonly kubeconfig?: pulumi.Input<string>;
  /** Also select the direct `needs` of selected releases, like `--include-needs`. Default false. */
  readonly includeNeeds?: pulumi.Input<boolean>;
  /** Also select the needs of needs, like `--include-transitive-needs`. Default false. */
  readonly includeTransitiveNeeds?: pulumi.Input<boolean>;
  /** Skip needs that are not selected instead of failing, like `--skip-needs`. Default true unless an include flag is set. */
  readonly skipNeeds?: pulumi.Input<boolean>;
  /** Do not install any chart's `crds/`, like `--skip-crds`. Default false. */
  readonly skipCrds?: pulumi.Input<boolean>;
  /** Path of the helm binary used to render. Default: `$HELM_BINARY`, else `helm` on PATH. */
  readonly helmBinary?: pulumi.Input<string>;
  /** How releases reach the cluster. Default `manifests`. */
  readonly mode?: pulumi.Input<HelmfileMode>;
  /**
   * Writes every manifest under this directory instead of applying it to a cluster (a Kubernetes
   * provider with `renderYamlToDirectory`). Only for mode `manifests`. Default: apply to the cluster.
   */
  readonly renderToDirectory?: pulumi.Input<string>;
  /** The Kubernetes provider every child resource uses. Default: the ambient kubeconfig. */
  readonly provider?: pulumi.Input<k8s.Provider>;
  /** Skips `helm dependency build` for local charts, like `--skip-deps`. Default false. */
  readonly skipDeps?: pulumi.Input<boolean>;
  /** How many releases are rendered at once. Default 4. */
  readonly concurrency?: pulumi.Input<number>;
}

/** Arguments of one `Release` component (one helmfile release). */
export interface ReleaseArgs {
  /** The helm release name. */
  readonly name: pulumi.Input<string>;
  /** The release namespace; empty for the provider's default namespace. */
  readonly namespace: pulumi.Input<string>;
  /** The chart as written in the helmfile (`repo/chart`, `oci://…` or a local path). */
  readonly chart: pulumi.Input<string>;
  /** The chart version, when pinned. Default: unpinned. */
  readonly version?: pulumi.Input<string>;
  /** The merged user-supplied values as helm computes them, as canonical (sorted-key) JSON. */
  readonly values: pulumi.Input<string>;
  /** The manifest `helm template` renders for the release (multi-document YAML). */
  readonly manifest: pulumi.Input<string>;
  /** How the release reaches the cluster. Default `manifests`. */
  readonly mode?: pulumi.Input<HelmfileMode>;
  /** Chart reference helm installs from in mode `helm-release` (local path, `oci://…` or chart name). Default: `chart`. */
  readonly chartRef?: pulumi.Input<string>;
  /** Repository URL for `chartRef` in mode `helm-release`. Default none. */
  readonly repositoryUrl?: pulumi.Input<string>;
  /** Drop the CRDs of the chart's `crds/` folder (helmfile's `skipCRDs`). Default false. */
  readonly skipCrds?: pulumi.Input<boolean>;
  /**
   * Wait until the release's objects are ready, like helm's `--wait` (helmfile's `wait`). When
   * false, objects are applied without Pulumi's readiness await (`pulumi.com/skipAwait`), as helm
   * installs without `--wait`. Default false.
   */
  readonly wait?: pulumi.Input<boolean>;
  /** Wait for Jobs to complete too, like `--wait-for-jobs` (mode `helm-release`). Default false. */
  readonly waitForJobs?: pulumi.Input<boolean>;
  /** Seconds helm waits for operations, like `--timeout` (mode `helm-release`). Default helm's (300). */
  readonly timeout?: pulumi.Input<number>;
  /** Roll back a failed install or upgrade, like `--atomic` (mode `helm-release`). Default false. */
  readonly atomic?: pulumi.Input<boolean>;
  /** Create the release namespace, like `--create-namespace` (mode `helm-release`). Default false. */
  readonly createNamespace?: pulumi.Input<boolean>;
  /** Release revisions helm keeps, like `--history-max` (mode `helm-release`). Default 10. */
  readonly historyMax?: pulumi.Input<number>;
  /** Delete new resources of a failed upgrade, like `--cleanup-on-fail` (mode `helm-release`). Default false. */
  readonly cleanupOnFail?: pulumi.Input<boolean>;
  /** Kinds (`group/Kind`) of custom resources that are cluster-scoped: they get no namespace. Default none. */
  readonly clusterScopedKinds?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * The release's helmfile `hooks:` for presync, postsync, preuninstall and postuninstall with
   * what they render with, as JSON (src/emit/release-hooks.ts); absent: no such hooks.
   */
  readonly helmfileHooks?: pulumi.Input<string>;
}
