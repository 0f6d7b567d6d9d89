import { MemoryFileSystem } from "../load/memory-fs";
import type { PreparedRelease } from "../shared/model";
import { newMap, type Value } from "../shared/value";
import { preparedRelease } from "../../tests/support/model-fixtures";
import { chartifyFeatures, needsChartify } from "./chartify-guard";

function release(chart: string, fields: Record<string, Value> = {}): PreparedRelease {
  const spec = newMap();
  Object.assign(spec, fields);
  return preparedRelease({ chart, stateFile: "/w/helmfile.yaml", baseDir: "/w", spec });
}

const fs = new MemoryFileSystem({
  "/w/chart/Chart.yaml": "name: chart\n",
  "/w/manifests/cm.yaml": "kind: ConfigMap\n",
});

describe("chartify guard", () => {
  it("accepts a plain local chart and a repository chart", () => {
    expect(chartifyFeatures(release("./chart"), fs)).toEqual([]);
    expect(chartifyFeatures(release("repo/app", { jsonPatches: [] }), fs)).toEqual([]);
  });

  // helmfile's chart-deps-condition case patches a local chart with strategicMergePatches
  // and its golden output shows chartify's templates/patched_resources.yaml.
  it("sends strategicMergePatches to chartify", () => {
    const r = release("./chart", { strategicMergePatches: [newMap()] });
    expect(chartifyFeatures(r, fs)).toEqual(["strategicMergePatches"]);
    expect(needsChartify(r, fs)).toBe(true);
  });

  it("lists every chartify trigger: directory without Chart.yaml, ad-hoc dependencies, transformers, forceNamespace", () => {
    const r = release("./manifests", {
      dependencies: [newMap()],
      transformers: [newMap()],
      forceNamespace: "x",
    });
    expect(chartifyFeatures(r, fs)).toEqual([
      "a local chart directory without Chart.yaml (kustomize or plain manifests)",
      "dependencies",
      "transformers",
      "forceNamespace",
    ]);
  });

  it("lets ad-hoc dependencies alone through (they are rendered without chartify's kustomize step)", () => {
    expect(needsChartify(release("./chart", { dependencies: [newMap()] }), fs)).toBe(false);
  });

  it("sends ad-hoc dependencies combined with a patch to chartify", () => {
    expect(needsChartify(release("./chart", { dependencies: [newMap()], jsonPatches: [newMap()] }), fs)).toBe(
      true,
    );
  });

  it("sends a directory of plain manifests to chartify", () => {
    expect(needsChartify(release("./manifests"), fs)).toBe(true);
  });
});
