import { isMap, type ValueMap } from "../value";
import { decodeYaml } from "./decode";
import { firstNonStringKey, goKeysOf, goValueString } from "./go-keys";

const decode = (text: string): ValueMap => {
  const v = decodeYaml(text);
  if (!isMap(v)) throw new Error("not a map");
  return v;
};

describe("keys go-yaml decodes as other than strings", () => {
  it("are remembered with their Go type, the map keeping their %v text", () => {
    const m = decode("a:\n  1: x\n  true: y\n  null: z\n  1.5: w\n  2020-01-01: d\n  s: t\n").a as ValueMap;
    expect(Object.keys(m).sort()).toEqual([
      "1",
      "1.5",
      "2020-01-01 00:00:00 +0000 UTC",
      "<nil>",
      "s",
      "true",
    ]);
    expect([...(goKeysOf(m)?.values() ?? [])].map((k) => k.type).sort()).toEqual(
      ["<nil>", "bool", "float64", "int", "time.Time"].sort(),
    );
    expect(goKeysOf(decode("a:\n  b: 1\n").a as ValueMap)).toBeUndefined();
  });

  it("print as Go's fmt prints a map[interface{}]interface{} (helmfile v1.8.0's text, measured)", () => {
    // helmfile: "... map=map[<nil>:w b:1 c:map[9:q] -3:n 1:x 1.5:z true:y 2020-01-01 00:00:00 +0000 UTC:d]"
    const m = decode(
      "a:\n  b: 1\n  1: x\n  true: y\n  1.5: z\n  null: w\n  2020-01-01: d\n  -3: n\n  c: {9: q}\n",
    ).a as ValueMap;
    expect(goValueString(m)).toBe(
      "map[<nil>:w b:1 c:map[9:q] -3:n 1:x 1.5:z true:y 2020-01-01 00:00:00 +0000 UTC:d]",
    );
    // helmfile: "map=map[9:y 10:x 1000:z]" (ints by value, not by text)
    expect(goValueString(decode("k: {10: x, 9: y, 1e3: z}\n").k as ValueMap)).toBe("map[9:y 10:x 1000:z]");
    expect(goValueString(decode("l: [1, {2: b}, null, s]\n").l as ValueMap)).toBe("[1 map[2:b] <nil> s]");
  });

  it("are found below the top level, in maps and lists, not at the top", () => {
    expect(firstNonStringKey(decode("1: x\ntrue: y\n"))).toBeUndefined();
    expect(firstNonStringKey(decode("1: x\n"), { top: true })?.key).toEqual({ type: "int", value: 1n });
    expect(firstNonStringKey(decode("a:\n  x: [1, {2: b}]\n"))?.key).toEqual({ type: "int", value: 2n });
    expect(firstNonStringKey(decode("a:\n  null: 1\n"))?.key).toEqual({ type: "<nil>", value: null });
  });
});
