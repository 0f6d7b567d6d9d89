import { GoNumber, GoTime } from "../../types";
import { render, renderError } from "./test-render";

const SECOND = 1_000_000_000n;
// 13 Jun 19 20:39:39 GMT, as in sprig's date_test.go.
const JUNE = new GoTime(1560458379n * SECOND, 0, "UTC");

describe("sprig date functions", () => {
  it("formats Unix seconds and times with Go layouts (sprig date_test.go)", () => {
    expect(render("{{ htmlDate 0 }}")).toBe("1970-01-01");
    expect(render('{{toDate "2006-01-02" "2017-12-31" | date "02/01/2006"}}')).toBe("31/12/2017");
    expect(render("{{ unixEpoch .Time }}", { Time: JUNE })).toBe("1560458379");
  });

  it("formats in a zone and falls back to UTC for unknown zones", () => {
    const tpl = '{{ date_in_zone "02 Jan 06 15:04 -0700" .Time "UTC" }}';
    expect(render(tpl, { Time: JUNE })).toBe("13 Jun 19 20:39 +0000");
    expect(render(tpl, { Time: GoNumber.int64(1560458379n) })).toBe("13 Jun 19 20:39 +0000");
    expect(render(tpl, { Time: new GoNumber("int32", 1560458379n) })).toBe("13 Jun 19 20:39 +0000");
    expect(render(tpl, { Time: 1560458379n })).toBe("13 Jun 19 20:39 +0000");
    expect(render('{{ date_in_zone "02 Jan 06 15:04 -0700" .Time "foobar" }}', { Time: JUNE })).toBe(
      "13 Jun 19 20:39 +0000",
    );
  });

  it("shows named zones with their offset", () => {
    expect(render('{{ dateInZone "2006-01-02 15:04 -0700" .Time "America/New_York" }}', { Time: JUNE })).toBe(
      "2019-06-13 16:39 -0400",
    );
  });

  it("renders durations like Go (sprig date_test.go)", () => {
    expect(render("{{ duration .Secs }}", { Secs: "61" })).toBe("1m1s");
    expect(render("{{ duration .Secs }}", { Secs: "3600" })).toBe("1h0m0s");
    expect(render("{{ duration .Secs }}", { Secs: "93784" })).toBe("26h3m4s");
    expect(render("{{ duration 3661 }}")).toBe("0s");
    expect(render("{{ durationRound .Time }}", { Time: "2h5s" })).toBe("2h");
    expect(render("{{ durationRound .Time }}", { Time: "24h5s" })).toBe("1d");
    expect(render("{{ durationRound .Time }}", { Time: "2400h5s" })).toBe("3mo");
  });

  it("computes ago relative to now", () => {
    const before = new GoTime(BigInt(Date.now() - 125_000) * 1_000_000n, 0, "UTC");
    expect(render("{{ ago .Time }}", { Time: before })).toBe("2m5s");
  });

  it("parses with Go layouts and prints like time.Time.String()", () => {
    expect(render('{{ toDate "2006-01-02" "2024-03-05" }}')).toBe("2024-03-05 00:00:00 +0000 UTC");
    expect(
      render(
        '{{ toDate "2006-01-02T15:04:05Z07:00" "2024-03-05T13:14:15+02:00" | date "2006-01-02 15:04 -0700" }}',
      ),
    ).toBe("2024-03-05 11:14 +0000");
    expect(render('{{ toDate "2006-01-02" "garbage" }}')).toBe("0001-01-01 00:00:00 +0000 UTC");
    expect(
      render('{{ toDate "2006-01-02 15:04" "2024-03-05 09:07" | date "Mon Jan 2 2006 3:04PM .000" }}'),
    ).toBe("Tue Mar 5 2024 9:07AM .000");
  });

  it("reports Go's parse error from mustToDate", () => {
    expect(renderError('{{ mustToDate "2006-01-02" "garbage" }}')).toContain(
      'parsing time "garbage" as "2006-01-02": cannot parse "garbage" as "2006"',
    );
  });

  it("adds Go durations with dateModify and ignores bad ones", () => {
    expect(
      render(
        '{{ toDate "2006-01-02 15:04" "2024-01-31 23:00" | dateModify "+1h30m" | date "2006-01-02 15:04" }}',
      ),
    ).toBe("2024-02-01 00:30");
    expect(render('{{ toDate "2006-01-02" "2024-01-01" | dateModify "bogus" | date "2006-01-02" }}')).toBe(
      "2024-01-01",
    );
    expect(renderError('{{ toDate "2006-01-02" "2024-01-01" | mustDateModify "bogus" }}')).toContain(
      'time: invalid duration "bogus"',
    );
  });

  it("returns a time.Time from now", () => {
    expect(render("{{ typeOf now }}")).toBe("time.Time");
    expect(render('{{ now | date "2006" }}')).toMatch(/^\d{4}$/);
  });
});

describe("zone abbreviations", () => {
  it("uses tzdata's letter abbreviations where they exist, numeric ones otherwise", () => {
    const t = new GoTime(1705320000n * 1_000_000_000n, 0, "UTC"); // 2024-01-15 12:00 UTC
    expect(render('{{ dateInZone "MST -0700" .T "Europe/Berlin" }}', { T: t })).toBe("CET +0100");
    expect(render('{{ dateInZone "MST" .T "Asia/Tokyo" }}', { T: t })).toBe("JST");
    expect(render('{{ dateInZone "MST" .T "America/Sao_Paulo" }}', { T: t })).toBe("-03");
  });
});
