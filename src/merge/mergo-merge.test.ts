import { canonicalJson, fromPlain, GoTime, type ValueMap } from "../shared/value";
import { parseGoYamlTimestamp } from "../shared/yaml";
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

describe("mergoOverride with go-yaml v3 times", () => {
  // dario.cat/mergo v1.0.2, mergo.Merge(&dst, src, mergo.WithOverride) on map[string]interface{}:
  // a time.Time is a leaf that replaces a map, a zero time replaces a string, and a string replaces a time.
  const t = (s: string): GoTime => parseGoYamlTimestamp(s) as GoTime;
  it("treats a time as a leaf that overrides and is overridden like any scalar", () => {
    const dst = fromPlain({ b: { x: 1 }, c: "s" }) as ValueMap;
    dst.a = t("2024-01-02");
    dst.z = t("0001-01-01");
    const src = fromPlain({ z: "zz" }) as ValueMap;
    src.a = t("2025-01-02");
    src.b = t("2026-01-02");
    src.c = t("0001-01-01");
    const out = mergoOverride(dst, src);
    expect(canonicalJson(out)).toBe(
      '{"a":"2025-01-02T00:00:00Z","b":"2026-01-02T00:00:00Z","c":"0001-01-01T00:00:00Z","z":"zz"}',
    );
    expect(out.b).toBeInstanceOf(GoTime);
  });
});
