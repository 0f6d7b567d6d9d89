import { formatGoDuration, parseGoDuration } from "./go-duration";

// Expected values from Go's time package documentation and tests (Duration.String, ParseDuration).
describe("Go durations", () => {
  it.each([
    [0n, "0s"],
    [1n, "1ns"],
    [1100n, "1.1µs"],
    [2_200_000n, "2.2ms"],
    [3_300_000_000n, "3.3s"],
    [4n * 60_000_000_000n + 5_000_000_000n, "4m5s"],
    [4n * 60_000_000_000n + 5_001_000_000n, "4m5.001s"],
    [5n * 3_600_000_000_000n + 6n * 60_000_000_000n + 7_001_000_000n, "5h6m7.001s"],
    [8n * 60_000_000_000n + 1n, "8m0.000000001s"],
    [-1n, "-1ns"],
    [2n ** 63n - 1n, "2562047h47m16.854775807s"],
  ])("formats %p as %s", (d, want) => {
    expect(formatGoDuration(d)).toBe(want);
  });

  it.each([
    ["0", 0n],
    ["5s", 5_000_000_000n],
    ["-5s", -5_000_000_000n],
    ["1.5h", 5_400_000_000_000n],
    ["1h10m10s", 4_210_000_000_000n],
    ["300ms", 300_000_000n],
    ["1µs", 1000n],
    ["1us", 1000n],
    [".5s", 500_000_000n],
    ["1.s", 1_000_000_000n],
  ])("parses %s", (s, want) => {
    expect(parseGoDuration(s)).toBe(want);
  });

  it.each([
    ["", 'time: invalid duration ""'],
    ["3", 'time: missing unit in duration "3"'],
    ["1d", 'time: unknown unit "d" in duration "1d"'],
    [".s", 'time: invalid duration ".s"'],
  ])("rejects %j", (s, msg) => {
    expect(() => parseGoDuration(s)).toThrow(msg);
  });
});
