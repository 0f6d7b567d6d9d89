import { buildYaml } from "./build-document";
import { fromPlain, type ValueMap } from "../shared/value";

describe("buildYaml", () => {
  it("writes filepath first, struct fields in Go order, and always templates and renderedvalues", () => {
    const text = buildYaml(
      { releases: [] },
      [{ name: "r", chart: "c/c", labels: { z: "1", a: "2" } }],
      "helmfile.yaml",
      fromPlain({}) as ValueMap,
      "v3",
    );
    expect(text).toBe(
      'filepath: helmfile.yaml\nreleases:\n  - chart: c/c\n    name: r\n    labels:\n      a: "2"\n      z: "1"\ntemplates: {}\nrenderedvalues: {}\n',
    );
  });

  it("prints helmDefaults zero fields that have no omitempty once helmDefaults is set", () => {
    const text = buildYaml(
      { helmDefaults: { kubeContext: "k" } },
      [],
      "h.yaml",
      fromPlain({}) as ValueMap,
      "v2",
    );
    expect(text).toContain(
      "helmDefaults:\n  kubeContext: k\n  verify: false\n  enableDNS: false\n  devel: false\n  wait: false\n",
    );
  });

  // helmfile v1.8.0 `build` of a state whose base sets only `helmDefaults: {wait: false}`
  // prints no helmDefaults block (go-yaml omitempty drops an all-zero HelmSpec); one with
  // `createNamespace: false` (a *bool) keeps it.
  it("omits a helmDefaults whose fields are all zero, but keeps a pointer field set to false", () => {
    const zero = buildYaml(
      { helmDefaults: { wait: false, timeout: 0n, args: [] } },
      [],
      "h.yaml",
      fromPlain({}) as ValueMap,
      "v3",
    );
    expect(zero).not.toContain("helmDefaults");
    const pointer = buildYaml(
      { helmDefaults: { createNamespace: false } },
      [],
      "h.yaml",
      fromPlain({}) as ValueMap,
      "v3",
    );
    expect(pointer).toContain("helmDefaults:\n  verify: false\n");
    expect(pointer).toContain("  createNamespace: false\n");
  });
});
