import { loadDesiredState } from "./load-desired-state";
import { MemoryFileSystem } from "./memory-fs";
import { releaseWithInheritedTemplate } from "./release-inherit";

function load(files: Record<string, string>, selectors: string[] = []) {
  return loadDesiredState({ cwd: "/w", selectors }, { fs: new MemoryFileSystem(files), env: {} });
}

// Expectations follow helmfile's releaseWithInheritedTemplate (pkg/state/state_exec_tmpl.go):
// `mergo.Merge(&merged, src, mergo.WithAppendSlice, mergo.WithSliceDeepCopy)` per template and
// then the release, where WithSliceDeepCopy turns on mergo's Overwrite (dario.cat/mergo v1.0.2
// merge.go). helmfile's own test "multiple default inherits are applied in order"
// (pkg/app/app_template_test.go, TestTemplate_DefaultInherit_Multiple) expects the later
// template's namespace.
describe("release template inheritance", () => {
  const state = [
    "templates:",
    "  first:",
    "    chart: repo/first",
    "    namespace: first-ns",
    "    version: 1.0.0",
    "    timeout: 10",
    "    kubeContext: first-ctx",
    "    labels: {tier: first, a: first}",
    "    values: [first.yaml]",
    "  second:",
    "    chart: repo/second",
    "    namespace: second-ns",
    "    timeout: 20",
    "    labels: {tier: second, b: second}",
    "    values: [second.yaml]",
    "releases:",
    "- name: app",
    "  inherit: [{template: first}, {template: second}]",
    "  namespace: own-ns",
    "  version: 2.0.0",
    "  labels: {tier: own}",
    "  values: [own.yaml]",
    "",
  ].join("\n");

  it("lets the release's own fields beat its templates and a later template beat an earlier one", () => {
    const st = load({
      "/w/helmfile.yaml": state,
      "/w/first.yaml": "",
      "/w/second.yaml": "",
      "/w/own.yaml": "",
    });
    const r = st.releases[0];
    expect(r?.namespace).toBe("own-ns");
    expect(r?.chart).toBe("repo/second");
    expect(r?.version).toBe("2.0.0");
    expect(r?.kubeContext).toBe("first-ctx");
    expect(r?.labels).toEqual(expect.objectContaining({ tier: "own", a: "first", b: "second" }));
  });

  it("selects releases by the merged labels", () => {
    const files = { "/w/helmfile.yaml": state, "/w/first.yaml": "", "/w/second.yaml": "", "/w/own.yaml": "" };
    expect(load(files, ["tier=own"]).releases.map((r) => r.name)).toEqual(["app"]);
    expect(load(files, ["b=second"]).releases.map((r) => r.name)).toEqual(["app"]);
    expect(() => load(files, ["tier=first"])).toThrow(
      expect.objectContaining({ code: "LOAD_NO_MATCHING_RELEASE" }),
    );
  });

  it("appends list fields in inherit order, the release's last", () => {
    const out = releaseWithInheritedTemplate(
      { t1: { values: ["a.yaml"], needs: ["x"] }, t2: { values: ["b.yaml"] } },
      { name: "r", inherit: [{ template: "t1" }, { template: "t2" }], values: ["c.yaml"], needs: ["y"] },
    );
    expect(out.values).toEqual(["a.yaml", "b.yaml", "c.yaml"]);
    expect(out.needs).toEqual(["x", "y"]);
  });

  it("does not let an explicit false or empty string undo an inherited value (mergo dereferences pointers)", () => {
    // mergo's deepMerge, case reflect.Ptr with both pointers set, merges the pointees; a
    // `false` source is empty there and does not overwrite.
    const out = releaseWithInheritedTemplate(
      { t: { installed: true, wait: true, namespace: "tpl" } },
      { name: "r", inherit: [{ template: "t" }], installed: false, wait: false, namespace: "" },
    );
    expect(out.installed).toBe(true);
    expect(out.wait).toBe(true);
    expect(out.namespace).toBe("tpl");
    const filled = releaseWithInheritedTemplate(
      { t: { installed: false } },
      { name: "r", inherit: [{ template: "t" }], installed: true },
    );
    expect(filled.installed).toBe(true);
  });

  it("gives YAML merge keys (`<<: *template`) the explicit keys' values", () => {
    const st = load({
      "/w/helmfile.yaml": [
        "templates:",
        "  base: &base",
        "    chart: repo/base",
        "    namespace: base-ns",
        "    labels: {tier: base}",
        "releases:",
        "- name: app",
        "  <<: *base",
        "  namespace: own-ns",
        "",
      ].join("\n"),
    });
    expect(st.releases[0]?.namespace).toBe("own-ns");
    expect(st.releases[0]?.chart).toBe("repo/base");
  });
});
