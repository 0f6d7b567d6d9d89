import { canonicalJson, fromPlain, type ValueMap } from "../shared/value";
import { mergoOverride } from "./mergo-merge";

const m = (x: unknown): ValueMap => fromPlain(x) as ValueMap;

describe("mergoOverride", () => {
  it("lets an explicit false in a later file override true (helmfile #1168)", () => {
    expect(canonicalJson(mergoOverride(m({ a: { skip: true, name: "x" } }), m({ a: { skip: false } })))).toBe(
      canonicalJson(m({ a: { skip: false, name: "x" } })),
    );
  });

  it("replaces lists instead of merging them", () => {
    expect(canonicalJson(mergoOverride(m({ l: [1, 2] }), m({ l: [null] })))).toBe(
      canonicalJson(m({ l: [null] })),
    );
  });

  it("replaces an earlier null with a later map (helmfile #1150)", () => {
    expect(canonicalJson(mergoOverride(m({ c: { e: null } }), m({ c: { e: { v: "1" } } })))).toBe(
      canonicalJson(m({ c: { e: { v: "1" } } })),
    );
  });

  it("does not modify its arguments", () => {
    const a = m({ x: { y: 1 } });
    mergoOverride(a, m({ x: { z: 2 } }));
    expect(canonicalJson(a)).toBe(canonicalJson(m({ x: { y: 1 } })));
  });
});
