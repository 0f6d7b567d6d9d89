/**
 * go-yaml (v2 and v3) scans a flow collection without looking at indentation: its
 * yaml_parser_unroll_indent / yaml_parser_roll_indent return early while flow_level > 0
 * (go-yaml scannerc.go), so a multi-line flow sequence or map may sit at column 0.
 */
import { decodeYaml } from "./decode";
import { indentFlowContinuations } from "./flow-indent";

const plain = (text: string, version: "v2" | "v3" = "v3"): unknown =>
  JSON.parse(
    JSON.stringify(decodeYaml(text, { version }), (_k, v: unknown) =>
      typeof v === "bigint" ? Number(v) : v,
    ),
  );

describe("flow collections not indented past their block parent", () => {
  test.each(["v2", "v3"] as const)(
    "a flow sequence whose items and ] are at column 0 decodes (%s)",
    (version) => {
      expect(plain("values: [\na,\nb\n]\nnext: 1\n", version)).toEqual({ values: ["a", "b"], next: 1 });
    },
  );

  test("a nested flow map and sequence under an indented key decode", () => {
    expect(plain("a:\n  m: {\nx: [1,\n2],\ny: z\n}\n  n: 2\n")).toEqual({
      a: { m: { x: [1, 2], y: "z" }, n: 2 },
    });
  });

  test("multi-line scalars inside fold as before: the added indentation is only a separator", () => {
    expect(plain("k: [\nfoo\nbar,\n\"a\nb\",\n'c\nd'\n]\n")).toEqual({ k: ["foo bar", "a b", "c d"] });
  });

  test("a sequence item opening a flow sequence decodes", () => {
    expect(plain("- [\na\n]\n- b\n")).toEqual([["a"], "b"]);
  });

  test("brackets in block scalars, comments, quotes and plain scalars are not flow collections", () => {
    const text = 'a: |\n  [not flow\nb: x[1] # [c\nc: "[q"\nd: [\n1\n]\n';
    expect(indentFlowContinuations(text)).toBe(
      'a: |\n  [not flow\nb: x[1] # [c\nc: "[q"\nd: [\n    1\n    ]\n',
    );
    expect(plain(text)).toEqual({ a: "[not flow\n", b: "x[1]", c: "[q", d: [1] });
  });

  test("a really broken flow collection still fails with a syntax error", () => {
    expect(() => decodeYaml("k: [a, b\n")).toThrow(/yaml:/);
  });
});
