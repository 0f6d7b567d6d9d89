/**
 * Chart hooks (`helm.sh/hook` annotations) for mode `manifests`: the objects of a release split
 * into helm's phases, so Pulumi can apply them in helm's order.
 *
 * - `pre-install`/`pre-upgrade` hooks come before the release's other objects and
 *   `post-install`/`post-upgrade` hooks after them, each phase sorted as helm sorts hooks
 *   (`helm.sh/hook-weight` ascending, then name; equal ones keep manifest order);
 * - `test` hooks (`test`, `test-success`, `test-failure`) are never applied: they belong to `helm test`;
 * - hooks only for events Pulumi cannot run (`pre-delete`, `post-delete`, `pre-rollback`,
 *   `post-rollback`) are not applied and produce a warning naming the object; an object that also
 *   has an install/upgrade event is applied in that phase, with a warning for the rest;
 * - `helm.sh/resource-policy: keep` marks objects Pulumi must retain when it deletes them.
 *
 * Pure: no Pulumi import; src/emit/release.ts turns the phases into resources.
 */
import { groupKind, isClusterScopedBuiltin, someObject, type KubeObject } from "./manifest-objects";

/** One hook object with its events, weight and delete policies. */
export interface HookObject {
  readonly obj: KubeObject;
  /** `helm.sh/hook` entries. */
  readonly events: readonly string[];
  readonly weight: number;
  /** `helm.sh/hook-delete-policy` entries; helm's default is `before-hook-creation`. */
  readonly deletePolicies: readonly string[];
}

/** The objects of a release by phase. */
export interface ChartHookPhases {
  /** pre-install / pre-upgrade hooks, in helm's order. */
  readonly pre: readonly HookObject[];
  /** Every object that is not a hook. */
  readonly main: readonly KubeObject[];
  /** post-install / post-upgrade hooks, in helm's order. */
  readonly post: readonly HookObject[];
  /** One message per object (or part of one) that is not applied as helm would. */
  readonly warnings: readonly string[];
}

const PRE = new Set(["pre-install", "pre-upgrade"]);
const POST = new Set(["post-install", "post-upgrade"]);
const TEST = new Set(["test", "test-success", "test-failure"]);
const UNSUPPORTED = new Set(["pre-delete", "post-delete", "pre-rollback", "post-rollback"]);

function annotations(obj: KubeObject): Record<string, unknown> {
  const metadata = obj.metadata as Record<string, unknown> | undefined;
  const a = metadata?.annotations;
  return a !== null && typeof a === "object" && !Array.isArray(a) ? (a as Record<string, unknown>) : {};
}

const list = (v: unknown): string[] =>
  typeof v === "string"
    ? v
        .split(",")
        .map((s) => s.trim())
        .filter((s) => s !== "")
    : [];

/** A hook of `helm test` alone (every `helm.sh/hook` event a test event): `helm install` never installs it. */
export function isTestOnlyHook(obj: KubeObject): boolean {
  const events = list(annotations(obj)["helm.sh/hook"]);
  return events.length > 0 && events.every((e) => TEST.has(e));
}

/** `kind namespace/name` as messages name an object. */
export function objectLabel(obj: KubeObject): string {
  const metadata = (obj.metadata ?? {}) as Record<string, unknown>;
  const ns =
    typeof metadata.namespace === "string" && metadata.namespace !== "" ? `${metadata.namespace}/` : "";
  return `${typeof obj.kind === "string" ? obj.kind : "object"} ${ns}${typeof metadata.name === "string" ? metadata.name : ""}`;
}

function nameOf(obj: KubeObject): string {
  const n = (obj.metadata as Record<string, unknown> | undefined)?.name;
  return typeof n === "string" ? n : "";
}

/** helm's `hook-weight`: strconv.Atoi, 0 when absent or not an integer. */
function weightOf(value: unknown): number {
  if (typeof value !== "string" || !/^[+-]?\d+$/.test(value.trim())) return 0;
  return Number.parseInt(value.trim(), 10);
}

/** True when the object is annotated `helm.sh/resource-policy: keep`. */
export function isKept(obj: KubeObject): boolean {
  return annotations(obj)["helm.sh/resource-policy"] === "keep";
}

/**
 * True when a rendered manifest has an object annotated `helm.sh/resource-policy: keep` that lives
 * in a namespace (a kept CRD or ClusterRole is in none: its release's namespace may go).
 */
export function hasKeptObjects(manifest: string): boolean {
  try {
    return someObject(manifest, "helm.sh/resource-policy", (o) => isKept(o) && !isClusterScopedBuiltin(o));
  } catch {
    // Not valid YAML: the release fails when it is applied, naming the document.
    return false;
  }
}

function byHelmHookOrder(hooks: HookObject[]): HookObject[] {
  return hooks
    .map((h, i) => ({ h, i }))
    .sort((a, b) => {
      if (a.h.weight !== b.h.weight) return a.h.weight - b.h.weight;
      const an = nameOf(a.h.obj);
      const bn = nameOf(b.h.obj);
      return an < bn ? -1 : an > bn ? 1 : a.i - b.i;
    })
    .map((x) => x.h);
}

/** Splits a release's (non-CRD) objects into helm's hook phases; `releaseId` names them in warnings. */
export function chartHookPhases(objects: readonly KubeObject[], releaseId: string): ChartHookPhases {
  const pre: HookObject[] = [];
  const post: HookObject[] = [];
  const main: KubeObject[] = [];
  const warnings: string[] = [];
  for (const obj of objects) {
    const a = annotations(obj);
    const events = list(a["helm.sh/hook"]);
    if (events.length === 0) {
      main.push(obj);
      continue;
    }
    const hook: HookObject = {
      obj,
      events,
      weight: weightOf(a["helm.sh/hook-weight"]),
      deletePolicies: list(a["helm.sh/hook-delete-policy"]),
    };
    const isPre = events.some((e) => PRE.has(e));
    const isPost = events.some((e) => POST.has(e));
    if (isPre) pre.push(hook);
    if (isPost && !isPre) post.push(hook);
    const label = `release ${releaseId}: chart hook ${objectLabel(obj)}`;
    if (isPre && isPost)
      warnings.push(
        `${label} is both a pre and a post hook; it is applied once, before the release's objects`,
      );
    const unsupported = events.filter((e) => UNSUPPORTED.has(e));
    if (unsupported.length > 0) {
      warnings.push(
        isPre || isPost
          ? `${label}: its ${unsupported.join(", ")} event cannot run in mode manifests and is ignored`
          : `${label} (${unsupported.join(", ")}) cannot run in mode manifests and is not applied`,
      );
    }
    const unknown = events.filter((e) => !PRE.has(e) && !POST.has(e) && !TEST.has(e) && !UNSUPPORTED.has(e));
    if (unknown.length > 0 && !isPre && !isPost)
      warnings.push(`${label} has unknown hook events (${unknown.join(", ")}) and is not applied`);
  }
  return { pre: byHelmHookOrder(pre), main, post: byHelmHookOrder(post), warnings };
}

/** True when the hook has an install or upgrade event of the phase. */
export function runsInPhase(hook: HookObject, phase: "pre" | "post"): boolean {
  return hook.events.some((e) => (phase === "pre" ? PRE : POST).has(e));
}

/**
 * True when helm runs the hook on upgrades (`pre-upgrade` in the pre phase, `post-upgrade` in the
 * post phase); an install-only hook runs once, at install.
 */
export function runsOnUpgrade(hook: HookObject, phase: "pre" | "post"): boolean {
  return hook.events.includes(phase === "pre" ? "pre-upgrade" : "post-upgrade");
}

/**
 * True when every upgrade deletes and creates the hook again: an upgrade hook whose delete
 * policy is `before-hook-creation` (helm's default when none is given). Without that policy helm 4
 * applies the hook over the object left from the last run (server-side apply: changed only where
 * the chart changed it) and helm 3 fails on it ("already exists").
 */
export function recreatedOnUpgrade(hook: HookObject, phase: "pre" | "post"): boolean {
  return (
    runsOnUpgrade(hook, phase) &&
    (hook.deletePolicies.length === 0 || hook.deletePolicies.includes("before-hook-creation"))
  );
}

/** Kinds whose hooks helm waits for (`WatchUntilReady`: a Job until it completes, a Pod until it succeeds). */
const WAITED_KINDS = new Set(["batch/Job", "/Pod"]);
/** Kinds other objects may need to exist first (a namespace to be in, a type to be of). */
const PREREQUISITE_KINDS = new Set(["/Namespace", "apiextensions.k8s.io/CustomResourceDefinition"]);

/**
 * True when helm creates the hook and goes straight on to the next one, neither waiting for it
 * (only Jobs and Pods are waited for) nor having later hooks depend on its being there first
 * (a Namespace or a CRD may be what they are in or of): such hooks side by side are created as
 * one step, in any order, with the same result.
 */
export function appliedWithoutWaiting(hook: HookObject): boolean {
  const kind = groupKind(hook.obj);
  return !WAITED_KINDS.has(kind) && !PREREQUISITE_KINDS.has(kind);
}

const policy = (hook: HookObject, p: "hook-succeeded" | "hook-failed"): boolean =>
  hook.deletePolicies.includes(p);

/**
 * The hooks helm deletes once every hook of a phase has succeeded: those with `hook-succeeded`,
 * in the reverse of their run order (helm deletes them from the last to the first).
 */
export function deletedOnSuccess(phase: readonly HookObject[]): HookObject[] {
  return phase.filter((h) => policy(h, "hook-succeeded")).reverse();
}

/**
 * The hooks helm deletes when hook `failed` (an index into the phase's run order) fails: that hook
 * when it has `hook-failed`, then the hooks before it that succeeded and have `hook-succeeded`.
 */
export function deletedOnFailure(phase: readonly HookObject[], failed: number): HookObject[] {
  const hook = phase[failed];
  return [
    ...(hook !== undefined && policy(hook, "hook-failed") ? [hook] : []),
    ...phase.slice(0, Math.max(0, failed)).filter((h) => policy(h, "hook-succeeded")),
  ];
}

/** What names one object in the cluster. */
export interface ObjectRef {
  readonly apiVersion: string;
  readonly kind: string;
  readonly name: string;
  /** Absent: cluster-scoped, or the release's namespace. */
  readonly namespace?: string;
}

/** The object's identity, for deleting it. */
export function objectRef(obj: KubeObject): ObjectRef {
  const metadata = (obj.metadata ?? {}) as Record<string, unknown>;
  const ns = metadata.namespace;
  return {
    apiVersion: typeof obj.apiVersion === "string" ? obj.apiVersion : "",
    kind: typeof obj.kind === "string" ? obj.kind : "",
    name: typeof metadata.name === "string" ? metadata.name : "",
    ...(typeof ns === "string" && ns !== "" ? { namespace: ns } : {}),
  };
}
