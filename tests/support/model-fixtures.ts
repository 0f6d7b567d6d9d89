/**
 * Builders of the shared model for tests: one release, repository and loaded state with
 * neutral defaults, so each test names only the fields it is about. (tests/support/prepared-release.ts builds on it.)
 */
import type { LoadedState, PreparedRelease, RepositorySpec } from "../../src/shared/model";
import { newMap } from "../../src/shared/value";

/** A release `ns/app` of chart `./chart` in `/p/helmfile.yaml`, with `extra` laid over it. */
export function preparedRelease(extra: Partial<PreparedRelease> = {}): PreparedRelease {
  return {
    id: "ns/app",
    name: "app",
    namespace: "ns",
    chart: "./chart",
    labels: {},
    needs: [],
    installed: true,
    values: [],
    setFlags: [],
    templateFlags: [],
    skipDeps: false,
    stateFile: "/p/helmfile.yaml",
    baseDir: "/p",
    hasSecrets: false,
    spec: newMap(),
    ...extra,
  };
}

/** A repository with no further settings. */
export function repositorySpec(name: string, url: string, oci = false): RepositorySpec {
  return { name, url, oci, spec: newMap() };
}

/** A loaded `helmfile.yaml` of the default environment holding `releases` and `repositories`. */
export function loadedState(
  releases: readonly PreparedRelease[],
  repositories: readonly RepositorySpec[] = [],
  extra: Partial<LoadedState> = {},
): LoadedState {
  return {
    file: "helmfile.yaml",
    displayPath: "helmfile.yaml",
    environment: "default",
    values: newMap(),
    helmDefaults: newMap(),
    repositories,
    releases,
    document: newMap(),
    ...extra,
  };
}
