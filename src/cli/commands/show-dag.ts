/**
 * `show-dag`: helmfile's table of deployment groups (app.go printDAG): GROUP, RELEASE (the
 * release id without an empty namespace) and DEPENDENCIES (`needs` as written), a release in
 * the group after the last of its needs, declaration order inside a group; columns as Go's
 * tabwriter (padding 1, spaces), trailing whitespace trimmed.
 */
import { RenderError } from "../../shared/errors";
import type { PreparedRelease } from "../../shared/model";
import type { CliContext } from "../cli-context";
import type { CommandSpec } from "./command-spec";
import { loadForCommand, noMatchExit } from "./no-releases";
import { checkNeedsWithinSelection } from "../state-errors";

/** Go's tabwriter with minwidth 0, padding 1, padchar ' ', and helmfile's trailing-space trim. */
export function tabwriter(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const row of rows)
    row.slice(0, -1).forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, [...cell].length + 1)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => (i < row.length - 1 ? cell.padEnd(widths[i] ?? 0) : cell))
        .join("")
        .replace(/[ \t]+$/, ""),
    )
    .map((l) => `${l}\n`)
    .join("");
}

function rawNeeds(r: PreparedRelease): string[] {
  const needs = r.spec.needs;
  return Array.isArray(needs) ? needs.filter((n): n is string => typeof n === "string") : [];
}

/** The group (1-based) of each release: one after the highest group among its needs. */
export function dagGroups(releases: readonly PreparedRelease[]): Map<PreparedRelease, number> {
  const byId = new Map(releases.map((r) => [r.id, r]));
  const groups = new Map<PreparedRelease, number>();
  const visiting = new Set<PreparedRelease>();
  const groupOf = (r: PreparedRelease): number => {
    const known = groups.get(r);
    if (known !== undefined) return known;
    if (visiting.has(r))
      throw new RenderError(
        "NEEDS_CYCLE",
        `releases depend on each other in a cycle: ${[...visiting].map((x) => x.id).join(", ")}`,
      );
    visiting.add(r);
    let g = 1;
    for (const n of r.needs) {
      const dep = byId.get(n);
      if (dep !== undefined && dep !== r) g = Math.max(g, groupOf(dep) + 1);
    }
    visiting.delete(r);
    groups.set(r, g);
    return g;
  };
  for (const r of releases) groupOf(r);
  return groups;
}

/** The table for one state's releases. */
export function formatDag(releases: readonly PreparedRelease[]): string {
  const groups = dagGroups(releases);
  const rows: string[][] = [["GROUP", "RELEASE", "DEPENDENCIES"]];
  const max = Math.max(0, ...groups.values());
  for (let g = 1; g <= max; g++)
    for (const r of releases)
      if (groups.get(r) === g) {
        // helmfile's ReleaseToID: with a kube context the namespace part stays, empty or not.
        const kc = r.kubeContext ?? "";
        const shown =
          kc !== ""
            ? `${kc}/${r.namespace}/${r.name}`
            : r.namespace === ""
              ? r.name
              : `${r.namespace}/${r.name}`;
        rows.push([String(g), shown, rawNeeds(r).join(", ")]);
      }
  return tabwriter(rows);
}

async function runShowDag(ctx: CliContext): Promise<number> {
  const desired = await loadForCommand(ctx, { releaseValues: false });
  // helmfile prints the table (its head at least) before it reports that no release matched.
  for (const state of desired.states) {
    // helmfile plans over the selected releases: a need outside them fails the state.
    checkNeedsWithinSelection(ctx, state);
    ctx.host.writeStdout(formatDag(state.releases));
  }
  if (desired.states.length === 0) ctx.host.writeStdout(formatDag([]));
  return noMatchExit(ctx, desired) ?? 0;
}

/** The `show-dag` command. */
export const showDagCommand: CommandSpec = {
  name: "show-dag",
  summary: "Print the deployment groups of the releases and what each one needs",
  flags: [],
  run: runShowDag,
};
