/**
 * `list`: helmfile's release table (uitable: columns padded to their widest cell, joined
 * by tabs, trailing whitespace trimmed), sorted by namespace then name; `--output json`
 * prints the same rows as JSON.
 */
import type { PreparedRelease, LoadedState } from "../../shared/model";
import type { CliContext } from "../cli-context";
import { flagString } from "../parse-args";
import type { CommandSpec } from "./command-spec";

interface ListRow {
  readonly name: string;
  readonly namespace: string;
  readonly enabled: boolean;
  readonly installed: boolean;
  readonly labels: string;
  readonly chart: string;
  readonly version: string;
}

/** Renders rows like gosuri/uitable with helmfile's trailing-whitespace trim. */
export function formatTable(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, [...cell].length)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join("\t")
        .replace(/[ \t]+$/, ""),
    )
    .join("\n");
}

function rowOf(
  r: PreparedRelease,
  state: LoadedState,
  conditionEnabled: (condition: string | undefined, values: LoadedState["values"]) => boolean,
): ListRow {
  const labels = Object.keys(r.labels)
    .sort()
    .map((k) => `${k}:${r.labels[k] ?? ""}`)
    .join(",");
  const chart = typeof r.spec.chart === "string" ? r.spec.chart : r.chart;
  return {
    name: r.name,
    namespace: r.namespace,
    enabled: conditionEnabled(
      typeof r.spec.condition === "string" ? r.spec.condition : undefined,
      state.values,
    ),
    installed: r.installed,
    labels,
    chart,
    version: r.version ?? "",
  };
}

async function runList(ctx: CliContext): Promise<number> {
  // Lazy edge: the state loader and renderer load when the command runs, not for --help.
  const [{ conditionEnabled }, { applyLockedVersions }] = await Promise.all([
    import("../../load/index"),
    import("../../render/index"),
  ]);
  // helmfile's build and list never read release values or secrets (app.go PrintState, ListReleases).
  const desired = await ctx.loadDesiredState({ releaseValues: false });
  // helmfile's list resolves repository chart versions from the state's lock file first.
  const rows = desired.states.flatMap((s) =>
    applyLockedVersions({ ...s, releases: s.stateReleases ?? s.releases }, ctx.fs).map((r) =>
      rowOf(r, s, conditionEnabled),
    ),
  );
  rows.sort((a, b) =>
    a.namespace !== b.namespace
      ? a.namespace < b.namespace
        ? -1
        : 1
      : a.name < b.name
        ? -1
        : a.name > b.name
          ? 1
          : 0,
  );
  if (flagString(ctx.flags, "output") === "json") {
    // Go's encoding/json escapes <, > and & for HTML safety.
    const json = JSON.stringify(rows).replace(/[<>&]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`);
    ctx.host.writeStdout(`${json}\n`);
    return 0;
  }
  const table = [["NAME", "NAMESPACE", "ENABLED", "INSTALLED", "LABELS", "CHART", "VERSION"]];
  for (const r of rows)
    table.push([r.name, r.namespace, String(r.enabled), String(r.installed), r.labels, r.chart, r.version]);
  ctx.host.writeStdout(`${formatTable(table)}\n`);
  return 0;
}

/** The `list` command. */
export const listCommand: CommandSpec = {
  name: "list",
  summary: "List releases defined in state file",
  flags: [
    { name: "keep-temp-dir", type: "bool" },
    { name: "skip-charts", type: "bool" },
    { name: "output", type: "string" },
  ],
  run: runList,
};
