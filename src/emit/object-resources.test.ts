/**
 * A release's objects as resources (Pulumi mocks): named, typed and ordered as a
 * `kubernetes:yaml/v2:ConfigGroup` of them names, types and orders its children
 * (pulumi-kubernetes provider/pkg/provider/yaml/v2: `<prefix>:<namespace>/<name>`, the typed
 * registration per kind, `…List` expanded, Namespace and `config.kubernetes.io/depends-on` edges).
 */
import * as pulumi from "@pulumi/pulumi";
import * as k8s from "@pulumi/kubernetes";
import { secretNeedles } from "./secret-leaves";
import { isHelmfileError } from "../shared/errors";
import { plainValue, recordMockResources, type MockRecorder } from "../testing";
import { withoutEmptyTopLevel, objectDigests, objectResources, orderGroup } from "./object-resources";
import { expandLists, groupChildName, objectTypeToken } from "./object-keys";
import type { KubeObject } from "./manifest-objects";

const obj = (apiVersion: string, kind: string, name: string, namespace?: string, extra = {}): KubeObject => ({
  apiVersion,
  kind,
  metadata: { name, ...(namespace === undefined ? {} : { namespace }) },
  ...extra,
});

describe("names and type tokens", () => {
  it("types built-in kinds by group (core for the empty group) and names as a ConfigGroup does", () => {
    expect(objectTypeToken(obj("v1", "ConfigMap", "a"))).toBe("kubernetes:core/v1:ConfigMap");
    expect(objectTypeToken(obj("networking.k8s.io/v1", "Ingress", "a"))).toBe(
      "kubernetes:networking.k8s.io/v1:Ingress",
    );
    expect(groupChildName("hf-ns/app", obj("v1", "ConfigMap", "a", "ns"))).toBe("hf-ns/app:ns/a");
    expect(groupChildName("hf-ns/app", obj("rbac.authorization.k8s.io/v1", "ClusterRole", "r"))).toBe(
      "hf-ns/app:r",
    );
  });

  it("expands List objects, nested ones too, in order", () => {
    const list = {
      apiVersion: "v1",
      kind: "List",
      items: [
        obj("v1", "ConfigMap", "a"),
        { apiVersion: "v1", kind: "ConfigMapList", items: [obj("v1", "ConfigMap", "b")] },
      ],
    };
    expect(
      expandLists([list, obj("v1", "Secret", "c")]).map((o) => (o.metadata as { name: string }).name),
    ).toEqual(["a", "b", "c"]);
  });
});

describe("orderGroup", () => {
  it("puts a Namespace and the objects a depends-on annotation names before their dependents", () => {
    const ns = obj("v1", "Namespace", "team");
    const cm = obj("v1", "ConfigMap", "cfg", "team");
    const dep = obj("apps/v1", "Deployment", "web", "team");
    (dep.metadata as Record<string, unknown>).annotations = {
      "config.kubernetes.io/depends-on": "/namespaces/team/ConfigMap/cfg",
    };
    const ordered = orderGroup([dep, cm, ns], "team/app");
    expect(ordered.map((o) => (o.obj.metadata as { name: string }).name)).toEqual(["team", "cfg", "web"]);
    // Indexes point into the new order: cfg depends on the Namespace, web on both.
    expect(ordered.map((o) => [...o.deps].sort())).toEqual([[], [0], [0, 1]]);
  });

  it("names an object on a dependency cycle, and a reference that is not an object reference", () => {
    const a = obj("v1", "ConfigMap", "a", "n");
    const b = obj("v1", "ConfigMap", "b", "n");
    (a.metadata as Record<string, unknown>).annotations = {
      "config.kubernetes.io/depends-on": "/namespaces/n/ConfigMap/b",
    };
    (b.metadata as Record<string, unknown>).annotations = {
      "config.kubernetes.io/depends-on": "/namespaces/n/ConfigMap/a",
    };
    expect(() => orderGroup([a, b], "n/app")).toThrow(
      /release n\/app: .*ConfigMap.* is on a dependency cycle/,
    );
    const bad = obj("v1", "ConfigMap", "c", "n");
    (bad.metadata as Record<string, unknown>).annotations = { "config.kubernetes.io/depends-on": "nonsense" };
    try {
      orderGroup([bad], "n/app");
      throw new Error("no error");
    } catch (err) {
      expect(isHelmfileError(err) && err.code).toBe("EMIT_BAD_MANIFEST");
      expect(isHelmfileError(err) && err.found).toBe("nonsense");
    }
  });
});

describe("objectResources (mocks)", () => {
  let rec: MockRecorder;
  beforeEach(async () => {
    rec = await recordMockResources({ preview: false });
  });

  class Parent extends pulumi.ComponentResource {
    constructor() {
      super("helmfile:index:Release", "ns/app", {});
    }
  }

  it("registers built-in kinds through the SDK's classes (their former-version aliases) and custom kinds as they are", async () => {
    const parent = new Parent();
    const made = objectResources(
      parent,
      "ns/app",
      [
        obj("policy/v1", "PodDisruptionBudget", "pdb", "ns", { spec: { maxUnavailable: 1 } }),
        obj("v1", "Secret", "s", "ns", { stringData: { password: "hunter2" } }),
        obj("example.com/v1", "Widget", "w", "ns", { spec: { size: 3 }, extra: true }),
      ],
      { secretNeedles: [], allSecret: false, skipAwait: true, releaseId: "ns/app" },
    );
    await rec.settled();
    // The SDK's own classes, which carry the kinds' aliases (policy/v1beta1 for a PDB, …).
    expect(made[0]).toBeInstanceOf(k8s.policy.v1.PodDisruptionBudget);
    expect(made[1]).toBeInstanceOf(k8s.core.v1.Secret);
    const byName = (n: string): MockRecorder["resources"][number] | undefined =>
      rec.resources.find((r) => r.name === n);
    const pdb = byName("ns/app:ns/pdb");
    expect(pdb?.type).toBe("kubernetes:policy/v1:PodDisruptionBudget");
    expect(pdb?.parent).toBe(await new Promise((r) => parent.urn.apply(r)));
    // The typed Secret hides its data even from a plain manifest.
    const secret = byName("ns/app:ns/s");
    expect(secret?.rawInputs.stringData).toEqual({
      [pulumi.runtime.specialSigKey]: pulumi.runtime.specialSecretSig,
      value: { password: "hunter2" },
    });
    // A custom resource keeps every field; each object carries skipAwait when not awaited.
    const widget = byName("ns/app:ns/w");
    expect(widget?.type).toBe("kubernetes:example.com/v1:Widget");
    expect(plainValue(widget?.rawInputs.extra)).toBe(true);
    expect(plainValue(widget?.rawInputs.metadata)).toEqual({
      name: "w",
      namespace: "ns",
      annotations: { "pulumi.com/skipAwait": "true" },
    });
  });

  it("does not register the objects a preview answered; what depended on them is still registered", async () => {
    const parent = new Parent();
    const made = objectResources(
      parent,
      "ns/app",
      [
        obj("v1", "Namespace", "team"),
        obj("v1", "ConfigMap", "cfg", "team"),
        obj("v1", "ConfigMap", "other", "team"),
      ],
      { secretNeedles: [], allSecret: false, skipAwait: true, releaseId: "ns/app" },
      new Set([
        "kubernetes:core/v1:Namespace::ns/app:team",
        "kubernetes:core/v1:ConfigMap::ns/app:team/other",
      ]),
    );
    await rec.settled();
    expect(made).toHaveLength(1);
    expect(rec.resources.filter((r) => r.type.startsWith("kubernetes:")).map((r) => r.name)).toEqual([
      "ns/app:team/cfg",
    ]);
  });

  it("fails naming the release and the object when the SDK's class refuses it", () => {
    const parent = new Parent();
    try {
      objectResources(
        parent,
        "ns/app",
        [obj("apiextensions.k8s.io/v1", "CustomResourceDefinition", "x.example.com")],
        { secretNeedles: [], allSecret: false, skipAwait: false, releaseId: "ns/app" },
      );
      throw new Error("no error");
    } catch (err) {
      expect(isHelmfileError(err) && err.code).toBe("EMIT_BAD_MANIFEST");
      expect((err as Error).message).toMatch(
        /release ns\/app: CustomResourceDefinition x\.example\.com: Missing required property 'spec'/,
      );
      expect(isHelmfileError(err) && err.keyPath).toEqual(["spec"]);
    }
  });

  const secretOf = (value: unknown): unknown => ({
    [pulumi.runtime.specialSigKey]: pulumi.runtime.specialSecretSig,
    value,
  });

  it("makes secret only the strings that carry a known secret, plainly or base64-encoded", async () => {
    const password = "s3cr3t-pa55";
    const encoded = Buffer.from(`user:${password}\n`).toString("base64");
    objectResources(
      new Parent(),
      "ns/app",
      [
        obj("v1", "ConfigMap", "c", "ns", {
          data: { url: `postgres://app:${password}@db:5432`, auth: encoded, plain: "replicas" },
        }),
        obj("apps/v1", "Deployment", "d", "ns", {
          spec: { replicas: 2, template: { spec: { containers: [] } } },
        }),
      ],
      { secretNeedles: secretNeedles([password]), allSecret: false, skipAwait: false, releaseId: "ns/app" },
    );
    await rec.settled();
    const cm = rec.resources.find((r) => r.name === "ns/app:ns/c");
    expect(cm?.rawInputs.data).toEqual({
      url: secretOf(`postgres://app:${password}@db:5432`),
      auth: secretOf(encoded),
      plain: "replicas",
    });
    // An object that carries no secret is sent in the clear, empty lists and all.
    const d = rec.resources.find((r) => r.name === "ns/app:ns/d");
    expect(d?.rawInputs.spec).toEqual({ replicas: 2, template: { spec: { containers: [] } } });
  });

  it("wraps every scalar but none of null, empty lists or maps when the manifest is secret as a whole", async () => {
    objectResources(
      new Parent(),
      "ns/app",
      [
        obj("v1", "ConfigMap", "c", "ns", { data: { k: "v" } }),
        obj("rbac.authorization.k8s.io/v1", "ClusterRole", "r", "", { rules: [], aggregationRule: null }),
        obj("v1", "Secret", "s", "ns", { stringData: null, data: {} }),
      ],
      { secretNeedles: [], allSecret: true, skipAwait: false, releaseId: "ns/app" },
    );
    await rec.settled();
    const cm = rec.resources.find((r) => r.name === "ns/app:ns/c");
    expect(cm?.rawInputs.data).toEqual({ k: secretOf("v") });
    expect(plainValue(cm?.rawInputs.metadata)).toEqual({ name: "c", namespace: "ns" });
    // Left out, not wrapped: the API server stores none of them (pulumi/pulumi-kubernetes#3538).
    const role = rec.resources.find((r) => r.name === "ns/app:r");
    expect(Object.keys(role?.rawInputs ?? {}).sort()).toEqual(["apiVersion", "kind", "metadata"]);
    const secret = rec.resources.find((r) => r.name === "ns/app:ns/s");
    expect(secret?.rawInputs.stringData).toBeUndefined();
  });
});

describe("objectDigests", () => {
  const CFG = "kubernetes:core/v1:ConfigMap::ns/app:ns/cfg";
  const WEB = "kubernetes:apps/v1:Deployment::ns/app:ns/web";
  const base = { secretNeedles: [], allSecret: false, skipAwait: true, releaseId: "ns/app" } as const;
  const cm = (data: Record<string, string>): KubeObject => obj("v1", "ConfigMap", "cfg", "ns", { data });
  const deploy = (replicas: number): KubeObject =>
    obj("apps/v1", "Deployment", "web", "ns", { spec: { replicas } });

  it("one digest per object, by the type and name it registers; a changed object changes its own only", () => {
    const before = objectDigests("ns/app", [cm({ a: "1" }), deploy(1)], base, "ctx");
    expect([...before.keys()]).toEqual([
      "kubernetes:core/v1:ConfigMap::ns/app:ns/cfg",
      "kubernetes:apps/v1:Deployment::ns/app:ns/web",
    ]);
    const after = objectDigests("ns/app", [cm({ a: "1" }), deploy(2)], base, "ctx");
    expect(after.get(CFG)).toBe(before.get(CFG));
    expect(after.get(WEB)).not.toBe(before.get(WEB));
    // The same inputs written otherwise (key order) are the same registration.
    const reordered = {
      metadata: { namespace: "ns", name: "cfg" },
      data: { a: "1" },
      kind: "ConfigMap",
      apiVersion: "v1",
    };
    expect(objectDigests("ns/app", [reordered], base, "ctx").get(CFG)).toBe(before.get(CFG));
  });

  it("objects of one name but different kinds (a Deployment and its Service) are told apart", () => {
    const svc = obj("v1", "Service", "web", "ns", { spec: { ports: [{ port: 80 }] } });
    const digests = objectDigests("ns/app", [deploy(1), svc], base, "ctx");
    expect([...digests.keys()]).toEqual([WEB, "kubernetes:core/v1:Service::ns/app:ns/web"]);
  });

  it("what else makes the resource counts: the context, which leaves are secret, awaiting, the group", () => {
    const d = (
      objs: KubeObject[],
      options: Parameters<typeof objectDigests>[2],
      context = "ctx",
      group = "ns/app",
    ) => [...objectDigests(group, objs, options, context).values()][0];
    const plain = d([cm({ a: "hunter2" })], base);
    expect(d([cm({ a: "hunter2" })], base, "other")).not.toBe(plain);
    expect(d([cm({ a: "hunter2" })], { ...base, secretNeedles: secretNeedles(["hunter2"]) })).not.toBe(plain);
    expect(d([cm({ a: "hunter2" })], { ...base, allSecret: true })).not.toBe(plain);
    expect(d([cm({ a: "hunter2" })], { ...base, skipAwait: false })).not.toBe(plain);
    expect(d([cm({ a: "hunter2" })], { ...base, skipAwait: false, timeoutSeconds: 60 })).not.toBe(
      d([cm({ a: "hunter2" })], { ...base, skipAwait: false }),
    );
    expect(d([cm({ a: "hunter2" })], base, "ctx", "ns/app-keep")).not.toBe(plain);
  });

  it("fails as objectResources fails on an object without a name", () => {
    expect(() =>
      objectDigests("ns/app", [{ apiVersion: "v1", kind: "ConfigMap", metadata: {} }], base, "c"),
    ).toThrow(/has no name/);
  });
});

describe("withoutEmptyTopLevel", () => {
  it("leaves out null fields, and a built-in kind's empty top-level lists and data maps", () => {
    const role = { apiVersion: "v1", kind: "Secret", metadata: { name: "s" }, type: null, data: {}, x: [] };
    expect(withoutEmptyTopLevel(role, true)).toEqual({
      apiVersion: "v1",
      kind: "Secret",
      metadata: { name: "s" },
    });
  });

  it("keeps a custom resource's empty lists and maps, nested empty values and a struct's {}", () => {
    const widget = {
      apiVersion: "x/v1",
      kind: "W",
      metadata: { name: "w" },
      items: [],
      spec: {},
      status: null,
    };
    expect(withoutEmptyTopLevel(widget, false)).toEqual({
      apiVersion: "x/v1",
      kind: "W",
      metadata: { name: "w" },
      items: [],
      spec: {},
    });
    const pod = {
      apiVersion: "v1",
      kind: "Pod",
      metadata: { name: "p" },
      spec: { volumes: [{ name: "v", emptyDir: {} }], containers: [] },
    };
    expect(withoutEmptyTopLevel(pod, true)).toBe(pod);
  });
});
