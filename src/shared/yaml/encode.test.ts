import { readFileSync } from "node:fs";
import { fromPlain, newMap, type Value } from "../value";
import { decodeYaml } from "./decode";
import { encodeYaml, YamlRawScalar } from "./encode";
import { corpusPath } from "../../../tests/support/corpus";

// Expected texts come from go-yaml's marshal tests (encode_test.go; v3 uses yaml.Marshal's
// default indent of 4 there) and from helmfile's pkg/yaml test (yaml-marshal vector).
const v = (data: unknown, floats = false): Value => fromPlain(data, { floats });
const both = (value: Value, expected: string): void => {
  expect(encodeYaml(value, { version: "v2" })).toBe(expected);
  expect(encodeYaml(value, { version: "v3", indent: 4 })).toBe(expected);
};

describe("encodeYaml", () => {
  it("writes scalars like go-yaml", () => {
    both(null, "null\n");
    both(v({ v: "hi" }), "v: hi\n");
    both(v({ v: "true" }), 'v: "true"\n');
    both(v({ v: "false" }), 'v: "false"\n');
    both(v({ v: true }), "v: true\n");
    both(v({ v: 10 }), "v: 10\n");
    both(v({ v: -10 }), "v: -10\n");
    both(v({ v: 4294967296 }), "v: 4294967296\n");
    both(v({ v: "10" }), 'v: "10"\n');
    both(v({ v: 0.1 }, true), "v: 0.1\n");
    both(v({ v: -0.1 }, true), "v: -0.1\n");
    both(v({ v: Infinity }, true), "v: .inf\n");
    both(v({ v: -Infinity }, true), "v: -.inf\n");
    both(v({ v: NaN }, true), "v: .nan\n");
    both(v({ v: null }), "v: null\n");
    both(v({ v: "" }), 'v: ""\n');
    both(v({ a: "-" }), "a: '-'\n");
    both(v({ a: "<foo>" }), "a: <foo>\n");
    both(v({ a: "1:1" }), 'a: "1:1"\n');
    both(v({ a: "\u0000" }), 'a: "\\0"\n');
    both(v({ a: "你好" }), "a: 你好\n");
    both(v({ a: "2015-02-24T18:19:39Z" }), 'a: "2015-02-24T18:19:39Z"\n');
    both(v({ a: "b: c" }), "a: 'b: c'\n");
    both(v({ a: "Hello #comment" }), "a: 'Hello #comment'\n");
    both(v({ a: "你好 #comment" }), "a: '你好 #comment'\n");
  });

  it("writes a float with Go's shortest 'g' spelling", () => {
    expect(encodeYaml(v([1e21, 0.000001, 1, 1e6, 123456, 1234567, 1.5], true))).toBe(
      "- 1e+21\n- 1e-06\n- 1\n- 1e+06\n- 123456\n- 1.234567e+06\n- 1.5\n",
    );
  });

  it("indents lists under a key in v3 but not in v2", () => {
    expect(encodeYaml(v({ v: ["A", "B"] }), { version: "v2" })).toBe("v:\n- A\n- B\n");
    expect(encodeYaml(v({ v: ["A", "B"] }), { version: "v3", indent: 4 })).toBe("v:\n    - A\n    - B\n");
    expect(encodeYaml(v({ v: ["A", "B\nC"] }), { version: "v2" })).toBe("v:\n- A\n- |-\n  B\n  C\n");
    expect(encodeYaml(v({ v: ["A", "B\nC"] }), { version: "v3", indent: 4 })).toBe(
      "v:\n    - A\n    - |-\n      B\n      C\n",
    );
    const nested = v({ v: ["A", 1, { B: [2, 3] }] });
    expect(encodeYaml(nested, { version: "v2" })).toBe("v:\n- A\n- 1\n- B:\n  - 2\n  - 3\n");
    expect(encodeYaml(nested, { version: "v3", indent: 4 })).toBe(
      "v:\n    - A\n    - 1\n    - B:\n        - 2\n        - 3\n",
    );
  });

  it("matches helmfile's v2 and v3 encoders on a struct-like value (yaml-marshal vector)", () => {
    const value = v({ name: "John", info: [{ age: 20, address: "New York", annotation: "on" }] });
    expect(encodeYaml(value, { version: "v2", sortKeys: false })).toBe(
      'name: John\ninfo:\n- age: 20\n  address: New York\n  annotation: "on"\n',
    );
    expect(encodeYaml(value, { version: "v3", sortKeys: false })).toBe(
      'name: John\ninfo:\n  - age: 20\n    address: New York\n    annotation: "on"\n',
    );
  });

  it("quotes YAML 1.1 booleans in both versions", () => {
    expect(encodeYaml(v(["yes", "on", "y", "off"]), { version: "v3" })).toBe(
      '- "yes"\n- "on"\n- "y"\n- "off"\n',
    );
    expect(encodeYaml(v(["yes", "on", "y", "off"]), { version: "v2" })).toBe(
      '- "yes"\n- "on"\n- "y"\n- "off"\n',
    );
  });

  it("sorts keys with numbers compared by value", () => {
    const m = newMap();
    for (const k of ["a10", "b", "a2", "1", "10", "2", "A"]) m[k] = 1n;
    expect(encodeYaml(m)).toBe('"1": 1\n"2": 1\n"10": 1\nA: 1\na2: 1\na10: 1\nb: 1\n');
  });

  it("writes empty collections in flow style", () => {
    expect(encodeYaml(v({ a: {}, b: [] }))).toBe("a: {}\nb: []\n");
    expect(encodeYaml(v([]))).toBe("[]\n");
    expect(encodeYaml(newMap())).toBe("{}\n");
  });

  it("uses literal blocks with chomping indicators for multi-line strings", () => {
    expect(encodeYaml(v({ a: "x\ny\n", b: "x\ny", c: "x\n\n" }))).toBe(
      "a: |\n  x\n  y\nb: |-\n  x\n  y\nc: |+\n  x\n\n",
    );
    expect(encodeYaml(v({ a: " x\ny" }))).toBe("a: |2-\n   x\n  y\n");
  });

  it("double-quotes strings that cannot be plain or single-quoted", () => {
    expect(encodeYaml(v({ a: "tab\there", b: "trailing \nspace", c: "😀" }))).toBe(
      'a: "tab\\there"\nb: "trailing \\nspace"\nc: "\\U0001F600"\n',
    );
  });

  it("folds long lines at 80 columns in v2 only", () => {
    const long = Array.from({ length: 30 }, () => "word").join(" ");
    const first = Array.from({ length: 16 }, () => "word").join(" ");
    const rest = Array.from({ length: 14 }, () => "word").join(" ");
    expect(encodeYaml(v({ k: long }), { version: "v2" })).toBe(`k: ${first}\n  ${rest}\n`);
    expect(encodeYaml(v({ k: long }), { version: "v3" })).toBe(`k: ${long}\n`);
  });

  it("writes keys longer than 128 bytes as complex keys", () => {
    const key = "k".repeat(129);
    expect(encodeYaml(v({ [key]: 1 }))).toBe(`? ${key}\n: 1\n`);
  });

  it("writes pre-rendered scalars as given", () => {
    expect(encodeYaml(v({ t: null }) && { t: new YamlRawScalar("2015-02-24T18:19:39Z") })).toBe(
      "t: 2015-02-24T18:19:39Z\n",
    );
  });
});

describe("encodeYaml on helmfile's build snapshot (kubedog_tracking)", () => {
  // helmfile's golden files for `helmfile build` under go-yaml v2 and v3; the state is a Go
  // struct, so fields keep their declared order (our decoder keeps the file's order).
  const dir = corpusPath("helmfile", "cases", "kubedog_tracking");
  const body = (file: string): string =>
    readFileSync(`${dir}/${file}`, "utf8").split("\n").slice(3).join("\n");

  it.each(["v2", "v3"] as const)("re-encodes the %s golden file byte for byte", (version) => {
    const text = body(`gopkg.in-yaml.${version}-output.yaml`);
    expect(encodeYaml(decodeYaml(text), { version, sortKeys: false })).toBe(text);
  });

  it("turns the v3 golden file into the v2 one", () => {
    const v3 = body("gopkg.in-yaml.v3-output.yaml");
    expect(encodeYaml(decodeYaml(v3), { version: "v2", sortKeys: false })).toBe(
      body("gopkg.in-yaml.v2-output.yaml"),
    );
  });
});

describe("encodeYaml of bytes that are not UTF-8", () => {
  // go-yaml's marshal tests: invalid UTF-8 becomes !!binary base64, long data a literal block.
  // Raw bytes are carried as lone surrogates U+DC80+byte.
  const bytes = (...b: number[]): string => String.fromCharCode(...b.map((x) => 0xdc00 + x));

  it("writes short data inline", () => {
    both(v({ a: bytes(0x80, 0x81, 0x82) }), "a: !!binary gIGC\n");
  });

  it("breaks long data into 70-character lines", () => {
    const s = bytes(...Array.from({ length: 54 }, () => 0x90));
    expect(encodeYaml(v({ a: s }), { version: "v3", indent: 4 })).toBe(
      `a: !!binary |\n    ${"kJCQ".repeat(17)}kJ\n    CQ\n`,
    );
    expect(encodeYaml(v({ a: s }), { version: "v2" })).toBe(
      `a: !!binary |\n  ${"kJCQ".repeat(17)}kJ\n  CQ\n`,
    );
  });
});
