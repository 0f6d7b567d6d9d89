/**
 * End-to-end values computation. Expectations come from the helm-values conformance vectors
 * (recorded with helm 4.1.4) and from runs of the real helm recorded while writing this module.
 */
import { MergeError } from "../../shared/errors";
import type { SetFlag } from "../../shared/model";
import { toPlain } from "../../shared/value";
import { computeHelmValues, tryComputeHelmValues, type HelmValuesInput } from "./compute-helm-values";

const flag = (kind: SetFlag["kind"], expression: string): SetFlag => ({ kind, expression, secret: false });

function run(input: Partial<HelmValuesInput>): ReturnType<typeof computeHelmValues> {
  return computeHelmValues({ chartName: "oracle", files: [], flags: [], ...input });
}

describe("computeHelmValues", () => {
  it("applies flag kinds in helm's fixed order whatever the command line says", () => {
    const r = run({
      files: [{ name: "v.yaml", content: "a: file\nb: file\nc: file\nd: file\ne: file\nf: file\n" }],
      flags: [
        flag("set-literal", "f=literal"),
        flag("set-file", "e=e.txt"),
        flag("set-string", "d=string"),
        flag("set", "c=set"),
        flag("set", "d=set"),
        flag("set-json", 'b="json"'),
        flag("set-json", 'c="json"'),
      ],
      readFile: () => "setfile",
    });
    expect(toPlain(r.values)).toEqual({
      a: "file",
      b: "json",
      c: "set",
      d: "string",
      e: "setfile",
      f: "literal",
    });
  });

  it("keeps --set integers as int64 and file numbers as float64", () => {
    const r = run({
      files: [{ name: "v.yaml", content: "c: 1000000\n" }],
      flags: [flag("set", "b=1000000")],
    });
    expect(r.values.b).toBe(1000000n);
    expect(r.values.c).toBe(1000000);
  });

  it("deletes a default with a user null but keeps a null that has no default", () => {
    const r = run({
      chartValues: "x:\n  a: 1\n  b: 2\n",
      files: [{ name: "v.yaml", content: "x:\n  a: null\n  c: null\nz: null\n" }],
    });
    expect(toPlain(r.values)).toEqual({ x: { b: 2, c: null }, z: null });
    expect(toPlain(r.userValues)).toEqual({ x: { a: null, c: null }, z: null });
  });

  it("keeps a nested user null over a null default in helm 4 and deletes it in helm 3", () => {
    const input = { chartValues: "m:\n  a: null\n", files: [{ name: "v.yaml", content: "m:\n  a: null\n" }] };
    expect(toPlain(run(input).values)).toEqual({ m: { a: null } });
    expect(toPlain(run({ ...input, helmVersion: 3 }).values)).toEqual({ m: {} });
  });

  it("never lets --set index into a chart-default list", () => {
    const r = run({ chartValues: "l: [a, b, c]\n", flags: [flag("set", "l[1]=x")] });
    expect(toPlain(r.values)).toEqual({ l: [null, "x"] });
  });

  it("warns about shape conflicts with helm's wording", () => {
    const r = run({
      chartValues: "a:\n  b: 1000000\nt: 1\n",
      files: [{ name: "v.yaml", content: "a: 5\nt:\n  x: 1\n" }],
    });
    expect(r.warnings).toEqual(["warning: skipped value for oracle.t: Not a table."]);
    const nested = run({
      chartValues: "a:\n  b:\n    c: 1.5\n",
      files: [{ name: "v.yaml", content: "a:\n  b: 5\n" }],
    });
    expect(nested.warnings).toEqual([
      "warning: cannot overwrite table with non table for oracle.a.b (map[c:1.5])",
    ]);
  });

  it("gives subcharts the globals and their own key, under the alias when there is one", () => {
    const r = run({
      chartValues: "global:\n  g: parent\nother:\n  x: 5\n",
      subcharts: [{ name: "sub", alias: "other", values: "x: 1\nglobal:\n  s: sub\n" }],
      files: [{ name: "v.yaml", content: "sub:\n  x: 9\n" }],
    });
    expect(toPlain(r.values)).toEqual({
      global: { g: "parent" },
      other: { global: { g: "parent", s: "sub" }, x: 5 },
      sub: { x: 9 },
    });
    expect(toPlain(r.subchartValues.other ?? null)).toEqual({ global: { g: "parent", s: "sub" }, x: 5 });
  });

  it("leaves a subchart disabled by its condition out entirely", () => {
    const r = run({
      chartValues: "sub:\n  enabled: true\n",
      subcharts: [{ name: "sub", values: "x: 1\n", condition: "sub.enabled" }],
      flags: [flag("set", "sub.enabled=false")],
    });
    expect(toPlain(r.values)).toEqual({ sub: { enabled: false } });
    expect(r.subchartValues.sub).toBeNull();
  });

  it("disables a subchart whose only tag is false", () => {
    const r = run({
      chartValues: "tags:\n  t1: false\n",
      subcharts: [{ name: "sub", values: "x: 1\n", tags: ["t1"] }],
    });
    expect(r.subchartValues.sub).toBeNull();
  });

  it("imports exported subchart values into the parent", () => {
    const r = run({
      subcharts: [{ name: "sub", values: "exports:\n  data:\n    k: v\n", importValues: ["data"] }],
    });
    expect(toPlain(r.values)).toMatchObject({ k: "v" });
  });

  it("reports errors with helm's text and a stable code", () => {
    const cases: [Partial<HelmValuesInput>, string, string][] = [
      [
        { flags: [flag("set", "a[x]=1")] },
        "HELM_SET_SYNTAX",
        'failed parsing --set data: error parsing index: strconv.Atoi: parsing "x": invalid syntax',
      ],
      [{ flags: [flag("set-json", "a={bad}")] }, "HELM_SET_JSON", "failed parsing --set-json data a={bad}"],
      [
        { files: [{ name: "values-1.yaml", content: "b: [1, 2\n" }] },
        "HELM_VALUES_YAML",
        "failed to parse values-1.yaml: cannot unmarshal yaml document: error converting YAML to JSON: yaml: line 1: did not find expected ',' or ']'",
      ],
      [
        { files: [{ name: "missing.yaml" }] },
        "HELM_VALUES_FILE",
        "open missing.yaml: no such file or directory",
      ],
      [
        { files: [{ name: "v.yaml", content: "sub: 5\n" }], subcharts: [{ name: "sub" }] },
        "HELM_SUBCHART_TYPE",
        "chart dependencies processing failed: type mismatch on sub: %!t(float64=5)",
      ],
    ];
    for (const [input, code, detail] of cases) {
      const r = tryComputeHelmValues({ chartName: "oracle", files: [], flags: [], ...input });
      expect(r.success).toBe(false);
      if (r.success) continue;
      expect(r.error).toBeInstanceOf(MergeError);
      expect([r.error.code, r.error.detail]).toEqual([code, detail]);
    }
  });

  it("does not quote a secret values file's content in its error", () => {
    const r = tryComputeHelmValues({
      files: [{ name: "s.yaml", content: "pw: !!int hunter2\n", secret: true }],
      flags: [],
    });
    expect(r.success).toBe(false);
    if (!r.success)
      expect([r.error.code, r.error.message.includes("hunter2")]).toEqual(["HELM_VALUES_YAML", false]);
  });

  it("does not show a secret flag's expression in its error", () => {
    const r = tryComputeHelmValues({
      files: [],
      flags: [{ kind: "set-json", expression: "pw=hunter2", secret: true }],
    });
    expect(r.success).toBe(false);
    if (!r.success) expect(r.error.message).not.toContain("hunter2");
  });
});
