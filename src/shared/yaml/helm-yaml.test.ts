import { fromPlain, toPlain } from "../value";
import { decodeHelmYaml, encodeHelmYaml } from "./helm-yaml";

// Expected texts are helm 4.1.4's `toYaml` / `fromYaml` outputs from the gotmpl corpus
// (topic "helm"), plus the final newline helm trims.
describe("encodeHelmYaml", () => {
  it("sorts keys and does not indent lists under a key", () => {
    const value = fromPlain({ b: [1, 2], a: 1, c: { x: "y" } });
    expect(encodeHelmYaml(value)).toBe('a: 1\nb:\n- 1\n- 2\nc:\n  x: "y"\n');
  });

  it("prints whole floats as integers after the JSON round trip", () => {
    const value = fromPlain([1e21, 0.000001, 1.0, 3, 1000000], { floats: true });
    expect(encodeHelmYaml(value)).toBe("- 1e+21\n- 1e-06\n- 1\n- 3\n- 1000000\n");
  });

  it("quotes strings that YAML 1.1 would read as something else", () => {
    const value = fromPlain(["yes", "on", "1.0", "007", "", "null", "~", "a: b", "- x", "#c", "true", "y"]);
    expect(encodeHelmYaml(value)).toBe(
      '- "yes"\n- "on"\n- "1.0"\n- "007"\n- ""\n- "null"\n- "~"\n- \'a: b\'\n- \'- x\'\n- \'#c\'\n- "true"\n- "y"\n',
    );
  });

  it("keeps non-ASCII text unescaped", () => {
    expect(encodeHelmYaml(fromPlain({ s: "héllo 世界", e: "\u00a0x" }))).toBe("e: \u00a0x\ns: héllo 世界\n");
  });

  it("writes nested lists", () => {
    expect(encodeHelmYaml(fromPlain([[1, 2], { k: ["a"] }]))).toBe("- - 1\n  - 2\n- k:\n  - a\n");
  });

  it("refuses NaN, which JSON cannot hold", () => {
    expect(() => encodeHelmYaml(NaN)).toThrow(expect.objectContaining({ code: "YAML_JSON_UNSUPPORTED" }));
  });
});

describe("decodeHelmYaml", () => {
  it("reads YAML 1.1 booleans and hex ints, numbers as floats, dates as strings", () => {
    const v = decodeHelmYaml("a: yes\nb: 0x10\nc: 2024-01-02\n") as Record<string, unknown>;
    expect(toPlain(v as never)).toEqual({ a: true, b: 16, c: "2024-01-02" });
    expect(typeof v.b).toBe("number");
  });
});

describe("decodeHelmYaml keys", () => {
  it("turns int, bool and float keys into strings like sigs.k8s.io/yaml, refusing a null key", () => {
    expect(toPlain(decodeHelmYaml("1: a\ny: b\n0.1: c\n"))).toEqual({ "1": "a", true: "b", "0.1": "c" });
    expect(() => decodeHelmYaml("~: a\n")).toThrow(expect.objectContaining({ code: "YAML_NON_STRING_KEY" }));
  });
});

describe("encodeHelmYaml and YAML 1.1 line breaks", () => {
  // sigs.k8s.io/yaml v1.5.0 (run on this input) folds a NEL inside a string to a space.
  it("folds U+0085 like go-yaml v2 reading Go's JSON", () => {
    expect(encodeHelmYaml(fromPlain(["a\u0085b", ""]))).toBe('- a b\n- ""\n');
  });
});
