import { render } from "../testing/render-helper";
import { GoTime, newGoMap } from "../types";

// 2024-03-05T10:20:30Z: a Tuesday in March (Go's time.Time methods print through String()).
const at = new GoTime(1_709_634_030n * 1_000_000_000n);

function data(): ReturnType<typeof newGoMap> {
  const m = newGoMap();
  m.t = at;
  return m;
}

describe("time.Time methods", () => {
  it("prints .Weekday and .Month by their English names, as time.Weekday/time.Month String() do", () => {
    expect(render("{{ .t.Weekday }} {{ .t.Month }}", data())).toBe("Tuesday March");
    expect(render('{{ printf "%s/%v/%q" .t.Month .t.Weekday .t.Month }}', data())).toBe(
      'March/Tuesday/"March"',
    );
    expect(render("{{ print .t.Month 7 }}", data())).toBe("March 7");
  });

  it("formats with Go reference layouts through .Format", () => {
    expect(render('{{ .t.Format "2006-01-02 Mon Jan 15:04:05" }}', data())).toBe(
      "2024-03-05 Tue Mar 10:20:30",
    );
  });

  it("keeps the numeric calendar accessors", () => {
    expect(render("{{ .t.Year }} {{ .t.Day }} {{ .t.YearDay }} {{ .t.Unix }}", data())).toBe(
      "2024 5 65 1709634030",
    );
  });
});

// Go's time package (time/time.go): Before/After/Equal/Compare compare instants (Equal ignores
// the zone), Add takes a Duration (an untyped integer constant converts to it, in nanoseconds),
// Sub returns a Duration printed by Duration.String, AddDate normalises like time.Date.
describe("time.Time comparison and arithmetic methods", () => {
  function pair(): ReturnType<typeof newGoMap> {
    const m = data();
    m.later = new GoTime(at.unixNanos + 3_600_000_000_000n, 3600, "CET");
    m.same = new GoTime(at.unixNanos, 7200, "EET");
    m.jan31 = new GoTime(1_706_659_200n * 1_000_000_000n); // 2024-01-31T00:00:00Z
    return m;
  }

  it("compares instants with Before, After, Equal and Compare", () => {
    expect(render("{{ .t.Before .later }} {{ .t.After .later }} {{ .later.After .t }}", pair())).toBe(
      "true false true",
    );
    expect(
      render(
        "{{ .t.Equal .same }} {{ .t.Compare .later }} {{ .later.Compare .t }} {{ .t.Compare .same }}",
        pair(),
      ),
    ).toBe("true -1 1 0");
  });

  it("adds a Duration given in nanoseconds, and subtracts times into a Duration", () => {
    expect(render('{{ (.t.Add 5400000000000).Format "15:04:05" }}', pair())).toBe("11:50:30");
    expect(render("{{ .later.Sub .t }} {{ (.later.Sub .t).Minutes }} {{ .t.Sub .later }}", pair())).toBe(
      "1h0m0s 60 -1h0m0s",
    );
    expect(render('{{ (.t.Add (.later.Sub .t)).Format "15:04" }}', pair())).toBe("11:20");
  });

  it("normalises AddDate like time.Date (January 31 plus one month is March 2 in a leap year)", () => {
    expect(render('{{ (.jan31.AddDate 0 1 0).Format "2006-01-02" }}', pair())).toBe("2024-03-02");
    expect(render('{{ (.t.AddDate 1 -2 26).Format "2006-01-02 15:04:05" }}', pair())).toBe(
      "2025-01-31 10:20:30",
    );
  });

  it("rejects a non-time argument", () => {
    const r = render('{{ .t.Before "x" }}', pair());
    expect(typeof r === "string" ? r : r.error).toContain("expected time.Time; got string");
  });
});
