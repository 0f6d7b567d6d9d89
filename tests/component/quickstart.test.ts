/**
 * The Helmfile component over examples/quickstart with the real loader and helm, under Pulumi
 * mocks in update and preview mode. Expected manifests come from running helm directly with the
 * values the helmfile declares; expected merged values are written out by hand from helm's rules.
 */
import { join } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { createDefaultPipeline } from "../../src/emit/default-pipeline";
import { Helmfile } from "../../src/emit/helmfile";
import {
  isSecretValue,
  isUnknownValue,
  plainValue,
  recordMockResources,
  type MockRecorder,
} from "../../src/testing";
import { byIdentity, expectedObjects, helmTemplate } from "./helm-expectations";
import { groupObjects, objectInputs } from "../support/release-objects";
import { recordingLogger } from "./recording-logger";
import { capturingPipeline } from "./capture-manifests";
import { manifestDigest } from "../../src/emit/manifest-digest";

const QUICKSTART = join(__dirname, "..", "..", "examples", "quickstart");
const CHART = join(QUICKSTART, "charts", "webapp");
const COMMON = join(QUICKSTART, "values", "common.yaml");

/** `values/app.yaml.gotmpl` as helmfile renders it for each environment. */
const APP_VALUES = {
  default: {
    replicas: 1,
    image: "nginx:1.27",
    host: "www.dev.example.com",
    environment: "default",
    tier: "web",
  },
  production: {
    replicas: 3,
    image: "nginx:1.27",
    host: "www.example.com",
    environment: "production",
    tier: "production",
  },
} as const;

const BACKEND_INLINE = { role: "backend", port: 8080 };

describe.each([
  ["update", false],
  ["preview", true],
])("Helmfile over examples/quickstart (%s)", (_mode, preview) => {
  let rec: MockRecorder;
  beforeEach(async () => {
    rec = await recordMockResources({ preview });
  });

  it.each(["default", "production"] as const)(
    "environment %s: two Releases with helm's manifests and merged values",
    async (env) => {
      const { logger, logs } = recordingLogger();
      const { pipeline, manifests } = capturingPipeline(
        createDefaultPipeline({
          cwd: QUICKSTART,
          env: { ...process.env },
        }),
      );
      const h = new Helmfile(
        "quickstart",
        {
          file: join(QUICKSTART, "helmfile.yaml"),
          environment: env,
          renderToDirectory: "/tmp/ph-quickstart",
        },
        { pipeline, logger },
      );
      await h.releases;
      await rec.settled();
      const hf = rec.resources.find((r) => r.type === "helmfile:index:Helmfile");
      const releases = rec.resources.filter((r) => r.type === "helmfile:index:Release");
      expect(releases.map((r) => r.name)).toEqual(["quickstart-web/frontend", "quickstart-api/backend"]);
      // helmfile's `Building dependency` line for each local chart, in the state's release order.
      expect(logs.info).toEqual([
        "Building dependency release=frontend, chart=charts/webapp",
        "Building dependency release=backend, chart=charts/webapp",
      ]);

      const frontend = releases[0];
      const backend = releases[1];
      // helmDefaults.createNamespace: one Namespace per release namespace, created before the release.
      const namespaces = rec.resources.filter((r) => r.type === "kubernetes:core/v1:Namespace");
      expect(namespaces.map((n) => plainValue(n.rawInputs.metadata))).toEqual([
        { name: "web" },
        { name: "api" },
      ]);
      for (const r of releases) {
        expect(r.parent).toBe(hf?.urn);
        const ns = namespaces.find(
          (n) =>
            (plainValue(n.rawInputs.metadata) as { name: string }).name === plainValue(r.rawInputs.namespace),
        );
        expect(ns?.parent).toBe(hf?.urn);
        expect(r.dependencies).toEqual([ns?.urn]);
        expect(isSecretValue(r.rawInputs.values)).toBe(false);
        expect(isSecretValue(r.rawInputs.manifest)).toBe(false);
        expect(plainValue(r.rawInputs.chart)).toBe("./charts/webapp");
        // The release's objects are resources of the Release, named as its ConfigGroup named them.
        const objects = groupObjects(rec, r.name);
        expect(objects.every((o) => o.parent === r.urn)).toBe(true);
        expect(byIdentity(objects.map(objectInputs))).toEqual(
          byIdentity(
            expectedObjects(
              manifests.get(r.name.slice("quickstart-".length)) ?? "",
              String(plainValue(r.rawInputs.namespace)),
              true,
            ),
          ),
        );
      }
      const provider = rec.resources.find((r) => r.type === "pulumi:providers:kubernetes");
      expect(provider?.parent).toBe(hf?.urn);
      expect(frontend?.providers.kubernetes ?? frontend?.provider).toContain(provider?.urn);

      expect(JSON.parse(String(plainValue(frontend?.rawInputs.values)))).toEqual({
        labels: { "app.kubernetes.io/part-of": "quickstart", team: "platform" },
        port: 80,
        ...APP_VALUES[env],
      });
      expect(JSON.parse(String(plainValue(backend?.rawInputs.values)))).toEqual({
        labels: { "app.kubernetes.io/part-of": "quickstart" },
        ...BACKEND_INLINE,
      });
      expect(plainValue(frontend?.rawInputs.namespace)).toBe("web");
      expect(plainValue(frontend?.rawInputs.manifest)).toBe(
        manifestDigest(
          helmTemplate("frontend", CHART, "web", {
            files: [COMMON, APP_VALUES[env]],
            set: ["labels.team=platform"],
          }),
        ),
      );
      expect(plainValue(backend?.rawInputs.manifest)).toBe(
        manifestDigest(helmTemplate("backend", CHART, "api", { files: [COMMON, BACKEND_INLINE] })),
      );
    },
  );
});

describe("Helmfile over examples/quickstart with an unknown state value (preview)", () => {
  it("makes only the release whose values read it unknown", async () => {
    const rec = await recordMockResources({ preview: true });
    const pipeline = createDefaultPipeline({
      cwd: QUICKSTART,
      env: { ...process.env },
    });
    const unknownImage = pulumi.output(pulumi.unknown as unknown as string);
    const h = new Helmfile(
      "quickstart",
      {
        file: join(QUICKSTART, "helmfile.yaml"),
        stateValues: { image: unknownImage },
        renderToDirectory: "/tmp/ph-quickstart",
      },
      { pipeline, logger: recordingLogger().logger },
    );
    await h.releases;
    await rec.settled();
    const frontend = rec.resources.find((r) => r.name === "quickstart-web/frontend");
    const backend = rec.resources.find((r) => r.name === "quickstart-api/backend");
    expect(isUnknownValue(frontend?.rawInputs.values)).toBe(true);
    expect(isUnknownValue(frontend?.rawInputs.manifest)).toBe(true);
    expect(isUnknownValue(backend?.rawInputs.values)).toBe(false);
    expect(plainValue(backend?.rawInputs.manifest)).toBe(
      manifestDigest(helmTemplate("backend", CHART, "api", { files: [COMMON, BACKEND_INLINE] })),
    );
  });
});
