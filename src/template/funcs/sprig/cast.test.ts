import { GoNumber } from "../../types";
import { toFloat64, toInt64 } from "./cast";

// Expected values from spf13/cast's and sprig's numeric tests, and Go's strconv rules.
describe("cast conversions", () => {
  it("converts like cast.ToInt64", () => {
    expect(toInt64(new GoNumber("int8", 102n))).toBe(102n);
    expect(toInt64("102")).toBe(102n);
    expect(toInt64("frankie")).toBe(0n);
    expect(toInt64(102.1234)).toBe(102n);
    expect(toInt64(true)).toBe(1n);
    expect(toInt64(null)).toBe(0n);
    expect(toInt64("4.0")).toBe(4n);
    expect(toInt64("4.7")).toBe(0n);
  });

  it("converts like cast.ToFloat64", () => {
    expect(toFloat64(new GoNumber("uint16", 102n))).toBe(102);
    expect(toFloat64("102")).toBe(102);
    expect(toFloat64("frankie")).toBe(0);
    expect(toFloat64(true)).toBe(1);
  });
});
