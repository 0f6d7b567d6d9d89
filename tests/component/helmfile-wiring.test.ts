import * as pulumi from "@pulumi/pulumi";
import * as k8s from "@pulumi/kubernetes";
import { Helmfile } from "../../src/emit/helmfile";
import { OWNS_FAILURE } from "../../src/emit/program-failure";
import { ConfigError } from "../../src/shared/errors";
import {
  isSecretValue,
  isUnknownValue,
  plainValue,
  recordMockResources,
  type MockRecorder,
} from "../../src/testing";
import { groupObjects } from "../support/release-objects";
import { fakePipeline } from "./fake-pipeline";

/** An Output's value (the SDK's own `promise()` is internal). */
function valueOf<T>(o: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => o.apply((v) => (resolve(v), v)));
}

async function settle(h: Helmfile, rec: MockRecorder): Promise<void> {
  await h.releases;
  await rec.settled();
}

describe("Helmfile component wiring (fake pipeline)", () => {
  let rec: MockRecorder;

  describe("in update mode", () => {
    beforeEach(async () => {
      rec = await recordMockResources({ preview: false });
    });

    it("creates one Release per installed release, parented to the component, needs as dependsOn", async () => {
      const pipeline = fakePipeline([
        { name: "db", namespace: "data" },
        { name: "app", namespace: "web", needs: ["data/db"] },
        { name: "off", namespace: "web", installed: false },
      ]);
      const h = new Helmfile(
        "hf",
        { file: "helmfile.yaml", renderToDirectory: "/tmp/out", stateValues: { app: { replicas: 2 } } },
        { pipeline },
      );
      await settle(h, rec);
      const releases = rec.resources.filter((r) => r.type === "helmfile:index:Release");
      expect(releases.map((r) => r.name).sort()).toEqual(["hf-data/db", "hf-web/app"]);
      const hf = rec.resources.find((r) => r.type === "helmfile:index:Helmfile");
      const db = releases.find((r) => r.name === "hf-data/db");
      const app = releases.find((r) => r.name === "hf-web/app");
      expect(db?.parent).toBe(hf?.urn);
      expect(app?.parent).toBe(hf?.urn);
      // The SDK expands a dependency on a component into its children.
      const dbObjects = groupObjects(rec, "hf-data/db");
      const appObjects = groupObjects(rec, "hf-web/app");
      expect(dbObjects.length).toBeGreaterThan(0);
      expect(appObjects.length).toBeGreaterThan(0);
      for (const o of dbObjects) {
        expect(app?.dependencies).toContain(o.urn);
        for (const a of appObjects) expect(a.dependencies).toContain(o.urn);
      }
      // createNamespace (helmfile's default): the release waits for its namespace.
      const dataNs = rec.resources.find(
        (r) => r.type === "kubernetes:core/v1:Namespace" && r.name === "hf-namespace-data",
      );
      expect(plainValue(dataNs?.rawInputs.metadata)).toEqual({ name: "data" });
      expect(db?.dependencies).toEqual([dataNs?.urn]);
      expect(plainValue(app?.rawInputs.values)).toBe('{"replicas":2}');
      expect(plainValue(app?.rawInputs.namespace)).toBe("web");
      // Every object is a resource of its Release.
      const objects = rec.resources.filter((r) => r.custom && r.type !== "pulumi:providers:kubernetes");
      const parents = new Set(
        objects.filter((o) => o.type !== "kubernetes:core/v1:Namespace").map((o) => o.parent),
      );
      expect([...parents].sort()).toEqual([app?.urn, db?.urn].sort());
      const provider = rec.resources.find((r) => r.type === "pulumi:providers:kubernetes");
      expect(plainValue(provider?.rawInputs.renderYamlToDirectory)).toBe("/tmp/out");
      expect(await new Promise((r) => h.releaseIds.apply(r))).toEqual(["data/db", "web/app"]);
    });

    it("marks values and manifest secret for a release with secret values", async () => {
      const pipeline = fakePipeline([
        { name: "plain", namespace: "a" },
        { name: "sealed", namespace: "a", hasSecrets: true },
      ]);
      const h = new Helmfile("hf", { file: "helmfile.yaml", renderToDirectory: "/tmp/out" }, { pipeline });
      await settle(h, rec);
      const sealed = rec.resources.find((r) => r.name === "hf-a/sealed");
      const plain = rec.resources.find((r) => r.name === "hf-a/plain");
      expect(isSecretValue(sealed?.rawInputs.values)).toBe(true);
      expect(isSecretValue(sealed?.rawInputs.manifest)).toBe(true);
      expect(isSecretValue(plain?.rawInputs.values)).toBe(false);
    });

    it("makes secret only the object fields that carry a secret, not every field of a manifest with a Secret", async () => {
      const manifest = (password: string): string =>
        [
          "apiVersion: v1\nkind: Secret\nmetadata:\n  name: creds\n  namespace: a\nstringData:\n  admin: generated-by-chart\n",
          `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: conf\n  namespace: a\ndata:\n  dsn: "db://app:${password}@db"\n  plain: "yes"\n`,
          "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: empty\nrules: []\n",
        ].join("---\n");
      const pipeline = Object.assign(
        fakePipeline([
          { name: "plain", namespace: "a", manifest: manifest("not-a-secret") },
          { name: "sealed", namespace: "a", hasSecrets: true, manifest: manifest("sops-decrypted") },
          { name: "input", namespace: "a", manifest: manifest("from-a-secret-output") },
        ]),
        { knownSecrets: () => new Set(["sops-decrypted"]) },
      );
      const h = new Helmfile(
        "hf",
        {
          file: "helmfile.yaml",
          renderToDirectory: "/tmp/out",
          stateValues: { input: { password: pulumi.secret("from-a-secret-output") } },
        },
        { pipeline },
      );
      await settle(h, rec);
      const object = (group: string, name: string): Record<string, unknown> =>
        rec.resources.find((r) => r.name === `${group}:${name}`)?.rawInputs ?? {};
      for (const [release, secret] of [
        ["plain", false],
        ["sealed", true],
        ["input", true],
      ] as const) {
        const conf = object(`hf-a/${release}`, "a/conf").data as Record<string, unknown>;
        expect([release, isSecretValue(conf.dsn)]).toEqual([release, secret]);
        expect([release, conf.plain]).toEqual([release, "yes"]);
        // A Secret's stringData is secret whatever it holds; an empty top-level list is left out
        // (the API server stores none; pulumi/pulumi-kubernetes#3538), never sent as a secret.
        expect(isSecretValue(object(`hf-a/${release}`, "a/creds").stringData)).toBe(true);
        expect(Object.keys(object(`hf-a/${release}`, "empty")).sort()).toEqual([
          "apiVersion",
          "kind",
          "metadata",
        ]);
        expect(isSecretValue(object(`hf-a/${release}`, "empty").metadata)).toBe(false);
      }
    });
  });

  describe("when loading fails", () => {
    beforeEach(async () => {
      rec = await recordMockResources({ preview: false });
    });

    it("rejects `releases` for a caller that owns the failure with the original error, and creates no Release", async () => {
      const pipeline = fakePipeline([{ name: "a", namespace: "x" }], false); // no cluster
      const h = new Helmfile("hf", { file: "helmfile.yaml" }, { pipeline, [OWNS_FAILURE]: true });
      await expect(h.releases).rejects.toBeInstanceOf(ConfigError);
      await expect(h.releases).rejects.toMatchObject({ code: "CONFIG_NO_CLUSTER" });
      await expect(valueOf(h.releaseIds)).resolves.toEqual([]);
      await rec.settled();
      expect(rec.resources.filter((r) => r.type === "helmfile:index:Release")).toEqual([]);
    });
  });

  describe("in mode helm-release", () => {
    beforeEach(async () => {
      rec = await recordMockResources({ preview: false });
    });

    it("creates a helm.sh/v3 Release child with the merged values as an object, on the given provider", async () => {
      const pipeline = fakePipeline([{ name: "app", namespace: "web" }]);
      const provider = new k8s.Provider("cluster", { kubeconfig: "{}" });
      const h = new Helmfile(
        "hf",
        { file: "helmfile.yaml", mode: "helm-release", provider, stateValues: { app: { replicas: 3 } } },
        { pipeline },
      );
      await settle(h, rec);
      const release = rec.resources.find((r) => r.type === "helmfile:index:Release");
      const helmRelease = rec.resources.find((r) => r.type === "kubernetes:helm.sh/v3:Release");
      expect(helmRelease?.parent).toBe(release?.urn);
      expect(helmRelease?.name).toBe("hf-web/app");
      expect(plainValue(helmRelease?.rawInputs.values)).toEqual({ replicas: 3 });
      expect(plainValue(helmRelease?.rawInputs.name)).toBe("app");
      expect(plainValue(helmRelease?.rawInputs.namespace)).toBe("web");
      expect(plainValue(helmRelease?.rawInputs.chart)).toBe("./chart");
      expect(helmRelease?.provider).toContain("pulumi:providers:kubernetes::cluster");
      expect(rec.resources.filter((r) => r.parent === release?.urn)).toEqual([helmRelease]);
    });
  });

  describe("in preview mode", () => {
    beforeEach(async () => {
      rec = await recordMockResources({ preview: true });
    });

    it("makes only the releases depending on an unknown state value unknown", async () => {
      const pipeline = fakePipeline([
        { name: "fixed", namespace: "a" },
        { name: "moving", namespace: "a" },
      ]);
      const unknownImage = pulumi.output(pulumi.unknown as unknown as string);
      const h = new Helmfile(
        "hf",
        {
          file: "helmfile.yaml",
          renderToDirectory: "/tmp/out",
          stateValues: { fixed: { tag: "1" }, moving: { tag: unknownImage } },
        },
        { pipeline },
      );
      await settle(h, rec);
      const fixed = rec.resources.find((r) => r.name === "hf-a/fixed");
      const moving = rec.resources.find((r) => r.name === "hf-a/moving");
      expect(plainValue(fixed?.rawInputs.values)).toBe('{"tag":"1"}');
      expect(isUnknownValue(moving?.rawInputs.values)).toBe(true);
      expect(isUnknownValue(moving?.rawInputs.manifest)).toBe(true);
      expect(pipeline.calls).toBe(2);
    });
  });
});
