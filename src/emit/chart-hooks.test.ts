import * as pulumi from "@pulumi/pulumi";
import { plainValue, recordMockResources, type MockRecorder } from "../testing";
import {
  chartHookPhases,
  deletedOnFailure,
  deletedOnSuccess,
  hasKeptObjects,
  recreatedOnUpgrade,
  runsInPhase,
  runsOnUpgrade,
  type HookObject,
} from "./chart-hooks";
import { Release } from "./release";
import { groupObjects } from "../../tests/support/release-objects";
import type { KubeObject } from "./manifest-objects";

const cm = (name: string, annotations: Record<string, string> = {}): KubeObject => ({
  apiVersion: "v1",
  kind: "ConfigMap",
  metadata: { name, annotations },
});
const names = (hs: readonly HookObject[]): string[] =>
  hs.map((h) => (h.obj.metadata as { name: string }).name);

describe("chartHookPhases (helm's hook phases and order)", () => {
  it("puts pre-install/pre-upgrade hooks first and post-install/post-upgrade hooks last, by weight then name", () => {
    const p = chartHookPhases(
      [
        cm("plain"),
        cm("pre-b", { "helm.sh/hook": "pre-install", "helm.sh/hook-weight": "5" }),
        cm("pre-a", { "helm.sh/hook": "pre-install,pre-upgrade", "helm.sh/hook-weight": "5" }),
        cm("pre-first", { "helm.sh/hook": "pre-upgrade", "helm.sh/hook-weight": "-3" }),
        cm("post-z", { "helm.sh/hook": "post-install" }),
        cm("post-y", { "helm.sh/hook": " post-upgrade , post-install ", "helm.sh/hook-weight": "x" }),
      ],
      "ns/r",
    );
    expect(names(p.pre)).toEqual(["pre-first", "pre-a", "pre-b"]);
    expect(p.main.map((o) => (o.metadata as { name: string }).name)).toEqual(["plain"]);
    // An invalid weight is 0, as helm's strconv.Atoi fallback.
    expect(names(p.post)).toEqual(["post-y", "post-z"]);
    expect(p.warnings).toEqual([]);
  });

  it("never applies test hooks, and warns naming delete/rollback hooks instead of applying them", () => {
    const p = chartHookPhases(
      [
        cm("t", { "helm.sh/hook": "test" }),
        cm("old-style", { "helm.sh/hook": "test-success" }),
        cm("del", { "helm.sh/hook": "pre-delete" }),
        cm("both", {
          "helm.sh/hook": "post-install,post-delete",
          "helm.sh/hook-delete-policy": "hook-succeeded",
        }),
      ],
      "ns/r",
    );
    expect(names(p.pre)).toEqual([]);
    expect(p.main).toEqual([]);
    expect(names(p.post)).toEqual(["both"]);
    expect(p.post[0]?.deletePolicies).toEqual(["hook-succeeded"]);
    expect(p.warnings).toEqual([
      "release ns/r: chart hook ConfigMap del (pre-delete) cannot run in mode manifests and is not applied",
      "release ns/r: chart hook ConfigMap both: its post-delete event cannot run in mode manifests and is ignored",
    ]);
  });
});

describe("helm's hook-delete-policy and upgrade runs (pkg/action/hooks.go)", () => {
  const hook = (name: string, events: string, policy?: string): HookObject => {
    const annotations = {
      "helm.sh/hook": events,
      ...(policy === undefined ? {} : { "helm.sh/hook-delete-policy": policy }),
    };
    const p = chartHookPhases([cm(name, annotations)], "ns/r");
    return (p.pre[0] ?? p.post[0]) as HookObject;
  };

  it("re-creates on every upgrade only the upgrade hooks with before-hook-creation (the default when no policy is set)", () => {
    expect(recreatedOnUpgrade(hook("a", "pre-install,pre-upgrade"), "pre")).toBe(true);
    expect(recreatedOnUpgrade(hook("b", "pre-upgrade", "hook-succeeded,before-hook-creation"), "pre")).toBe(
      true,
    );
    // helm 4 applies over the last run's object; helm 3 fails with "already exists".
    expect(recreatedOnUpgrade(hook("c", "pre-upgrade", "hook-failed"), "pre")).toBe(false);
    expect(runsOnUpgrade(hook("c", "pre-upgrade", "hook-failed"), "pre")).toBe(true);
    // Install-only hooks run once.
    expect(recreatedOnUpgrade(hook("d", "pre-install"), "pre")).toBe(false);
    expect(runsOnUpgrade(hook("d", "pre-install"), "pre")).toBe(false);
    expect(recreatedOnUpgrade(hook("e", "post-install,post-upgrade"), "post")).toBe(true);
    expect(runsOnUpgrade(hook("f", "post-install"), "post")).toBe(false);
    // A hook of both phases (applied in the pre phase) also belongs to the post one.
    const both = hook("g", "pre-install,pre-upgrade,post-install,post-upgrade");
    expect([runsInPhase(both, "pre"), runsInPhase(both, "post")]).toEqual([true, true]);
    expect(runsInPhase(hook("h", "pre-install"), "post")).toBe(false);
  });

  it("deletes hook-succeeded hooks after the whole phase, last first; on a failure the failed hook when hook-failed and the earlier hook-succeeded ones", () => {
    const phase = chartHookPhases(
      [
        cm("sa", {
          "helm.sh/hook": "pre-install",
          "helm.sh/hook-weight": "-10",
          "helm.sh/hook-delete-policy": "hook-succeeded",
        }),
        cm("keep", { "helm.sh/hook": "pre-install", "helm.sh/hook-weight": "-5" }),
        cm("job", {
          "helm.sh/hook": "pre-install",
          "helm.sh/hook-delete-policy": "before-hook-creation,hook-succeeded,hook-failed",
        }),
        cm("last", {
          "helm.sh/hook": "pre-install",
          "helm.sh/hook-weight": "5",
          "helm.sh/hook-delete-policy": "hook-failed",
        }),
      ],
      "ns/r",
    ).pre;
    expect(names(phase)).toEqual(["sa", "keep", "job", "last"]);
    expect(names(deletedOnSuccess(phase))).toEqual(["job", "sa"]);
    expect(names(deletedOnFailure(phase, 0))).toEqual([]);
    expect(names(deletedOnFailure(phase, 1))).toEqual(["sa"]);
    expect(names(deletedOnFailure(phase, 2))).toEqual(["job", "sa"]);
    expect(names(deletedOnFailure(phase, 3))).toEqual(["last", "sa", "job"]);
  });
});

describe("Release in mode manifests with chart hooks (mocks)", () => {
  let rec: MockRecorder;
  beforeEach(async () => {
    rec = await recordMockResources({ preview: false });
  });

  const manifest = [
    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: main\n",
    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: kept\n  annotations:\n    helm.sh/resource-policy: keep\n",
    'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: pre2\n  annotations:\n    helm.sh/hook: pre-install\n    helm.sh/hook-weight: "2"\n',
    'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: pre1\n  annotations:\n    helm.sh/hook: pre-install\n    helm.sh/hook-weight: "1"\n',
    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: post\n  annotations:\n    helm.sh/hook: post-install\n",
    "apiVersion: v1\nkind: Pod\nmetadata:\n  name: test\n  annotations:\n    helm.sh/hook: test\n",
  ].join("---\n");

  /** The release's outputs, then every registration the SDK still has in flight. */
  const settle = async (r: Release): Promise<void> => {
    await new Promise<void>((resolve) => pulumi.all([r.urn, r.values]).apply(() => resolve()));
    await rec.settled();
  };
  const groupOf = (group: string): MockRecorder["resources"] => groupObjects(rec, group);
  const one = (group: string): MockRecorder["resources"][number] | undefined => {
    const objs = groupOf(group);
    expect(objs.length).toBe(1);
    return objs[0];
  };

  it("chains pre hooks, the release's objects and post hooks by dependsOn, skips the test Pod and applies keep objects apart, retained on delete", async () => {
    const r = new Release("ns/r", { name: "r", namespace: "ns", chart: "./c", values: "{}", manifest });
    await settle(r);
    expect(rec.unhandledRejections).toEqual([]);
    const release = rec.resources.find((x) => x.type === "helmfile:index:Release");
    const objects = rec.resources.filter((x) => x.custom);
    // Every object is a resource of the Release itself; the test Pod is not applied.
    expect(objects.every((o) => o.parent === release?.urn)).toBe(true);
    expect(objects.map((o) => o.name).sort()).toEqual([
      "ns/r-keep:ns/kept",
      "ns/r-post-configmap-post:ns/post",
      "ns/r-pre-configmap-pre1:ns/pre1",
      "ns/r-pre-configmap-pre2:ns/pre2",
      "ns/r:ns/main",
    ]);
    const pre1 = one("ns/r-pre-configmap-pre1");
    const pre2 = one("ns/r-pre-configmap-pre2");
    const main = one("ns/r");
    const post = one("ns/r-post-configmap-post");
    const kept = one("ns/r-keep");
    // helm waits for neither ConfigMap hook: they are applied side by side, the rest after both.
    expect(pre1?.dependencies).toEqual([]);
    expect(pre2?.dependencies).toEqual([]);
    expect([...(main?.dependencies ?? [])].sort()).toEqual([pre1?.urn, pre2?.urn].sort());
    expect(post?.dependencies).toEqual([main?.urn]);
    // The keep object: retained on delete, after the pre hooks; no other object is retained.
    expect([kept?.type, kept?.retainOnDelete]).toEqual(["kubernetes:core/v1:ConfigMap", true]);
    expect(kept?.dependencies).toEqual(main?.dependencies);
    expect(objects.filter((o) => o.retainOnDelete)).toEqual([kept]);
    // Not awaited without wait, as the release's other objects.
    expect(plainValue(kept?.rawInputs.metadata)).toEqual({
      name: "kept",
      namespace: "ns",
      annotations: {
        "helm.sh/resource-policy": "keep",
        "pulumi.com/patchForce": "true",
        "pulumi.com/deletionPropagationPolicy": "background",
        "pulumi.com/patchFieldManager": "pulumi-helmfile",
        "pulumi.com/skipAwait": "true",
      },
    });
    // Hooks are awaited like helm waits for them; the release's own objects are not.
    const skipAwait = (o: MockRecorder["resources"][number] | undefined): unknown =>
      (plainValue(o?.rawInputs.metadata) as { annotations: Record<string, string> }).annotations[
        "pulumi.com/skipAwait"
      ];
    expect([pre1, pre2, main, post].map(skipAwait)).toEqual([undefined, undefined, "true", undefined]);
  });

  it("waits, as helm does, for each Job and Pod hook and for a Namespace or CRD hook before the next; the hooks between are applied side by side", async () => {
    const hook = (apiVersion: string, kind: string, name: string, weight: number, extra = ""): string =>
      `apiVersion: ${apiVersion}\nkind: ${kind}\nmetadata:\n  name: ${name}\n  annotations:\n    helm.sh/hook: pre-install\n    helm.sh/hook-weight: "${weight}"\n${extra}`;
    const job =
      "spec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers: [{ name: c, image: i }]\n";
    const text = [
      "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: main\n",
      hook("v1", "ServiceAccount", "sa", 1),
      hook("rbac.authorization.k8s.io/v1", "Role", "role", 1, "rules: []\n"),
      hook("batch/v1", "Job", "job", 2, job),
      hook("v1", "Namespace", "extra", 3),
      hook("v1", "ConfigMap", "cm", 4),
      hook("v1", "Pod", "pod", 5, "spec:\n  containers: [{ name: c, image: i }]\n"),
      hook("v1", "ConfigMap", "after-pod", 6),
      hook("v1", "Secret", "after-pod-too", 6),
    ].join("---\n");
    const r = new Release("ns/h", { name: "h", namespace: "ns", chart: "./c", values: "{}", manifest: text });
    await settle(r);
    expect(rec.unhandledRejections).toEqual([]);
    const urn = (group: string): string | undefined => one(group)?.urn;
    const depsOf = (group: string): string[] => [...(one(group)?.dependencies ?? [])].sort();
    const [sa, role, jobUrn, ns, cm, pod] = [
      "ns/h-pre-serviceaccount-sa",
      "ns/h-pre-role-role",
      "ns/h-pre-job-job",
      "ns/h-pre-namespace-extra",
      "ns/h-pre-configmap-cm",
      "ns/h-pre-pod-pod",
    ].map(urn);
    expect(depsOf("ns/h-pre-serviceaccount-sa")).toEqual([]);
    expect(depsOf("ns/h-pre-role-role")).toEqual([]);
    // The Job runs once its ServiceAccount and Role both exist; what follows waits for it to finish.
    expect(depsOf("ns/h-pre-job-job")).toEqual([role, sa].sort());
    expect(depsOf("ns/h-pre-namespace-extra")).toEqual([jobUrn]);
    expect(depsOf("ns/h-pre-configmap-cm")).toEqual([ns]);
    expect(depsOf("ns/h-pre-pod-pod")).toEqual([cm]);
    expect(depsOf("ns/h-pre-configmap-after-pod")).toEqual([pod]);
    expect(depsOf("ns/h-pre-secret-after-pod-too")).toEqual([pod]);
    expect(depsOf("ns/h")).toEqual(
      [urn("ns/h-pre-configmap-after-pod"), urn("ns/h-pre-secret-after-pod-too")].sort(),
    );
  });

  it("applies a keep CRD before the other objects, retained; a secret manifest makes each value of a keep object secret", async () => {
    const crd = (name: string, keep: boolean): string =>
      `apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: ${name}\n` +
      (keep ? "  annotations:\n    helm.sh/resource-policy: keep\n" : "") +
      "spec:\n  group: example.com\n";
    const text = [
      crd("kept.example.com", true),
      crd("plain.example.com", false),
      "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: main\n",
      "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: kept\n  annotations:\n    helm.sh/resource-policy: keep\ndata:\n  password: hunter2\n",
    ].join("---\n");
    const r = new Release("ns/s", {
      name: "s",
      namespace: "ns",
      chart: "./c",
      values: "{}",
      manifest: pulumi.secret(text),
      wait: true,
    });
    await settle(r);
    expect(rec.unhandledRejections).toEqual([]);
    const release = rec.resources.find((x) => x.type === "helmfile:index:Release");
    const objects = rec.resources.filter((x) => x.custom && x.parent === release?.urn);
    const kept = objects.filter((o) => o.retainOnDelete);
    expect(kept.map((k) => [k.type, k.name])).toEqual([
      ["kubernetes:apiextensions.k8s.io/v1:CustomResourceDefinition", "ns/s-crds:kept.example.com"],
      ["kubernetes:core/v1:ConfigMap", "ns/s-keep:ns/kept"],
    ]);
    const crds = groupOf("ns/s-crds");
    const main = one("ns/s");
    expect(crds.map((o) => (plainValue(o.rawInputs.metadata) as { name: string }).name).sort()).toEqual([
      "kept.example.com",
      "plain.example.com",
    ]);
    // Everything else waits for both CRD resources.
    expect([...(main?.dependencies ?? [])].sort()).toEqual(crds.map((c) => c.urn).sort());
    expect(kept[1]?.dependencies).toEqual(main?.dependencies);
    // With wait, the keep object is awaited (no skipAwait annotation). The Release was given a
    // secret manifest without its secrets one by one: every value of its data is a secret on the wire.
    const meta = plainValue(kept[1]?.rawInputs.metadata) as { annotations: Record<string, string> };
    expect(meta.annotations["pulumi.com/skipAwait"]).toBeUndefined();
    expect(kept[1]?.rawInputs.data).toEqual({
      password: { [pulumi.runtime.specialSigKey]: pulumi.runtime.specialSecretSig, value: "hunter2" },
    });
    expect(plainValue(kept[1]?.rawInputs.kind)).toBe("ConfigMap");
  });
});

describe("hasKeptObjects (a namespace kept for what it holds)", () => {
  const doc = (kind: string, apiVersion: string, keep: boolean): string =>
    [
      "---",
      `apiVersion: ${apiVersion}`,
      `kind: ${kind}`,
      "metadata:",
      `  name: x-${kind.toLowerCase()}`,
      ...(keep ? ["  annotations:", "    helm.sh/resource-policy: keep"] : []),
      "",
    ].join("\n");
  it("counts kept objects that live in a namespace, not kept cluster-scoped ones", () => {
    const crd = doc("CustomResourceDefinition", "apiextensions.k8s.io/v1", true);
    const role = doc("ClusterRole", "rbac.authorization.k8s.io/v1", true);
    expect(hasKeptObjects(crd + role + doc("ConfigMap", "v1", false))).toBe(false);
    expect(hasKeptObjects(crd + doc("Secret", "v1", true))).toBe(true);
  });

  it("decodes only the documents that name the annotation: flow style and anchors count, escapes do not", () => {
    const base = ["---", "apiVersion: v1", "kind: ConfigMap", "metadata:", "  name: x"].join("\n");
    expect(hasKeptObjects(`${base}\n  annotations: {helm.sh/resource-policy: keep}\n`)).toBe(true);
    expect(
      hasKeptObjects(`${base}\n  labels: &a\n    helm.sh/resource-policy: keep\n  annotations: *a\n`),
    ).toBe(true);
    // The annotation named in one document does not make another document's object kept.
    expect(
      hasKeptObjects(`${base}\n  labels:\n    helm.sh/resource-policy: keep\n${doc("Secret", "v1", false)}`),
    ).toBe(false);
    // Spelled only through a double-quoted scalar's escape ("\x2f" is "/"): not seen (a listed difference).
    expect(hasKeptObjects(`${base}\n  annotations:\n    "helm.sh\\x2fresource-policy": keep\n`)).toBe(false);
  });
});
