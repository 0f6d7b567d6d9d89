/**
 * chartify releases through the render stage with the real pulumi-helmfile-chartify and kustomize
 * (scripts/build-chartify.sh) and the real helm: the patch lands in the manifest, and the render
 * cache tells apart two states whose same-named release is patched differently (their temporary
 * charts share one path).
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { chartifyTools } from "../node/chartify-tools";
import { readEnvSettings } from "../shared/settings";
import { findHelm, NodeProcessRunner } from "../node";
import { testHelmBinaries } from "../node/helm-binaries";
import { scratchPerTest } from "../node/scratch-render-io";
import type { PreparedRelease } from "../shared/model";
import { newMap } from "../shared/value";
import { loadedState, preparedRelease } from "../../tests/support/model-fixtures";
import { openRenderSession } from "./render-state";

const CHART = resolve(__dirname, "../../tests/differential/charts/cm");
const tools = chartifyTools(readEnvSettings(process.env, homedir()), process.cwd());
const built = tools.chartify !== undefined && existsSync(tools.chartify);
const describeBuilt = built ? describe.each(testHelmBinaries()) : describe.skip.each(testHelmBinaries());

function patched(dir: string, value: string): PreparedRelease {
  const patch = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app\n  namespace: ns\ndata:\n  patched: ${value}\n`;
  return preparedRelease({
    chart: CHART,
    chartPath: CHART,
    stateFile: join(dir, "helmfile.yaml"),
    baseDir: dir,
    patches: {
      jsonPatches: [],
      strategicMergePatches: [{ kind: "inline", content: patch, origin: "test", secret: false }],
      transformers: [],
    },
    spec: Object.assign(newMap(), { strategicMergePatches: [newMap()] }),
  });
}

describeBuilt(
  `chartify in the render stage with %s${built ? "" : " (skipped: pulumi-helmfile-chartify not built, run scripts/build-chartify.sh)"}`,
  (_label, helmPath) => {
    const scratch = scratchPerTest("ph-chartify-render-");
    const io = () => scratch.io();

    test("the patch is in the manifest, and a differently patched release of another state is not a cache hit", async () => {
      const helm = await findHelm(new NodeProcessRunner(), { explicit: helmPath });
      const dir = join(scratch.root, "state");
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, "helmfile.yaml"), "");
      const session = openRenderSession(
        {
          helm,
          chartifyTools: tools,
          cache: { dir: join(scratch.root, "cache") },
          chartifyTempDir: join(scratch.root, "ct"),
        },
        io(),
      );
      try {
        const a = await session.renderState(loadedState([patched(dir, "one")]));
        const b = await session.renderState(loadedState([patched(dir, "two")]));
        const again = await session.renderState(loadedState([patched(dir, "two")]));
        expect(a.error).toBeUndefined();
        expect(a.rendered[0]?.manifest).toContain("patched: one");
        expect(b.rendered[0]?.cached).toBe(false);
        expect(b.rendered[0]?.manifest).toContain("patched: two");
        expect(again.rendered[0]?.cached).toBe(true);
        expect(again.rendered[0]?.manifest).toBe(b.rendered[0]?.manifest);
      } finally {
        session.dispose();
      }
    });
  },
);
