/**
 * When an `up` may leave the releases the stack's record answers out of the engine's run: not when
 * one of them needs a changed release (at any depth), since the engine keeps what an excluded
 * resource depends on. A release as recorded whose render key its record lacks is applied with the
 * changed ones: only an `up` over it records the key.
 */
import type { HelmfilePlan } from "../emit/plan-helmfile";
import type { RenderKey } from "../render/cluster-render";
import { holdsComponent, keysToRecord, leftOutOfUp, neededByUnchanged } from "./partial-up";

type Plan = HelmfilePlan["plans"][number];
const KEY: RenderKey = { key: "k", mode: "any" };

function planOf(
  ...releases: Array<{ name: string; needs?: string[]; rendered?: boolean; key?: boolean }>
): Pick<HelmfilePlan, "plans"> {
  return {
    plans: releases.map(
      (r) =>
        ({
          resourceName: r.name,
          needs: r.needs ?? [],
          ...(r.rendered === false ? { recordedRender: { key: KEY } } : {}),
          ...(r.key === true ? { renderKey: KEY } : {}),
        }) as unknown as Plan,
    ),
  };
}

describe("neededByUnchanged", () => {
  it("is false when no release as recorded needs a changed one", () => {
    // b needs a; only b changed: a is excluded, and nothing excluded depends on b.
    expect(neededByUnchanged(planOf({ name: "a" }, { name: "b", needs: ["a"] }), ["b"])).toBe(false);
    expect(neededByUnchanged(planOf({ name: "a" }, { name: "b" }), ["a"])).toBe(false);
  });

  it("is true when one needs a changed release, directly or through another as recorded", () => {
    expect(neededByUnchanged(planOf({ name: "a" }, { name: "b", needs: ["a"] }), ["a"])).toBe(true);
    const chain = planOf({ name: "a" }, { name: "b", needs: ["a"] }, { name: "c", needs: ["b"] });
    expect(neededByUnchanged(chain, ["a", "b"])).toBe(true);
    expect(neededByUnchanged(chain, ["a"])).toBe(true);
    expect(neededByUnchanged(chain, ["c"])).toBe(false);
  });

  it("ends on needs that loop", () => {
    const loop = planOf({ name: "a", needs: ["b"] }, { name: "b", needs: ["a"] }, { name: "c" });
    expect(neededByUnchanged(loop, ["c"])).toBe(false);
  });
});

describe("keysToRecord", () => {
  it("names the releases as recorded that were rendered now and have a key to record", () => {
    const plan = planOf(
      { name: "a", rendered: true, key: true },
      { name: "b" },
      { name: "c", rendered: true, key: true },
    );
    expect(keysToRecord(plan, ["b"])).toEqual(["a", "c"]);
  });

  it("leaves out those whose render came from the record, that have no key to record, or that changed", () => {
    expect(keysToRecord(planOf({ name: "a", rendered: false, key: true }), [])).toEqual([]);
    expect(keysToRecord(planOf({ name: "a", rendered: true, key: false }), [])).toEqual([]);
    expect(keysToRecord(planOf({ name: "a", rendered: true, key: true }), ["a"])).toEqual([]);
  });
});

describe("holdsComponent", () => {
  it("is true only for a deployment holding the Helmfile component", () => {
    const stack = { urn: "urn:s", type: "pulumi:pulumi:Stack" };
    expect(holdsComponent({ resources: [stack, { urn: "urn:h", type: "helmfile:index:Helmfile" }] })).toBe(
      true,
    );
    // What `destroy` leaves: the stack resource alone, or nothing.
    expect(holdsComponent({ resources: [stack] })).toBe(false);
    expect(holdsComponent({})).toBe(false);
    expect(holdsComponent(undefined)).toBe(false);
  });
});

describe("leftOutOfUp", () => {
  // The state: a namespace, a CRD, and objects a..d of a changed release, with what each depends on.
  const state = {
    resources: [
      { urn: "ns", type: "kubernetes:core/v1:Namespace" },
      { urn: "crd", type: "kubernetes:apiextensions.k8s.io/v1:CustomResourceDefinition" },
      { urn: "a", type: "t", dependencies: ["ns", "crd"] },
      { urn: "b", type: "t", dependencies: ["a"] },
      { urn: "c", type: "t", dependencies: ["ns"], propertyDependencies: { data: ["gone"] } },
      { urn: "d", type: "t", deletedWith: "gone" },
      { urn: "e", type: "t", dependencies: ["hook"] },
    ],
  };
  const answered = (...urns: string[]): Map<string, string> => new Map(urns.map((u) => [u, `key-${u}`]));
  const left = (stays: readonly string[], ...urns: string[]): string[] => [
    ...leftOutOfUp(state, answered(...urns), (u) => stays.includes(u)).keys(),
  ];

  it("leaves out an answered resource whose every dependency stays or is left out too", () => {
    expect(left(["ns", "crd"], "a", "b")).toEqual(["a", "b"]);
    // a is registered again (it stays): b, which depends on it, may still be left out.
    expect(left(["ns", "crd", "a"], "b")).toEqual(["b"]);
    expect(leftOutOfUp(state, answered("a"), () => true).get("a")).toBe("key-a");
  });

  it("keeps in one that depends on what the up may delete, and what depends on that one", () => {
    // The CRD does not stay (the chart no longer renders it): a is applied, and b depends on a.
    expect(left(["ns"], "a", "b")).toEqual([]);
    expect(left(["ns", "crd"], "e")).toEqual([]);
  });

  it("reads property dependencies and deletedWith as dependencies", () => {
    expect(left(["ns"], "c", "d")).toEqual([]);
    expect(left(["ns", "gone"], "c", "d")).toEqual(["c", "d"]);
  });

  it("leaves out nothing the state does not hold", () => {
    expect(left(["ns", "crd"], "a", "missing")).toEqual(["a"]);
    expect(left([], "x")).toEqual([]);
    expect(leftOutOfUp(undefined, answered("a"), () => true).size).toBe(0);
  });
});
