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
