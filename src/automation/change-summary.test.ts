import type { EngineEvent } from "@pulumi/pulumi/automation";
import { summarizeReleaseChanges, valuesChanges, withValueSources } from "./change-summary";

const stack = "urn:pulumi:dev::p::pulumi:pulumi:Stack::p-dev";
const hf = "urn:pulumi:dev::p::helmfile:index:Helmfile::helmfile";
const rel = (n: string): string => `urn:pulumi:dev::p::helmfile:index:Helmfile$helmfile:index:Release::${n}`;
const group = (n: string): string =>
  `urn:pulumi:dev::p::helmfile:index:Helmfile$helmfile:index:Release$kubernetes:yaml/v2:ConfigGroup::${n}`;
const cm = (n: string): string =>
  `urn:pulumi:dev::p::helmfile:index:Helmfile$helmfile:index:Release$kubernetes:yaml/v2:ConfigGroup$kubernetes:core/v1:ConfigMap::${n}`;

function pre(
  urn: string,
  type: string,
  parent: string,
  op: string,
  extra: Record<string, unknown> = {},
): EngineEvent {
  const state = { urn, type, parent, id: "", inputs: {}, outputs: {}, provider: "" };
  return {
    sequence: 0,
    timestamp: 0,
    resourcePreEvent: { metadata: { op, urn, type, provider: "", new: state, old: state, ...extra } },
  } as unknown as EngineEvent;
}

describe("summarizeReleaseChanges", () => {
  it("reports one entry per Release with its step, changed inputs, values paths and child steps", () => {
    const events = [
      pre(hf, "helmfile:index:Helmfile", stack, "same"),
      pre(rel("web/app"), "helmfile:index:Release", hf, "update", {
        diffs: ["values", "manifest"],
        old: {
          urn: rel("web/app"),
          type: "helmfile:index:Release",
          parent: hf,
          inputs: { values: '{"image":{"tag":"1"},"n":1}' },
        },
        new: {
          urn: rel("web/app"),
          type: "helmfile:index:Release",
          parent: hf,
          inputs: { values: '{"image":{"tag":"2"},"n":1}' },
        },
      }),
      pre(group("web/app"), "kubernetes:yaml/v2:ConfigGroup", rel("web/app"), "same"),
      pre(cm("web/app-cm"), "kubernetes:core/v1:ConfigMap", group("web/app"), "update"),
      pre(rel("data/db"), "helmfile:index:Release", hf, "same"),
    ];
    const changes = summarizeReleaseChanges(events);
    expect(changes.map((c) => [c.release, c.op])).toEqual([
      ["web/app", "update"],
      ["data/db", "same"],
    ]);
    expect(changes[0]?.changedInputs).toEqual(["values", "manifest"]);
    expect(changes[0]?.valuesChanges).toEqual([{ path: "image.tag", old: "1", new: "2" }]);
    expect(changes[0]?.childSteps).toEqual({ update: 1 });
    expect(changes[1]?.childSteps).toEqual({});
  });
});

describe("summarizeReleaseChanges without engine diffs", () => {
  it("compares old and new inputs when the engine sends no diffs (component steps)", () => {
    const inputs = (tag: string) => ({ name: "app", values: `{"tag":"${tag}"}`, manifest: `tag: ${tag}` });
    const [change] = summarizeReleaseChanges([
      pre(rel("web/app"), "helmfile:index:Release", hf, "update", {
        detailedDiff: null,
        old: { urn: rel("web/app"), type: "helmfile:index:Release", parent: hf, inputs: inputs("1") },
        new: { urn: rel("web/app"), type: "helmfile:index:Release", parent: hf, inputs: inputs("2") },
      }),
    ]);
    expect(change?.changedInputs).toEqual(["manifest", "values"]);
    expect(change?.valuesChanges).toEqual([{ path: "tag", old: "1", new: "2" }]);
  });
});

describe("valuesChanges", () => {
  it("lists added, removed and changed paths, array items by index", () => {
    expect(valuesChanges('{"a":[1,2],"b":1}', '{"a":[1,3],"c":true}')).toEqual([
      { path: "a[1]", old: 2, new: 3 },
      { path: "b", old: 1 },
      { path: "c", new: true },
    ]);
  });
  it("is empty for equal strings", () => {
    expect(valuesChanges('{"a":1}', '{"a":1}')).toEqual([]);
  });
});

describe("withValueSources", () => {
  it("adds the file and line of each new value and leaves removals alone", () => {
    const out = withValueSources(
      [
        { path: "replicas", old: 3, new: 5 },
        { path: "gone", old: 1 },
      ],
      (p) => (p === "replicas" ? { file: "values/app.yaml.gotmpl", line: 3 } : undefined),
    );
    expect(out).toEqual([
      { path: "replicas", old: 3, new: 5, source: "values/app.yaml.gotmpl:3" },
      { path: "gone", old: 1 },
    ]);
  });
});
