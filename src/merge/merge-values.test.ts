import fc from "fast-check";
import { canonicalJson, fromPlain, isMap, type Value, type ValueMap } from "../shared/value";
import { mergeValues, type ArrayMergeStrategy } from "./merge-values";

const m = (x: unknown): ValueMap => fromPlain(x) as ValueMap;
const j = (v: Value): string => canonicalJson(v);

describe("mergeValues", () => {
  it("merges nested maps key by key, override winning", () => {
    expect(j(mergeValues(m({ a: { x: 1, y: 2 } }), m({ a: { y: 3, z: 4 } })))).toBe(
      j(m({ a: { x: 1, y: 3, z: 4 } })),
    );
  });

  it("ignores a null override for an existing key but adds it for a new key (helmfile #1154)", () => {
    expect(j(mergeValues(m({ a: 1 }), m({ a: null, b: null })))).toBe(j(m({ a: 1, b: null })));
  });

  it("replaces a list without nulls under the sparse strategy", () => {
    expect(j(mergeValues(m({ l: [1, 2, 3] }), m({ l: [9] })))).toBe(j(m({ l: [9] })));
  });

  it("merges a list holding a null index by index under the sparse strategy", () => {
    expect(j(mergeValues(m({ l: [1, 2, 3] }), m({ l: [null, 9] })))).toBe(j(m({ l: [1, 9, 3] })));
  });

  it("merges element-wise under the merge strategy even without nulls", () => {
    expect(j(mergeValues(m({ l: [1, 2, 3] }), m({ l: [9] }), { arrays: "merge" }))).toBe(
      j(m({ l: [9, 2, 3] })),
    );
  });

  it("always replaces lists under the replace strategy", () => {
    expect(j(mergeValues(m({ l: [1, 2] }), m({ l: [null] }), { arrays: "replace" }))).toBe(
      j(m({ l: [null] })),
    );
  });

  it("merges maps inside sparse lists recursively", () => {
    // The result is as long as the longer list; a hole the base did not fill stays null.
    expect(j(mergeValues(m({ l: [{ a: 1, b: 2 }] }), m({ l: [{ b: 3 }, null] })))).toBe(
      j(m({ l: [{ a: 1, b: 3 }, null] })),
    );
  });

  it("refuses __proto__ keys", () => {
    const evil = Object.create(null) as ValueMap;
    evil["__proto__"] = 1n;
    expect(() => mergeValues(m({}), evil)).toThrow(expect.objectContaining({ code: "MERGE_FORBIDDEN_KEY" }));
  });

  const leaf = fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.string({ maxLength: 3 }),
    fc.bigInt({ min: -5n, max: 5n }),
  );
  const valueArb: fc.Arbitrary<Value> = fc.letrec<{ v: Value }>((tie) => ({
    v: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      leaf,
      fc.array(tie("v"), { maxLength: 3 }),
      fc.dictionary(fc.constantFrom("a", "b", "c"), tie("v"), { maxKeys: 3 }).map((d) => fromPlain(d)),
    ),
  })).v;
  const mapArb = fc
    .dictionary(fc.constantFrom("a", "b", "c", "d"), valueArb, { maxKeys: 4 })
    .map((d) => m(d));
  const strategy = fc.constantFrom<ArrayMergeStrategy>("sparse", "replace", "merge");

  it("never mutates its inputs", () => {
    fc.assert(
      fc.property(mapArb, mapArb, strategy, (a, b, s) => {
        const before = [j(a), j(b)];
        mergeValues(a, b, { arrays: s });
        return j(a) === before[0] && j(b) === before[1];
      }),
      { numRuns: 300 },
    );
  });

  it("keeps every key of both sides", () => {
    fc.assert(
      fc.property(mapArb, mapArb, strategy, (a, b, s) => {
        const out = mergeValues(a, b, { arrays: s });
        return [...Object.keys(a), ...Object.keys(b)].every((k) => k in out);
      }),
      { numRuns: 300 },
    );
  });

  it("gives non-null, non-container override values the last word", () => {
    fc.assert(
      fc.property(mapArb, mapArb, strategy, (a, b, s) => {
        const out = mergeValues(a, b, { arrays: s });
        return Object.keys(b).every((k) => {
          const v = b[k] as Value;
          if (v === null || Array.isArray(v) || isMap(v)) return true;
          return out[k] === v;
        });
      }),
      { numRuns: 300 },
    );
  });

  it("is the identity when merging an empty map either way", () => {
    fc.assert(
      fc.property(
        mapArb,
        strategy,
        (a, s) =>
          j(mergeValues(m({}), a, { arrays: s })) === j(a) &&
          j(mergeValues(a, m({}), { arrays: s })) === j(a),
      ),
      { numRuns: 200 },
    );
  });
});
