import { HelmfileMode } from "./helmfile-args";
import type { ReleasePlan } from "./plan-releases";
import {
  formatRecordedRender,
  recordedRegistration,
  recordedRenderOf,
  registrationDigest,
  registrationIsSecret,
  registrationMatches,
  crdTextHash,
  sharedMaterial,
  textHash,
  type RecordedRender,
} from "./registration-digest";
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

  it("of the rendered text: another text of the same objects, or another release's CRD text, is another digest", () => {
    const crd = (name: string): string =>
      `---\n# Source: c/crds/x.yaml\napiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: ${name}\n`;
    const other = (crdName: string, replicas: number): string =>
      `${crd(crdName)}---\n# Source: c/templates/d.yaml\nkind: Deployment\nspec:\n  replicas: ${replicas}\n`;
    const texts = (...manifests: string[]) => ({
      crdTexts: manifests.map(crdTextHash).filter((h) => h !== ""),
    });
    const text = (plan: ReleasePlan, others = texts(plan.manifest, other("a.example.com", 1))): string =>
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
    // Another release's CRDs (which may define a cluster-scoped kind) change every text digest …
    expect(text(PLAN, texts(PLAN.manifest, other("b.example.com", 1)))).not.toBe(text(PLAN));
    // … and its other objects do not.
    expect(text(PLAN, texts(PLAN.manifest, other("a.example.com", 2)))).toBe(text(PLAN));
    expect(crdTextHash(PLAN.manifest)).toBe("");
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

  it("of a render the stack's record answered: its text digest is the rendered plan's, its objects match nothing", () => {
    const shared = sharedMaterial(RESOLVED, "ambient", { crdTexts: [] }, CLUSTERS);
    const key = { key: `sha256:${"a".repeat(64)}`, mode: "any" as const, apis: ["autoscaling/v2"] };
    const rendered = { ...PLAN, renderKey: key } as ReleasePlan;
    const render: RecordedRender = {
      key,
      textHash: textHash(PLAN.manifest),
      crdText: "",
      manifestHasSecret: false,
      kinds: [],
    };
    const answered = { ...PLAN, manifest: "", renderKey: key, recordedRender: render } as ReleasePlan;
    // How the manifest was had is no part of the digest: the text digest is the same either way.
    expect(registrationDigest(answered, shared, true)).toBe(registrationDigest(PLAN, shared, true));
    expect(registrationDigest(rendered, shared, true)).toBe(registrationDigest(PLAN, shared, true));
    expect(() => registrationDigest(answered, shared)).toThrow();
    // Recorded beside the digests, and read back as it was written.
    const recorded = recordedRegistration("sha256:objects", "sha256:text", render);
    expect(recorded.split(" ").slice(0, 2)).toEqual(["sha256:objects", "sha256:text"]);
    expect(recordedRenderOf(recorded)).toEqual(render);
    expect(registrationMatches(recorded, "sha256:text", () => "x")).toBe(true);
    const odd = {
      ...render,
      key: { key: key.key, mode: "upgrade" as const, apis: ["a b;c,d", "e"] },
      kinds: ["x.io/K", "y.io/L"],
      crdText: "c".repeat(64),
    };
    expect(recordedRenderOf(recordedRegistration("o", "t", odd))).toEqual(odd);
    expect(
      recordedRenderOf(recordedRegistration("o", "t", { ...render, key: { key: key.key, mode: "any" } }))
        ?.key,
    ).toEqual({
      key: key.key,
      mode: "any",
    });
    // A registration of an older format, or garbled, holds none.
    expect(recordedRenderOf("sha256:objects sha256:text")).toBeUndefined();
    expect(
      recordedRenderOf(`o t ${formatRecordedRender(render).replace("any", "sometimes")}`),
    ).toBeUndefined();
    expect(recordedRenderOf({ secret: true })).toBeUndefined();
  });
});
