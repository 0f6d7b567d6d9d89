import { canonicalJson, fromPlain, type Value } from "../shared/value";
import { loadDesiredState, tryLoadDesiredState } from "./load-desired-state";
import { MemoryFileSystem } from "./memory-fs";

function load(files: Record<string, string>, options: Partial<Parameters<typeof loadDesiredState>[0]> = {}) {
  return loadDesiredState({ cwd: "/w", ...options }, { fs: new MemoryFileSystem(files), env: {} });
}

const json = (v: unknown): string => canonicalJson(fromPlain(v) as Value);

describe("loadDesiredState", () => {
  it("layers root values < environment values < state-values-file < state-values-set (seed doc precedence)", () => {
    // Two parts: helmfile folds the overrides into the context of the *next* part (create.go).
    const st = load(
      {
        "/w/helmfile.yaml":
          "values:\n- a: root\n  b: root\n  c: root\n  d: root\nenvironments:\n  default:\n    values:\n    - b: env\n      c: env\n      d: env\n---\nhelmDefaults: {}\n",
        "/w/over.yaml": "c: file\nd: file\n",
      },
      { stateValuesFiles: ["over.yaml"], stateValuesSet: ["d=set"], allowNoMatchingRelease: true },
    );
    expect(canonicalJson(st.states[0]?.values ?? null)).toBe(
      json({ a: "root", b: "env", c: "file", d: "set" }),
    );
  });

  it("merges --state-values-set lists element-wise and environment lists by replacement", () => {
    const st = load(
      {
        "/w/helmfile.yaml":
          "values:\n- l: [a, b, c]\nenvironments:\n  default:\n    values:\n    - m: [x, y]\n",
      },
      { stateValuesSet: ["l[1]=B", "m[0]=X"], allowNoMatchingRelease: true },
    );
    expect(canonicalJson(st.states[0]?.values ?? null)).toBe(json({ l: ["a", "B", "c"], m: ["X", "y"] }));
  });

  it("renders a later part with the environment values of earlier parts", () => {
    const st = load({
      "/w/helmfile.yaml.gotmpl":
        "environments:\n  default:\n    values:\n    - ns: fromenv\n---\nreleases:\n- name: r\n  chart: c/c\n  namespace: {{ .Values.ns }}\n",
    });
    expect(st.releases.map((r) => r.namespace)).toEqual(["fromenv"]);
  });

  it("does not template a plain .yaml state file (release fields are still templated later)", () => {
    const res = tryLoadDesiredState(
      { cwd: "/w", allowNoMatchingRelease: true },
      {
        fs: new MemoryFileSystem({ "/w/helmfile.yaml": "values:\n- x: '{{ .Environment.Name }}'\n" }),
        env: {},
      },
    );
    expect(res.ok && res.state.states[0]?.values.x).toBe("{{ .Environment.Name }}");
  });

  it("visits sub-helmfiles before their parent, globs sorted", () => {
    const st = load({
      "/w/helmfile.yaml": "helmfiles:\n- sub/*.yaml\nreleases:\n- name: parent\n  chart: c/c\n",
      "/w/sub/b.yaml": "releases:\n- name: b\n  chart: c/c\n",
      "/w/sub/a.yaml": "releases:\n- name: a\n  chart: c/c\n",
    });
    expect(st.releases.map((r) => r.name)).toEqual(["a", "b", "parent"]);
  });

  it("passes sub-helmfile values down as that state's values", () => {
    const st = load({
      "/w/helmfile.yaml": "helmfiles:\n- path: sub.yaml.gotmpl\n  values:\n  - who: parent\n",
      "/w/sub.yaml.gotmpl": "releases:\n- name: '{{ .Values.who }}'\n  chart: c/c\n",
    });
    expect(st.releases.map((r) => r.name)).toEqual(["parent"]);
  });

  it("ORs several selectors and ANDs the terms of one selector", () => {
    const files = {
      "/w/helmfile.yaml":
        "releases:\n- name: a\n  chart: c/x\n  labels: {tier: fe}\n- name: b\n  chart: c/y\n  labels: {tier: be}\n- name: c\n  chart: c/x\n  labels: {tier: be}\n",
    };
    expect(load(files, { selectors: ["tier=fe", "name=c"] }).releases.map((r) => r.name)).toEqual(["a", "c"]);
    expect(load(files, { selectors: ["tier=be,chart=x"] }).releases.map((r) => r.name)).toEqual(["c"]);
  });

  it("orders release values as valuesTemplate, values, then secrets, and keeps set flags apart", () => {
    const st = load({
      "/w/helmfile.yaml":
        "releases:\n- name: r\n  chart: c/c\n  values:\n  - v.yaml\n  - inline: 1\n  valuesTemplate:\n  - tpl: '{{ .Release.Name }}'\n  set:\n  - name: a\n    value: 'x,y'\n",
      "/w/v.yaml": "file: true\n",
    });
    const r = st.releases[0];
    expect(r?.values.map((v) => (v.kind === "file" ? `file:${v.path}` : v.content))).toEqual([
      "tpl: r\n",
      "file:/w/v.yaml",
      "inline: 1\n",
    ]);
    expect(r?.setFlags).toEqual([{ kind: "set", expression: "a=x\\,y", secret: false }]);
  });

  it("overrides every namespace with --namespace and normalises needs to ids", () => {
    const st = load(
      {
        "/w/helmfile.yaml":
          "releases:\n- name: a\n  chart: c/c\n  namespace: x\n- name: b\n  chart: c/c\n  needs: [a]\n",
      },
      { namespace: "ns" },
    );
    expect(st.releases.map((r) => [r.id, r.needs])).toEqual([
      ["ns/a", []],
      ["ns/b", ["ns/a"]],
    ]);
  });

  it("skips a release whose condition is false", () => {
    const st = load({
      "/w/helmfile.yaml":
        "values:\n- a: {enabled: false}\n  b: {enabled: true}\nreleases:\n- name: a\n  chart: c/c\n  condition: a.enabled\n- name: b\n  chart: c/c\n  condition: b.enabled\n",
    });
    expect(st.releases.map((r) => r.name)).toEqual(["b"]);
  });

  it("fails for an environment no state declares", () => {
    const res = tryLoadDesiredState(
      { cwd: "/w", environment: "prod" },
      { fs: new MemoryFileSystem({ "/w/helmfile.yaml": "releases:\n- name: a\n  chart: c/c\n" }), env: {} },
    );
    expect(res.ok ? "ok" : res.error.code).toBe("LOAD_NO_MATCHING_RELEASE");
  });

  it("explains an unknown key with its file, line and key path", () => {
    const res = tryLoadDesiredState(
      { cwd: "/w" },
      {
        fs: new MemoryFileSystem({ "/w/helmfile.yaml": "releases:\n- name: a\n  chart: c/c\n  chrt: x\n" }),
        env: {},
      },
    );
    expect(
      res.ok ? undefined : { code: res.error.code, line: res.error.line, keyPath: res.error.keyPath },
    ).toEqual({
      code: "LOAD_UNKNOWN_KEY",
      line: 4,
      keyPath: ["releases", 0, "chrt"],
    });
  });
});
