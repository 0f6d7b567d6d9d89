/**
 * `--set` parsing. Every expectation was observed with the real helm 4.1.4 (`helm template`
 * with a chart printing `toJson .Values`) or is recorded in the helm-values conformance vectors.
 */
import { newMap, toPlain, type ValueMap } from "../../shared/value";
import { parseStrvalsInto, typedVal } from "./strvals";
import { parseLiteralInto } from "./strvals-literal";
import { GoError } from "./strvals-scanner";

function set(...expressions: string[]): unknown {
  const dest = newMap();
  for (const e of expressions) parseStrvalsInto(e, dest, { kind: "typed" });
  return toPlain(dest);
}

function setError(expression: string, dest: ValueMap = newMap(), major: 3 | 4 = 4): string {
  try {
    parseStrvalsInto(expression, dest, { kind: "typed" }, major);
  } catch (err) {
    if (err instanceof GoError) return err.message;
    throw err;
  }
  return "no error";
}

describe("parseStrvalsInto", () => {
  it.each([
    ["a.b.c=v", { a: { b: { c: "v" } } }],
    ["a[2]=x", { a: [null, null, "x"] }],
    ["a[0].b=1,a[0].c=2", { a: [{ b: 1, c: 2 }] }],
    ["a[0][1]=x", { a: [[null, "x"]] }],
    ["1.2=x", { "1": { "2": "x" } }],
    ["ann.example\\.com/name=v", { ann: { "example.com/name": "v" } }],
    ["a=x\\,y", { a: "x,y" }],
    ["a={x,y}", { a: ["x", "y"] }],
    ["a={}", { a: [""] }],
    ["a=", { a: "" }],
    ["=1", {}],
    ["a=b=c", { a: "b=c" }],
    ["a=1,", { a: 1 }],
    ["a[1].x=1,a[0].y=2", { a: [{ y: 2 }, { x: 1 }] }],
  ])("parses %s as helm does", (expression, expected) => {
    expect(set(expression)).toEqual(expected);
  });

  it("edits the list an earlier flag built and pads with nulls", () => {
    expect(set("a[0].b=1", "a[2].c=1")).toEqual({ a: [{ b: 1 }, null, { c: 1 }] });
  });

  it("treats an unterminated index as the end of input in helm 4 but as an error in helm 3", () => {
    expect(set("a[1")).toEqual({});
    expect(setError("a[1", newMap(), 3)).toBe("error parsing index: EOF");
  });

  it("sets an empty list for an index without a value", () => {
    expect(set("a[0]")).toEqual({ a: [] });
  });

  it.each([
    ["a", 'key "a" has no value'],
    ["a=b,c", 'key "c" has no value'],
    ["a..b=1", 'key map "a" has no value'],
    ["a[-1]=x", "negative -1 index not allowed"],
    ["a[70000]=x", "index of 70000 is greater than maximum supported index of 65536"],
    ["a[x]=1", 'error parsing index: strconv.Atoi: parsing "x": invalid syntax'],
    ["a[0]xy=1", "unexpected data at end of array index: ['x' 'y']"],
    ["a={x,y", "list must terminate with '}'"],
    ["a={b}x,c=1", 'key "x" has no value (cannot end with ,)'],
  ])("refuses %s with helm's message", (expression, message) => {
    expect(setError(expression)).toBe(message);
  });

  it("refuses the index 999999999 with helm's MaxIndex message (pkg/strvals/parser.go setIndex)", () => {
    expect(setError("a[999999999]=1")).toBe(
      "index of 999999999 is greater than maximum supported index of 65536",
    );
  });

  it("refuses 40000 nested indexes with LIMIT_VALUES_DEPTH instead of exhausting the stack", () => {
    const expression = `a${"[0]".repeat(40000)}=1`;
    for (const parse of [
      () => parseStrvalsInto(expression, newMap(), { kind: "typed" }),
      () => parseLiteralInto(expression, newMap()),
    ]) {
      expect(parse).toThrow(expect.objectContaining({ code: "LIMIT_VALUES_DEPTH" }));
    }
    // The depth count is per expression: a later shallow one still parses.
    expect(set("b[0][0]=1")).toEqual({ b: [[1]] });
  });

  it("fails like a Go type assertion when a path goes through a scalar", () => {
    const dest = newMap();
    dest.a = 1;
    expect(setError("a.b=2", dest)).toBe(
      "unable to parse key: interface conversion: interface {} is float64, not map[string]interface {}",
    );
    const withMap = newMap();
    withMap.m = newMap();
    expect(setError("m[0]=x", withMap)).toBe(
      "unable to parse key: interface conversion: interface {} is map[string]interface {}, not []interface {}",
    );
  });

  it("keeps every value a string for --set-string", () => {
    const dest = newMap();
    parseStrvalsInto("a=1,b=true,c=null,d={1,true}", dest, { kind: "string" });
    expect(toPlain(dest)).toEqual({ a: "1", b: "true", c: "null", d: ["1", "true"] });
  });

  it("reads --set-json values as JSON with float64 numbers and empty as null", () => {
    const dest = newMap();
    parseStrvalsInto('a={"x":1,"x":2},b=,c=[1,{"d":null}]', dest, { kind: "json" });
    expect(dest.a).toEqual(Object.assign(newMap(), { x: 2 }));
    expect(dest.b).toBeNull();
    expect(toPlain(dest.c ?? null)).toEqual([1, { d: null }]);
    expect(typeof (dest.c as unknown[])[0]).toBe("number");
  });

  it("reads each --set-file item through the reader", () => {
    const dest = newMap();
    parseStrvalsInto("a={x.txt,y.txt},b[1]=x.txt", dest, { kind: "file", read: (p) => p.toUpperCase() });
    expect(toPlain(dest)).toEqual({ a: ["X.TXT", "Y.TXT"], b: [null, "X.TXT"] });
  });
});

describe("typedVal", () => {
  it.each([
    ["1", 1n],
    ["+5", 5n],
    ["-007", -7n],
    ["-0", 0n],
    ["0", 0n],
    ["007", "007"],
    ["1e3", "1e3"],
    ["0x1", "0x1"],
    ["9223372036854775808", "9223372036854775808"],
    ["-9223372036854775808", -9223372036854775808n],
    ["TRUE", true],
    ["FaLsE", false],
    ["falſe", false],
    ["Null", null],
    ["yes", "yes"],
    ["~", "~"],
    [" 1", " 1"],
  ])("types %s like helm", (text, expected) => {
    expect(typedVal(text, false)).toEqual(expected);
  });
});

describe("parseLiteralInto", () => {
  it("takes the rest of the expression verbatim and splits the key without escapes", () => {
    const dest = newMap();
    parseLiteralInto("a.b\\.c=x=1,{y}", dest);
    expect(toPlain(dest)).toEqual({ a: { "b\\": { c: "x=1,{y}" } } });
  });

  it("indexes lists like --set", () => {
    const dest = newMap();
    parseLiteralInto("a[1].b=x,y", dest);
    expect(toPlain(dest)).toEqual({ a: [null, { b: "x,y" }] });
  });
});
