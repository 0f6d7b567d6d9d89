import { formatGoFloat, formatJsonFloat } from "./float";

// Expected values from Go: fmt %v (strconv 'g', shortest) and encoding/json's float format.
describe("Go float formatting", () => {
  it.each([
    [1000000, "1e+06"],
    [123456789, "1.23456789e+08"],
    [100000, "100000"],
    [0.1, "0.1"],
    [0.0001, "0.0001"],
    [0.00001, "1e-05"],
    [1e21, "1e+21"],
    [-2.5, "-2.5"],
    [Infinity, "+Inf"],
    [NaN, "NaN"],
  ])("%p prints as %s with %%v", (x, want) => {
    expect(formatGoFloat(x)).toBe(want);
  });

  it.each([
    [1e21, "1e+21"],
    [1e20, "100000000000000000000"],
    [0.000001, "0.000001"],
    [1e-7, "1e-7"],
    [1.5, "1.5"],
    [-0, "-0"],
  ])("%p encodes as %s in JSON", (x, want) => {
    expect(formatJsonFloat(x)).toBe(want);
  });

  it("refuses NaN and infinities in JSON", () => {
    expect(formatJsonFloat(NaN)).toBeUndefined();
  });
});
