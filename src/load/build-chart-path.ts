/**
 * The `chartPath:` helmfile's `build` prints for a local chart. `build` prepares charts
 * (pkg/app/app.go PrintState → Run.WithPreparedCharts → HelmState.PrepareCharts) for the
 * selected, installed releases without chartify patches; a chart that `normalizeChart`
 * (pkg/state/util.go) turns into an existing directory gets that path, and WithPreparedCharts
 * (pkg/app/run.go) sets `ChartPath` when it differs from `chart`. Every other release gets an
 * empty `chartPath` (not printed).
 */
import type { FileSystem } from "../shared/io";
import { isAbsolute, joinPath } from "./paths";
import type { ReleaseSpec } from "./schema";
import type { StateLocation } from "./storage";

/** helmfile's isLocalChart (pkg/state/util.go). */
export function isLocalChartRef(chart: string): boolean {
  if (chart.startsWith("./") || chart.startsWith("../")) return true;
  if (chart.includes("://")) return false;
  const n = chart.split("/").length;
  return chart === "" || isAbsolute(chart) || !chart.includes("/") || (n !== 2 && n !== 3);
}

/** The `chartPath` build prints for a release whose chart was prepared, or undefined. */
export function builtChartPath(fs: FileSystem, loc: StateLocation, release: ReleaseSpec): string | undefined {
  const chart = release.chart ?? "";
  if (release.installed === false) return undefined;
  // filterReleasesForBuild: releases needing chartify are not prepared by build. Adhoc
  // `dependencies:` are chartified into a temporary directory; that path is not reproducible.
  const chartify = [release.jsonPatches, release.strategicMergePatches, release.transformers];
  if (chartify.some((l) => (l ?? []).length > 0) || (release.dependencies ?? []).length > 0) return undefined;
  if (chart === "" || !isLocalChartRef(chart)) return undefined;
  const shown = isAbsolute(chart) ? chart : joinPath(loc.displayDir, chart);
  const abs = isAbsolute(chart) ? chart : joinPath(loc.absDir, chart);
  if (!fs.isDirectory(abs) || shown === chart) return undefined;
  return shown;
}
