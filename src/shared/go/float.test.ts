import { formatFloat, formatHexFloat } from "./float";

// Expectations from Go's strconv.FormatFloat documentation and Go's fmt behaviour.
describe("formatFloat", () => {
  it("uses the shortest representation with %g's exponent threshold for precision -1", () => {
    expect(formatFloat(1000000, "g", -1)).toBe("1e+06");
    expect(formatFloat(123456789, "g", -1)).toBe("1.23456789e+08");
    expect(formatFloat(100000, "g", -1)).toBe("100000");
    expect(formatFloat(0.0001, "g", -1)).toBe("0.0001");
    expect(formatFloat(0.00001, "g", -1)).toBe("1e-05");
    expect(formatFloat(1e21, "g", -1)).toBe("1e+21");
    expect(formatFloat(0.1, "g", -1)).toBe("0.1");
    expect(formatFloat(-0, "g", -1)).toBe("-0");
  });

  it("rounds exact ties to even like Go (JavaScript's toFixed rounds them up)", () => {
    expect(formatFloat(2.5, "f", 0)).toBe("2");
    expect(formatFloat(0.125, "f", 2)).toBe("0.12");
    expect(formatFloat(0.375, "f", 2)).toBe("0.38");
  });

  it("formats %e with at least two exponent digits", () => {
    expect(formatFloat(1234.5678, "e", 2)).toBe("1.23e+03");
    expect(formatFloat(1e-100, "e", -1)).toBe("1e-100");
  });

  it("drops trailing zeros for %g with an explicit precision", () => {
    expect(formatFloat(1, "g", 3)).toBe("1");
    expect(formatFloat(100, "g", 3)).toBe("100");
    expect(formatFloat(1234.5678, "g", 3)).toBe("1.23e+03");
  });

  it("writes infinities and NaN like strconv", () => {
    expect(formatFloat(Infinity, "g", -1)).toBe("+Inf");
    expect(formatFloat(-Infinity, "f", 2)).toBe("-Inf");
    expect(formatFloat(NaN, "e", 2)).toBe("NaN");
  });

  it("formats hexadecimal floats", () => {
    expect(formatHexFloat(1.5, "x", -1)).toBe("0x1.8p+00");
    expect(formatHexFloat(1, "x", -1)).toBe("0x1p+00");
  });
});
