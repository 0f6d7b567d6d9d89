import { clusterTarget } from "./helmfile";

const base = { state: { file: "helmfile.yaml" }, mode: "manifests" as const };

describe("clusterTarget", () => {
  it("renders to the directory when renderToDirectory is set", () => {
    expect(clusterTarget({ ...base, renderToDirectory: "/out" }, false, () => false)).toBe("directory");
  });
  it("refuses renderToDirectory with mode helm-release", () => {
    expect(() =>
      clusterTarget({ ...base, mode: "helm-release", renderToDirectory: "/out" }, false, () => true),
    ).toThrow(expect.objectContaining({ code: "CONFIG_RENDER_HELM_RELEASE" }));
  });
  it("fails clearly without directory, provider or configured cluster", () => {
    expect(() => clusterTarget(base, false, () => false)).toThrow(
      expect.objectContaining({ code: "CONFIG_NO_CLUSTER" }),
    );
  });
  it("uses a provider from the resource options even without a kubeconfig", () => {
    expect(clusterTarget(base, true, () => false)).toBe("provider-option");
  });
  it("uses the ambient cluster when a kubeconfig exists, asking for the release kube context", () => {
    const asked: Array<string | undefined> = [];
    expect(
      clusterTarget(
        { ...base, state: { file: "h", kubeContext: "ctx" } },
        false,
        (c) => (asked.push(c), true),
      ),
    ).toBe("ambient");
    expect(asked).toEqual(["ctx"]);
  });
});
