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

/**
 * Of the resources of the changed releases that the stack's record answers (by URN: their step
 * would be `same`), those an `up` may leave out of the engine's run as well. The engine keeps an
 * excluded resource as the state holds it, with what it depends on there, so each may be left out
 * only if everything it depends on in the state (`dependencies`, `propertyDependencies`,
 * `deletedWith`) is still there after the `up`: another resource left out, or one that `stays`
 * (excluded with the unchanged releases, or registered again under the same URN). A dependency
 * the `up` may delete (an object a chart no longer renders, a chart hook) keeps the resource in.
 */
export function leftOutOfUp<T>(
  deployment: unknown,
  answered: ReadonlyMap<string, T>,
  stays: (urn: string) => boolean,
): Map<string, T> {
  const resources = (deployment as { resources?: unknown } | undefined)?.resources;
  const byUrn = new Map<string, Record<string, unknown>>();
  if (Array.isArray(resources))
    for (const r of resources as Array<Record<string, unknown> | null>)
      if (r !== null && typeof r === "object" && typeof r.urn === "string") byUrn.set(r.urn, r);
  const out = new Map([...answered].filter(([urn]) => byUrn.has(urn)));
  const dependsOn = (r: Record<string, unknown>): unknown[] => [
    ...(Array.isArray(r.dependencies) ? (r.dependencies as unknown[]) : []),
    ...Object.values(
      r.propertyDependencies !== null && typeof r.propertyDependencies === "object"
        ? (r.propertyDependencies as Record<string, unknown>)
        : {},
    ).flatMap((v) => (Array.isArray(v) ? (v as unknown[]) : [v])),
    ...(r.deletedWith === undefined || r.deletedWith === "" ? [] : [r.deletedWith]),
  ];
  // Until nothing more is dropped: a resource kept in may be what another one depends on.
  for (let dropped = true; dropped;) {
    dropped = false;
    for (const urn of [...out.keys()]) {
      const r = byUrn.get(urn);
      const kept =
        r !== undefined && dependsOn(r).every((d) => typeof d === "string" && (out.has(d) || stays(d)));
      if (!kept) {
        out.delete(urn);
        dropped = true;
      }
    }
  }
  return out;
}
