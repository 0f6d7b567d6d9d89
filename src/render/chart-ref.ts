/**
 * Chart reference classification, as helmfile does it: a local path, a `repo/chart`
 * reference, an `oci://` reference, or a URL. Pure string functions.
 */
import { posix } from "node:path";

/**
 * True for a chart helmfile treats as a local path: empty, `.`/`..`-relative, absolute,
 * or a bare name without `/`. `repo/chart` and URLs are not local.
 */
export function isLocalChart(chart: string): boolean {
  if (chart === "") return true;
  if (
    chart.startsWith("/") ||
    chart.startsWith("./") ||
    chart.startsWith("../") ||
    chart === "." ||
    chart === ".."
  )
    return true;
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//.test(chart)) return false;
  return !chart.includes("/");
}

/** A `repo/chart` reference split into its repository and chart; `remote` false otherwise. */
export interface RemoteChart {
  readonly repo: string;
  readonly chart: string;
  readonly remote: boolean;
}

/** Splits `repo/chart` (and `repo/a/b`) references; local paths and URLs are not remote. */
export function resolveRemoteChart(chart: string): RemoteChart {
  if (isLocalChart(chart) || chart.includes("://")) return { repo: "", chart: "", remote: false };
  const slash = chart.indexOf("/");
  return { repo: chart.slice(0, slash), chart: chart.slice(slash + 1), remote: true };
}

/** Local charts become `clean(join(basePath, chart))` (`..` above `/` stays at `/`); others are unchanged. */
export function normalizeChart(basePath: string, chart: string): string {
  if (!isLocalChart(chart) || chart.startsWith("/"))
    return isLocalChart(chart) ? posix.normalize(chart) : chart;
  const joined = posix.join(basePath, chart);
  const cleaned = posix.normalize(joined);
  if (posix.isAbsolute(basePath)) return posix.resolve("/", cleaned);
  return cleaned.endsWith("/") && cleaned.length > 1 ? cleaned.slice(0, -1) : cleaned;
}

/** True for an `oci://` chart reference. */
export function isOciChart(chart: string): boolean {
  return chart.startsWith("oci://");
}

/** Replaces the characters of a version constraint that are unsafe in a path with `_`. */
export function safeVersionPath(version: string): string {
  return version.replace(/[=><!|~^ ,*]/g, "_");
}
