/**
 * A Release's manifest digest changes exactly when an object helm would install changes: not with
 * the text around the objects, their order, or a `helm test` hook (which `helm install` never
 * installs and helm-diff leaves out of `helmfile diff`).
 */
import fc from "fast-check";
import { manifestDigest, sameManifestObjects } from "./manifest-digest";

const cm = (name: string, value: string, source = "app/templates/cm.yaml"): string =>
  `---\n# Source: ${source}\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n  value: "${value}"\n`;
const testPod = (name: string, hook = "test"): string =>
  [
    "---",
    "# Source: app/templates/tests/test-connection.yaml",
    "apiVersion: v1",
    "kind: Pod",
    "metadata:",
    `  name: ${name}`,
    "  annotations:",
    `    "helm.sh/hook": ${hook}`,
    "spec:",
    "  containers:",
    "    - name: wget",
    "      image: busybox",
    "",
  ].join("\n");

describe("manifestDigest", () => {
  const base = cm("a", "1") + cm("b", "2");

  it("is the same for the same objects in other text: comments, key order, document order, quoting", () => {
    const reordered =
      "---\n# Source: other.yaml\nkind: ConfigMap\napiVersion: v1\ndata:\n  value: '2'\nmetadata:\n  name: b\n" +
      cm("a", "1", "elsewhere.yaml");
    expect(manifestDigest(reordered)).toBe(manifestDigest(base));
  });

  it("changes when an object helm installs changes, appears or goes", () => {
    expect(manifestDigest(cm("a", "1") + cm("b", "3"))).not.toBe(manifestDigest(base));
    expect(manifestDigest(cm("a", "1"))).not.toBe(manifestDigest(base));
    expect(manifestDigest(base + cm("c", "1"))).not.toBe(manifestDigest(base));
  });

  it("leaves out helm test hooks (randAlphaNum names change on every render)", () => {
    const withTest = (suffix: string): string => base + testPod(`app-test-${suffix}`);
    expect(manifestDigest(withTest("x7k2p"))).toBe(manifestDigest(withTest("q9w3e")));
    expect(manifestDigest(withTest("x7k2p"))).toBe(manifestDigest(base));
    expect(manifestDigest(base + testPod("t", "test-success"))).toBe(manifestDigest(base));
  });

  it("keeps a hook that also runs on install or upgrade (helm installs it)", () => {
    expect(manifestDigest(base + testPod("t", "test,post-install"))).not.toBe(manifestDigest(base));
  });

  it("takes the text of a manifest that does not decode", () => {
    expect(manifestDigest("a: [")).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(manifestDigest("a: [")).not.toBe(manifestDigest("a: [["));
  });
});

describe("sameManifestObjects", () => {
  // Documents as helm writes them, and other texts of the same objects.
  const pool = [
    cm("a", "1"),
    cm("a", "1", "moved.yaml"),
    "---\n# Source: app/templates/cm.yaml\nkind: ConfigMap\napiVersion: v1\nmetadata:\n  name: a\ndata:\n  value: '1'\n",
    cm("a", "2"),
    cm("b", "2"),
    cm("b", "2", "other.yaml"),
    testPod("app-test-x7k2p"),
    testPod("app-test-q9w3e"),
    testPod("t", "test,post-install"),
    "---\n# Source: app/templates/list.yaml\napiVersion: v1\nkind: ConfigMap\nmetadata: { name: c }\n---\napiVersion: v1\nkind: Secret\nmetadata: { name: c }\n",
    "---\n# Source: app/templates/empty.yaml\n",
  ];
  const manifest = fc.array(fc.constantFrom(...pool), { maxLength: 6 }).map((docs) => docs.join(""));

  it("says what comparing the manifests' digests says, whatever documents they share", () => {
    fc.assert(
      fc.property(manifest, manifest, (a, b) => {
        expect(sameManifestObjects(a, b)).toBe(manifestDigest(a) === manifestDigest(b));
      }),
      { seed: 47, numRuns: 400 },
    );
  });

  it("holds a first document without a `---` of its own apart from the rest", () => {
    const bare = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  value: "1"\n';
    expect(sameManifestObjects(bare + cm("b", "2"), cm("b", "2") + cm("a", "1"))).toBe(true);
    expect(sameManifestObjects(bare + cm("b", "2"), cm("b", "2"))).toBe(false);
  });
});
