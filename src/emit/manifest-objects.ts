/**
 * Turns a release's rendered manifest into the Kubernetes objects Pulumi applies, the way
 * `helm install` treats them:
 * - a namespaced object without `metadata.namespace` goes into the release namespace (helm sets
 *   the namespace of every namespaced resource it builds; cluster-scoped kinds keep none);
 * - CustomResourceDefinitions come apart from the rest, so they can be applied first (helm
 *   installs a chart's `crds/` before its templates); those of a chart's (or a subchart's)
 *   `crds/` folder are told apart, as helm only ever creates them (never upgrades or deletes
 *   them), and are dropped when the release skips CRDs.
 * - every object carries `pulumi.com/patchForce`, so an upgrade restores fields changed out of
 *   band, as helm's upgrade does, and one server-side-apply field manager, `pulumi-helmfile`, as
 *   helm applies every object as `helm`.
 * Objects are decoded as `sigs.k8s.io/yaml` decodes them (go-yaml v2, then JSON), which is what
 * the Kubernetes provider itself does with manifest text.
 */
import { createHash } from "node:crypto";
import { EmitError } from "../shared/errors";
import { toPlain } from "../shared/value";
import { decodeYaml } from "../shared/yaml";

/** A Kubernetes object as plain JSON data. */
export type KubeObject = Record<string, unknown>;

/** The objects of one release, CRDs apart. */
export interface ReleaseObjects {
  /** CustomResourceDefinitions (from `crds/` and from templates), in manifest order. */
  readonly crds: readonly KubeObject[];
  /** Those of {@link crds} that came from a chart's `crds/` folder (helm creates them once, then leaves them). */
  readonly crdsDir: ReadonlySet<KubeObject>;
  /** Every other object, in manifest order, namespaced ones with their namespace set. */
  readonly objects: readonly KubeObject[];
}

/** Options of {@link releaseObjects}. */
export interface ReleaseObjectsOptions {
  /** The release namespace; empty means the provider's default namespace. */
  readonly namespace: string;
  /** Drop CRDs that came from the chart's `crds/` folder (helmfile's `skipCRDs`). Default false. */
  readonly skipCrds?: boolean;
  /** `group/Kind` keys of cluster-scoped custom kinds (see {@link clusterScopedKindsOf}). Default none. */
  readonly clusterScopedKinds?: ReadonlySet<string>;
  /** The manifest is not secret: its decoded objects may be kept (see {@link useDecodedManifestStore}). Default false. */
  readonly storable?: boolean;
  /**
   * Its values are not secret (a Secret object may be in it): each large document that holds no
   * Secret may be kept on its own ({@link Keeping}). Default false.
   */
  readonly documentsStorable?: boolean;
}

/**
 * What of a manifest's decoding may be kept between runs: `manifest`, the whole of it (nothing in
 * it is secret); `documents`, each of its documents of at least {@link KEPT_DOCUMENT_CHARS}
 * characters that holds no Secret (its values are not secret), so a render that changes a few
 * documents of a large manifest (a checksum annotation beside kube-prometheus-stack's 5 MB of CRDs)
 * decodes only those. Both can hold; none: nothing is read from the store or written to it.
 */
export interface Keeping {
  readonly manifest?: boolean;
  readonly documents?: boolean;
}

/** The keeping of {@link ReleaseObjectsOptions} (or of any caller's own flags). */
export function keepingOf(options: {
  readonly storable?: boolean;
  readonly documentsStorable?: boolean;
}): Keeping {
  const manifest = options.storable === true;
  return { manifest, documents: manifest || options.documentsStorable === true };
}

/** The keeping of a release's plan: `secret`, its values are; `manifestHasSecret`, a Secret is in it. */
export function planKeeping(plan: {
  readonly secret: boolean;
  readonly manifestHasSecret: boolean;
}): Keeping {
  return keepingOf({ storable: !plan.secret && !plan.manifestHasSecret, documentsStorable: !plan.secret });
}

/**
 * Documents shorter than this are decoded each time: reading one back from the store costs about
 * what decoding it does (a hash, a file read and its check against ~3 MB/s of YAML decoding).
 */
const KEPT_DOCUMENT_CHARS = 4096;

/** An object that is a Secret, or a `List` with one among its items. */
function isOrHoldsSecret(obj: unknown): boolean {
  if (typeof obj !== "object" || obj === null) return false;
  const o = obj as Record<string, unknown>;
  return o.kind === "Secret" || (Array.isArray(o.items) && o.items.some(isOrHoldsSecret));
}

/** A document that may hold a Secret (at any depth: a `List`'s items), by its text. */
const HOLDS_SECRET = /^[ \t-]*kind:[ \t]*["']?Secret["']?[ \t]*(?:#.*)?$/m;

/**
 * Built-in cluster-scoped kinds of Kubernetes 1.34 by `group/Kind` (core group empty). Every
 * other built-in kind is namespaced.
 */
const CLUSTER_SCOPED_BUILTINS: ReadonlySet<string> = new Set([
  "/Namespace",
  "/Node",
  "/PersistentVolume",
  "/ComponentStatus",
  "admissionregistration.k8s.io/MutatingWebhookConfiguration",
  "admissionregistration.k8s.io/ValidatingWebhookConfiguration",
  "admissionregistration.k8s.io/ValidatingAdmissionPolicy",
  "admissionregistration.k8s.io/ValidatingAdmissionPolicyBinding",
  "admissionregistration.k8s.io/MutatingAdmissionPolicy",
  "admissionregistration.k8s.io/MutatingAdmissionPolicyBinding",
  "apiextensions.k8s.io/CustomResourceDefinition",
  "apiregistration.k8s.io/APIService",
  "authentication.k8s.io/TokenReview",
  "authentication.k8s.io/SelfSubjectReview",
  "authorization.k8s.io/SelfSubjectAccessReview",
  "authorization.k8s.io/SelfSubjectRulesReview",
  "authorization.k8s.io/SubjectAccessReview",
  "certificates.k8s.io/CertificateSigningRequest",
  "certificates.k8s.io/ClusterTrustBundle",
  "flowcontrol.apiserver.k8s.io/FlowSchema",
  "flowcontrol.apiserver.k8s.io/PriorityLevelConfiguration",
  "internal.apiserver.k8s.io/StorageVersion",
  "networking.k8s.io/IngressClass",
  "networking.k8s.io/IPAddress",
  "networking.k8s.io/ServiceCIDR",
  "node.k8s.io/RuntimeClass",
  "rbac.authorization.k8s.io/ClusterRole",
  "rbac.authorization.k8s.io/ClusterRoleBinding",
  "resource.k8s.io/DeviceClass",
  "resource.k8s.io/ResourceSlice",
  "scheduling.k8s.io/PriorityClass",
  "storage.k8s.io/CSIDriver",
  "storage.k8s.io/CSINode",
  "storage.k8s.io/StorageClass",
  "storage.k8s.io/VolumeAttachment",
  "storage.k8s.io/VolumeAttributesClass",
  "storagemigration.k8s.io/StorageVersionMigration",
]);

/** One YAML document of helm's output with the template it came from. */
interface ManifestDocument {
  readonly source: string;
  readonly text: string;
}

/**
 * Splits helm's output at `---` lines, keeping each document's `# Source:` path. helm writes that
 * line once per file; the documents a file separates with `---` of its own (kube-prometheus-stack's
 * CRDs, after their comment header) come from the same file.
 */
export function manifestDocuments(manifest: string): ManifestDocument[] {
  const out: ManifestDocument[] = [];
  let source = "";
  for (const chunk of manifest.split(/^---[ \t]*(?:#.*)?$/m)) {
    source = /^# Source: (.*)$/m.exec(chunk)?.[1]?.trim() ?? source;
    if (chunk.trim() === "") continue;
    out.push({ source, text: chunk });
  }
  return out;
}

/** `group/Kind` of an object (`/ConfigMap` for the core group). */
export function groupKind(obj: KubeObject): string {
  const apiVersion = typeof obj.apiVersion === "string" ? obj.apiVersion : "";
  const slash = apiVersion.lastIndexOf("/");
  const group = slash < 0 ? "" : apiVersion.slice(0, slash);
  return `${group}/${typeof obj.kind === "string" ? obj.kind : ""}`;
}

/** True for an object of a cluster-scoped built-in kind (a CRD, a ClusterRole, …): in no namespace. */
export function isClusterScopedBuiltin(obj: KubeObject): boolean {
  return CLUSTER_SCOPED_BUILTINS.has(groupKind(obj));
}

function isCrd(obj: KubeObject): boolean {
  return groupKind(obj) === "apiextensions.k8s.io/CustomResourceDefinition";
}

/**
 * Where decoded manifests are kept between runs, keyed by a hash of the manifest text (the
 * default pipeline puts them beside the render cache). Decoding helm's YAML costs ~2 ms per
 * release of ~20 KB, reading it back as JSON a tenth of that: what a preview of unchanged
 * releases spends most on besides the engine. Only manifests that are not secret are kept whole;
 * of a release whose values are not secret, each large document that holds no Secret is kept on
 * its own too ({@link Keeping}).
 */
export interface DecodedManifestStore {
  get(key: string): string | undefined;
  put(key: string, json: string): void;
}

let decodedStore: DecodedManifestStore | undefined;
let decodedStoreIdentity: string | undefined;

/**
 * Sets (or with undefined, clears) the store of decoded manifests. `identity` names where it keeps
 * them (its folder): a store of the same identity as the one in use keeps what this process has
 * decoded (each pipeline an operation makes sets its store again: the plan compared with the
 * record, the plan of the changed releases and the program's each decoded kube-prometheus-stack's
 * 5 MB anew, 1.4 s each); another store, or none named, starts afresh.
 */
export function useDecodedManifestStore(store: DecodedManifestStore | undefined, identity?: string): void {
  const same = identity !== undefined && identity === decodedStoreIdentity;
  decodedStore = store;
  decodedStoreIdentity = identity;
  if (!same) forgetDecodedManifests();
}

/** Changes when the decoding below changes, so no stored result of an older one is read. */
const DECODING =
  "sigs.k8s.io/yaml via go-yaml v2, documents with their # Source, integers as wire numbers, v2";

type DecodedDocument = { source: string; obj: KubeObject };

/** JSON that reads back as exactly these values, or undefined (non-finite numbers, -0, `__proto__`). */
function exactJson(docs: readonly unknown[]): string | undefined {
  let exact = true;
  const json = JSON.stringify(docs, (key, value: unknown) => {
    if (
      key === "__proto__" ||
      (typeof value === "number" && (!Number.isFinite(value) || Object.is(value, -0)))
    )
      exact = false;
    return value;
  });
  return exact ? json : undefined;
}

/**
 * The manifests this process has decoded, as the exact JSON of their documents: a run reads one
 * manifest in several stages (the access review, the registration digest, the cluster-scoped kinds,
 * the kept objects, the resources), and YAML costs ten times what JSON does to read (kube-prometheus-
 * stack's 2.5 MB: ~0.6 s a time). Each hit is a fresh copy, so no caller sees another's changes.
 * Kept in memory only, least recently used first out beyond {@link IN_PROCESS_LIMIT} characters.
 */
const decodedInProcess = new Map<string, string>();
let decodedInProcessSize = 0;
const IN_PROCESS_LIMIT = 64 * 1024 * 1024;

/** Forgets the manifests this process decoded (a changed store, tests). */
export function forgetDecodedManifests(): void {
  decodedInProcess.clear();
  decodedInProcessSize = 0;
}

function rememberDecoded(manifest: string, json: string): void {
  const size = manifest.length + json.length;
  if (size > IN_PROCESS_LIMIT) return;
  decodedInProcess.set(manifest, json);
  decodedInProcessSize += size;
  for (const [k, v] of decodedInProcess) {
    if (decodedInProcessSize <= IN_PROCESS_LIMIT) break;
    decodedInProcess.delete(k);
    decodedInProcessSize -= k.length + v.length;
  }
}

function decodeDocuments(manifest: string, releaseId: string, keep: Keeping = {}): DecodedDocument[] {
  const remembered = decodedInProcess.get(manifest);
  if (remembered !== undefined) {
    // Most recently used last.
    decodedInProcess.delete(manifest);
    decodedInProcess.set(manifest, remembered);
    return JSON.parse(remembered) as DecodedDocument[];
  }
  const store = keep.manifest === true ? decodedStore : undefined;
  const key =
    store === undefined
      ? undefined
      : createHash("sha256").update(DECODING).update("\0").update(manifest).digest("hex");
  if (store !== undefined && key !== undefined) {
    const hit = store.get(key);
    if (hit !== undefined) {
      try {
        const docs = JSON.parse(hit) as DecodedDocument[];
        rememberDecoded(manifest, hit);
        return docs;
      } catch {
        // A damaged entry is decoded again and rewritten.
      }
    }
  }
  const documentStore = keep.documents === true ? decodedStore : undefined;
  const out: DecodedDocument[] = [];
  for (const doc of manifestDocuments(manifest))
    for (const obj of keptDocument(doc, releaseId, documentStore)) out.push({ source: doc.source, obj });
  const json = exactJson(out);
  if (json !== undefined) {
    rememberDecoded(manifest, json);
    if (store !== undefined && key !== undefined) store.put(key, json);
  }
  return out;
}

/**
 * One document's objects, read from `store` when it holds them ({@link Keeping} `documents`), else
 * decoded and, when it holds no Secret and JSON carries it exactly, kept there.
 */
function keptDocument(
  doc: ManifestDocument,
  releaseId: string,
  store: DecodedManifestStore | undefined,
): KubeObject[] {
  if (store === undefined || doc.text.length < KEPT_DOCUMENT_CHARS) return decodeDocument(doc, releaseId);
  const key = createHash("sha256").update(DECODING).update("\0document\0").update(doc.text).digest("hex");
  const hit = store.get(key);
  if (hit !== undefined) {
    try {
      return JSON.parse(hit) as KubeObject[];
    } catch {
      // A damaged entry is decoded again and rewritten.
    }
  }
  const objs = decodeDocument(doc, releaseId);
  if (!HOLDS_SECRET.test(doc.text) && !objs.some(isOrHoldsSecret)) {
    const json = exactJson(objs);
    if (json !== undefined) store.put(key, json);
  }
  return objs;
}

/**
 * Whether an object of the manifest passes `test`, where an object can pass only if its document
 * spells `needle` as it is (a key or value it must have): only those documents are decoded, and a
 * manifest this process decoded whole is read from memory. Asking whether argo-cd's or
 * kube-prometheus-stack's manifest keeps an object then decodes the few documents naming the
 * annotation, not megabytes of CRDs. A document spelling it only through escapes of a
 * double-quoted scalar (`"helm.sh\\x2fresource-policy"`) is not seen (docs/differences-from-helmfile.md).
 */
export function someObject(manifest: string, needle: string, test: (obj: KubeObject) => boolean): boolean {
  if (!manifest.includes(needle)) return false;
  const remembered = decodedInProcess.get(manifest);
  if (remembered !== undefined) return (JSON.parse(remembered) as DecodedDocument[]).some((d) => test(d.obj));
  return manifestDocuments(manifest).some(
    (doc) => doc.text.includes(needle) && decodeDocument(doc, "").some((obj) => test(obj)),
  );
}

/** One document's object (none for an empty document); fails naming the document. */
function decodeDocument(doc: ManifestDocument, releaseId: string): KubeObject[] {
  let plain: unknown;
  try {
    // Integers beyond 2^53 as numbers: Pulumi's wire format, and so the Kubernetes provider, carries
    // every number as a double, written as its shortest exact decimal, so the API server reads the
    // nearest double of the integer helm sent: the same value where the field is a float (a CRD
    // schema's `maximum`, `minimum`, `multipleOf`; any `number`); in an integer field, the integer
    // rounded to 53 bits (docs/differences-from-helmfile.md). A tagged `{ $int64 }` would reach
    // the API server as a map.
    plain = toPlain(decodeYaml(doc.text, { version: "v2", nonStringKeys: "json" }), { bigints: "number" });
  } catch (err) {
    throw new EmitError(
      "EMIT_BAD_MANIFEST",
      `release ${releaseId}: helm's output ${doc.source === "" ? "" : `from ${doc.source} `}is not valid YAML: ${err instanceof Error ? err.message : String(err)}`,
      { cause: err },
    );
  }
  if (plain === null || plain === undefined) return [];
  if (typeof plain !== "object" || Array.isArray(plain)) {
    throw new EmitError(
      "EMIT_BAD_MANIFEST",
      `release ${releaseId}: a document ${doc.source === "" ? "" : `from ${doc.source} `}is not a Kubernetes object`,
      { expected: "a map with apiVersion, kind and metadata", found: JSON.stringify(plain).slice(0, 80) },
    );
  }
  const obj = plain as KubeObject;
  return Object.keys(obj).length === 0 ? [] : [obj];
}

/** Every object of a manifest, as decoded (no namespace or annotation added). */
export function manifestObjects(manifest: string, keep: Keeping = {}): KubeObject[] {
  return decodeDocuments(manifest, "", keep).map((d) => d.obj);
}

/** Whether a manifest may define CRDs: only those are decoded for {@link clusterScopedKindsOf}. */
export function definesCrds(manifest: string): boolean {
  return manifest.includes("CustomResourceDefinition");
}

/** `group/Kind` of every cluster-scoped kind that the CRDs in these manifests define. */
export function clusterScopedKindsOf(manifests: Iterable<string>, keep: Keeping = {}): Set<string> {
  const kinds = new Set<string>();
  for (const manifest of manifests) {
    if (!definesCrds(manifest)) continue;
    for (const { obj } of decodeDocuments(manifest, "", keep)) {
      if (!isCrd(obj)) continue;
      const spec = obj.spec as Record<string, unknown> | undefined;
      const names = spec?.names as Record<string, unknown> | undefined;
      if (spec?.scope === "Cluster" && typeof spec.group === "string" && typeof names?.kind === "string")
        kinds.add(`${spec.group}/${names.kind}`);
    }
  }
  return kinds;
}

/**
 * helm's upgrade writes every field the chart sets, whoever changed it since; with server-side
 * apply the Kubernetes provider does the same only when told to force field ownership.
 */
export const FORCE_ANNOTATION = "pulumi.com/patchForce";

/** Pulumi's readiness await skipped for an object (create, update and, for a Namespace, delete). */
export const SKIP_AWAIT_ANNOTATION = "pulumi.com/skipAwait";

/**
 * helm deletes with background propagation (`helm uninstall --cascade background`, and hooks);
 * the provider's default, foreground, waits for the garbage collector, which takes up a custom
 * resource's deletion only after its next discovery resync: seconds per object.
 */
export const DELETION_ANNOTATION = "pulumi.com/deletionPropagationPolicy";

/**
 * The provider otherwise names a field manager at random when it first creates an object and
 * keeps the name in the state. An `up` stopped before it recorded a create (SIGTERM, a crash)
 * loses that name: the next `up` creates the object again under a new name, and a field the
 * fixed chart no longer sets stays owned by the lost one, so it is never removed (a label that
 * kept a Deployment from becoming Ready, say). One name for every object makes such an `up`
 * take up the fields where the stopped one left them. A chart's own annotation wins.
 */
export const FIELD_MANAGER_ANNOTATION = "pulumi.com/patchFieldManager";
export const FIELD_MANAGER = "pulumi-helmfile";

function forced(obj: KubeObject): KubeObject {
  const metadata = (obj.metadata ?? {}) as Record<string, unknown>;
  const annotations = (metadata.annotations ?? {}) as Record<string, unknown>;
  return {
    ...obj,
    metadata: {
      ...metadata,
      annotations: {
        ...annotations,
        [FORCE_ANNOTATION]: "true",
        [DELETION_ANNOTATION]: "background",
        [FIELD_MANAGER_ANNOTATION]: annotations[FIELD_MANAGER_ANNOTATION] ?? FIELD_MANAGER,
      },
    },
  };
}

/** Splits and namespaces a release's objects as `helm install` would apply them. */
export function releaseObjects(
  manifest: string,
  releaseId: string,
  options: ReleaseObjectsOptions,
): ReleaseObjects {
  const crds: KubeObject[] = [];
  const crdsDir = new Set<KubeObject>();
  const objects: KubeObject[] = [];
  const clusterScoped = options.clusterScopedKinds ?? new Set<string>();
  for (const { source, obj } of decodeDocuments(manifest, releaseId, keepingOf(options))) {
    if (isCrd(obj)) {
      const fromCrdsDir = isCrdsDirSource(source);
      if (fromCrdsDir && options.skipCrds === true) continue;
      const crd = forced(obj);
      crds.push(crd);
      if (fromCrdsDir) crdsDir.add(crd);
      continue;
    }
    objects.push(forced(withNamespace(obj, options.namespace, clusterScoped)));
  }
  return { crds, crdsDir, objects };
}

/**
 * Whether helm's `# Source:` path names a file of a chart's own `crds/` folder, or of a
 * subchart's (`chart/charts/sub/crds/x.yaml`), rather than a template that happens to sit in a
 * folder of that name (`chart/templates/crds/x.yaml`).
 */
export function isCrdsDirSource(source: string): boolean {
  return /^[^/]+(\/charts\/[^/]+)*\/crds\//.test(source);
}

function withNamespace(obj: KubeObject, namespace: string, clusterScoped: ReadonlySet<string>): KubeObject {
  if (namespace === "") return obj;
  const gk = groupKind(obj);
  if (CLUSTER_SCOPED_BUILTINS.has(gk) || clusterScoped.has(gk)) return obj;
  const metadata = (obj.metadata ?? {}) as Record<string, unknown>;
  if (typeof metadata.namespace === "string" && metadata.namespace !== "") return obj;
  return { ...obj, metadata: { ...metadata, namespace } };
}
