import { loadedState, repositorySpec } from "../../tests/support/model-fixtures";
import { fakePipeline } from "../../tests/component/fake-pipeline";
import { silentLogger } from "../shared/io";
import type { HelmfilePipeline } from "./pipeline";
import { planReleases } from "./plan-releases";
import { UNKNOWN } from "./resolve-inputs";

const context = { concurrency: 2, logger: silentLogger };
const base = { state: { file: "helmfile.yaml" }, stateValues: {}, unknownPaths: [], inputSecret: false };

describe("planReleases", () => {
  it("fails naming the release whose values cannot be computed, instead of planning without it", async () => {
    const pipeline: HelmfilePipeline = {
      ...fakePipeline([
        { name: "ok", namespace: "a" },
        { name: "broken", namespace: "a" },
      ]),
      releaseValues: async (release) => {
        if (release.name === "broken") throw new Error("values.yaml: mapping values are not allowed here");
        return release.spec;
      },
    };
    await expect(planReleases(pipeline, base, context)).rejects.toMatchObject({
      code: "EMIT_RELEASE_FAILED",
      message: expect.stringContaining("release a/broken: values.yaml: mapping values"),
    });
  });

  it("maps needs to resource names and drops needs on releases that are not installed", async () => {
    const pipeline = fakePipeline([
      { name: "db", namespace: "data" },
      { name: "cache", namespace: "data", installed: false },
      { name: "app", namespace: "web", needs: ["data/db", "data/cache"] },
    ]);
    const plans = await planReleases(pipeline, base, context);
    expect(plans.map((p) => [p.resourceName, p.needs])).toEqual([
      ["data/db", []],
      ["web/app", ["data/db"]],
    ]);
  });

  it("marks a manifest holding a Kubernetes Secret as secret even when the values are not", async () => {
    const pipeline: HelmfilePipeline = {
      ...fakePipeline([{ name: "creds", namespace: "a" }]),
      renderReleases: async (state) =>
        new Map(
          state.releases.map((r) => [
            r.id,
            "---\napiVersion: v1\nkind: Secret\nmetadata:\n  name: creds\nstringData:\n  password: hunter2\n",
          ]),
        ),
    };
    const [plan] = await planReleases(pipeline, base, context);
    expect(plan?.manifestHasSecret).toBe(true);
    expect(plan?.secret).toBe(false);
  });

  it("tells the render which releases the stack recorded, by their resource names, only against a cluster", async () => {
    const seen: (readonly string[] | undefined)[] = [];
    const base3 = fakePipeline([
      { name: "db", namespace: "data" },
      { name: "off", namespace: "data", installed: false },
      { name: "app", namespace: "web" },
    ]);
    const pipeline: HelmfilePipeline = {
      ...base3,
      renderReleases: async (state, ctx) => {
        seen.push(ctx.cluster?.recorded === undefined ? undefined : [...ctx.cluster.recorded]);
        return base3.renderReleases(state, ctx);
      },
    };
    const recorded = {
      ...base,
      namePrefix: "hf",
      recordedReleases: new Set(["hf-web/app", "hf-data/off", "x"]),
    };
    await planReleases(pipeline, recorded, { ...context, cluster: {} });
    await planReleases(pipeline, recorded, context);
    expect(seen).toEqual([["web/app"], undefined]);
  });

  it("an install's render that could key only as an upgrade: once applied, the release renders again as an upgrade, alone", async () => {
    const renders: Array<{ ids: string[]; recorded: string[] }> = [];
    const base3 = fakePipeline([
      { name: "db", namespace: "data" },
      { name: "app", namespace: "web" },
    ]);
    let upgradeOutput = "kind: ConfigMap\n";
    const pipeline: HelmfilePipeline = {
      ...base3,
      renderReleases: async (state, ctx) => {
        const recorded = [...(ctx.cluster?.recorded ?? [])];
        renders.push({ ids: state.releases.map((r) => r.id), recorded });
        for (const r of state.releases) {
          const upgrade = recorded.includes(r.id);
          // data/db keeps a value through `lookup` (no key on an install); web/app keys at once.
          const key = { key: `sha256:${r.id}:${upgrade ? "upgrade" : "install"}`, mode: "any" as const };
          if (r.id === "data/db")
            ctx.cluster?.record?.onKey(r.id, upgrade ? key : undefined, false, !upgrade);
          else ctx.cluster?.record?.onKey(r.id, key, false);
        }
        return new Map(
          state.releases.map((r) => [r.id, recorded.includes(r.id) ? upgradeOutput : "kind: ConfigMap\n"]),
        );
      },
    };
    const plans = await planReleases(pipeline, base, { ...context, cluster: {} });
    const [db, app] = plans;
    expect([db?.renderKey, db?.keyAfterApply !== undefined]).toEqual([undefined, true]);
    expect([app?.renderKey?.key, app?.keyAfterApply]).toEqual(["sha256:web/app:install", undefined]);
    expect(await db?.keyAfterApply?.()).toEqual({ key: "sha256:data/db:upgrade", mode: "any" });
    expect(renders.at(-1)).toEqual({ ids: ["data/db"], recorded: ["data/db"] });
    // The upgrade's render found other objects than the install applied: no key.
    upgradeOutput = "kind: ConfigMap\ndata: {a: b}\n";
    expect(await db?.keyAfterApply?.()).toBeUndefined();
    // Without a cluster, nothing is keyed.
    const offline = await planReleases(pipeline, base, context);
    expect(offline.map((p) => p.keyAfterApply)).toEqual([undefined, undefined]);
  });

  it("marks every release unknown when the whole stateValues input is unknown", async () => {
    const pipeline = fakePipeline([
      { name: "x", namespace: "a" },
      { name: "y", namespace: "a" },
    ]);
    const plans = await planReleases(pipeline, { ...base, stateValues: {}, unknownPaths: [[]] }, context);
    expect(plans.map((p) => p.unknown)).toEqual([true, true]);
    expect(pipeline.calls).toBe(1);
  });

  it("loads twice with different placeholders when a state value is unknown", async () => {
    const pipeline = fakePipeline([
      { name: "x", namespace: "a" },
      { name: "y", namespace: "a" },
    ]);
    const plans = await planReleases(
      pipeline,
      { ...base, stateValues: { y: { tag: UNKNOWN } }, unknownPaths: [["y", "tag"]] },
      context,
    );
    expect(plans.map((p) => [p.id, p.unknown])).toEqual([
      ["a/x", false],
      ["a/y", true],
    ]);
    expect(pipeline.calls).toBe(2);
  });
});

describe("planReleases chart sources for mode helm-release", () => {
  it("resolves repo/chart to the chart name and the repository URL, and oci repositories to oci:// references", async () => {
    const base2 = fakePipeline([
      { name: "web", namespace: "a" },
      { name: "db", namespace: "a" },
    ]);
    const pipeline: HelmfilePipeline = {
      ...base2,
      loadDesiredState: async (options, ctx) => {
        const state = await base2.loadDesiredState(options, ctx);
        const charts = ["stable/nginx", "registry/postgres"];
        const releases = state.releases.map((r, i) => ({
          ...r,
          chart: charts[i] ?? r.chart,
          version: "1.2.3",
        }));
        const repositories = [
          repositorySpec("stable", "https://charts.example.com"),
          repositorySpec("registry", "registry.example.com/charts", true),
        ];
        const loaded = loadedState(releases, repositories, { file: "/fake/helmfile.yaml" });
        return { states: [loaded], releases };
      },
    };
    const plans = await planReleases(pipeline, base, context);
    expect(plans.map((p) => [p.chart, p.chartRef, p.repositoryUrl, p.version])).toEqual([
      ["stable/nginx", "nginx", "https://charts.example.com", "1.2.3"],
      ["registry/postgres", "oci://registry.example.com/charts/postgres", undefined, "1.2.3"],
    ]);
  });
});
