import { render, renderError } from "./test-render";

// Expected values from Masterminds/sprig v3.3.0 numeric_test.go and the conformance README.
const CASES: ReadonlyArray<[string, string]> = [
  ["{{range $i, $e := until 5}}{{$i}}{{$e}}{{end}}", "0011223344"],
  ["{{range $i, $e := until -5}}{{$i}}{{$e}} {{end}}", "00 1-1 2-2 3-3 4-4 "],
  ["{{range $i, $e := untilStep 3 6 1}}{{$i}}{{$e}}{{end}}", "031425"],
  ["{{range $i, $e := untilStep 0 -10 -2}}{{$i}}{{$e}} {{end}}", "00 1-2 2-4 3-6 4-8 "],
  ["{{range $i, $e := untilStep 3 99 0}}{{$i}}{{$e}}{{end}}", ""],
  ["{{ biggest 1 2 3 345 5 6 7}}", "345"],
  ["{{ maxf 1 2 3 345.7 5 6 7}}", "345.7"],
  ["{{ min 1 2 3 345 5 6 7}}", "1"],
  ["{{ minf 1.4 2 3 345.6 5 6 7}}", "1.4"],
  ["{{ 3 | add1 }}", "4"],
  ["{{ 3.4 | add1f }}", "4.4"],
  ["{{ 3 | add 1 2}}", "6"],
  ["{{ 3 | addf 1.5 2.2}}", "6.7"],
  ["{{ 4 | div 5 }}", "1"],
  ["{{ 2 | divf 5 4 }}", "0.625"],
  ['{{ 1 | mul "2" 3 "4"}}', "24"],
  ['{{ 1.2 | mulf "2.4" 10 "4"}}', "115.2"],
  ["{{ 3 | sub 14 }}", "11"],
  ["{{ 3 | subf 4.5 1 }}", "0.5"],
  ['{{ ceil 123.01 }} {{ ceil "123.01" }} {{ floor 123.9999 }} {{ floor "123" }}', "124 124 123 123"],
  [
    '{{ round 123.5555 3 }} {{ round "123.55555" 3 }} {{ round 123.500001 0 }} {{ round 123.49999999 0 }}',
    "123.556 123.556 124 123",
  ],
  ["{{ round 123.2329999 2 .3 }} {{ round 123.233 2 .3 }}", "123.23 123.24"],
  ["{{seq 0 1 3}}|{{seq 0 3 10}}|{{seq 3 3 2}}|{{seq 3 -3 2}}|{{seq}}", "0 1 2 3|0 3 6 9||3|"],
  [
    "{{seq 0 4}}|{{seq 5}}|{{seq -5}}|{{seq 0}}|{{seq 0 1 2 3}}|{{seq 0 -4}}",
    "0 1 2 3 4|1 2 3 4 5|1 0 -1 -2 -3 -4 -5|1 0||0 -1 -2 -3 -4",
  ],
  ['{{ add "3" 4 }} {{ add "x" 1 }} {{ add "1.5" 1 }}', "7 1 1"],
  ["{{ add 9223372036854775807 1 }}", "-9223372036854775808"],
  [
    '{{ int "0x10" }} {{ int "010" }} {{ int "08" }} {{ int "0b11" }} {{ int " 5" }} {{ int "4.0" }}',
    "16 8 0 3 0 4",
  ],
  ["{{ typeOf (add 1 2) }} {{ typeOf (floor 1.5) }} {{ typeOf (int 2.5) }}", "int64 float64 int"],
  ["{{ toDecimal 777 }} {{ toDecimal 770 }} {{ toDecimal 755 }}", "511 504 493"],
  ['{{ atoi "42" }} {{ atoi "x" }} {{ atoi "+7" }}', "42 0 7"],
];

describe("sprig math functions", () => {
  it.each(CASES)("%s renders %j", (tpl, want) => {
    expect(render(tpl)).toBe(want);
  });

  it("fails on integer division by zero like Go", () => {
    expect(renderError("{{ mod 7 0 }}")).toContain("integer divide by zero");
    expect(renderError("{{ div 7 0 }}")).toContain("integer divide by zero");
  });

  it("fails on decimal division by zero", () => {
    expect(renderError("{{ divf 1 0 }}")).toContain("decimal division by 0");
  });

  it("draws randInt within [min, max)", () => {
    for (let i = 0; i < 50; i++) {
      const n = Number(render("{{ randInt 10 13 }}"));
      expect(n).toBeGreaterThanOrEqual(10);
      expect(n).toBeLessThan(13);
    }
  });
});
