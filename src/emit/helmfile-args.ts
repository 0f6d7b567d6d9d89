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
}
