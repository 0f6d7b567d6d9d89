import { expandGo, findAllGo, GoRegexp, replaceAllGo, splitGo } from "./go-regexp";

const compileGoRegexp = (p: string): GoRegexp => GoRegexp.compile(p);

// Expected values from Go's regexp package documentation examples.
describe("Go regexp emulation", () => {
  it("accepts RE2-only syntax with RE2's meaning", () => {
    const test = (p: string, s: string): boolean => compileGoRegexp(p).test(s);
    expect(test("^(?P<x>a)\\z", "a")).toBe(true);
    expect(test("^a\\z", "a\n")).toBe(false);
    expect(test("(?i)^A.B$", "a\nb")).toBe(false);
    expect(test("(?is)^A.B$", "a\nb")).toBe(true);
    expect(test("^[[:digit:]]+$", "123")).toBe(true);
    expect(test("^x(?i:a)b$", "xAb")).toBe(true);
    expect(test("^x(?i:a)b$", "xAB")).toBe(false);
  });

  it("expands named groups, including names JavaScript refuses", () => {
    const re = compileGoRegexp("(?P<1a>x)(?P<n>y)");
    expect(replaceAllGo(re, "xy", (m) => expandGo("${n}${1a}", m, re.names))).toBe("yx");
  });

  it("iterates matches like FindAllString (Go doc: a.)", () => {
    const re = compileGoRegexp("a.");
    expect(findAllGo(re, "paranormal", -1).map((m) => m[0])).toEqual(["ar", "an", "al"]);
    expect(findAllGo(re, "paranormal", 2).map((m) => m[0])).toEqual(["ar", "an"]);
  });

  it("replaces like ReplaceAllString (Go doc: a(x*)b)", () => {
    const re = compileGoRegexp("a(x*)b");
    const rep = (t: string): string => replaceAllGo(re, "-ab-axxb-", (m) => expandGo(t, m));
    expect(rep("T")).toBe("-T-T-");
    expect(rep("$1")).toBe("--xx-");
    expect(rep("$1W")).toBe("---");
    expect(rep("${1}W")).toBe("-W-xxW-");
  });

  it("splits like Regexp.Split (Go doc examples)", () => {
    expect(splitGo(compileGoRegexp("a*"), "a*", "abaabaccadaaae", 5)).toEqual(["", "b", "b", "c", "cadaaae"]);
    expect(splitGo(compileGoRegexp("z+"), "z+", "pizza", -1)).toEqual(["pi", "a"]);
    expect(splitGo(compileGoRegexp("z+"), "z+", "pizza", 0)).toEqual([]);
    expect(splitGo(compileGoRegexp("z+"), "z+", "pizza", 1)).toEqual(["pizza"]);
    expect(splitGo(compileGoRegexp("z+"), "z+", "pizza", 2)).toEqual(["pi", "a"]);
  });

  it("matches in linear time: nested quantifiers on a long non-matching input return at once", () => {
    const started = Date.now();
    expect(compileGoRegexp("^(a+)+$").test(`${"a".repeat(64)}b`)).toBe(false);
    expect(compileGoRegexp("^(a|aa)+$").test(`${"a".repeat(5000)}b`)).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("refuses what RE2 refuses, with Go's messages", () => {
    expect(() => compileGoRegexp("(?=a)")).toThrow("invalid or unsupported Perl syntax: `(?=`");
    expect(() => compileGoRegexp("(a)\\1")).toThrow("invalid escape sequence: `\\1`");
  });

  it("reports RE2's parse errors", () => {
    expect(() => compileGoRegexp("a**")).toThrow("invalid nested repetition operator: `**`");
    expect(() => compileGoRegexp("[z-a]")).toThrow("invalid character class range: `z-a`");
    expect(() => compileGoRegexp("a{1001}")).toThrow("invalid repeat count: `{1001}`");
  });
});
