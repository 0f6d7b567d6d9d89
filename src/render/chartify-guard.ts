/**
 * helmfile turns a release into a temporary chart with chartify (helm-x + kustomize) when it
 * has patches, transformers, ad-hoc `dependencies`, `forceNamespace`, or a local chart
 * directory without `Chart.yaml` (a kustomization or plain manifests): which features a release
 * uses.
 */
import { posix } from "node:path";
import type { FileSystem } from "../shared/io";
import type { PreparedRelease } from "../shared/model";
import { isMap, type Value, type ValueMap } from "../shared/value";

/** The release fields that make helmfile run chartify when they are non-empty. */
const CHARTIFY_FIELDS = ["dependencies", "jsonPatches", "strategicMergePatches", "transformers"] as const;

/** Whether a release spec has chartify patches (helmfile's build leaves such releases unprepared). */
export function hasChartifyPatches(spec: ValueMap): boolean {
  return CHARTIFY_FIELDS.some((f) => f !== "dependencies" && nonEmpty(spec[f]));
}

function nonEmpty(v: Value | undefined): boolean {
  if (v === undefined || v === null) return false;
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === "string") return v !== "";
  if (isMap(v)) return Object.keys(v).length > 0;
  return true;
}

/**
 * The chartify features a release uses, in helmfile's checking order (local directory
 * without Chart.yaml first, then the release fields, then `forceNamespace`); empty when none.
 */
export function chartifyFeatures(r: PreparedRelease, fs: FileSystem): string[] {
  const out: string[] = [];
  const dir = r.chartPath ?? (r.chart.includes("://") ? undefined : posix.resolve(r.baseDir, r.chart));
  if (dir !== undefined && fs.isDirectory(dir) && !fs.exists(posix.join(dir, "Chart.yaml")))
    out.push("a local chart directory without Chart.yaml (kustomize or plain manifests)");
  for (const field of CHARTIFY_FIELDS) if (nonEmpty(r.spec[field])) out.push(field);
  const ns = r.spec.forceNamespace;
  if (typeof ns === "string" && ns !== "") out.push("forceNamespace");
  return out;
}

/**
 * Whether helmfile runs chartify on the release for more than ad-hoc `dependencies` (those alone
 * are handled by adhoc-dependencies.ts, as chartify handles them).
 */
export function needsChartify(r: PreparedRelease, fs: FileSystem): boolean {
  return chartifyFeatures(r, fs).some((f) => f !== "dependencies");
}
