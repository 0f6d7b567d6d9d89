/**
 * Orders releases like helmfile's DAG (pkg/state/state_run.go PlanReleases): the plan covers
 * every release of the state (unselected and `installed: false` ones too), batches where every
 * release comes after the releases it `needs`, declaration order inside a batch; then only the
 * given releases are kept. A need naming no release of the state fails as in helmfile.
 */
import { RenderError } from "../shared/errors";
import type { DagNode, PreparedRelease } from "../shared/model";

/**
 * The given releases in dependency-first order. `nodes`: all releases of the state (default:
 * the given ones). Throws `NEEDS_CYCLE` on a cycle and `NEEDS_UNDEFINED` for an undefined need.
 */
export function planReleases(
  releases: readonly PreparedRelease[],
  nodes: readonly DagNode[] = releases,
): PreparedRelease[] {
  const ids = new Set(nodes.map((n) => n.id));
  for (const n of nodes) {
    const missing = n.needs.find((need) => !ids.has(need));
    if (missing === undefined) continue;
    const dependents = nodes.filter((d) => d.needs.includes(missing)).map((d) => `"${d.id}"`);
    const name = missing.split("/").pop() ?? missing;
    throw new RenderError(
      "NEEDS_UNDEFINED",
      `release(s) ${dependents.join(", ")} depend(s) on an undefined release "${missing}". Perhaps you made a typo in "needs" or forgot defining a release named "${name}" with appropriate "namespace" and "kubeContext"?`,
    );
  }
  const order = new Map<string, number>();
  const pending = new Set(nodes);
  while (pending.size > 0) {
    const batch = [...pending].filter((r) => r.needs.every((n) => n === r.id || order.has(n)));
    if (batch.length === 0) {
      const names = [...pending].map((r) => r.id).join(", ");
      throw new RenderError("NEEDS_CYCLE", `releases depend on each other in a cycle: ${names}`, {
        found: names,
      });
    }
    for (const r of batch) {
      pending.delete(r);
      if (!order.has(r.id)) order.set(r.id, order.size);
    }
  }
  return [...releases].sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}
