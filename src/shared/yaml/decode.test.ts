import { LoadError } from "../errors";
import { fromPlain, toPlain } from "../value";
import { decodeYaml, decodeYamlDocuments, decodeYamlWithPositions } from "./decode";

// Expected values follow go-yaml's decode tests (decode_test.go, v2 and v3 branches).
const plain = (text: string, version: "v2" | "v3" = "v3"): unknown => toPlain(decodeYaml(text, { version }));

describe("decodeYaml", () => {
  it.each([
    ["v: hi", { v: "hi" }],
    ["v: 10", { v: 10 }],
    ["v: 0b10", { v: 2 }],
    ["v: 0xA", { v: 10 }],
    ["v: -10", { v: -10 }],
    ["decimal: +685_230", { decimal: 685230 }],
    ["octal: 02472256", { octal: 685230 }],
    ["octal: -0o2472256", { octal: -685230 }],
    ["hexa: 0x_0A_74_AE", { hexa: 685230 }],
    ["bin: -0b101010", { bin: -42 }],
    ["empty:", { empty: null }],
    ["canonical: ~", { canonical: null }],
    ["seq: [A,1,C]", { seq: ["A", 1, "C"] }],
    ["a: -b_c", { a: "-b_c" }],
    ["a: 50cent_of_dollar", { a: "50cent_of_dollar" }],
    ["a: 1:1\n", { a: "1:1" }],
    ["v: ! test", { v: "test" }],
    ["'1': '\"2\"'", { "1": '"2"' }],
  ])("types %j like go-yaml", (text, expected) => {
    expect(plain(text)).toEqual(expected);
  });

  it("keeps ints as bigint and floats as numbers", () => {
    const v = decodeYaml("i: 1\nf: 1.0\ne: 6.8523e+5\nx: 685_230.15\n");
    expect(toPlain(v)).toEqual({ i: 1, f: 1, e: 685230, x: 685230.15 });
    expect(typeof (v as Record<string, unknown>).i).toBe("bigint");
    expect(typeof (v as Record<string, unknown>).f).toBe("number");
  });

  it("reads explicit float and null tags", () => {
    expect(plain("v: !!float '1.1'")).toEqual({ v: 1.1 });
    expect(typeof (decodeYaml("v: !!float -1") as Record<string, unknown>).v).toBe("number");
    expect(plain("v: !!null ''")).toEqual({ v: null });
  });

  it("treats yes/no/on/off as booleans only in v2", () => {
    expect(plain("a: yes\nb: off\nc: y", "v2")).toEqual({ a: true, b: false, c: true });
    expect(plain("a: yes\nb: off\nc: y", "v3")).toEqual({ a: "yes", b: "off", c: "y" });
  });

  // go-yaml v2.4.2 keeps timestamps as strings; v3.0.5 makes time.Time values, which
  // encoding/json writes as RFC 3339 (see timestamp.test.ts).
  it("keeps timestamps as their text under v2 and makes times under v3", () => {
    expect(plain("a: 2015-02-24 18:19:39\nb: 2024-01-02\n", "v2")).toEqual({
      a: "2015-02-24 18:19:39",
      b: "2024-01-02",
    });
    expect(plain("a: 2015-02-24 18:19:39\nb: 2024-01-02\n")).toEqual({
      a: "2015-02-24T18:19:39Z",
      b: "2024-01-02T00:00:00Z",
    });
  });

  it("decodes !!binary to its bytes", () => {
    expect(plain("a: !!binary aGVsbG8=\n")).toEqual({ a: "hello" });
  });

  it("stringifies non-string keys like Go's %v", () => {
    expect(plain("a: {b: c, 1: d}")).toEqual({ a: { b: "c", "1": "d" } });
  });

  it("refuses non-string keys when asked", () => {
    expect(() => decodeYaml("1: d", { nonStringKeys: "error" })).toThrow(
      expect.objectContaining({ code: "YAML_NON_STRING_KEY" }),
    );
  });

  it("refuses duplicate keys in v3 with the line of the first one", () => {
    let err: unknown;
    try {
      decodeYaml("a: 1\nb: 2\na: 3\n", { file: "f.yaml" });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(LoadError);
    expect(err).toMatchObject({ code: "YAML_DUPLICATE_KEY", file: "f.yaml", line: 3, keyPath: ["a"] });
    expect((err as Error).message).toContain('mapping key "a" already defined at line 1');
  });

  it("lets the last duplicate win in v2 unless strict", () => {
    expect(plain("a: 1\na: 2\n", "v2")).toEqual({ a: 2 });
    expect(() => decodeYaml("a: 1\na: 2\n", { version: "v2", strict: true })).toThrow(
      expect.objectContaining({ code: "YAML_DUPLICATE_KEY" }),
    );
  });

  it("refuses keys JavaScript treats specially", () => {
    for (const key of ["__proto__", "constructor", "prototype"]) {
      expect(() => decodeYaml(`a:\n  ${key}: 1\n`)).toThrow(
        expect.objectContaining({ code: "YAML_FORBIDDEN_KEY", keyPath: ["a", key] }),
      );
    }
  });

  it("resolves anchors and aliases as copies", () => {
    const v = decodeYaml("a: &x {k: 1}\nb: *x\n") as Record<string, Record<string, unknown>>;
    expect(toPlain(v as never)).toEqual({ a: { k: 1 }, b: { k: 1 } });
    expect(v.a).not.toBe(v.b);
  });

  it("merges << with the map's own keys winning in v3, wherever they appear", () => {
    const text = "base: &b {x: 1, y: 2}\nm:\n  x: 9\n  <<: *b\nq:\n  <<: *b\n  x: 9\n";
    expect(plain(text)).toEqual({ base: { x: 1, y: 2 }, m: { x: 9, y: 2 }, q: { x: 9, y: 2 } });
  });

  it("merges << in order in v2, so a later merge overrides earlier keys", () => {
    const text = "base: &b {x: 1, z: 2}\nm:\n  x: 9\n  <<: *b\nq:\n  <<: *b\n  x: 9\n";
    expect(plain(text, "v2")).toEqual({ base: { x: 1, z: 2 }, m: { x: 1, z: 2 }, q: { x: 9, z: 2 } });
  });

  it("lets earlier maps of a merge list take precedence", () => {
    expect(plain("m:\n  <<: [{a: 1}, {a: 2, b: 2}]\n")).toEqual({ m: { a: 1, b: 2 } });
    expect(plain("m:\n  <<: [{a: 1}, {a: 2, b: 2}]\n", "v2")).toEqual({ m: { a: 1, b: 2 } });
  });

  it("refuses a merge of a scalar", () => {
    expect(() => decodeYaml("m:\n  <<: 1\n")).toThrow(expect.objectContaining({ code: "YAML_MERGE" }));
  });

  it("reports syntax errors with file and line", () => {
    expect(() => decodeYaml("a: [\n", { file: "x.yaml" })).toThrow(
      expect.objectContaining({ code: "YAML_SYNTAX", file: "x.yaml", line: expect.any(Number) }),
    );
  });

  it("returns null for an empty or comment-only document", () => {
    expect(decodeYaml("")).toBeNull();
    expect(decodeYaml("# nothing\n")).toBeNull();
  });

  it("falls back to a string or float where Go's integer parsing fails", () => {
    // 08 is not octal, so go-yaml reads it as a float; 1e400 overflows and stays a string.
    expect(decodeYaml("a: 08\nb: 1e400\nc: 99999999999999999999\n")).toEqual(
      fromPlain({ a: 8, b: "1e400", c: 1e20 }, { floats: true }),
    );
  });
});

describe("decodeYamlDocuments", () => {
  it("decodes every document of a stream", () => {
    expect(decodeYamlDocuments("a: 1\n---\nb: 2\n").map((v) => toPlain(v))).toEqual([{ a: 1 }, { b: 2 }]);
  });
});

describe("decodeYamlWithPositions", () => {
  it("locates keys and list items by key path", () => {
    const p = decodeYamlWithPositions("a:\n  b: [1, 2]\n  c: x\n");
    expect(p.locate(["a"])).toEqual({ line: 1, column: 1 });
    expect(p.locate(["a", "c"])).toEqual({ line: 3, column: 3 });
    expect(p.locate(["a", "b", 1])).toEqual({ line: 2, column: 10 });
    expect(p.locate(["nope"])).toBeUndefined();
  });
});

describe("decodeYaml and later documents", () => {
  // go-yaml's Unmarshal stops after the first document (checked against go.yaml.in/yaml v2/v3).
  it("ignores a broken second document", () => {
    expect(plain("a: 1\n---\nb: [\n")).toEqual({ a: 1 });
    expect(plain("a: 1\n---\nb: [\n", "v2")).toEqual({ a: 1 });
    expect(() => decodeYamlDocuments("a: 1\n---\nb: [\n")).toThrow(
      expect.objectContaining({ code: "YAML_SYNTAX" }),
    );
  });
});

describe("decodeYaml of !!binary that is not UTF-8", () => {
  it("keeps each invalid byte as U+DC80+byte, like the template engine's Go strings", () => {
    expect(decodeYaml("a: !!binary gIGC\n")).toEqual(fromPlain({ a: "\udc80\udc81\udc82" }));
  });
});
