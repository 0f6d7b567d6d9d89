/**
 * RBAC rule matching as the Kubernetes documentation states it ("Using RBAC Authorization":
 * `*` matches every verb, group or resource; `resourceNames` restrict get/patch/… to the named
 * objects and cannot restrict `create`, whose request carries no name), and the reviewer's
 * order of questions: the namespace's rules first, a SelfSubjectAccessReview for what they do not allow.
 */
import { AccessReviewer, rulesAllow, type AccessNeed, type ResourceRule } from "./kube-access";
import type { KubeApi } from "./kube-api";

const need = (verb: string, resource: string, extra: Partial<AccessNeed> = {}): AccessNeed => ({
  verb,
  group: "",
  resource,
  namespace: "team-a",
  ...extra,
});

describe("rulesAllow", () => {
  const admin: ResourceRule[] = [{ verbs: ["*"], apiGroups: ["*"], resources: ["*"] }];
  const configmaps: ResourceRule[] = [
    { verbs: ["get", "patch"], apiGroups: [""], resources: ["configmaps"] },
  ];

  it("wildcards match every verb, group and resource", () => {
    expect(rulesAllow(admin, need("create", "deployments", { group: "apps" }))).toBe(true);
  });

  it("a rule grants only its verbs, groups and resources", () => {
    expect(rulesAllow(configmaps, need("get", "configmaps"))).toBe(true);
    expect(rulesAllow(configmaps, need("create", "configmaps"))).toBe(false);
    expect(rulesAllow(configmaps, need("get", "secrets"))).toBe(false);
    expect(rulesAllow(configmaps, need("get", "configmaps", { group: "apps" }))).toBe(false);
    expect(rulesAllow([], need("get", "configmaps"))).toBe(false);
  });

  it("resourceNames restrict to the named objects, and never grant create", () => {
    const named: ResourceRule[] = [
      {
        verbs: ["get", "patch", "create"],
        apiGroups: [""],
        resources: ["configmaps"],
        resourceNames: ["mine"],
      },
    ];
    expect(rulesAllow(named, need("patch", "configmaps", { name: "mine" }))).toBe(true);
    expect(rulesAllow(named, need("patch", "configmaps", { name: "theirs" }))).toBe(false);
    expect(rulesAllow(named, need("patch", "configmaps"))).toBe(false);
    expect(rulesAllow(named, need("create", "configmaps", { name: "mine" }))).toBe(false);
  });
});

describe("AccessReviewer", () => {
  function fakeApi(rules: ResourceRule[], allowed: (n: AccessNeed) => boolean) {
    const calls = { rules: 0, reviews: [] as AccessNeed[] };
    const api = {
      rulesIn: async () => {
        calls.rules++;
        return rules;
      },
      canI: async (n: AccessNeed) => {
        calls.reviews.push(n);
        return { allowed: allowed(n) };
      },
    } as unknown as KubeApi;
    return { api, calls };
  }

  it("asks a namespace's rules once, and a SelfSubjectAccessReview only for what they do not allow", async () => {
    const { api, calls } = fakeApi(
      [{ verbs: ["get"], apiGroups: [""], resources: ["configmaps"] }],
      () => false,
    );
    const reviewer = new AccessReviewer(api);
    expect(await reviewer.allowed(need("get", "configmaps"))).toBe(true);
    expect(await reviewer.allowed(need("get", "configmaps", { name: "x" }))).toBe(true);
    expect(calls.reviews).toEqual([]);
    expect(await reviewer.allowed(need("patch", "configmaps"))).toBe(false);
    expect(await reviewer.allowed(need("patch", "configmaps"))).toBe(false);
    expect([calls.rules, calls.reviews.length]).toEqual([1, 1]);
  });

  it("the review's answer is final when the rules are silent (another authorizer may allow it)", async () => {
    const { api } = fakeApi([], (n) => n.verb === "patch");
    expect(await new AccessReviewer(api).allowed(need("patch", "configmaps"))).toBe(true);
  });

  it("cluster-scoped questions go to the review directly", async () => {
    const { api, calls } = fakeApi([{ verbs: ["*"], apiGroups: ["*"], resources: ["*"] }], () => false);
    const clusterScoped: AccessNeed = { verb: "patch", group: "", resource: "namespaces", name: "team-a" };
    expect(await new AccessReviewer(api).allowed(clusterScoped)).toBe(false);
    expect([calls.rules, calls.reviews]).toEqual([0, [clusterScoped]]);
  });
});
