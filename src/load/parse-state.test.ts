/**
 * parseStatePart against helmfile v1.8.0: the expected texts are what the real binary printed
 * for the same documents (`helmfile -f helmfile.yaml list` / `build`), after its
 * `in ./helmfile.yaml: ` prefix.
 */
import { parseStatePart } from "./parse-state";
import { isHelmfileError, type HelmfileError } from "../shared/errors";

function failure(run: () => unknown): HelmfileError {
  try {
    run();
  } catch (err) {
    if (isHelmfileError(err)) return err;
    throw err;
  }
  throw new Error("expected a LoadError");
}

// The second `---` part of a file whose first part (3 lines) declares `environments:`.
const MANY_PROBLEMS = [
  "releases:",
  "- name: a",
  "  chart: ./c",
  "  wait: abc",
  "  needs: foo",
  "  bogus: 1",
  "  labels:",
  "    x: [1]",
  "  set:",
  "  - name: s",
  '    value: "longer than ten chars"',
  "    values: 3",
  "foo: 1",
  "helmDefaults:",
  '  timeout: "xyz"',
  "  zz: 1",
  "templates:",
  "  t:",
  "    qq: 1",
  "",
].join("\n");

describe("parseStatePart: go-yaml's unmarshal errors in helmfile's words", () => {
  it("lists every problem of the document in document order, lines counted in the part", () => {
    const err = failure(() =>
      parseStatePart(MANY_PROBLEMS, "/w/helmfile.yaml", "v3", {
        displayFile: "helmfile.yaml",
        lineOffset: 4,
      }),
    );
    expect(err.message.split("\n").slice(0, 10)).toEqual([
      "failed to read helmfile.yaml: reading document at index 1. Started seeing this since Helmfile v1? Add the .gotmpl file extension: yaml: unmarshal errors:",
      "  line 4: cannot unmarshal !!str `abc` into bool",
      "  line 5: cannot unmarshal !!str `foo` into []string",
      "  line 6: field bogus not found in type state.ReleaseSpec",
      "  line 8: cannot unmarshal !!seq into string",
      "  line 12: cannot unmarshal !!int `3` into []interface {}",
      "  line 13: field foo not found in type state.helmStateAlias",
      "  line 15: cannot unmarshal !!str `xyz` into int",
      "  line 16: field zz not found in type state.HelmSpec",
      "  line 19: field qq not found in type state.TemplateSpec",
    ]);
  });

  it("adds the first problem's file line (part offset applied), column and key path on a line of its own", () => {
    const err = failure(() =>
      parseStatePart(MANY_PROBLEMS, "/w/helmfile.yaml", "v3", {
        displayFile: "helmfile.yaml",
        lineOffset: 4,
      }),
    );
    expect(err.message.split("\n").slice(10)).toEqual([
      "  location: /w/helmfile.yaml:8:9: releases[0].wait (expected bool, found string abc)",
    ]);
    expect({ code: err.code, line: err.line, keyPath: err.keyPath }).toEqual({
      code: "LOAD_WRONG_TYPE",
      line: 8,
      keyPath: ["releases", 0, "wait"],
    });
  });

  it("names the anonymous struct of a sub-helmfile entry for an unknown key", () => {
    const doc = "helmfiles:\n- path: a.yaml\n  missingFileHandler: Warn\n";
    const err = failure(() =>
      parseStatePart(doc, "/w/helmfile.yaml", "v3", { displayFile: "helmfile.yaml" }),
    );
    expect(err.message.split("\n")[1]).toBe(
      '  line 3: field missingFileHandler not found in type struct { Path string "yaml:\\"path\\""; Selectors []string "yaml:\\"selectors\\""; SelectorsInherited bool "yaml:\\"selectorsInherited\\""; Inherits []string "yaml:\\"inherits\\""; Environment state.SubhelmfileEnvironmentSpec "yaml:\\",inline\\"" }',
    );
    expect(err.code).toBe("LOAD_UNKNOWN_KEY");
  });

  it("drops the .gotmpl hint for a .gotmpl file, and reports no file line for a rendered part", () => {
    const doc = "releases:\n- name: a\n  chart: c\n  set:\n  - name: x\n    value: {a: 1}\n";
    const err = failure(() =>
      parseStatePart(doc, "/w/helmfile.yaml.gotmpl", "v3", { displayFile: "helmfile.yaml.gotmpl" }),
    );
    expect(err.message).toBe(
      "failed to read helmfile.yaml.gotmpl: reading document at index 1: yaml: unmarshal errors:\n" +
        "  line 6: cannot unmarshal !!map into string\n" +
        "  location: /w/helmfile.yaml.gotmpl: releases[0].set[0].value (expected string, found a map)",
    );
    expect(err.line).toBeUndefined();
  });
});

describe("parseStatePart: YAML that go-yaml cannot read", () => {
  // helmfile -f h4.yaml list: a duplicate key is one of go-yaml v3's unmarshal errors.
  it("reports a duplicate key as go-yaml v3's unmarshal error, inside helmfile's wrapping", () => {
    const doc = "releases:\n- name: a\n  chart: x\n  chart: y\n";
    const err = failure(() =>
      parseStatePart(doc, "/w/h4.yaml", "v3", { displayFile: "h4.yaml", lineOffset: 0 }),
    );
    expect(err.message).toBe(
      "failed to read h4.yaml: reading document at index 1. Started seeing this since Helmfile v1? Add the .gotmpl file extension: yaml: unmarshal errors:\n" +
        '  line 4: mapping key "chart" already defined at line 3\n' +
        "  location: /w/h4.yaml:4:3: releases[0].chart",
    );
    expect(err.code).toBe("LOAD_DUPLICATE_KEY");
  });

  // helmfile -f h7.yaml.gotmpl list: `failed to read h7.yaml.gotmpl: reading document at index 1:
  // yaml: line 2: did not find expected ',' or ']'`; go-yaml's `line 2:` is not reproduced.
  it("wraps a syntax error the way helmfile does, naming the document", () => {
    const doc = "a: 1\n---\nreleases:\n- name: a\n  chart: [x\n";
    const err = failure(() =>
      parseStatePart(doc, "/w/h.yaml.gotmpl", "v3", { displayFile: "h.yaml.gotmpl" }),
    );
    expect(err.message.split("\n")[0]).toBe(
      "failed to read h.yaml.gotmpl: reading document at index 2: yaml: did not find expected ',' or ']'",
    );
    expect(err.code).toBe("LOAD_BAD_YAML");
  });
});

describe("parseStatePart: string fields take the scalar's own text", () => {
  it("keeps 0x1F, 1.0, True and 0o17 as written in string fields, and resolves them elsewhere", () => {
    const spec = parseStatePart(
      [
        "releases:",
        "- name: a",
        "  chart: ./c",
        "  version: 1.10",
        "  timeout: 0x1F",
        "  labels: {x: 0x10, y: True}",
        "  set:",
        "  - {name: s, value: 0x1F}",
        "  - {name: f, value: 1.0}",
        "  - {name: b, value: True}",
        "  - {name: o, value: 0o17}",
        "  values:",
        "  - k: 0x1F",
        "",
      ].join("\n"),
      "/w/helmfile.yaml",
      "v3",
    );
    const r = spec.releases?.[0];
    // helmfile build: version: "1.10", timeout: 31, labels x: "0x10", y: "True",
    // set values "0x1F", "1.0", "True", "0o17", values k: 31.
    expect({
      version: r?.version,
      timeout: r?.timeout,
      labels: r?.labels,
      set: r?.set?.map((s) => s.value),
      values: r?.values,
    }).toEqual({
      version: "1.10",
      timeout: 31n,
      labels: { x: "0x10", y: "True" },
      set: ["0x1F", "1.0", "True", "0o17"],
      values: [Object.assign(Object.create(null) as object, { k: 31n })],
    });
  });
});
