/**
 * Adoption of what helm (or `helmfile sync`/`apply`) already deployed. The Kubernetes provider
 * applies objects server-side: the "create" of an object that already exists takes it over in
 * place (same UID, nothing deleted). This module makes that visible:
 * - `preview`: every planned create of a Kubernetes object is looked up in the cluster (with the
 *   kubeconfig's credentials, see ./kube-client.ts); those that exist are reported as adoptions,
 *   with the fields where the live object differs from the rendered manifest (what `up` changes);
 * - `up`: a created object whose `creationTimestamp` is older than the update (by the API
 *   server's clock) was adopted;
 * - helm's release records (`sh.helm.release.v1.<release>.v<n>` Secrets) of each release: kept
 *   by default, deleted with `forgetHelmReleases` in mode `manifests`; in mode `helm-release`
 *   the existing helm release itself is imported (see {@link helmReleaseImports}).
 */
import type { EngineEvent } from "@pulumi/pulumi/automation";
import type { ReleaseChangeCollector } from "./change-summary";
import { KubeClient } from "./kube-client";
import type { KubeconfigSource } from "../node/kube-config";
import { RELEASE_TYPE } from "../emit/resource-names";

type Obj = Record<string, unknown>;

/** The Pulumi type of the Helm release resource of mode `helm-release`. */
export const HELM_RELEASE_TYPE = "kubernetes:helm.sh/v3:Release";

/** One existing object the operation takes over. */
export interface AdoptedObject {
  readonly urn: string;
  readonly apiVersion: string;
  readonly kind: string;
  readonly name: string;
  readonly namespace?: string;
  /** The live object's UID: adoption keeps it. */
  readonly uid?: string;
  /**
   * Field paths where the live object differs from the rendered manifest (preview only): `up`
   * writes the manifest's value there, as an update of the live object. Empty: taken over as is.
   */
  readonly differences: readonly string[];
}

/** What helm's release records of a release become. */
export type HelmRecordsFate =
  /** No record in the cluster. */
  | "none"
  /** Kept (the default): `helm list` still shows the release. */
  | "kept"
  /** Deleted (`forgetHelmReleases`): `helm list` no longer shows it. */
  | "removed"
  /** Mode `helm-release`: the Helm release is imported and managed from now on. */
  | "imported";

/** Adoptions of one release. */
export interface ReleaseAdoption {
  /** The release id as in {@link ReleaseChange.release}; `""` for objects outside any release (namespaces). */
  readonly release: string;
  /** Existing objects taken over. */
  readonly objects: readonly AdoptedObject[];
  /** helm's release records of the release (Secret names). */
  readonly helmReleaseRecords: readonly string[];
  readonly helmRecords: HelmRecordsFate;
}

interface Candidate {
  readonly urn: string;
  readonly inputs: Obj;
  readonly provider: string;
}

interface ReleaseInfo {
  readonly name: string;
  readonly namespace: string;
  op: string;
}

/** Options of {@link AdoptionCollector.finish}. */
export interface AdoptionOptions {
  /** Where the releases' contexts are found (the kubeconfig helm and the provider read). */
  readonly kubeconfig: KubeconfigSource;
  /** Delete helm's release records of the releases (mode `manifests`, `up` only). */
  readonly forgetHelmReleases?: boolean;
  /** `preview` (no change) or `up`. */
  readonly kind: "preview" | "up";
  /** Mode `helm-release`. */
  readonly helmReleaseMode?: boolean;
}

/** Folds engine events into adoptions. */
export class AdoptionCollector {
  private readonly providers = new Map<string, string>();
  private readonly candidates: Candidate[] = [];
  private readonly created: Candidate[] = [];
  private readonly releases = new Map<string, ReleaseInfo>();
  private readonly clients = new Map<string, KubeClient>();

  constructor(
    private readonly changes: ReleaseChangeCollector,
    private readonly component: string,
  ) {}

  /** Feeds one event. */
  add(event: EngineEvent): void {
    const pre = event.resourcePreEvent?.metadata;
    const done = event.resOutputsEvent?.metadata;
    const meta = pre ?? done;
    if (meta === undefined) return;
    const state = meta.new ?? meta.old;
    if (meta.type.startsWith("pulumi:providers:kubernetes")) {
      const context = (state?.inputs as Obj | undefined)?.context;
      this.providers.set(meta.urn, typeof context === "string" ? context : "");
      return;
    }
    if (meta.type === RELEASE_TYPE) {
      const inputs = (meta.new?.inputs ?? meta.old?.inputs ?? {}) as Obj;
      if (typeof inputs.name === "string" && typeof inputs.namespace === "string")
        this.releases.set(meta.urn, { name: inputs.name, namespace: inputs.namespace, op: meta.op });
      return;
    }
    if (meta.new?.custom !== true || !meta.type.startsWith("kubernetes:")) return;
    if (meta.op !== "create" && meta.op !== "import") return;
    const provider = (meta.new.provider ?? "").split("::").slice(0, -1).join("::");
    if (pre !== undefined) {
      this.candidates.push({ urn: meta.urn, inputs: (meta.new.inputs ?? {}) as Obj, provider });
    } else {
      this.created.push({ urn: meta.urn, inputs: (meta.new.outputs ?? {}) as Obj, provider });
    }
  }

  private client(kubeconfig: KubeconfigSource, context: string): KubeClient {
    let c = this.clients.get(context);
    if (c === undefined) {
      c = KubeClient.open(kubeconfig, context === "" ? undefined : context);
      this.clients.set(context, c);
    }
    return c;
  }

  private releaseName(urn: string | undefined): string {
    if (urn === undefined) return "";
    const name = urn.slice(urn.lastIndexOf("::") + 2);
    const prefix = `${this.component}-`;
    return name.startsWith(prefix) ? name.slice(prefix.length) : name;
  }

  /**
   * The adoptions of the run. `preview`: planned creates looked up in the cluster. `up`: created
   * objects older than `startedAt` (ms, the API server's clock at the start of the update).
   */
  async finish(options: AdoptionOptions, startedAt?: number): Promise<ReleaseAdoption[]> {
    return this.collect(options, startedAt);
  }

  private async collect(options: AdoptionOptions, startedAt: number | undefined): Promise<ReleaseAdoption[]> {
    const byRelease = new Map<string, { objects: AdoptedObject[]; context: string }>();
    const contextOfRelease = new Map<string, string>();
    const note = (releaseUrn: string | undefined, context: string): { objects: AdoptedObject[] } => {
      const key = releaseUrn ?? "";
      let entry = byRelease.get(key);
      if (entry === undefined) {
        entry = { objects: [], context };
        byRelease.set(key, entry);
      }
      return entry;
    };
    const list = options.kind === "preview" ? this.candidates : this.created;
    for (const c of list) {
      const releaseUrn = this.changes.releaseOf(c.urn);
      const context = this.providers.get(c.provider) ?? "";
      if (releaseUrn !== undefined && !contextOfRelease.has(releaseUrn))
        contextOfRelease.set(releaseUrn, context);
      const id = identity(c.inputs);
      if (id === undefined) continue;
      if (options.kind === "preview") {
        const client = this.client(options.kubeconfig, context);
        const live = await client.getObject(id.apiVersion, id.kind, id.name, id.namespace);
        if (live === undefined) continue;
        note(releaseUrn, context).objects.push({
          urn: c.urn,
          ...id,
          ...uidOf(live),
          differences: fieldDifferences(c.inputs, live),
        });
      } else {
        const created = Date.parse(String((c.inputs.metadata as Obj | undefined)?.creationTimestamp ?? ""));
        // creationTimestamp has whole seconds: older than the second the update started in.
        if (
          startedAt === undefined ||
          Number.isNaN(created) ||
          created >= Math.floor(startedAt / 1000) * 1000
        )
          continue;
        note(releaseUrn, context).objects.push({ urn: c.urn, ...id, ...uidOf(c.inputs), differences: [] });
      }
    }
    const out: ReleaseAdoption[] = [];
    for (const [releaseUrn, info] of this.releases) {
      if (info.op === "delete") continue;
      const context = contextOfRelease.get(releaseUrn) ?? "";
      const client = this.client(options.kubeconfig, context);
      const objects = byRelease.get(releaseUrn)?.objects ?? [];
      let records = (await client.helmReleaseRecords(info.name, info.namespace)).map((s) =>
        String((s.metadata as Obj | undefined)?.name ?? ""),
      );
      if (records.length === 0 && objects.length === 0) continue;
      let fate: HelmRecordsFate = records.length === 0 ? "none" : "kept";
      if (options.helmReleaseMode === true) {
        fate = this.imported(releaseUrn) ? "imported" : fate;
      } else if (options.forgetHelmReleases === true && records.length > 0) {
        if (options.kind === "up") records = await client.deleteHelmReleaseRecords(info.name, info.namespace);
        fate = "removed";
      }
      // A release already managed by the stack with no helm record left and nothing adopted: nothing to say.
      out.push({
        release: this.releaseName(releaseUrn),
        objects,
        helmReleaseRecords: records,
        helmRecords: fate,
      });
    }
    const loose = byRelease.get("");
    if (loose !== undefined && loose.objects.length > 0)
      out.push({ release: "", objects: loose.objects, helmReleaseRecords: [], helmRecords: "none" });
    return out;
  }

  private imported(releaseUrn: string): boolean {
    return [...this.candidates, ...this.created].some(
      (c) => c.urn.includes(HELM_RELEASE_TYPE) && this.changes.releaseOf(c.urn) === releaseUrn,
    );
  }
}

function uidOf(obj: Obj): { uid?: string } {
  const uid = (obj.metadata as Obj | undefined)?.uid;
  return typeof uid === "string" ? { uid } : {};
}

function identity(
  obj: Obj,
): { apiVersion: string; kind: string; name: string; namespace?: string } | undefined {
  const metadata = obj.metadata as Obj | undefined;
  const { apiVersion, kind } = obj;
  const name = metadata?.name;
  if (typeof apiVersion !== "string" || typeof kind !== "string" || typeof name !== "string")
    return undefined;
  if ([apiVersion, kind, name].some((v) => v === "[secret]")) return undefined;
  const namespace = metadata?.namespace;
  return {
    apiVersion,
    kind,
    name,
    ...(typeof namespace === "string" && namespace !== "" ? { namespace } : {}),
  };
}

/**
 * Dotted paths of the fields the manifest sets that the live object does not have with that
 * value (fields only the live object has are left alone by server-side apply). Pulumi's own
 * bookkeeping (`pulumi.com/*` annotations, a `managed-by: pulumi` label) and values the engine
 * shows as `[secret]` are not compared.
 */
export function fieldDifferences(desired: unknown, live: unknown, path = ""): string[] {
  if (desired === "[secret]") return [];
  if (isPlainObject(desired)) {
    if (!isPlainObject(live)) return [path === "" ? "." : path];
    const out: string[] = [];
    for (const [k, v] of Object.entries(desired)) {
      const sub = path === "" ? k : `${path}.${k}`;
      // Pulumi's own annotations (patchForce, skipAwait, …) are bookkeeping, not the chart's.
      if (sub.startsWith("metadata.annotations.pulumi.com/")) continue;
      if (sub === "metadata.labels.app.kubernetes.io/managed-by" && v === "pulumi") continue;
      if (k.startsWith("__")) continue;
      out.push(...fieldDifferences(v, live[k], sub));
    }
    return out;
  }
  if (Array.isArray(desired)) {
    if (!Array.isArray(live) || live.length !== desired.length) return [path];
    return desired.flatMap((v, i) => fieldDifferences(v, live[i], `${path}[${i}]`));
  }
  if (desired === null || desired === undefined) return live === null || live === undefined ? [] : [path];
  return JSON.stringify(desired) === JSON.stringify(live) ? [] : [path];
}

function isPlainObject(v: unknown): v is Obj {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * Mode `helm-release`: the ids (`<namespace>/<name>`) of the Helm releases to import instead of
 * install: releases helm already has in the cluster (a `helm.sh/release.v1` record) that the stack
 * does not manage yet. The Kubernetes provider's Release would fail installing them ("cannot
 * re-use a name that is still in use").
 */
export async function helmReleaseImports(
  kubeconfig: KubeconfigSource,
  releases: ReadonlyArray<{ name: string; namespace: string; kubeContext?: string; installed: boolean }>,
  managed: ReadonlySet<string>,
): Promise<Set<string>> {
  const out = new Set<string>();
  const clients = new Map<string, KubeClient>();
  for (const r of releases) {
    const id = `${r.namespace}/${r.name}`;
    if (!r.installed || managed.has(id)) continue;
    const context = r.kubeContext ?? "";
    let client = clients.get(context);
    if (client === undefined) {
      client = KubeClient.open(kubeconfig, context === "" ? undefined : context);
      clients.set(context, client);
    }
    const records = await client.helmReleaseRecords(r.name, r.namespace);
    if (
      records.some(
        (s) =>
          (s.metadata as Obj | undefined)?.labels !== undefined &&
          ((s.metadata as Obj).labels as Obj).status === "deployed",
      )
    )
      out.add(id);
  }
  return out;
}

/** `<namespace>/<name>` of the Helm release resources in a stack's exported state. */
export function managedHelmReleases(resources: ReadonlyArray<Obj>): Set<string> {
  const out = new Set<string>();
  for (const r of resources) {
    if (r.type !== HELM_RELEASE_TYPE) continue;
    if (typeof r.id === "string" && r.id !== "") out.add(r.id);
  }
  return out;
}
