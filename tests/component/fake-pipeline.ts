/**
 * A hand-written pipeline for component tests that must not depend on the loader: releases
 * are declared directly, and each release's values are the state values under its name.
 */
import type { HelmfilePipeline } from "../../src/emit/pipeline";
import type { DesiredState, PreparedRelease } from "../../src/shared/model";
import { canonicalJson, isMap, newMap, type ValueMap } from "../../src/shared/value";

/** A release declaration for {@link fakePipeline}. */
export interface FakeRelease {
  readonly name: string;
  readonly namespace: string;
  readonly needs?: readonly string[];
  readonly installed?: boolean;
  readonly hasSecrets?: boolean;
}

/** Builds a pipeline whose manifest for each release is a ConfigMap holding its values. */
export function fakePipeline(
  releases: readonly FakeRelease[],
  cluster = false,
): HelmfilePipeline & { calls: number } {
  const pipeline = {
    calls: 0,
    loadDesiredState: async (options: { stateValues?: ValueMap }): Promise<DesiredState> => {
      pipeline.calls++;
      const sv = options.stateValues ?? newMap();
      const prepared = releases.map((r): PreparedRelease => {
        const own = sv[r.name];
        return {
          id: `${r.namespace}/${r.name}`,
          name: r.name,
          namespace: r.namespace,
          chart: "./chart",
          labels: {},
          needs: r.needs ?? [],
          installed: r.installed ?? true,
          values: [],
          setFlags: [],
          templateFlags: [],
          skipDeps: false,
          stateFile: "/fake/helmfile.yaml",
          baseDir: "/fake",
          hasSecrets: r.hasSecrets ?? false,
          spec: isMap(own) ? own : newMap(),
        };
      });
      return { states: [], releases: prepared };
    },
    releaseValues: async (release: PreparedRelease): Promise<ValueMap> => release.spec,
    renderReleases: async (state: DesiredState): Promise<ReadonlyMap<string, string>> =>
      new Map(state.releases.map((release) => [release.id, render(release)])),
    clusterConfigured: () => cluster,
  };
  return pipeline;
}

function render(release: PreparedRelease): string {
  return `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${release.name}\n  namespace: ${release.namespace}\ndata:\n  values: '${canonicalJson(release.spec)}'\n`;
}
