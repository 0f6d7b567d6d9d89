/**
 * `needs:` sanity: a cycle among a state's releases can never be planned, so it is refused
 * at load time with the chain that closes it.
 */
import { LoadError } from "../shared/errors";
import { releaseId } from "./release-prepare";
import type { ReleaseSpec } from "./schema";

/** Throws `LOAD_CYCLIC_NEEDS` when the (normalised) needs of `releases` form a cycle. */
export function checkNeedsCycles(releases: readonly ReleaseSpec[], file: string): void {
  const byId = new Map<string, ReleaseSpec>();
  for (const r of releases) byId.set(releaseId(r), r);
  const state = new Map<string, "visiting" | "done">();
  const visit = (id: string, chain: string[]): void => {
    const s = state.get(id);
    if (s === "done") return;
    if (s === "visiting") {
      const cycle = [...chain.slice(chain.indexOf(id)), id];
      throw new LoadError("LOAD_CYCLIC_NEEDS", `cyclic needs detected: ${cycle.join(" -> ")}`, {
        file,
        found: cycle.join(" -> "),
      });
    }
    state.set(id, "visiting");
    for (const n of byId.get(id)?.needs ?? []) if (byId.has(n)) visit(n, [...chain, id]);
    state.set(id, "done");
  };
  for (const id of byId.keys()) visit(id, []);
}
