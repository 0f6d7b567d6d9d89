/**
 * helmfile turns a release into a temporary chart with chartify (helm-x + kustomize) when it
 * has patches, transformers, ad-hoc `dependencies`, `forceNamespace`, or a local chart
 * directory without `Chart.yaml` (a kustomization or plain manifests). We render with helm
 * alone, so such a release fails with an error naming the feature instead of rendering
 * something that silently differs from helmfile's output.
 */
import { posix } from "node:path";
import { RenderError } from "../shared/errors";
import type { FileSystem } from "../shared/io";
import type { PreparedRelease } from "../shared/model";
import { isMap, type Value } from "../shared/value";

/** The release fields that make helmfile run chartify when they are non-empty. */
const CHARTIFY_FIELDS = ["dependencies", "jsonPatches", "strategicMergePatches", "transformers"] as const;

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
 * Throws `UNSUPPORTED_CHARTIFY` when helmfile would chartify the release for more than
 * ad-hoc `dependencies` (those alone are handled by adhoc-dependencies.ts).
 */
export function rejectChartify(r: PreparedRelease, fs: FileSystem): void {
  const features = chartifyFeatures(r, fs);
  if (features.every((f) => f === "dependencies")) return;
  const first =
    CHARTIFY_FIELDS.find((f) => features.includes(f)) ??
    (features.includes("forceNamespace") ? "forceNamespace" : undefined);
  throw new RenderError(
    "UNSUPPORTED_CHARTIFY",
    `release "${r.name}": ${features.join(", ")} need helmfile's chartify (helm-x/kustomize), which pulumi-helmfile does not support; render the chart without them or pre-build the patched chart`,
    {
      file: r.stateFile,
      ...(first === undefined ? {} : { keyPath: ["releases", r.name, first] }),
      expected: "a release renderable by helm alone",
      found: features.join(", "),
    },
  );
}
