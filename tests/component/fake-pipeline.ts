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
  readonly kubeContext?: string;
  /** Release fields (createNamespace, wait, …) laid over the values-derived spec. */
  readonly fields?: Readonly<Record<string, boolean | string | bigint>>;
  /** helm's output for the release; default a ConfigMap of its values. */
  readonly manifest?: string;
}

/** Builds a pipeline whose manifest for each release is a ConfigMap holding its values. */
export function fakePipeline(
  releases: readonly FakeRelease[],
  cluster = false,
  contexts?: readonly string[],
): HelmfilePipeline & { calls: number } {
  const pipeline = {
    calls: 0,
    loadDesiredState: async (options: { stateValues?: ValueMap }): Promise<DesiredState> => {
      pipeline.calls++;
      const sv = options.stateValues ?? newMap();
      const prepared = releases.map((r): PreparedRelease => {
        const own = sv[r.name];
        const spec = Object.assign(newMap(), isMap(own) ? own : {}, r.fields ?? {});
        return {
          id: `${r.kubeContext === undefined ? "" : `${r.kubeContext}/`}${r.namespace}/${r.name}`,
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
          spec,
          ...(r.kubeContext === undefined ? {} : { kubeContext: r.kubeContext }),
        };
      });
      return { states: [], releases: prepared };
    },
    releaseValues: async (release: PreparedRelease): Promise<ValueMap> => valuesOf(release),
    renderReleases: async (state: DesiredState): Promise<ReadonlyMap<string, string>> =>
      new Map(
        state.releases.map((release) => [
          release.id,
          releases.find((r) => r.name === release.name)?.manifest ?? render(release),
        ]),
      ),
    clusterConfigured: () => cluster,
    kubeContexts: () => contexts,
  };
  return pipeline;
}

/** Release fields the fake treats as settings, not values. */
const FIELD_NAMES: Readonly<Record<string, true>> = {
  createNamespace: true,
  wait: true,
  timeout: true,
  atomic: true,
  historyMax: true,
  skipCRDs: true,
  waitForJobs: true,
};

function render(release: PreparedRelease): string {
  return `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${release.name}\n  namespace: ${release.namespace}\ndata:\n  values: '${canonicalJson(valuesOf(release))}'\n`;
}

function valuesOf(release: PreparedRelease): ValueMap {
  const values = newMap();
  for (const [k, v] of Object.entries(release.spec)) if (!(k in FIELD_NAMES)) values[k] = v;
  return values;
}
