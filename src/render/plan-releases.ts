/**
 * Orders releases like helmfile's DAG (pkg/state/state_run.go PlanReleases, on
 * github.com/variantdev/dag): the plan covers every release of the state (unselected and
 * `installed: false` ones too), batches where every release comes after the releases it
 * `needs`, declaration order inside a batch; then only the given releases are kept. A need
 * naming no release of the state fails as in helmfile, and so does, on request, a selected
 * release needing one the selectors left out.
 */
import { RenderError } from "../shared/errors";
import type { DagNode, PreparedRelease } from "../shared/model";

/** Options of {@link planReleases}. */
export interface PlanReleasesOptions {
  /** Ids of the selected releases (`installed: false` ones too): the DAG's `Only`. Default: `releases`. */
  readonly selected?: readonly string[];
  /**
   * `--skip-needs=false` without `--include-needs`: fail when a selected release needs a release
   * the selectors left out, whether that one is installed or not. Default false.
   */
  readonly requireSelectedNeeds?: boolean;
}

/**
 * The given releases in dependency-first order. `nodes`: all releases of the state (default:
 * the given ones). Throws `NEEDS_UNDEFINED` for an undefined need, `NEEDS_CYCLE` on a cycle
 * and (see {@link PlanReleasesOptions.requireSelectedNeeds}) `NEEDS_NOT_SELECTED`.
 */
export function planReleases(
  releases: readonly PreparedRelease[],
  nodes: readonly DagNode[] = releases,
  options: PlanReleasesOptions = {},
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
  const batches: DagNode[][] = [];
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
    batches.push(batch);
  }
  if (options.requireSelectedNeeds === true) {
    checkSelectedNeeds(batches, nodes, new Set(options.selected ?? releases.map((r) => r.id)));
  }
  return [...releases].sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}

/**
 * The DAG's check for a plan without dependencies: from the deepest batch up, the first release
 * outside the selection that a selected release needs directly is reported, with all such
 * selected dependents sorted by id.
 */
function checkSelectedNeeds(
  batches: readonly DagNode[][],
  nodes: readonly DagNode[],
  selected: ReadonlySet<string>,
): void {
  for (let k = batches.length - 1; k >= 0; k--) {
    for (const node of batches[k] ?? []) {
      if (selected.has(node.id)) continue;
      const dependents = [
        ...new Set(nodes.filter((d) => selected.has(d.id) && d.needs.includes(node.id)).map((d) => d.id)),
      ].sort();
      if (dependents.length === 0) continue;
      const quoted = dependents.map((d) => `"${d}"`);
      const who =
        quoted.length < 3
          ? quoted.join(" and ")
          : `${quoted.slice(0, -1).join(", ")}, and ${quoted[quoted.length - 1] ?? ""}`;
      const name = node.id.split("/").pop() ?? node.id;
      throw new RenderError(
        "NEEDS_NOT_SELECTED",
        `release ${who} ${quoted.length === 1 ? "depends" : "depend"} on "${node.id}" which does not match the selectors. ` +
          `Please add a selector like "--selector name=${name}", or indicate whether to skip (--skip-needs) or include (--include-needs) these dependencies`,
      );
    }
  }
}
