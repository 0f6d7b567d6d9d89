import type { DesiredState, LoadedState, PreparedRelease } from "../shared/model";
import { newMap } from "../shared/value";
import { checkUnselectedNeeds } from "./unselected-needs";

const rel = (id: string, needs: string[] = [], installed = true): PreparedRelease => ({
  id,
  name: id.split("/").pop() ?? id,
  namespace: "",
  chart: "c",
  labels: {},
  needs,
  installed,
  values: [],
  setFlags: [],
  templateFlags: [],
  skipDeps: false,
  stateFile: "/s/helmfile.yaml",
  baseDir: "/s",
  hasSecrets: false,
  spec: newMap(),
});

const desired = (releases: PreparedRelease[]): DesiredState => {
  const state: LoadedState = {
    file: "/s/helmfile.yaml",
    displayPath: "helmfile.yaml",
    environment: "default",
    values: newMap(),
    helmDefaults: newMap(),
    repositories: [],
    releases,
    document: newMap(),
  };
  return { states: [state], releases };
};

describe("checkUnselectedNeeds", () => {
  const logging = rel("ctx/kube-system/logging");
  const app = rel("ctx/default/app", ["ctx/kube-system/logging"]);

  test("a selected release needing an unselected installed one is helmfile's error", () => {
    const err = checkUnselectedNeeds(desired([app]), desired([logging, app]));
    expect(err?.code).toBe("NEEDS_NOT_SELECTED");
    expect(err?.detail).toBe(
      'in ./helmfile.yaml: release "ctx/default/app" depends on "ctx/kube-system/logging" which does not match the selectors. Please add a selector like "--selector name=logging", or indicate whether to skip (--skip-needs) or include (--include-needs) these dependencies',
    );
  });

  test("needs that are selected, disabled or unknown pass", () => {
    expect(checkUnselectedNeeds(desired([logging, app]), desired([logging, app]))).toBeUndefined();
    expect(
      checkUnselectedNeeds(desired([app]), desired([rel("ctx/kube-system/logging", [], false), app])),
    ).toBeUndefined();
    expect(
      checkUnselectedNeeds(desired([rel("x", ["nowhere"])]), desired([rel("x", ["nowhere"])])),
    ).toBeUndefined();
  });
});

describe("several dependents of one unselected need", () => {
  test("are named together, like helmfile's humanized list", () => {
    const dep = rel("c/ns/dep");
    const a = rel("c/ns/a", ["c/ns/dep"]);
    const b = rel("c/ns/b", ["c/ns/dep"]);
    const err = checkUnselectedNeeds(desired([a, b]), desired([dep, a, b]));
    expect(err?.detail).toMatch(
      /^in \.\/helmfile\.yaml: release "c\/ns\/a" and "c\/ns\/b" depend on "c\/ns\/dep" which/,
    );
  });
});
