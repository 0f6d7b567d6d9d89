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

  // helmfile v1.8.0 `build` of `helmDefaults: {cleanupOnFail: false, wait: false, args: []}` prints no
  // helmDefaults at all (HelmSpec is omitempty and all zero); a pointer field set to false is not zero.
  it("omits helmDefaults whose fields are all zero, keeps it once a pointer field is set", () => {
    const zero = buildYaml(
      { helmDefaults: { cleanupOnFail: false, wait: false, args: [] } },
      [],
      "h.yaml",
      fromPlain({}) as ValueMap,
      "v3",
    );
    expect(zero).toBe("filepath: h.yaml\ntemplates: {}\nrenderedvalues: {}\n");
    const pointer = buildYaml(
      { helmDefaults: { cleanupOnFail: false, wait: false, createNamespace: false, args: [] } },
      [],
      "h.yaml",
      fromPlain({}) as ValueMap,
      "v3",
    );
    expect(pointer).toContain(
      "helmDefaults:\n  verify: false\n  enableDNS: false\n  devel: false\n  wait: false\n  waitRetries: 0\n  waitForJobs: false\n  timeout: 0\n  recreatePods: false\n  force: false\n  atomic: false\n  rollbackOnFailure: false\n  forceConflicts: false\n  createNamespace: false\n  skipDeps: false\n  skipRefresh: false\n  reuseValues: false\n",
    );
  });
});
