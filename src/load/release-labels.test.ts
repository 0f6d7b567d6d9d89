import { loadDesiredState } from "./load-desired-state";
import { MemoryFileSystem } from "./memory-fs";

// helmfile's visitStatesWithSelectorsAndRemoteSupport runs GetReleasesWithOverrides (`-n`) and then
// GetReleasesWithLabels (pkg/app/app.go, pkg/state/state.go) before any release values file is
// rendered: `.Release.Labels` there holds the common labels, the release's labels and the
// automatic `name`, `namespace` (after `-n`) and `chart` (last path segment) labels.
describe(".Release.Labels in release values templates", () => {
  test("include the automatic name, namespace and chart labels, with the -n namespace", () => {
    const st = loadDesiredState(
      { cwd: "/w", namespace: "from-cli" },
      {
        fs: new MemoryFileSystem({
          "/w/helmfile.yaml":
            "commonLabels: {team: core}\nreleases:\n- name: web\n  chart: repo/nginx\n  namespace: own\n  labels: {tier: fe}\n  values:\n  - v.yaml.gotmpl\n",
          "/w/v.yaml.gotmpl": "labels: {{ .Release.Labels | toJson }}\nns: {{ .Release.Namespace }}\n",
        }),
        env: {},
      },
    );
    const source = st.releases[0]?.values[0];
    expect(source?.kind === "inline" ? source.content : "").toBe(
      'labels: {"chart":"nginx","name":"web","namespace":"from-cli","team":"core","tier":"fe"}\nns: from-cli\n',
    );
  });
});

// pkg/state/release.go ExecuteTemplateExpressions renders each SetValuesTemplate entry in place
// and prepends the rendered entries to SetValues: the state keeps (and `build` prints) both rendered.
describe("setTemplate", () => {
  test("is kept rendered, and prepended to set", () => {
    const st = loadDesiredState(
      { cwd: "/w" },
      {
        fs: new MemoryFileSystem({
          "/w/helmfile.yaml":
            "releases:\n- name: web\n  chart: repo/nginx\n  set:\n  - {name: b, value: '2'}\n  setTemplate:\n  - name: '{{ .Release.Name }}'\n    value: '{{ .Release.Chart }}'\n",
        }),
        env: {},
      },
    );
    const doc = st.states[0]?.document.releases as unknown as Array<Record<string, unknown>>;
    expect(JSON.stringify(doc[0]?.setTemplate)).toBe('[{"name":"web","value":"repo/nginx"}]');
    expect(JSON.stringify(doc[0]?.set)).toBe(
      '[{"name":"web","value":"repo/nginx"},{"name":"b","value":"2"}]',
    );
  });
});
