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
