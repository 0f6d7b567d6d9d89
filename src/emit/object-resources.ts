/**
 * A release's Kubernetes objects as resources of the Kubernetes provider, registered by the
 * Release itself (mode `manifests`, manifest known). They are named and ordered as a
 * `kubernetes:yaml/v2:ConfigGroup` of the same objects names and orders its children, and carry
 * that group as an alias parent, so a stack whose objects were applied in ConfigGroups keeps them
 * in place. Registering them here rather than in a remote ConfigGroup saves the group's own
 * record in the state, lets `retainOnDelete` reach `helm.sh/resource-policy: keep` objects, and
 * keeps the fields of a secret manifest secret on every object.
 *
 * Within one group, as the ConfigGroup does (sigs.k8s.io/cli-utils dependency graph): an object
 * depends on the Namespace object of its namespace and on the objects its
 * `config.kubernetes.io/depends-on` annotation names, when they are in the same group; `…List`
 * objects are expanded into their items.
 */
import { createHash } from "node:crypto";
import * as pulumi from "@pulumi/pulumi";
import * as k8s from "@pulumi/kubernetes";
import { getVersion } from "@pulumi/kubernetes/utilities";
import { EmitError } from "../shared/errors";
import { isKept, objectLabel } from "./chart-hooks";
import { SKIP_AWAIT_ANNOTATION, type KubeObject } from "./manifest-objects";
import { wrapAllLeaves, wrapSecretLeaves } from "./secret-leaves";
import { sortedKeysJson } from "../shared/value";
import { expandLists, groupChildName, meta, objectTypeToken, resourceKey, str } from "./object-keys";

/** The type token of the component that applied a group's objects before they were resources of the Release. */
export const CONFIG_GROUP_TYPE = "kubernetes:yaml/v2:ConfigGroup";

function apiGroup(obj: KubeObject): string {
  const apiVersion = str(obj.apiVersion);
  const slash = apiVersion.lastIndexOf("/");
  return slash < 0 ? "" : apiVersion.slice(0, slash);
}

/** `group/kind/namespace/name`, the identity depends-on references use. */
function identity(group: string, kind: string, namespace: string, name: string): string {
  return `${group}\u0000${kind}\u0000${namespace}\u0000${name}`;
}

const identityOf = (obj: KubeObject): string =>
  identity(apiGroup(obj), str(obj.kind), str(meta(obj).namespace), str(meta(obj).name));

/** The objects a `config.kubernetes.io/depends-on` annotation names (`group/namespaces/ns/kind/name` or `group/kind/name`). */
function dependsOnAnnotation(obj: KubeObject, releaseId: string): string[] {
  const annotations = meta(obj).annotations as Record<string, unknown> | undefined;
  const value = annotations?.["config.kubernetes.io/depends-on"];
  if (typeof value !== "string" || value.trim() === "") return [];
  return value.split(",").map((ref) => {
    const parts = ref.trim().split("/");
    if (parts.length === 5 && parts[1] === "namespaces")
      return identity(parts[0] ?? "", parts[3] ?? "", parts[2] ?? "", parts[4] ?? "");
    if (parts.length === 3) return identity(parts[0] ?? "", parts[1] ?? "", "", parts[2] ?? "");
    throw new EmitError(
      "EMIT_BAD_MANIFEST",
      `release ${releaseId}: ${objectLabel(obj)} has a config.kubernetes.io/depends-on reference that is not an object reference`,
      {
        keyPath: ["metadata", "annotations", "config.kubernetes.io/depends-on"],
        expected: "<group>/namespaces/<namespace>/<kind>/<name> or <group>/<kind>/<name>",
        found: ref.trim(),
      },
    );
  });
}

/**
 * The objects of one group in registration order, each with the indexes (into that order) of
 * the objects it depends on; a dependency cycle is an error naming an object on it.
 */
export function orderGroup(
  objs: readonly KubeObject[],
  releaseId: string,
): Array<{ obj: KubeObject; deps: number[] }> {
  const index = new Map<string, number>();
  objs.forEach((o, i) => index.set(identityOf(o), i));
  const edges = objs.map((o) => {
    const refs = dependsOnAnnotation(o, releaseId);
    const ns = str(meta(o).namespace);
    if (ns !== "") refs.push(identity("", "Namespace", "", ns));
    return [...new Set(refs.map((r) => index.get(r)).filter((i): i is number => i !== undefined))];
  });
  const position = new Map<number, number>();
  const order: number[] = [];
  const state = new Array<0 | 1 | 2>(objs.length).fill(0);
  const visit = (i: number): void => {
    if (state[i] === 2) return;
    if (state[i] === 1) {
      throw new EmitError(
        "EMIT_BAD_MANIFEST",
        `release ${releaseId}: ${objectLabel(objs[i] ?? {})} is on a dependency cycle (namespaces and config.kubernetes.io/depends-on)`,
      );
    }
    state[i] = 1;
    for (const d of edges[i] ?? []) if (d !== i) visit(d);
    state[i] = 2;
    position.set(i, order.length);
    order.push(i);
  };
  for (let i = 0; i < objs.length; i++) visit(i);
  return order.map((i) => ({
    obj: objs[i] ?? {},
    deps: (edges[i] ?? []).filter((d) => d !== i).map((d) => position.get(d) ?? 0),
  }));
}

/** Options of {@link objectResources}. */
export interface ObjectResourceOptions extends pulumi.CustomResourceOptions {
  /** Texts that make a string field secret where they occur (src/emit/secret-leaves.ts). */
  readonly secretNeedles: readonly string[];
  /** The manifest is secret and which parts are is not known: every scalar field but the identity is secret. */
  readonly allSecret: boolean;
  /** Set `pulumi.com/skipAwait` on every object (what a ConfigGroup's `skipAwait` does). */
  readonly skipAwait: boolean;
  /** Also skip awaiting Jobs (helm's `--wait` without `--wait-for-jobs` does not wait for them). */
  readonly skipAwaitJobs?: boolean;
  /** How long Pulumi awaits each awaited object (`pulumi.com/timeoutSeconds`): helm's `--timeout`. */
  readonly timeoutSeconds?: number;
  /** Names the release in errors. */
  readonly releaseId: string;
}

/** What each object resource stands for (`Release.object` finds a release's objects by it). */
export interface ObjectIdentity {
  readonly apiVersion: string;
  readonly kind: string;
  readonly name: string;
  /** Empty for a cluster-scoped object. */
  readonly namespace: string;
}

const IDENTITIES = new WeakMap<pulumi.Resource, ObjectIdentity>();

/** The object a resource made by {@link objectResources} stands for; undefined for any other resource. */
export function objectIdentity(resource: pulumi.Resource): ObjectIdentity | undefined {
  return IDENTITIES.get(resource);
}

/** A Kubernetes object of a kind the Kubernetes SDK has no class for (a custom resource). */
class KubeObjectResource extends pulumi.CustomResource {}

type ObjectClass = new (
  name: string,
  args: pulumi.Inputs,
  opts: pulumi.CustomResourceOptions,
) => pulumi.CustomResource;

const TYPED_CLASSES = new Map<string, ObjectClass | undefined>();

/**
 * The Kubernetes SDK's class for the object's kind (`k8s.apps.v1.Deployment`), when it has one:
 * it brings the kind's aliases to the type tokens of its former API versions (a PodDisruptionBudget
 * moving from policy/v1beta1 to policy/v1 is updated, not replaced) and marks a Secret's data
 * secret, as the ConfigGroup's typed registration does. Its module is the group's first label.
 */
function typedClass(obj: KubeObject, token: string): ObjectClass | undefined {
  if (TYPED_CLASSES.has(token)) return TYPED_CLASSES.get(token);
  const apiVersion = str(obj.apiVersion);
  const slash = apiVersion.lastIndexOf("/");
  const group = slash < 0 ? "" : apiVersion.slice(0, slash);
  const module = group === "" ? "core" : (group.split(".")[0] ?? "");
  const version = apiVersion.slice(slash + 1);
  const sdk = k8s as unknown as Record<
    string,
    Record<string, Record<string, unknown> | undefined> | undefined
  >;
  const candidate = Object.hasOwn(sdk, module) ? sdk[module]?.[version]?.[str(obj.kind)] : undefined;
  const found =
    typeof candidate === "function" && (candidate as { __pulumiType?: unknown }).__pulumiType === token
      ? (candidate as ObjectClass)
      : undefined;
  TYPED_CLASSES.set(token, found);
  return found;
}

/**
 * Runs `f` (a resource's construction) with stack traces reduced to nothing. The SDK records
 * the whole call stack of every registration in the state (about 1 KB per object) and builds it
 * for each of its promises; for these resources it would point into this library, never into
 * the user's helmfile, so it is not captured at all.
 */
export function withoutStackTraces<T>(f: () => T): T {
  const previous = Error.prepareStackTrace;
  Error.prepareStackTrace = () => "";
  try {
    return f();
  } finally {
    Error.prepareStackTrace = previous;
  }
}

const IDENTITY = new Set(["apiVersion", "kind", "metadata"]);
const secretLeaf = (v: unknown): pulumi.Output<unknown> => pulumi.secret(v);

/**
 * The object as the resource's inputs: strings that carry a secret are secret (in `metadata` too,
 * but for its name and namespace); with `allSecret`, every scalar outside the identity is.
 */
export function secretInputs(
  obj: KubeObject,
  needles: readonly string[],
  allSecret: boolean,
  wrap: (leaf: unknown) => unknown = secretLeaf,
): pulumi.Inputs {
  const out: pulumi.Inputs = {};
  for (const [k, v] of Object.entries(obj)) {
    if (k === "metadata" && v !== null && typeof v === "object" && !Array.isArray(v)) {
      const m: Record<string, unknown> = {};
      for (const [mk, mv] of Object.entries(v))
        m[mk] = mk === "name" || mk === "namespace" ? mv : wrapSecretLeaves(mv, needles, wrap);
      out[k] = m;
    } else if (IDENTITY.has(k)) out[k] = v;
    else out[k] = allSecret ? wrapAllLeaves(v, wrap) : wrapSecretLeaves(v, needles, wrap);
  }
  return out;
}

/**
 * The object without top-level fields the API server stores as absent: null ones, and for a
 * built-in kind empty lists (a ClusterRole's `rules: []` comes back as no rules) and empty
 * `data`/`stringData`/`binaryData` maps (a Secret's `data: {}`). Sent as they
 * are, the Kubernetes provider diffs them against the live object as an addition on every
 * preview after `up` (pulumi/pulumi-kubernetes#3538); what the server stores is the same either
 * way. A custom resource keeps its empty lists: its schema decides what they mean.
 */
const DATA_MAPS = new Set(["data", "stringData", "binaryData"]);

export function withoutEmptyTopLevel(obj: KubeObject, builtIn: boolean): KubeObject {
  let out: KubeObject | undefined;
  for (const [k, v] of Object.entries(obj)) {
    if (IDENTITY.has(k)) continue;
    const empty =
      builtIn &&
      ((Array.isArray(v) && v.length === 0) ||
        (DATA_MAPS.has(k) && typeof v === "object" && v !== null && Object.keys(v).length === 0));
    if (v === null || v === undefined || empty) {
      out ??= { ...obj };
      delete out[k];
    }
  }
  return out ?? obj;
}

/** How an object is registered: its resource's type, name and inputs (secret leaves not yet marked). */
interface Registered {
  readonly type: string;
  readonly name: string;
  readonly sent: KubeObject;
  readonly Typed: ObjectClass | undefined;
}

/** How {@link objectResources} registers `obj` of group `group` (pure: no resource is made). */
function registered(
  group: string,
  obj: KubeObject,
  options: Pick<ObjectResourceOptions, "skipAwait" | "skipAwaitJobs" | "timeoutSeconds" | "releaseId">,
): Registered {
  if (str(meta(obj).name) === "") {
    throw new EmitError(
      "EMIT_BAD_MANIFEST",
      `release ${options.releaseId}: a ${str(obj.kind) || "document"} has no name`,
      {
        keyPath: ["metadata", "name"],
        expected: "a name",
        found: JSON.stringify(obj).slice(0, 80),
      },
    );
  }
  const m = meta(obj);
  const annotations = (m.annotations ?? {}) as Record<string, unknown>;
  const skip = options.skipAwait || (options.skipAwaitJobs === true && obj.kind === "Job");
  const awaitAnnotations: Record<string, string> = skip
    ? { [SKIP_AWAIT_ANNOTATION]: "true" }
    : options.timeoutSeconds === undefined
      ? {}
      : { "pulumi.com/timeoutSeconds": String(options.timeoutSeconds) };
  const inputs: KubeObject =
    Object.keys(awaitAnnotations).length > 0
      ? { ...obj, metadata: { ...m, annotations: { ...annotations, ...awaitAnnotations } } }
      : obj;
  const type = objectTypeToken(obj);
  const Typed = typedClass(obj, type);
  return {
    type,
    name: groupChildName(group, obj),
    sent: withoutEmptyTopLevel(inputs, Typed !== undefined),
    Typed,
  };
}

const SECRET_MARK = "\u0000secret";

/**
 * Per resource ({@link resourceKey}), a digest of what {@link objectResources} registers for
 * each object of the group (its type, name, inputs with their secret leaves marked, and whether it is retained on
 * delete), with `context` (what else the resources are made with: parent, provider, code). Two
 * equal digests mean the engine is handed the same resource. Pure: no resource is made.
 */
export function objectDigests(
  group: string,
  objs: readonly KubeObject[],
  options: Pick<
    ObjectResourceOptions,
    "skipAwait" | "skipAwaitJobs" | "timeoutSeconds" | "releaseId" | "secretNeedles" | "allSecret"
  >,
  context: string,
): Map<string, string> {
  const out = new Map<string, string>();
  for (const obj of expandLists(objs)) {
    const r = registered(group, obj, options);
    const marked =
      options.allSecret || options.secretNeedles.length > 0
        ? secretInputs(r.sent, options.secretNeedles, options.allSecret, (leaf) => ({ [SECRET_MARK]: leaf }))
        : r.sent;
    const digest = createHash("sha256")
      .update(context)
      .update("\0")
      .update(sortedKeysJson({ type: r.type, name: r.name, inputs: marked, kept: isKept(obj) }))
      .digest("hex")
      .slice(0, 32);
    out.set(resourceKey(r.type, r.name), digest);
  }
  return out;
}

/**
 * The objects of the group `group` as resources whose parent is `release`; `helm.sh/resource-policy:
 * keep` ones are retained on delete. `dependsOn` holds for every object. Objects whose
 * {@link resourceKey} is in `answered` (a preview's, ./release.ts `withAnswered`) are not registered.
 */
export function objectResources(
  release: pulumi.Resource,
  group: string,
  objs: readonly KubeObject[],
  options: ObjectResourceOptions,
  answered?: ReadonlySet<string>,
): pulumi.Resource[] {
  // `opts`: the resource options alone (registered() reads how each object is awaited).
  const {
    secretNeedles,
    allSecret,
    skipAwait,
    skipAwaitJobs,
    timeoutSeconds,
    releaseId,
    dependsOn,
    ...opts
  } = options;
  if (objs.length === 0) return [];
  const oldGroup = pulumi.createUrn(group, CONFIG_GROUP_TYPE, release);
  const version = getVersion();
  const shared = toArray(dependsOn);
  // By position in the registration order (an answered object's position holds undefined).
  const at: Array<pulumi.Resource | undefined> = [];
  const out: pulumi.Resource[] = [];
  for (const { obj, deps } of orderGroup(expandLists(objs), releaseId)) {
    const m = meta(obj);
    const { type, name, sent, Typed } = registered(group, obj, options);
    if (answered?.has(resourceKey(type, name)) === true) {
      at.push(undefined);
      continue;
    }
    const within = deps.map((d) => at[d]).filter((r): r is pulumi.Resource => r !== undefined);
    const allDeps = [...shared, ...within];
    const args = allSecret || secretNeedles.length > 0 ? secretInputs(sent, secretNeedles, allSecret) : sent;
    const resourceOpts: pulumi.CustomResourceOptions = {
      ...opts,
      parent: release,
      version,
      aliases: [{ parent: oldGroup }],
      ...(allDeps.length === 0 ? {} : { dependsOn: allDeps }),
      ...(isKept(obj) ? { retainOnDelete: true } : {}),
    };
    const made = withoutStackTraces(() => construct(Typed, type, name, args, resourceOpts, obj, releaseId));
    IDENTITIES.set(made, {
      apiVersion: str(obj.apiVersion),
      kind: str(obj.kind),
      name: str(m.name),
      namespace: str(m.namespace),
    });
    at.push(made);
    out.push(made);
  }
  return out;
}

/**
 * One object's resource; what the SDK's class refuses (`Missing required property 'spec'`) is an
 * error of the release's manifest, naming the object.
 */
function construct(
  Typed: ObjectClass | undefined,
  type: string,
  name: string,
  args: pulumi.Inputs,
  opts: pulumi.CustomResourceOptions,
  obj: KubeObject,
  releaseId: string,
): pulumi.CustomResource {
  if (Typed === undefined) return new KubeObjectResource(type, name, args, opts);
  try {
    return new Typed(name, args, opts);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const field = /^Missing required property '([^']+)'$/.exec(message)?.[1];
    throw new EmitError("EMIT_BAD_MANIFEST", `release ${releaseId}: ${objectLabel(obj)}: ${message}`, {
      ...(field === undefined ? {} : { keyPath: [field], expected: `a ${field}`, found: "none" }),
    });
  }
}

/** A `dependsOn` option as a list. */
export function toArray(
  d: pulumi.Input<pulumi.Input<pulumi.Resource>[]> | pulumi.Input<pulumi.Resource> | undefined,
): pulumi.Input<pulumi.Resource>[] {
  if (d === undefined) return [];
  return Array.isArray(d) ? (d as pulumi.Input<pulumi.Resource>[]) : [d as pulumi.Input<pulumi.Resource>];
}
