/**
 * Values-file decoding. Expectations come from the helm-values conformance vectors (helm 4.1.4
 * and 3.17.3) and from runs of the real helm 4.1.4 recorded while writing this module.
 */
import { toPlain } from "../../shared/value";
import { parseHelmValuesText, ValuesFileError } from "./helm-values-file";

function parse(text: string, major: 3 | 4 = 4): unknown {
  return toPlain(parseHelmValuesText(text, major));
}

function failure(text: string, major: 3 | 4 = 4): string {
  try {
    parseHelmValuesText(text, major);
  } catch (err) {
    if (err instanceof ValuesFileError) return err.message;
    throw err;
  }
  return "no error";
}

describe("parseHelmValuesText", () => {
  it("reads YAML 1.1 booleans as values and as keys", () => {
    expect(parse('a: yes\nb: Off\nc: yEs\nd: "on"\n')).toEqual({ a: true, b: false, c: "yEs", d: "on" });
    expect(parse('yes: 1\non: 2\nn: 3\nOFF: 4\n"on": 5\n')).toEqual({ true: 2, false: 4, on: 5 });
  });

  it("reads every number as a float64 and normalises numeric keys", () => {
    const values = parseHelmValuesText("a: 1.0\nc: 0x1F\nd: 017\ne: 0o17\nf: 1_000\ng: .5\nb: 08\n");
    expect(toPlain(values)).toEqual({ a: 1, c: 31, d: 15, e: 15, f: 1000, g: 0.5, b: 8 });
    expect(Object.values(values).every((v) => typeof v === "number")).toBe(true);
    expect(parse("0x10: a\n010: b\n1e3: c\n1e6: d\n1.5: e\n")).toEqual({
      "16": "a",
      "8": "b",
      "1000": "c",
      "1e+06": "d",
      "1.5": "e",
    });
  });

  it("rounds integers beyond 2^53 like a float64 and keeps overflowing floats as strings", () => {
    expect(parse("a: 9007199254740993\nb: 1e400\n")).toEqual({ a: 9007199254740992, b: "1e400" });
  });

  it("keeps timestamps, tagged strings and custom tags as strings", () => {
    expect(parse('a: 2024-01-02\nb: !!str 123\nc: !!int "5"\nd: !foo 12\ne: !!binary aGVsbG8=\n')).toEqual({
      a: "2024-01-02",
      b: "123",
      c: 5,
      d: "12",
      e: "hello",
    });
  });

  it("applies merge keys in document order, the earlier map winning inside a list", () => {
    expect(parse("defs: &d\n  x: 1\n  w: 2\nm:\n  <<: *d\n  w: 3\n")).toEqual({
      defs: { x: 1, w: 2 },
      m: { x: 1, w: 3 },
    });
    expect(parse("a: 1\n<<: {a: 2, b: 2}\n")).toEqual({ a: 2, b: 2 });
    expect(parse("x: &x {a: 1}\ny: &y {a: 2, b: 2}\nz:\n  <<: [*x, *y]\n")).toMatchObject({
      z: { a: 1, b: 2 },
    });
  });

  it("merges every document in helm 4 and reads only the first in helm 3", () => {
    expect(parse("a: 1\nm:\n  p: 1\n---\na: 2\nm:\n  q: 2\n")).toEqual({ a: 2, m: { p: 1, q: 2 } });
    expect(parse("a: 1\n---\nb: 2\n", 3)).toEqual({ a: 1 });
    expect(parse("---\n---\na: 1\n")).toEqual({ a: 1 });
  });

  it("keeps a leading separator with its document, so a document end right after it leaves it empty", () => {
    expect(parse("---\n...\na: 1\n")).toEqual({});
    expect(parse("a: 1\n...\nthis is: [not read\n")).toEqual({ a: 1 });
  });

  it.each([
    [
      "- a\n",
      "cannot unmarshal yaml document: error unmarshaling JSON: while decoding JSON: json: cannot unmarshal array into Go value of type map[string]interface {}",
    ],
    [
      "b: [1, 2\n",
      "cannot unmarshal yaml document: error converting YAML to JSON: yaml: line 1: did not find expected ',' or ']'",
    ],
    [
      "a: .inf\n",
      "cannot unmarshal yaml document: error converting YAML to JSON: json: unsupported value: +Inf",
    ],
    [
      "? [a, b]\n: c\n",
      'cannot unmarshal yaml document: error converting YAML to JSON: yaml: invalid map key: []interface {}{"a", "b"}',
    ],
    [
      "a: 1\n---\nb: *x\n",
      "cannot unmarshal yaml document: error converting YAML to JSON: yaml: unknown anchor 'x' referenced",
    ],
    ["--- {a: 1}\n", "error reading yaml document: invalid Yaml document separator: {a: 1}"],
    [
      "a: b: c\n",
      "cannot unmarshal yaml document: error converting YAML to JSON: yaml: mapping values are not allowed in this context",
    ],
    [
      "a: !!int abc\n",
      "cannot unmarshal yaml document: error converting YAML to JSON: yaml: cannot decode !!str `abc` as a !!int",
    ],
  ])("refuses %j with helm 4's message", (text, message) => {
    expect(failure(text)).toBe(message);
  });

  it("uses helm 3's shorter error text", () => {
    expect(failure("hello\n", 3)).toBe(
      "error unmarshaling JSON: while decoding JSON: json: cannot unmarshal string into Go value of type map[string]interface {}",
    );
  });
});
