/**
 * The rights a release needs, as ./release-access.ts asks them of a fake API: per object `get`,
 * `patch`, and `create` only when the object does not exist (Kubernetes' server-side apply patches
 * an existing object); a kind the server does not serve asks nothing; the answers come back in the
 * order of the objects and verbs, however the API server orders its answers.
 */
import type { AccessNeed, ResourceRule } from "./kube-access";
import type { KubeApi } from "./kube-api";
import { refusedReleaseAccess, type ReleaseAccessRequest } from "./release-access";

interface FakeOptions {
  readonly rules?: ResourceRule[];
  readonly allowed?: (n: AccessNeed) => boolean;
  readonly existing?: readonly string[];
  /** Milliseconds an answer takes, per question (default 0). */
  readonly delay?: (what: string) => number;
}

const RESOURCES: Record<string, { name: string; namespaced: boolean }> = {
  "v1/ConfigMap": { name: "configmaps", namespaced: true },
  "apps/v1/Deployment": { name: "deployments", namespaced: true },
  "apps/v1/DaemonSet": { name: "daemonsets", namespaced: true },
  "rbac.authorization.k8s.io/v1/ClusterRole": { name: "clusterroles", namespaced: false },
};

function fakeApi(options: FakeOptions = {}) {
  const asked: string[] = [];
  const open = { now: 0, most: 0 };
  const answer = async <T>(what: string, value: () => T): Promise<T> => {
    asked.push(what);
    open.now++;
    open.most = Math.max(open.most, open.now);
    await new Promise((r) => setTimeout(r, options.delay?.(what) ?? 0));
    open.now--;
    return value();
  };
  const api = {
    context: "test",
    namespace: "default",
    resourceOf: (apiVersion: string, kind: string) =>
      answer(`discover ${apiVersion}/${kind}`, () => RESOURCES[`${apiVersion}/${kind}`]),
    rulesIn: (ns: string) => answer(`rules ${ns}`, () => options.rules ?? []),
    canI: (n: AccessNeed) =>
      answer(`can-i ${n.verb} ${n.resource} ${n.namespace ?? "-"} ${n.name ?? "*"}`, () => ({
        allowed: options.allowed?.(n) ?? false,
      })),
    getObject: (_apiVersion: string, kind: string, name: string, ns?: string) =>
      answer(`get ${kind} ${ns ?? "-"}/${name}`, () =>
        (options.existing ?? []).includes(`${kind}/${name}`) ? { kind, metadata: { name } } : undefined,
      ),
    identity: async () => "team-a-deployer",
  };
  return { api: api as unknown as KubeApi, asked, open };
}

const request = (objects: ReleaseAccessRequest["objects"]): ReleaseAccessRequest => ({
  release: "team-b/app",
  namespace: "team-b",
  objects,
  ownsNamespace: false,
  helmRecords: false,
});

describe("refusedReleaseAccess", () => {
  it("asks create only of what does not exist, and refuses each verb in the order get, patch, create", async () => {
    const { api } = fakeApi({
      allowed: (n) => n.verb === "get",
      existing: ["ConfigMap/old"],
    });
    const refusals = await refusedReleaseAccess(
      [
        request([
          { apiVersion: "v1", kind: "ConfigMap", name: "old" },
          { apiVersion: "v1", kind: "ConfigMap", name: "new" },
        ]),
      ],
      () => api,
    );
    expect(refusals).toEqual([
      {
        release: "team-b/app",
        context: "test",
        user: "team-a-deployer",
        verbs: ["patch"],
        resource: "configmaps",
        name: "old",
        namespace: "team-b",
      },
      {
        release: "team-b/app",
        context: "test",
        user: "team-a-deployer",
        verbs: ["patch", "create"],
        resource: "configmaps",
        name: "new",
        namespace: "team-b",
      },
    ]);
  });

  it("keeps the order of verbs and objects when later questions are answered first", async () => {
    // Cluster-scoped: every verb is a SelfSubjectAccessReview; `get` answers last.
    const { api } = fakeApi({ delay: (what) => (what.startsWith("can-i get") ? 30 : 0) });
    const refusals = await refusedReleaseAccess(
      [
        request([
          { apiVersion: "rbac.authorization.k8s.io/v1", kind: "ClusterRole", name: "a" },
          { apiVersion: "rbac.authorization.k8s.io/v1", kind: "ClusterRole", name: "b" },
        ]),
      ],
      () => api,
    );
    expect(refusals.map((r) => [r.name, r.verbs])).toEqual([
      ["a", ["get", "patch", "create"]],
      ["b", ["get", "patch", "create"]],
    ]);
  });

  it("asks a target's verbs at once, not one round trip after another", async () => {
    const { api, open } = fakeApi({ delay: () => 10, allowed: () => true });
    await refusedReleaseAccess(
      [request([{ apiVersion: "rbac.authorization.k8s.io/v1", kind: "ClusterRole", name: "a" }])],
      () => api,
    );
    // get, patch and create of every name, in flight together.
    expect(open.most).toBeGreaterThanOrEqual(3);
  });

  it("discovers the kinds at once, and asks nothing of a kind the server does not serve", async () => {
    const { api, asked, open } = fakeApi({
      delay: (what) => (what.startsWith("discover") ? 10 : 0),
      rules: [{ verbs: ["*"], apiGroups: ["*"], resources: ["*"] }],
    });
    const refusals = await refusedReleaseAccess(
      [
        request([
          { apiVersion: "v1", kind: "ConfigMap", name: "c" },
          { apiVersion: "apps/v1", kind: "Deployment", name: "d" },
          { apiVersion: "apps/v1", kind: "DaemonSet", name: "s" },
          { apiVersion: "example.com/v1", kind: "Widget", name: "w" },
        ]),
      ],
      () => api,
    );
    expect(refusals).toEqual([]);
    expect(open.most).toBeGreaterThanOrEqual(4);
    expect(asked.filter((a) => a.startsWith("can-i") || a.startsWith("get"))).toEqual([]);
    expect(asked.filter((a) => a.includes("Widget"))).toEqual(["discover example.com/v1/Widget"]);
  });
});
