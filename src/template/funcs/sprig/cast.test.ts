import { GoNumber } from "../../types";
import { parseGoFloat, parseGoInt, toFloat64, toInt64 } from "./cast";

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

  it("parses integers with strconv.ParseInt base 0", () => {
    expect(parseGoInt("0x1F")).toBe(31n);
    expect(parseGoInt("0o17")).toBe(15n);
    expect(parseGoInt("017")).toBe(15n);
    expect(parseGoInt("0b101")).toBe(5n);
    expect(parseGoInt("1_000")).toBe(1000n);
    expect(parseGoInt("08")).toBeUndefined();
    expect(parseGoInt("_1")).toBeUndefined();
    expect(parseGoInt("9223372036854775808")).toBeUndefined();
    expect(parseGoInt("-9223372036854775808")).toBe(-(2n ** 63n));
  });

  it("parses floats with strconv.ParseFloat", () => {
    expect(parseGoFloat("1e3")).toBe(1000);
    expect(parseGoFloat("0x1p-2")).toBe(0.25);
    expect(parseGoFloat("1_000.5")).toBe(1000.5);
    expect(parseGoFloat("+Inf")).toBe(Infinity);
    expect(parseGoFloat("1e400")).toBeUndefined();
    expect(parseGoFloat(" 1")).toBeUndefined();
  });
});
