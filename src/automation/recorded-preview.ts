/**
 * An unchanged `preview` answered from the stack's record, without an engine run, as `helmfile
 * diff` compares each release with what helm recorded of it.
 *
 * Each Release records, once every resource it made has been applied, the digest of everything
 * those resources were made from (src/emit/registration-digest.ts) and how many it made. When the
 * state (`pulumi stack export`) is exactly what the program would register again:
 *
 * - every planned release has a Release whose recorded digest is the one computed now, and as many
 *   descendants in the state as it recorded;
 * - the component has no other children than those Releases and the Namespaces and providers it
 *   makes, and its inputs and the stack's `releaseIds` output are the ones it would register;
 * - nothing else is in the state (but the stack and Pulumi's default providers), nothing is pending
 *   (an interrupted operation, a resource to delete or replace);
 *
 * - each Release's resources are as they were applied: the fingerprint of their ids and
 *   `resourceVersion`s it recorded is the one of their outputs in the state;
 *
 * every resource's step would be `same`, and the preview says so. Anything else (a changed value or
 * chart, a release added or removed, an `up` that failed part-way, a resource deleted from the
 * state, a `refresh` that found an object changed) runs the engine as before. Like `helmfile diff`,
 * this compares with the record, not the live objects: drift no `refresh` has seen shows in neither
 * (docs/differences-from-helmfile.md).
 */
import type { ReleaseChange } from "./change-summary";
import { resourceKey } from "../emit/object-keys";
import {
  appliedFingerprint,
  appliedVersion,
  recordedRenderOf,
  registrationMatches,
  type RecordedRender,
} from "../emit/registration-digest";
import { sortedKeysJson } from "../shared/value";
import { SECRET_SIGNATURE } from "./redact-events";
import { urnName } from "./selection";

const STACK_TYPE = "pulumi:pulumi:Stack";
const HELMFILE_TYPE = "helmfile:index:Helmfile";
const RELEASE_TYPE = "helmfile:index:Release";
const NAMESPACE_TYPE = "kubernetes:core/v1:Namespace";
const K8S_PROVIDER_TYPE = "pulumi:providers:kubernetes";

/** What the program would register, as far as the comparison needs it. */
export interface ExpectedRegistration {
  /** The component's resource name. */
  readonly component: string;
  /** The component's inputs (its arguments) as the SDK sends them. */
  readonly componentInputs: unknown;
  /** The stack's `releaseIds` output. */
  readonly releaseIds: readonly string[];
  /**
   * Per planned release: the Release's resource name and its registration digests, of the rendered
   * text and of the objects (computed only when the text's is not the one recorded).
   */
  readonly releases: ReadonlyArray<{
    readonly resourceName: string;
    readonly text: string;
    readonly objects: () => string;
  }>;
  readonly namespaceNames: readonly string[];
  readonly providerNames: readonly string[];
}

/**
 * The outcome: every resource `same`; or why the engine must run, with `changed` when everything
 * but some releases is as recorded: the resource names of those releases (the engine need preview
 * only them) and the `same` changes of the others.
 */
export type RecordComparison =
  | { readonly unchanged: true; readonly same: number; readonly releases: ReleaseChange[] }
  | {
      readonly unchanged: false;
      readonly reason: string;
      readonly changed?: { readonly releases: readonly string[]; readonly same: readonly ReleaseChange[] };
    };

interface Res {
  readonly urn: string;
  readonly type: string;
  readonly custom?: boolean;
  readonly id?: string;
  readonly parent?: string;
  readonly inputs?: unknown;
  readonly outputs?: Record<string, unknown>;
  readonly delete?: boolean;
  readonly pendingReplacement?: boolean;
  readonly taint?: boolean;
}

/** A value of the export with its secrets revealed (`{<sig>: …, plaintext: "<json>"}` → the value). */
export function revealed(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(revealed);
  if (v === null || typeof v !== "object") return v;
  const o = v as Record<string, unknown>;
  if (SECRET_SIGNATURE in o) {
    if (typeof o.plaintext !== "string") return { [SECRET_SIGNATURE]: "encrypted" };
    return revealed(JSON.parse(o.plaintext) as unknown);
  }
  return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, revealed(x)]));
}

function sameJson(a: unknown, b: unknown): boolean {
  return sortedKeysJson(a) === sortedKeysJson(b);
}

/** A Kubernetes object's `resourceVersion` in the state's outputs (revealed if secret). */
function resourceVersionOf(r: Res): unknown {
  const metadata = revealed(r.outputs?.metadata);
  return metadata !== null && typeof metadata === "object"
    ? (metadata as Record<string, unknown>).resourceVersion
    : undefined;
}

function isDefaultProvider(r: Res): boolean {
  return r.type.startsWith("pulumi:providers:") && urnName(r.urn).startsWith("default");
}

function setsEqual(a: readonly string[], b: readonly string[]): boolean {
  const x = new Set(a);
  return x.size === new Set(b).size && b.every((v) => x.has(v));
}

/**
 * The renders the stack recorded (src/emit/registration-digest.ts `RecordedRender`), by Release
 * resource name: those of the component's Releases whose `registration` holds one. A release whose
 * render key is the same now is not rendered again by the plan compared with the record.
 */
export function recordedRenders(deployment: unknown, component: string): Map<string, RecordedRender> {
  const out = new Map<string, RecordedRender>();
  const d = deployment as { resources?: unknown } | undefined;
  if (!Array.isArray(d?.resources)) return out;
  const resources = d.resources as Res[];
  const parents = new Set(
    resources.filter((r) => r.type === HELMFILE_TYPE && urnName(r.urn) === component).map((r) => r.urn),
  );
  for (const r of resources) {
    if (r.type !== RELEASE_TYPE || r.parent === undefined || !parents.has(r.parent)) continue;
    const outputs = revealed(r.outputs ?? {}) as Record<string, unknown> | undefined;
    const render = recordedRenderOf(outputs?.registration);
    if (render !== undefined) out.set(urnName(r.urn), render);
  }
  return out;
}

/**
 * The Release among `releases` (by URN) that `r` descends from through its parents, if any.
 */
function owningRelease(
  r: Res,
  releases: ReadonlyMap<string, unknown>,
  parentOf: ReadonlyMap<string, string | undefined>,
): string | undefined {
  let p = r.parent;
  for (let depth = 0; p !== undefined && !releases.has(p) && depth < 64; depth++) p = parentOf.get(p);
  return p !== undefined && releases.has(p) ? p : undefined;
}

/** A resource as the Release's `applied` fingerprint holds it: its URN, with its id and `resourceVersion`. */
const appliedEntry = (r: Res): readonly [string, string] =>
  [r.urn, r.custom === true ? appliedVersion(r.id, resourceVersionOf(r)) : ""] as const;

/** Adds `value` to the list of `key` in `map`. */
function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

/** What {@link recordedObjectDigests} holds of one Release. */
export interface RecordedObjects {
  /** The registration digests of its main objects that the last `up` recorded. */
  readonly digests: ReadonlySet<string>;
  /** The URN of each of its resources (its children) by key (type and name). */
  readonly children: ReadonlyMap<string, string>;
}

/**
 * Of each resource of the state `urns` names, the entry a Release's `applied` fingerprint holds of
 * it (its URN, with its id and `resourceVersion`), as the last `up` applied it.
 */
export function appliedEntries(
  deployment: unknown,
  urns: ReadonlySet<string>,
): Map<string, readonly [string, string]> {
  const out = new Map<string, readonly [string, string]>();
  const d = deployment as { resources?: unknown } | undefined;
  if (!Array.isArray(d?.resources)) return out;
  for (const r of d.resources as Res[]) if (urns.has(r.urn)) out.set(r.urn, appliedEntry(r));
  return out;
}

/**
 * By Release resource name (of the component's Releases), the registration digests of its main
 * objects the last `up` recorded (its `objectDigests` output, src/emit/release.ts
 * `mainObjectDigests`), with the URN of each of its resources by key (type and name,
 * src/emit/object-resources.ts `resourceKey`). Only Releases whose
 * resources are still exactly those that `up` applied: as many as it recorded, with the ids and
 * `resourceVersion`s of its `applied` fingerprint (an `up` that failed part-way, or a `refresh`
 * that found an object changed, leaves the Release's record behind the state: none of its objects
 * is answered then).
 */
export function recordedObjectDigests(deployment: unknown, component: string): Map<string, RecordedObjects> {
  const out = new Map<string, RecordedObjects>();
  const d = deployment as { resources?: unknown } | undefined;
  if (!Array.isArray(d?.resources)) return out;
  const resources = d.resources as Res[];
  const parents = new Set(
    resources.filter((r) => r.type === HELMFILE_TYPE && urnName(r.urn) === component).map((r) => r.urn),
  );
  const releases = new Map(
    resources
      .filter((r) => r.type === RELEASE_TYPE && r.parent !== undefined && parents.has(r.parent))
      .map((r) => [r.urn, r]),
  );
  // Each Release's descendants, as compareWithRecord fingerprints them, and its children by name.
  const parentOf = new Map(resources.map((r) => [r.urn, r.parent]));
  const made = new Map<string, Array<readonly [string, string]>>();
  const children = new Map<string, Map<string, string>>();
  for (const r of resources) {
    const p = owningRelease(r, releases, parentOf);
    if (p === undefined) continue;
    pushTo(made, p, appliedEntry(r));
    if (r.parent === p)
      children.set(
        p,
        (children.get(p) ?? new Map<string, string>()).set(resourceKey(r.type, urnName(r.urn)), r.urn),
      );
  }
  for (const [urn, r] of releases) {
    const outputs = (revealed(r.outputs ?? {}) ?? {}) as Record<string, unknown>;
    const digests = outputs.objectDigests;
    const mine = made.get(urn) ?? [];
    if (typeof digests !== "string" || outputs.resources !== mine.length) continue;
    if (outputs.applied !== appliedFingerprint(mine)) continue;
    out.set(urnName(urn), {
      digests: new Set(digests === "" ? [] : digests.split(",")),
      children: children.get(urn) ?? new Map(),
    });
  }
  return out;
}

/** Compares the stack's last deployment with what the program would register (see the module comment). */
export function compareWithRecord(deployment: unknown, expected: ExpectedRegistration): RecordComparison {
  const no = (reason: string): RecordComparison => ({ unchanged: false, reason });
  const d = deployment as { resources?: unknown; pending_operations?: unknown } | undefined;
  if (Array.isArray(d?.pending_operations) && d.pending_operations.length > 0)
    return no("the state has pending operations");
  if (!Array.isArray(d?.resources)) return no("the state has no resources");
  const resources = d.resources.filter(
    (r): r is Res =>
      typeof r === "object" &&
      r !== null &&
      typeof (r as Res).urn === "string" &&
      typeof (r as Res).type === "string",
  );
  if (resources.some((r) => r.delete === true || r.pendingReplacement === true || r.taint === true))
    return no("the state holds resources to delete or replace");
  const stacks = resources.filter((r) => r.type === STACK_TYPE);
  const stack = stacks[0];
  if (stack === undefined || stacks.length !== 1) return no("the state has no stack resource");
  const components = resources.filter(
    (r) => r.type === HELMFILE_TYPE && r.parent === stack.urn && urnName(r.urn) === expected.component,
  );
  const component = components[0];
  if (component === undefined || components.length !== 1) return no("the state has no Helmfile component");
  if (!sameJson(revealed(component.inputs ?? {}), expected.componentInputs))
    return no("the component's arguments changed");
  if (!sameJson(revealed(stack.outputs?.releaseIds), expected.releaseIds))
    return no("the release list changed");
  const children = resources.filter((r) => r.parent === component.urn);
  const named = (type: string): string[] =>
    children.filter((r) => r.type === type).map((r) => urnName(r.urn));
  if (children.some((r) => ![RELEASE_TYPE, NAMESPACE_TYPE, K8S_PROVIDER_TYPE].includes(r.type)))
    return no("the component has children it would not make");
  if (
    !setsEqual(
      named(RELEASE_TYPE),
      expected.releases.map((r) => r.resourceName),
    )
  )
    return no("releases were added or removed");
  if (!setsEqual(named(NAMESPACE_TYPE), expected.namespaceNames)) return no("the namespaces changed");
  if (!setsEqual(named(K8S_PROVIDER_TYPE), expected.providerNames)) return no("the providers changed");
  // Every other resource must belong to one of the Releases (their descendants).
  const releaseUrns = new Map(children.filter((r) => r.type === RELEASE_TYPE).map((r) => [r.urn, r]));
  const parentOf = new Map(resources.map((r) => [r.urn, r.parent]));
  const descendants = new Map<string, Array<readonly [string, string]>>();
  for (const r of resources) {
    if (r === stack || r === component || r.parent === component.urn || isDefaultProvider(r)) continue;
    const p = owningRelease(r, releaseUrns, parentOf);
    if (p === undefined) return no(`${urnName(r.urn)} is not a resource of a release`);
    pushTo(descendants, p, appliedEntry(r));
  }
  const releases: ReleaseChange[] = [];
  const changed: Array<{ name: string; reason: string }> = [];
  const prefix = `${expected.component}-`;
  for (const want of expected.releases) {
    const r = children.find((c) => c.type === RELEASE_TYPE && urnName(c.urn) === want.resourceName);
    if (r === undefined) return no(`release ${want.resourceName} is not in the state`);
    const outputs = (revealed(r.outputs ?? {}) ?? {}) as Record<string, unknown>;
    const made = descendants.get(r.urn) ?? [];
    const differs = !registrationMatches(outputs.registration, want.text, want.objects)
      ? "changed"
      : outputs.resources !== made.length
        ? ": the state lacks some of its resources"
        : outputs.applied !== appliedFingerprint(made)
          ? ": its resources changed since they were applied (a refresh)"
          : undefined;
    if (differs !== undefined) {
      changed.push({
        name: want.resourceName,
        reason: `release ${want.resourceName}${differs === "changed" ? " changed" : differs}`,
      });
      continue;
    }
    const name = want.resourceName;
    releases.push({
      release: name.startsWith(prefix) ? name.slice(prefix.length) : name,
      urn: r.urn,
      op: "same",
      changedInputs: [],
      valuesChanges: [],
      childSteps: {},
    });
  }
  const first = changed[0];
  if (first !== undefined)
    return {
      unchanged: false,
      reason: changed.map((c) => c.reason).join("; "),
      changed: { releases: changed.map((c) => c.name), same: releases },
    };
  return { unchanged: true, same: resources.filter((r) => !isDefaultProvider(r)).length, releases };
}
