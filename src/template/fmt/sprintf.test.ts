import { GoNumber, newGoMap, type GoValue } from "../types";
import { sprint, sprintln } from "./printer";
import { sprintf } from "./sprintf";

// Expectations from the Go fmt package documentation and its tests.
describe("sprintf", () => {
  it("reports Go's documented format errors", () => {
    expect(sprintf("%d", ["hi"])).toBe("%!d(string=hi)");
    expect(sprintf("hi", ["guys"])).toBe("hi%!(EXTRA string=guys)");
    expect(sprintf("hi%d", [])).toBe("hi%!d(MISSING)");
    expect(sprintf("%*s", [4.5, "hi"])).toBe("%!(BADWIDTH)hi");
    expect(sprintf("%.*s", [4.5, "hi"])).toBe("%!(BADPREC)hi");
    expect(sprintf("%*[2]d", [7n])).toBe("%!d(BADINDEX)");
    expect(sprintf("%.[2]d", [7n])).toBe("%!d(BADINDEX)");
    expect(sprintf("%", [])).toBe("%!(NOVERB)");
    expect(sprintf("%z", [1n])).toBe("%!z(int=1)");
    expect(sprintf("%d", [null])).toBe("%!d(<nil>)");
  });

  it("bounds widths and precisions like Go's tooLarge (observed with go1.26 fmt.Sprintf)", () => {
    expect(sprintf("%1000001d", [1n])).toHaveLength(1000001);
    expect(sprintf("%-10000000d|", [1n])).toHaveLength(10000001);
    expect(sprintf("%.1000001f", [1.5])).toHaveLength(1000003);
    expect(sprintf("%100000000d|x", [1n])).toBe("%!(NOVERB)%!(EXTRA int=1)");
    expect(sprintf("%.100000000f|x", [1.5])).toBe("%!(NOVERB)%!(EXTRA float64=1.5)");
    expect(sprintf("%*d", [1000001n, 1n])).toBe("%!(BADWIDTH)1");
    expect(sprintf("%*d", [-1000001n, 1n])).toBe("%!(BADWIDTH)1");
    expect(sprintf("%.*d", [1000001n, 1n])).toBe("%!(BADPREC)1");
    expect(sprintf("%*d", [1000000n, 1n])).toHaveLength(1000000);
  });

  it("formats integers with flags, width and precision", () => {
    expect(
      sprintf("%05d|%-5d|%+d|%x|%X|%#x|%o|%#o|%O|%b|%c|%q|%U|%#U", [
        42n,
        42n,
        42n,
        255n,
        255n,
        255n,
        8n,
        8n,
        8n,
        5n,
        65n,
        65n,
        0x1f600n,
        65n,
      ]),
    ).toBe("00042|42   |+42|ff|FF|0xff|10|010|0o10|101|A|'A'|U+1F600|U+0041 'A'");
    expect(sprintf("%6.3d|% d|%x", [7n, 5n, -255n])).toBe("   007| 5|-ff");
  });

  it("formats floats with Go's verbs", () => {
    expect(
      sprintf(
        "%6.2f|%e|%E|%g|%.3g|%v|%08.3f|%+.1f",
        [3.14159, 1234.5678, 1234.5678, 1e6, 3.14159, 1.5, -3.14159, 2.0],
      ),
    ).toBe("  3.14|1.234568e+03|1.234568E+03|1e+06|3.14|1.5|-003.142|+2.0");
  });

  it("formats strings with %s %q %x and padding", () => {
    expect(
      sprintf("%s|%q|%x|% x|%X|%5s|%-5s|%.2s|%05s", [
        "hi",
        'a"b',
        "hello",
        "hi",
        "hi",
        "ab",
        "ab",
        "abc",
        "ab",
      ]),
    ).toBe('hi|"a\\"b"|68656c6c6f|68 69|6869|   ab|ab   |ab|000ab');
    expect(sprintf("%#q|%+q", ["back`quote", "é"])).toBe('"back`quote"|"\\u00e9"');
  });

  it("prints composite values: sorted maps, slices, nil elements and element-wise bad verbs", () => {
    const m = newGoMap();
    m.b = 2n;
    m.a = [1n, "x", null] as GoValue[];
    expect(sprintf("%v", [m])).toBe("map[a:[1 x <nil>] b:2]");
    expect(sprintf("%d", [[1n, 2n]])).toBe("[1 2]");
    expect(sprintf("%s", [[1n]])).toBe("[%!s(int=1)]");
    expect(sprintf("%T %T %T %T", [1n, 1.5, "s", new GoNumber("int64", 3n)])).toBe(
      "int float64 string int64",
    );
    expect(sprintf("%#v", [["a", 1n]])).toBe('[]interface {}{"a", 1}');
  });

  it("treats %% as a literal percent without consuming an operand", () => {
    expect(sprintf("100%% %d", [5n])).toBe("100% 5");
  });
});

describe("sprint and sprintln", () => {
  it("adds spaces only between operands when neither is a string", () => {
    expect(sprint([1n, 2n, "a", 3n, "b", "c"])).toBe("1 2a3bc");
    expect(sprintln(["a", 1n, "b"])).toBe("a 1 b\n");
  });
});
