import { GoTime } from "../../types";
import { formatGoTime, splitLayout } from "./go-time";
import { parseGoTime } from "./go-time-parse";

// Go's reference time Mon Jan 2 15:04:05 MST 2006 (UTC-7), from the time package docs.
const REF = new GoTime(1136239445n * 1_000_000_000n + 123_456_789n, -7 * 3600, "MST");

describe("Go time layouts", () => {
  it.each([
    ["Mon Jan _2 15:04:05 2006", "Mon Jan  2 15:04:05 2006"],
    ["Mon Jan _2 15:04:05 MST 2006", "Mon Jan  2 15:04:05 MST 2006"],
    ["02 Jan 06 15:04 -0700", "02 Jan 06 15:04 -0700"],
    ["Monday, 02-Jan-06 15:04:05 MST", "Monday, 02-Jan-06 15:04:05 MST"],
    ["2006-01-02T15:04:05.999999999Z07:00", "2006-01-02T15:04:05.123456789-07:00"],
    ["3:04PM", "3:04PM"],
    ["Jan _2 15:04:05.000000", "Jan  2 15:04:05.123456"],
    ["2006-01-02 15:04:05,000", "2006-01-02 15:04:05,123"],
    ["002 __2", "002   2"],
  ])("formats %j", (layout, want) => {
    expect(formatGoTime(REF, layout)).toBe(want);
  });

  it("treats _2006 as a literal underscore followed by the year", () => {
    expect(splitLayout("_2006")).toEqual([{ lit: "_" }, { std: "2006" }]);
  });

  it("parses what it formats", () => {
    const t = parseGoTime("2006-01-02T15:04:05.999999999Z07:00", "2006-01-02T15:04:05.123456789-07:00");
    expect(t.unixNanos).toBe(REF.unixNanos);
    expect(t.offsetSeconds).toBe(-7 * 3600);
  });

  it("reports Go's parse errors", () => {
    expect(() => parseGoTime("2006-01-02", "2024-13-01")).toThrow(
      'parsing time "2024-13-01": month out of range',
    );
    expect(() => parseGoTime("2006-01-02", "2024-02-30")).toThrow(
      'parsing time "2024-02-30": day out of range',
    );
    expect(() => parseGoTime("2006-01-02", "2024/01/02")).toThrow(
      'parsing time "2024/01/02" as "2006-01-02": cannot parse "/01/02" as "-"',
    );
    expect(() => parseGoTime("2006-01-02", "2024-01-02x")).toThrow(
      'parsing time "2024-01-02x": extra text: "x"',
    );
  });
});
