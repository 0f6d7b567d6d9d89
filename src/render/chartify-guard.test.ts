import { MemoryFileSystem } from "../load/memory-fs";
import { RenderError } from "../shared/errors";
import type { PreparedRelease } from "../shared/model";
import { newMap, type Value } from "../shared/value";
import { preparedRelease } from "../../tests/support/model-fixtures";
import { chartifyFeatures, rejectChartify } from "./chartify-guard";

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
  it("rejects strategicMergePatches with an error naming the feature and the key path", () => {
    const r = release("./chart", { strategicMergePatches: [newMap()] });
    expect(() => rejectChartify(r, fs)).toThrow(RenderError);
    try {
      rejectChartify(r, fs);
    } catch (err) {
      expect((err as RenderError).code).toBe("UNSUPPORTED_CHARTIFY");
      expect((err as RenderError).keyPath).toEqual(["releases", "app", "strategicMergePatches"]);
      expect((err as RenderError).message).toContain("strategicMergePatches need helmfile's chartify");
    }
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
    const r = release("./chart", { dependencies: [newMap()] });
    expect(() => rejectChartify(r, fs)).not.toThrow();
  });

  it("still rejects ad-hoc dependencies combined with a patch, naming both", () => {
    const r = release("./chart", { dependencies: [newMap()], jsonPatches: [newMap()] });
    expect(() => rejectChartify(r, fs)).toThrow(/dependencies, jsonPatches need helmfile's chartify/);
  });
});
