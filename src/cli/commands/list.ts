/**
 * `list`: helmfile's release table (uitable: columns padded to their widest cell, joined
 * by tabs, trailing whitespace trimmed), sorted by namespace then name; `--output json`
 * prints the same rows as JSON.
 */
import type { PreparedRelease, LoadedState } from "../../shared/model";
import { conditionEnabled } from "../../load/index";
import { applyLockedVersions } from "../../render/index";
import { lockFailure } from "../state-errors";
import type { CliContext } from "../cli-context";
import { withStateHooks } from "../hook-io";
import { flagString } from "../parse-args";
import type { CommandSpec } from "./command-spec";
import { loadForCommand, noMatchExit } from "./no-releases";

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

function rowOf(r: PreparedRelease, state: LoadedState): ListRow {
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
  // helmfile's build and list never read release values or secrets (app.go PrintState, ListReleases).
  // A bad `condition:` fails in ListReleases itself (the bare error), or in selector filtering.
  const desired = await loadForCommand(ctx, {
    releaseValues: false,
    conditionErrors: { withSelectors: "select", withoutSelectors: "bare" },
  });
  const noMatch = noMatchExit(ctx, desired);
  if (noMatch !== undefined) return noMatch;
  // helmfile's list resolves repository chart versions from the state's lock file first.
  const rows: ReturnType<typeof rowOf>[] = [];
  // helmfile runs the state's prepare and cleanup hooks around list unless --skip-charts.
  const skipCharts = ctx.flags["skip-charts"] === true;
  for (const s of desired.states) {
    const collect = (): Promise<void> => {
      let locked: ReturnType<typeof applyLockedVersions>;
      try {
        locked = applyLockedVersions({ ...s, releases: s.stateReleases ?? s.releases }, ctx.fs);
      } catch (err) {
        throw lockFailure(ctx, s, err, "list");
      }
      rows.push(...locked.map((r) => rowOf(r, s)));
      return Promise.resolve();
    };
    await (skipCharts ? collect() : withStateHooks(ctx, "list", s, collect));
  }
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
