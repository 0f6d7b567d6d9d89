/**
 * addValueSources on a really loaded state: each changed value of an updated release gets the
 * file and line that set its new value (read off the files below), matched by resource name.
 */
import { loadDesiredState } from "../load/load-desired-state";
import { MemoryFileSystem } from "../load/memory-fs";
import type { ReleaseChange } from "./change-summary";
import { addValueSources, needsValueSources } from "./value-sources";

const files: Record<string, string> = {
  "/w/helmfile.yaml": [
    "releases:", // 1
    "- name: app", // 2
    "  namespace: web", // 3
    "  chart: ./chart", // 4
    "  values:", // 5
    "  - values/app.yaml.gotmpl", // 6
    "  - image:", // 7
    "      tag: inline", // 8
    "  set:", // 9
    "  - name: extra", // 10
    "    value: on", // 11
    "",
  ].join("\n"),
  "/w/values/app.yaml.gotmpl": ["# app", "{{- if true }}", "replicas: {{ add 2 3 }}", "{{- end }}", ""].join(
    "\n",
  ),
  "/w/chart/Chart.yaml": "apiVersion: v2\nname: chart\nversion: 0.1.0\n",
  "/w/chart/values.yaml": "replicas: 1\n",
};

function change(release: string, op: ReleaseChange["op"]): ReleaseChange {
  return {
    release,
    urn: `urn:pulumi:s::p::helmfile:index:Release::helmfile-${release}`,
    op,
    changedInputs: ["values"],
    valuesChanges: [
      { path: "replicas", old: 3, new: 5 },
      { path: "image.tag", old: "x", new: "inline" },
      { path: "extra", old: "off", new: "on" },
      { path: "gone", old: 1 },
    ],
    childSteps: {},
  };
}

describe("addValueSources", () => {
  const fs = new MemoryFileSystem(files);
  const desired = loadDesiredState({ cwd: "/w", explain: true }, { fs, env: {} });

  it("puts each new value's file:line (the template's own line for a .gotmpl) on the changes", () => {
    const [out] = addValueSources([change("web/app", "update")], desired, fs);
    expect(out?.valuesChanges).toEqual([
      { path: "replicas", old: 3, new: 5, source: "values/app.yaml.gotmpl:3" },
      { path: "image.tag", old: "x", new: "inline", source: "helmfile.yaml:8" },
      { path: "extra", old: "off", new: "on", source: "--set extra=on" },
      { path: "gone", old: 1 },
    ]);
  });

  it("leaves created releases and unknown names alone", () => {
    const created = change("web/app", "create");
    const unknown = change("web/other", "update");
    expect(addValueSources([created, unknown], desired, fs)).toEqual([created, unknown]);
  });

  it("is needed only when an updated release has a new value", () => {
    expect(needsValueSources([change("web/app", "update")])).toBe(true);
    expect(needsValueSources([change("web/app", "create")])).toBe(false);
    expect(
      needsValueSources([{ ...change("web/app", "update"), valuesChanges: [{ path: "a", old: 1 }] }]),
    ).toBe(false);
  });
});
