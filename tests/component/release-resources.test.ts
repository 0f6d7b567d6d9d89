/**
 * Composing with a release (Pulumi mocks, fake pipeline): its objects as resources a program can
 * wire into others, as `helm.v4.Chart`'s `resources` are.
 */
import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { Helmfile } from "../../src/emit/helmfile";
import { recordMockResources } from "../../src/testing";
import { fakePipeline } from "./fake-pipeline";

const MANIFEST = `---
# Source: app/templates/svc.yaml
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  clusterIP: 10.96.0.42
  ports: [{ port: 80 }]
---
# Source: app/templates/secret.yaml
apiVersion: v1
kind: Secret
metadata:
  name: web-credentials
stringData:
  user: admin
---
# Source: app/templates/widget.yaml
apiVersion: example.com/v1
kind: Widget
metadata:
  name: w1
`;

/**
 * An output's value. A failed output rejects its value and also its `isKnown`/`isSecret`
 * promises: those are quieted, so none is left to reject unheard after the test.
 */
function value<T>(o: pulumi.Output<T>): Promise<T> {
  const internals = o as unknown as {
    promise(): Promise<T>;
    isKnown?: Promise<unknown>;
    isSecret?: Promise<unknown>;
  };
  for (const p of [internals.isKnown, internals.isSecret]) p?.catch(() => undefined);
  return internals.promise();
}

describe("a Release's objects", () => {
  /** The components of the test: each Release registers its outputs before the next test's mocks. */
  let made: Helmfile[] = [];
  beforeEach(async () => {
    await recordMockResources({ preview: false });
  });
  afterEach(async () => {
    for (const h of made) for (const r of Object.values(await h.releases)) await value(r.resources);
    made = [];
    await new Promise((resolve) => setImmediate(resolve));
  });

  async function release(): Promise<import("../../src/emit/release").Release> {
    const pipeline = fakePipeline([{ name: "app", namespace: "team-x", manifest: MANIFEST }]);
    const h = new Helmfile("hf", { file: "helmfile.yaml", renderToDirectory: "/tmp/out" }, { pipeline });
    made.push(h);
    const r = (await h.releases)["team-x/app"];
    if (r === undefined) throw new Error("no release team-x/app");
    return r;
  }

  it("are its resources, each of the Kubernetes SDK's class for its kind where it has one", async () => {
    const made = await value((await release()).resources);
    expect(made.map((r) => r.constructor.name)).toEqual(["Service", "Secret", "KubeObjectResource"]);
    expect(made[0]).toBeInstanceOf(k8s.core.v1.Service);
  });

  it("are found by kind, name and namespace, and wire into other resources", async () => {
    const r = await release();
    const svc = r.object<k8s.core.v1.Service>("Service", "web", "team-x");
    // A program of one's own takes the Service's cluster IP and the Secret's name from the release.
    const ip = await value(svc.apply((s) => s.spec.clusterIP));
    const secret = await value(
      r.object<k8s.core.v1.Secret>("Secret", "web-credentials").apply((s) => s.metadata.name),
    );
    expect([ip, secret]).toEqual(["10.96.0.42", "web-credentials"]);
  });

  it("the README's snippet: a release's Service cluster IP from the component", async () => {
    const pipeline = fakePipeline([{ name: "web", namespace: "production", manifest: MANIFEST }]);
    const platform = new Helmfile(
      "platform",
      { file: "helmfile.yaml", renderToDirectory: "/tmp/out" },
      { pipeline },
    );
    made.push(platform);
    const svc = platform.object<k8s.core.v1.Service>("production/web", "Service", "web", "production");
    expect(await value(svc.spec.clusterIP)).toBe("10.96.0.42");
    await expect(value(platform.object("production/api", "Service", "api"))).rejects.toMatchObject({
      code: "EMIT_NO_SUCH_OBJECT",
      detail: "no release production/api in this helmfile",
      found: "production/web",
    });
  });

  it("an object the release does not have fails naming it and listing what the release holds", async () => {
    const r = await release();
    await expect(value(r.object("Service", "api", "team-x"))).rejects.toMatchObject({
      code: "EMIT_NO_SUCH_OBJECT",
      detail: "release hf-team-x/app: no Service team-x/api among its objects",
      found: "Service team-x/web, Secret team-x/web-credentials, Widget team-x/w1",
    });
  });
});
