/**
 * When an `up` may apply only the releases that differ from the stack's record (./operations.ts
 * `fromRecord`), and which others it applies with them: the rest are excluded from the engine, as
 * `up -l` excludes unselected releases (docs/component.md, "An `up` of what changed"). Pure: decided
 * on the plan compared with the record.
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
 * The releases as recorded that have a render key to record which their Release does not hold
 * (their last `up` rendered them before the CRDs it applied were served, or as an install whose
 * render could not record one, or the cluster's version changed), by resource name. An `up` of the
 * changed releases applies these too (each of their steps `same`), so that their Release records
 * the key and the next previews take their render from the record instead of rendering them every
 * time.
 */
export function keysToRecord(
  planned: Pick<HelmfilePlan, "plans">,
  changedNames: readonly string[],
): string[] {
  const changed = new Set(changedNames);
  return planned.plans
    .filter(
      (p) => !changed.has(p.resourceName) && p.recordedRender === undefined && p.renderKey !== undefined,
    )
    .map((p) => p.resourceName);
}

/** Whether a deployment holds the Helmfile component: only then is an `up` compared with its record. */
export function holdsComponent(deployment: unknown): boolean {
  const resources = (deployment as { resources?: unknown } | undefined)?.resources;
  return (
    Array.isArray(resources) &&
    resources.some((r) => (r as { type?: unknown } | null)?.type === "helmfile:index:Helmfile")
  );
}
