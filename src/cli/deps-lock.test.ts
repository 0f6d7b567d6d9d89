import type { LoadedState, RepositorySpec } from "../shared/model";
import { loadedState, repositorySpec } from "../../tests/support/model-fixtures";
import {
  lockFileFromChartLock,
  lockStateName,
  temporaryChartYaml,
  unresolvedDependencies,
} from "./deps-lock";
import { release } from "../../tests/support/prepared-release";

const repo = repositorySpec;

function state(releases: LoadedState["releases"], repositories: RepositorySpec[]): LoadedState {
  return loadedState(releases, repositories, {
    file: "/s/helmfile.yaml.gotmpl",
    displayPath: "helmfile.yaml.gotmpl",
  });
}

describe("deps lock file", () => {
  test("takes repository charts of declared repositories, grouped by chart name, with `*` for no version", () => {
    const deps = unresolvedDependencies(
      state(
        [
          release("a", { chart: "myrepo/app", version: "~1.0" }),
          release("ns/other", { chart: "myrepo/other" }),
          release("ns/b", { chart: "myrepo/app" }),
          release("local", { chart: "./charts/x" }),
          release("undeclared", { chart: "nowhere/app" }),
        ],
        [repo("myrepo", "https://charts.example/")],
      ),
    );
    expect(deps).toEqual([
      { name: "app", repository: "https://charts.example/", version: "~1.0", alias: "-a" },
      { name: "app", repository: "https://charts.example/", version: "*", alias: "ns-b" },
      { name: "other", repository: "https://charts.example/", version: "*", alias: "ns-other" },
    ]);
  });

  test("an OCI chart's path prefix moves into the repository URL (helmfile #954)", () => {
    const [dep] = unresolvedDependencies(
      state(
        [release("ns/a", { chart: "reg/team/app", version: "1.2.3" })],
        [repo("reg", "registry.example", true)],
      ),
    );
    expect(dep).toEqual({
      name: "app",
      repository: "oci://registry.example/team",
      version: "1.2.3",
      alias: "ns-a",
    });
  });

  test("the temporary chart names the state and lists the dependencies", () => {
    expect(
      temporaryChartYaml("helmfile", [
        { name: "app", repository: "https://c/", version: "*", alias: "ns-a" },
      ]),
    ).toBe(
      "name: helmfile\nversion: 1.0.0\napiVersion: v2\ndependencies:\n  - name: app\n    repository: https://c/\n    version: '*'\n    alias: ns-a\n",
    );
    expect(lockStateName("/s/helmfile.yaml.gotmpl")).toBe("helmfile");
    expect(lockStateName("/s/apps.yml")).toBe("apps");
  });

  test("sorts helm's Chart.lock by name, drops duplicates, keeps digest and generated, and names the tool version", () => {
    const chartLock = [
      "dependencies:",
      "- name: zeta",
      "  repository: https://c/",
      "  version: 1.0.0",
      "- name: app",
      "  repository: https://c/",
      "  version: 2.0.0",
      "- name: app",
      "  repository: https://c/",
      "  version: 2.0.0",
      "digest: sha256:abc",
      'generated: "2026-12-01T10:13:06.271526139Z"',
      "",
    ].join("\n");
    expect(lockFileFromChartLock(chartLock, "v0.1.0", "/s/helmfile.lock")).toBe(
      [
        "version: v0.1.0",
        "dependencies:",
        "  - name: app",
        "    repository: https://c/",
        "    version: 2.0.0",
        "  - name: zeta",
        "    repository: https://c/",
        "    version: 1.0.0",
        "digest: sha256:abc",
        'generated: "2026-12-01T10:13:06.271526139Z"',
        "",
      ].join("\n"),
    );
  });
});
