/**
 * Orders releases like helmfile's DAG: batches where every release comes after the releases
 * it `needs` (among the given ones), declaration order inside a batch. Needs that name no
 * given release are ignored here (the loader reports unselected or missing needs).
 */
import { RenderError } from "../shared/errors";
import type { PreparedRelease } from "../shared/model";

/** Releases in dependency-first order; throws `NEEDS_CYCLE` on a cycle. */
export function planReleases(releases: readonly PreparedRelease[]): PreparedRelease[] {
  const byId = new Map<string, PreparedRelease>();
  for (const r of releases) byId.set(r.id, r);
  const pending = new Set(releases);
  const done = new Set<PreparedRelease>();
  const out: PreparedRelease[] = [];
  while (pending.size > 0) {
    const batch = [...pending].filter((r) =>
      r.needs.every((n) => {
        const dep = byId.get(n);
        return dep === undefined || dep === r || done.has(dep);
      }),
    );
    if (batch.length === 0) {
      const names = [...pending].map((r) => r.id).join(", ");
      throw new RenderError("NEEDS_CYCLE", `releases depend on each other in a cycle: ${names}`, {
        found: names,
      });
    }
    for (const r of batch) {
      pending.delete(r);
      done.add(r);
      out.push(r);
    }
  }
  return out;
}
