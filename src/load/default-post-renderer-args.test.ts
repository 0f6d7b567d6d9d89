import { loadDesiredState } from "./load-desired-state";
import { MemoryFileSystem } from "./memory-fs";

function load(files: Record<string, string>) {
  return loadDesiredState({ cwd: "/w" }, { fs: new MemoryFileSystem(files), env: {} });
}

// helmfile's postrender-defaults-args integration case: helmDefaults.postRendererArgs holds
// `{{ .Release.Name }}` (after the state template) and the post-renderer receives `foo` for
// release foo and `bar` for release bar.
describe("helmDefaults.postRendererArgs", () => {
  it("are rendered per release with the release's template data", () => {
    const st = load({
      "/w/helmfile.yaml":
        'helmDefaults:\n  postRendererArgs:\n  - "{{ .Release.Name }}"\n  - "ns={{ .Release.Namespace }}"\nreleases:\n- name: foo\n  namespace: a\n  chart: ./c\n- name: bar\n  chart: ./c\n',
    });
    expect(st.releases.map((r) => r.defaultPostRendererArgs)).toEqual([
      ["foo", "ns=a"],
      ["bar", "ns="],
    ]);
  });

  it("are absent when helmDefaults sets none", () => {
    const st = load({ "/w/helmfile.yaml": "releases:\n- name: foo\n  chart: ./c\n" });
    expect(st.releases[0]?.defaultPostRendererArgs).toBeUndefined();
  });
});
