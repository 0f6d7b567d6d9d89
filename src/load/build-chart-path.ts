/**
 * The `chartPath:` helmfile's `build` prints for a local chart. `build` prepares charts
 * (pkg/app/app.go PrintState → Run.WithPreparedCharts → HelmState.PrepareCharts) for the
 * selected, installed releases without chartify patches; a chart that `normalizeChart`
 * (pkg/state/util.go) turns into an existing directory gets that path, and WithPreparedCharts
 * (pkg/app/run.go) sets `ChartPath` when it differs from `chart`. Every other release gets an
 * empty `chartPath` (not printed).
 *
 * A release build prepares that chartify changes (ad-hoc `dependencies`, `forceNamespace`, a local
 * directory without Chart.yaml) gets chartify's temporary chart, `$CHARTIFY_TEMPDIR/<release id>`:
 * we print that path without running chartify. Without CHARTIFY_TEMPDIR helmfile's folder is a
 * random one, and nothing is printed (docs/differences-from-helmfile.md).
 */
import type { FileSystem } from "../shared/io";
import { isAbsolute, joinPath } from "./paths";
import type { ReleaseSpec } from "./schema";
import type { StateLocation } from "./storage";
import { releaseId } from "./release-prepare";

/** helmfile's isLocalChart (pkg/state/util.go). */
export function isLocalChartRef(chart: string): boolean {
  if (chart.startsWith("./") || chart.startsWith("../")) return true;
  if (chart.includes("://")) return false;
  const n = chart.split("/").length;
  return chart === "" || isAbsolute(chart) || !chart.includes("/") || (n !== 2 && n !== 3);
}

/** The `chartPath` build prints for a release whose chart was prepared, or undefined. */
export function builtChartPath(
  fs: FileSystem,
  loc: StateLocation,
  release: ReleaseSpec,
  /** CHARTIFY_TEMPDIR, absolute; undefined when unset. */
  chartifyTempDir?: string,
): string | undefined {
  const chart = release.chart ?? "";
  if (release.installed === false) return undefined;
  // filterReleasesForBuild: releases with patches are not prepared by build.
  const patches = [release.jsonPatches, release.strategicMergePatches, release.transformers];
  if (patches.some((l) => (l ?? []).length > 0)) return undefined;
  const abs = isAbsolute(chart) ? chart : joinPath(loc.absDir, chart);
  const bareDir = chart !== "" && fs.isDirectory(abs) && !fs.exists(joinPath(abs, "Chart.yaml"));
  if ((release.dependencies ?? []).length > 0 || (release.forceNamespace ?? "") !== "" || bareDir) {
    if (chartifyTempDir === undefined) return undefined;
    return joinPath(chartifyTempDir, ...releaseId(release).split(/[/:]/));
  }
  if (chart === "" || !isLocalChartRef(chart)) return undefined;
  const shown = isAbsolute(chart) ? chart : joinPath(loc.displayDir, chart);
  if (!fs.isDirectory(abs) || shown === chart) return undefined;
  return shown;
}
