import { MemoryFileSystem } from "../load/memory-fs";
import { RenderError } from "../shared/errors";
import type { LoadedState, PreparedRelease, RepositorySpec } from "../shared/model";
import { newMap, type ValueMap } from "../shared/value";
import { preparedRelease } from "../../tests/support/model-fixtures";
import { applyLockedVersions, lockFileOf } from "./locked-versions";

function release(name: string, chart: string, version?: string): PreparedRelease {
  const spec = newMap();
  spec.chart = chart;
  if (version !== undefined) spec.version = version;
  return preparedRelease({
    id: `ns/${name}`,
    name,
    chart,
    ...(version === undefined ? {} : { version }),
    stateFile: "/w/helmfile.yaml.gotmpl",
    baseDir: "/w",
    spec,
  });
}

function repo(name: string, url: string): RepositorySpec {
  return { name, url, oci: false, spec: newMap() };
}

function state(
  releases: PreparedRelease[],
  doc: ValueMap = newMap(),
  file = "/w/helmfile.yaml.gotmpl",
): LoadedState {
  return {
    file,
    displayPath: "helmfile.yaml.gotmpl",
    environment: "prod",
    values: newMap(),
    helmDefaults: newMap(),
    repositories: [repo("myrepo", "http://localhost:18082/"), repo("stable", "https://example.test/")],
    releases,
    document: doc,
  };
}

// Lock file of helmfile's snapshot case templated_lockfile (its repository URL differs from the state's).
const snapshotLock =
  "version: 0.0.0-dev\ndependencies:\n  - name: raw\n    repository: http://localhost:18080/\n    version: 0.0.1\n";
// Lock file of helmfile's TestHelmState_UpdateDeps: two locked versions of one chart.
const envoyLock =
  "dependencies:\n- name: envoy\n  repository: https://example.test/\n  version: 1.5.0\n- name: envoy\n  repository: https://example.test/\n  version: 1.4.0\n";

describe("applyLockedVersions", () => {
  it("pins a repository chart without a version to the locked version from lockFilePath", () => {
    const doc = newMap();
    doc.lockFilePath = "test-lock-file-prod";
    const fs = new MemoryFileSystem({ "/w/test-lock-file-prod": snapshotLock });
    const [r] = applyLockedVersions(state([release("raw", "myrepo/raw")], doc), fs);
    expect(r?.version).toBe("0.0.1");
    expect(r?.spec.version).toBe("0.0.1");
  });

  it("picks the first locked version that satisfies each release's version", () => {
    const fs = new MemoryFileSystem({ "/w/helmfile.lock": envoyLock });
    const out = applyLockedVersions(
      state([release("a", "stable/envoy", "1.5.0"), release("b", "stable/envoy", "1.4.0")]),
      fs,
    );
    expect(out.map((r) => r.version)).toEqual(["1.5.0", "1.4.0"]);
  });

  it("leaves local charts and charts of undeclared repositories alone", () => {
    const fs = new MemoryFileSystem({
      "/w/helmfile.lock": envoyLock,
      "/w/charts/envoy/Chart.yaml": "name: envoy\n",
    });
    const out = applyLockedVersions(state([release("a", "./charts/envoy"), release("b", "other/envoy")]), fs);
    expect(out.map((r) => r.version)).toEqual([undefined, undefined]);
  });

  it("changes nothing when the lock file does not exist", () => {
    const out = applyLockedVersions(state([release("raw", "myrepo/raw", "0.1.0")]), new MemoryFileSystem());
    expect(out[0]?.version).toBe("0.1.0");
  });

  it("fails like helmfile when no locked version satisfies the constraint", () => {
    const fs = new MemoryFileSystem({ "/w/helmfile.lock": envoyLock });
    expect(() => applyLockedVersions(state([release("a", "stable/envoy", ">=2.0.0")]), fs)).toThrow(
      RenderError,
    );
    expect(() => applyLockedVersions(state([release("a", "stable/envoy", ">=2.0.0")]), fs)).toThrow(
      'no resolved dependency found for "envoy", running "helmfile deps" may resolve the issue',
    );
  });
});

describe("lockFileOf", () => {
  it("defaults to the state file name without .gotmpl/.yaml plus .lock, beside the state file", () => {
    expect(lockFileOf(state([]))).toBe("/w/helmfile.lock");
    expect(lockFileOf(state([], newMap(), "/w/sub/apps.yml"))).toBe("/w/sub/apps.lock");
  });
});
