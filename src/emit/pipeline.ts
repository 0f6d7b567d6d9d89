/**
 * The port through which the components reach the pure core (load → template → merge →
 * render). The default implementation wires the real stages with Node IO; tests inject fakes.
 */
import type { Logger } from "../shared/io";
import type { DesiredState, PreparedRelease, StateOptions, ValueMap } from "../shared/model";
import type { AccessRefusal, ReleaseAccessRequest } from "../node/release-access";
import type { ObjectRef } from "./chart-hooks";
import type { RenderRecord } from "../render/cluster-render";

/** A namespace of a cluster: the kubeconfig context (absent: the current one) and its name. */
export interface NamespaceRef {
  readonly namespace: string;
  readonly kubeContext?: string;
}

/** Options shared by every pipeline call of one component. */
export interface PipelineContext {
  /** Path of the helm binary; default `$HELM_BINARY` or `helm`. */
  readonly helmBinary?: string;
  /** How many releases are rendered at once. */
  readonly concurrency: number;
  readonly logger: Logger;
  /** Render each chart's `crds/` too (`helm template --include-crds`), as `helm install` applies them. Default false. */
  readonly includeCrds?: boolean;
  /** Extra helm arguments for every render (`--args` of `apply`/`sync`/`diff`). Default none. */
  readonly helmArgs?: string;
  /**
   * Render against the releases' cluster (`lookup`, `.Capabilities`), as `helm upgrade` does,
   * with this kubeconfig file (absent: the ambient one). Default: offline, as `helm template`.
   * `recorded`: ids of the releases the stack's state holds, which render as upgrades
   * (src/render/cluster-render.ts).
   */
  readonly cluster?: {
    readonly kubeconfig?: string;
    readonly recorded?: ReadonlySet<string>;
    /** The render keys to record, and the stack's recorded ones (src/render/cluster-render.ts `RenderRecord`). */
    readonly record?: RenderRecord;
  };
}

/** The core operations the `Helmfile` component needs. */
export interface HelmfilePipeline {
  /** Loads, templates and merges the state exactly as helmfile does. */
  loadDesiredState(
    options: StateOptions & {
      /** Record the layers behind each state's values for `explainValue` (loader option `explain`). */
      readonly explain?: boolean;
    },
    context: PipelineContext,
  ): Promise<DesiredState>;
  /**
   * Renders every installed release with `helm template`, in helmfile's order; returns the
   * manifest (helm's stdout) by release id. Fails naming the release that failed.
   */
  renderReleases(state: DesiredState, context: PipelineContext): Promise<ReadonlyMap<string, string>>;
  /** The release's user-supplied values merged as helm merges `-f`/`--set` (helm's `userValues`). */
  releaseValues(release: PreparedRelease, context: PipelineContext): Promise<ValueMap>;
  /** True when a Kubernetes cluster is configured (kubeconfig, `KUBECONFIG` or in-cluster). */
  clusterConfigured(kubeContext: string | undefined): boolean;
  /**
   * The context names of the kubeconfig (`kubeconfig`: a path; default `KUBECONFIG` or
   * `~/.kube/config`), or undefined when no kubeconfig file can be read (in-cluster, or none).
   */
  kubeContexts(kubeconfig: string | undefined): readonly string[] | undefined;
  /**
   * Where a context of the kubeconfig points, as one text (its name, the API server's URL, its
   * namespace and user name; no credential), or undefined when it cannot be read. An unchanged
   * preview compares it with what the last deployment applied to (src/emit/registration-digest.ts).
   * Default: not known (the preview then runs the engine).
   */
  clusterIdentity?(kubeconfig: string | undefined, kubeContext: string | undefined): string | undefined;
  /**
   * The secret plaintexts the loads and renders so far have met (sops values, resolved `ref+`
   * references): fields of rendered objects that carry one are secret. Default none.
   */
  knownSecrets?(): ReadonlySet<string>;
  /**
   * What the kubeconfig's user may not do that the releases need (`context.cluster`'s kubeconfig,
   * each release's context), asked before anything is applied. Default: nothing is checked.
   */
  refusedAccess?(
    requests: readonly ReleaseAccessRequest[],
    context: PipelineContext,
  ): Promise<readonly AccessRefusal[]>;
  /**
   * Deletes objects from the cluster of `context.cluster`'s kubeconfig and `kubeContext` (chart
   * hooks with helm's `hook-succeeded` / `hook-failed` delete policies), as helm deletes hooks:
   * background propagation, not waiting; objects already gone are no error. Default: hook objects stay.
   */
  deleteObjects?(
    objects: readonly ObjectRef[],
    kubeContext: string | undefined,
    context: Pick<PipelineContext, "cluster">,
  ): Promise<void>;
  /**
   * Those of `namespaces` that are being deleted (Terminating) in `context.cluster`'s cluster, in
   * order; a namespace that does not exist is not. Default: none are (./namespace-deletion.ts).
   */
  deletingNamespaces?(
    namespaces: readonly NamespaceRef[],
    context: Pick<PipelineContext, "cluster">,
  ): Promise<readonly NamespaceRef[]>;
}
