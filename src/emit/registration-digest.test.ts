import { HelmfileMode } from "./helmfile-args";
import type { ReleasePlan } from "./plan-releases";
import { registrationDigest, registrationIsSecret, sharedMaterial } from "./registration-digest";
import type { ResolvedHelmfileArgs } from "./resolve-helmfile-args";

const RESOLVED: ResolvedHelmfileArgs = {
  state: { file: "/s/helmfile.yaml" },
  stateValues: { a: 1, b: { c: "x" } },
  unknownPaths: [],
  mode: HelmfileMode.Manifests,
  concurrency: 4,
  skipCrds: false,
  secret: false,
  dependencies: [],
};

const PLAN = {
  id: "ns/web",
  resourceName: "helmfile-ns-web",
  name: "web",
  namespace: "ns",
  chart: "./chart",
  values: '{"replicas":1}',
  manifest: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web\n",
  needs: [],
  secret: false,
  manifestHasSecret: false,
  secretNeedles: [],
  unknown: false,
  chartRef: "./chart",
  settings: { createNamespace: true },
} as unknown as ReleasePlan;

const CLUSTERS = { "": '["test-a","https://127.0.0.1:16443","default","admin"]' };

describe("registration digests", () => {
  it("are the same for the same plan and target, whatever the key order", () => {
    const shared = sharedMaterial(RESOLVED, "ambient", ["Namespace"], CLUSTERS);
    const reordered = sharedMaterial(
      { ...RESOLVED, stateValues: { b: { c: "x" }, a: 1 } },
      "ambient",
      ["Namespace"],
      CLUSTERS,
    );
    expect(registrationDigest(PLAN, reordered)).toBe(registrationDigest(PLAN, shared));
    expect(registrationDigest(PLAN, shared)).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it("of the rendered text: another text of the same objects, or another release's text, is another digest", () => {
    const manifests = (own: string) => ({ manifests: [own, "kind: ConfigMap\nmetadata:\n  name: other\n"] });
    const text = (plan: ReleasePlan, others = manifests(plan.manifest)): string =>
      registrationDigest(plan, sharedMaterial(RESOLVED, "ambient", others, CLUSTERS), true);
    const commented = {
      ...PLAN,
      manifest: `# Source: chart/templates/cm.yaml\n${PLAN.manifest}`,
    } as ReleasePlan;
    const objects = sharedMaterial(RESOLVED, "ambient", [], CLUSTERS);
    // Same objects: the objects' digest is the same, the text's is not.
    expect(registrationDigest(commented, objects)).toBe(registrationDigest(PLAN, objects));
    expect(text(commented)).not.toBe(text(PLAN));
    expect(text(PLAN)).toBe(text(PLAN));
    expect(text(PLAN)).not.toBe(registrationDigest(PLAN, objects));
    // Another release's manifest (which may hold a cluster-scoped CRD) changes every text digest.
    expect(
      text(PLAN, { manifests: [PLAN.manifest, "kind: ConfigMap\nmetadata:\n  name: changed\n"] }),
    ).not.toBe(text(PLAN));
  });

  it("stay the same when only a helm test hook's random name changes (helm install never installs it)", () => {
    const shared = sharedMaterial(RESOLVED, "ambient", [], CLUSTERS);
    const withTest = (name: string): ReleasePlan =>
      ({
        ...PLAN,
        manifest: `${PLAN.manifest}---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: ${name}\n  annotations:\n    helm.sh/hook: test\n`,
      }) as ReleasePlan;
    expect(registrationDigest(withTest("web-test-a1b2c"), shared)).toBe(
      registrationDigest(withTest("web-test-z9y8x"), shared),
    );
  });

  it("change with the manifest, the values, the settings, the state values and the cluster-scoped kinds", () => {
    const shared = sharedMaterial(RESOLVED, "ambient", [], CLUSTERS);
    const base = registrationDigest(PLAN, shared);
    const variants = [
      registrationDigest({ ...PLAN, manifest: `${PLAN.manifest}data:\n  k: v\n` }, shared),
      registrationDigest({ ...PLAN, values: '{"replicas":2}' }, shared),
      registrationDigest({ ...PLAN, settings: { ...PLAN.settings, createNamespace: false } }, shared),
      registrationDigest(
        PLAN,
        sharedMaterial({ ...RESOLVED, stateValues: { a: 2 } }, "ambient", [], CLUSTERS),
      ),
      registrationDigest(PLAN, sharedMaterial(RESOLVED, "ambient", ["ClusterRole"], CLUSTERS)),
    ];
    for (const v of variants) expect(v).not.toBe(base);
    expect(new Set(variants).size).toBe(variants.length);
  });

  it("do not change with how long the release is waited for, which helmfile's diff never shows", () => {
    const shared = sharedMaterial(RESOLVED, "ambient", [], CLUSTERS);
    const waited = { ...PLAN.settings, wait: true, waitForJobs: true, timeout: 60 };
    expect(registrationDigest({ ...PLAN, settings: waited }, shared)).toBe(registrationDigest(PLAN, shared));
  });

  it("change when the context points elsewhere (another API server, context or user)", () => {
    const base = registrationDigest(PLAN, sharedMaterial(RESOLVED, "ambient", [], CLUSTERS));
    const elsewhere = { "": '["test-a","https://127.0.0.1:16453","default","admin"]' };
    expect(registrationDigest(PLAN, sharedMaterial(RESOLVED, "ambient", [], elsewhere))).not.toBe(base);
  });

  it("never repeat for a cluster whose identity is unknown or a provider of the caller's", () => {
    const twice = (target: string, clusters: Record<string, string | undefined>): string[] =>
      [0, 1].map(() => registrationDigest(PLAN, sharedMaterial(RESOLVED, target, [], clusters)));
    const [a, b] = twice("ambient", { "": undefined });
    expect(a).not.toBe(b);
    const [c, d] = twice("provider-arg", {});
    expect(c).not.toBe(d);
  });

  it("are secret when the plan or the component's inputs are", () => {
    expect(registrationIsSecret(PLAN, RESOLVED)).toBe(false);
    expect(registrationIsSecret({ ...PLAN, manifestHasSecret: true }, RESOLVED)).toBe(true);
    expect(registrationIsSecret({ ...PLAN, secretNeedles: ["s3cr3t"] }, RESOLVED)).toBe(true);
    expect(registrationIsSecret(PLAN, { ...RESOLVED, secret: true })).toBe(true);
  });
});
