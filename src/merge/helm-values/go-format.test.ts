/** Go `fmt` rendering; expectations from Go's documented `%v`/`%t` output and helm's recorded warnings. */
import { fromPlain } from "../../shared/value";
import { formatGoFloat } from "../../shared/go/float";
import { goBoolVerb, goValueString } from "./go-format";
import { formatYamlFloat32Key as formatGoFloat32Key } from "../../shared/yaml";

describe("Go formatting", () => {
  it.each([
    [1, "1"],
    [1.5, "1.5"],
    [123456, "123456"],
    [1000000, "1e+06"],
    [1234567, "1.234567e+06"],
    [0.0001, "0.0001"],
    [0.00001, "1e-05"],
    [-2.5e-7, "-2.5e-07"],
  ])("prints float64 %d as %s", (f, text) => {
    expect(formatGoFloat(f)).toBe(text);
  });

  it("prints maps with sorted keys and lists space-separated, as in helm's warnings", () => {
    expect(goValueString(fromPlain({ r: 1.0, a: [1, "x", null] }, { floats: true }))).toBe(
      "map[a:[1 x <nil>] r:1]",
    );
    expect(goValueString(fromPlain({}))).toBe("map[]");
  });

  it("applies %t element-wise and marks non-bools", () => {
    expect(goBoolVerb(5)).toBe("%!t(float64=5)");
    expect(goBoolVerb(fromPlain([{ l: "s" }]))).toBe("[map[%!t(string=l):%!t(string=s)]]");
    expect(goBoolVerb([])).toBe("[]");
  });

  it("turns float keys into float32 %g text like sigs.k8s.io/yaml", () => {
    expect([1000, 1e6, 1.5, 0.1, 16777217].map(formatGoFloat32Key)).toEqual([
      "1000",
      "1e+06",
      "1.5",
      "0.1",
      "1.6777216e+07",
    ]);
  });
});
