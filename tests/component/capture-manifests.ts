/**
 * Release inputs store a digest of the manifest (src/emit/manifest-digest.ts); tests that check
 * the manifest byte for byte read it from the pipeline instead, and check the stored digest.
 */
import type { HelmfilePipeline } from "../../src/emit/pipeline";

/** Wraps a pipeline so every rendered manifest is kept, by release id. */
export function capturingPipeline(pipeline: HelmfilePipeline): {
  pipeline: HelmfilePipeline;
  manifests: Map<string, string>;
} {
  const manifests = new Map<string, string>();
  return {
    manifests,
    pipeline: {
      ...pipeline,
      renderReleases: async (state, context) => {
        const rendered = await pipeline.renderReleases(state, context);
        for (const [id, m] of rendered) manifests.set(id, m);
        return rendered;
      },
    },
  };
}
