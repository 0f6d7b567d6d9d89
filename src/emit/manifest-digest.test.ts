/**
 * A Release's manifest digest changes exactly when an object helm would install changes: not with
 * the text around the objects, their order, or a `helm test` hook (which `helm install` never
 * installs and helm-diff leaves out of `helmfile diff`).
 */
import { manifestDigest } from "./manifest-digest";

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
