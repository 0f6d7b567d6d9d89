import type { PreparedRelease } from "../shared/model";
import { preparedRelease } from "../../tests/support/model-fixtures";
import {
  recordedReleaseNames,
  selectionScope,
  stateResources,
  urnName,
  type StateResource,
} from "./selection";

const P = "urn:pulumi:dev::proj::";
const HF = `${P}helmfile:index:Helmfile::helmfile`;
const REL = `${P}helmfile:index:Helmfile$helmfile:index:Release::`;
const CG = `${P}helmfile:index:Helmfile$helmfile:index:Release$kubernetes:yaml/v2:ConfigGroup::`;
const OBJ = `${P}helmfile:index:Helmfile$helmfile:index:Release$kubernetes:yaml/v2:ConfigGroup$kubernetes:core/v1:ConfigMap::`;
const NS = `${P}helmfile:index:Helmfile$kubernetes:core/v1:Namespace::`;
const PROV = `${P}helmfile:index:Helmfile$pulumi:providers:kubernetes::`;

function release(name: string, namespace: string, kubeContext?: string): PreparedRelease {
  return preparedRelease({
    id: `${kubeContext === undefined ? "" : `${kubeContext}/`}${namespace}/${name}`,
    name,
    namespace,
    chart: "./c",
    stateFile: "/s/helmfile.yaml",
    baseDir: "/s",
    ...(kubeContext === undefined ? {} : { kubeContext }),
  });
}

/** A stack with two releases (web/frontend, api/backend), each with a group and an object. */
function twoReleaseState(): StateResource[] {
  const r = (urn: string, parent?: string): StateResource => ({
    urn,
    type: urn.slice(P.length).split("::")[0]?.split("$").pop() ?? "",
    ...(parent === undefined ? {} : { parent }),
  });
  return [
    r(`${P}pulumi:pulumi:Stack::proj-dev`),
    r(HF, `${P}pulumi:pulumi:Stack::proj-dev`),
    r(`${PROV}helmfile-render`, HF),
    r(`${NS}helmfile-namespace-web`, HF),
    r(`${NS}helmfile-namespace-api`, HF),
    r(`${REL}helmfile-web/frontend`, HF),
    r(`${CG}helmfile-web/frontend`, `${REL}helmfile-web/frontend`),
    r(`${OBJ}helmfile-web/frontend-web/fe`, `${CG}helmfile-web/frontend`),
    r(`${REL}helmfile-api/backend`, HF),
    r(`${CG}helmfile-api/backend`, `${REL}helmfile-api/backend`),
    r(`${OBJ}helmfile-api/backend-api/be`, `${CG}helmfile-api/backend`),
  ];
}

describe("selectionScope", () => {
  it("excludes every resource of an unselected release from preview and up, and nothing selected", () => {
    const scope = selectionScope("up", "helmfile", [release("frontend", "web")], twoReleaseState());
    expect(scope.target).toBeUndefined();
    expect([...(scope.exclude ?? [])].sort()).toEqual(
      [
        `${REL}helmfile-api/backend`,
        `${CG}helmfile-api/backend`,
        `${OBJ}helmfile-api/backend-api/be`,
        `${NS}helmfile-namespace-api`,
      ].sort(),
    );
  });

  it("targets exactly the selected release's resources for destroy and refresh", () => {
    for (const kind of ["destroy", "refresh"] as const) {
      const scope = selectionScope(kind, "helmfile", [release("backend", "api")], twoReleaseState());
      expect(scope.exclude).toBeUndefined();
      expect([...(scope.target ?? [])].sort()).toEqual(
        [
          `${REL}helmfile-api/backend`,
          `${CG}helmfile-api/backend`,
          `${OBJ}helmfile-api/backend-api/be`,
        ].sort(),
      );
    }
  });

  it("excludes nothing when every release in the state is selected, and targets nothing absent", () => {
    const all = [release("frontend", "web"), release("backend", "api")];
    expect(selectionScope("preview", "helmfile", all, twoReleaseState())).toEqual({});
    expect(selectionScope("destroy", "helmfile", [release("x", "y")], twoReleaseState())).toEqual({
      target: [],
    });
  });

  it("keeps the provider of a selected context and excludes one only unselected releases use", () => {
    const state: StateResource[] = [
      { urn: HF, type: "helmfile:index:Helmfile" },
      { urn: `${PROV}helmfile-ctx-a`, type: "pulumi:providers:kubernetes", parent: HF },
      { urn: `${PROV}helmfile-ctx-b`, type: "pulumi:providers:kubernetes", parent: HF },
      { urn: `${REL}helmfile-ctx-a/n/a`, type: "helmfile:index:Release", parent: HF },
      { urn: `${REL}helmfile-ctx-b/n/b`, type: "helmfile:index:Release", parent: HF },
    ];
    const scope = selectionScope("up", "helmfile", [release("a", "n", "ctx-a")], state);
    expect([...(scope.exclude ?? [])].sort()).toEqual(
      [`${PROV}helmfile-ctx-b`, `${REL}helmfile-ctx-b/n/b`].sort(),
    );
  });

  it("leaves another component's releases alone", () => {
    const other = `${P}helmfile:index:Helmfile::other`;
    const state: StateResource[] = [
      { urn: HF, type: "helmfile:index:Helmfile" },
      { urn: other, type: "helmfile:index:Helmfile" },
      { urn: `${REL}other-web/frontend`, type: "helmfile:index:Release", parent: other },
      { urn: `${REL}helmfile-web/frontend`, type: "helmfile:index:Release", parent: HF },
    ];
    expect(selectionScope("destroy", "helmfile", [release("frontend", "web")], state)).toEqual({
      target: [`${REL}helmfile-web/frontend`],
    });
  });
});

describe("stateResources and urnName", () => {
  it("reads urn, type and parent of an exported deployment and ignores malformed entries", () => {
    expect(
      stateResources({
        resources: [{ urn: `${REL}helmfile-a/b`, type: "helmfile:index:Release", parent: HF }, { bad: 1 }, 3],
      }),
    ).toEqual([{ urn: `${REL}helmfile-a/b`, type: "helmfile:index:Release", parent: HF }]);
    expect(stateResources(undefined)).toEqual([]);
  });

  it("takes the name after the type, even when the name holds colons", () => {
    expect(urnName(`${REL}helmfile-web/frontend`)).toBe("helmfile-web/frontend");
    expect(urnName(`${OBJ}x:y`)).toBe("x:y");
  });
});

describe("recordedReleaseNames", () => {
  it("names the component's Releases of the state, and no other resource or component", () => {
    const other = `${P}helmfile:index:Helmfile::platform`;
    const state = [
      ...twoReleaseState(),
      { urn: other, type: "helmfile:index:Helmfile" },
      { urn: `${REL}platform-ops/agent`, type: "helmfile:index:Release", parent: other },
    ];
    expect([...recordedReleaseNames("helmfile", state)].sort()).toEqual([
      "helmfile-api/backend",
      "helmfile-web/frontend",
    ]);
    expect([...recordedReleaseNames("platform", state)]).toEqual(["platform-ops/agent"]);
    expect(recordedReleaseNames("helmfile", [])).toEqual(new Set());
  });
});
