/**
 * When an `up` may apply only the releases that differ from the stack's record (./operations.ts
 * `fromRecord`): the others are excluded from the engine, as `up -l` excludes unselected releases
 * (docs/component.md, "An `up` of what changed"). Pure: decided on the plan compared with the record.
 */
import type { HelmfilePlan } from "../emit/plan-helmfile";

/**
 * Whether a release as recorded needs (through `needs`, at any depth) one of the changed ones. An
 * `up` of only the changed releases excludes the others from the engine, and the engine keeps what an
 * excluded resource depends on: an object such a changed release no longer renders would not be
 * deleted. That `up` then runs over every release.
 */
export function neededByUnchanged(
  planned: Pick<HelmfilePlan, "plans">,
  changedNames: readonly string[],
): boolean {
  const changed = new Set(changedNames);
  const needs = new Map(planned.plans.map((p) => [p.resourceName, p.needs] as const));
  const reaches = (name: string, seen: Set<string>): boolean =>
    (needs.get(name) ?? []).some((n) => changed.has(n) || (!seen.has(n) && (seen.add(n), reaches(n, seen))));
  return planned.plans.some((p) => !changed.has(p.resourceName) && reaches(p.resourceName, new Set()));
}

/**
 * Whether a release as recorded has a render key to record that its Release does not hold yet
 * (its last `up` was an install whose render could not record one, or the cluster's version
 * changed): an `up` over it records that key, so the next previews take its render from the record
 * instead of rendering it every time. That `up` then runs over every release, as before.
 */
export function keyToRecord(planned: Pick<HelmfilePlan, "plans">, changedNames: readonly string[]): boolean {
  const changed = new Set(changedNames);
  return planned.plans.some(
    (p) => !changed.has(p.resourceName) && p.recordedRender === undefined && p.renderKey !== undefined,
  );
}

/** Whether a deployment holds the Helmfile component: only then is an `up` compared with its record. */
export function holdsComponent(deployment: unknown): boolean {
  const resources = (deployment as { resources?: unknown } | undefined)?.resources;
  return (
    Array.isArray(resources) &&
    resources.some((r) => (r as { type?: unknown } | null)?.type === "helmfile:index:Helmfile")
  );
}
