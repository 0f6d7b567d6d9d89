import { readFileSync } from "node:fs";
import { renderTemplate } from "../../render-template";
import { newGoMap, type GoValue } from "../../types";
import { decodeGoJson } from "../../../shared/go/json";
import { sprigFunctions } from "../sprig/index";
import { withHelmFunctions } from "./index";
import { fromToml } from "./toml";
import { corpusPath } from "../../../../tests/support/corpus";

// The expected outputs are helm 4.1.4's, from the gotmpl conformance corpus.
interface GotmplVector {
  readonly id: string;
  readonly topic: string;
  readonly template: string;
  readonly valuesJson: string;
  readonly expected?: string;
  readonly error?: string;
}

const corpus = JSON.parse(readFileSync(corpusPath("gotmpl", "vectors.json"), "utf8")) as {
  vectors: GotmplVector[];
};
const funcs = withHelmFunctions(sprigFunctions());

function render(template: string, valuesJson = "{}"): string {
  const dot = newGoMap();
  dot["Values"] = decodeGoJson(valuesJson);
  return renderTemplate(template, dot as GoValue, {
    name: "TEMPLATE",
    funcs,
    missingKey: "zero",
    setName: "gotpl",
  });
}

describe("helm functions against helm's own outputs", () => {
  const vectors = corpus.vectors.filter((v) => v.topic === "helm" || v.topic === "json");
  it.each(vectors.map((v) => [v.id, v] as const))("%s", (_id, v) => {
    if (v.error !== undefined) expect(() => render(v.template, v.valuesJson)).toThrow();
    else expect(render(v.template, v.valuesJson)).toBe(v.expected);
  });
});

describe("helm's function map", () => {
  it("removes env and expandenv", () => {
    expect(funcs.has("env")).toBe(false);
    expect(funcs.has("expandenv")).toBe(false);
  });

  it("writes TOML with sorted keys and indented sub-tables", () => {
    expect(render('{{ toToml (dict "b" "x" "a" 1 "t" (dict "k" "v" "u" (dict "z" true))) }}')).toBe(
      'a = 1\nb = "x"\n\n[t]\n  k = "v"\n  [t.u]\n    z = true\n',
    );
  });

  it("reads TOML arrays, inline tables and arrays of tables", () => {
    expect(
      render('{{ fromToml "x = [1, 2]\\ny = {a = \\"b\\"}\\n[[p]]\\nn = 1\\n[[p]]\\nn = 2\\n" | toJson }}'),
    ).toBe('{"p":[{"n":1},{"n":2}],"x":[1,2],"y":{"a":"b"}}');
  });

  it("puts a TOML syntax error into the Error key", () => {
    expect(render('{{ (fromToml "a = ") | keys | first }}')).toBe("Error");
  });
});

describe("toToml against BurntSushi/toml v1.6.0", () => {
  // Expected texts produced by running BurntSushi/toml's Encoder (the version helm 4.1 pins).
  it("spells floats like Go's 'g' format with .0 added to whole numbers", () => {
    expect(render('{{ toToml (dict "a" 1e6 "b" 123456789.5 "c" 0.0001 "e" 100.0) }}')).toBe(
      "a = 1e+06\nb = 1.234567895e+08\nc = 0.0001\ne = 100.0\n",
    );
  });

  it("quotes odd keys, escapes control characters and writes arrays of tables", () => {
    expect(
      render(
        '{{ toToml (dict "" 2 "key with space" 1 "s" "q\\"uo\\\\te\\ttab\\x01" "tbls" (list (dict "a" 1) (dict "b" 2)) "empty" (dict)) }}',
      ),
    ).toBe(
      '"" = 2\n"key with space" = 1\ns = "q\\"uo\\\\te\\ttab\\u0001"\n\n[empty]\n\n[[tbls]]\n  a = 1\n\n[[tbls]]\n  b = 2\n',
    );
  });
});

describe("fromToml against BurntSushi/toml v1.6.0", () => {
  // Results and messages produced by running BurntSushi/toml's Unmarshal on these inputs.
  it.each([
    ["a = 1\na = 2", "toml: line 2 (last key \"a\"): Key 'a' has already been defined."],
    ["[a]\nb = 1\n[a]\nc = 2", "toml: line 3: Key 'a' has already been defined."],
    ["a = ", 'toml: line 1 (last key "a"): unexpected EOF; expected value'],
    ["a = tru", 'toml: line 1 (last key "a"): expected value but found "tru" instead'],
    ["a = 01", 'toml: line 1 (last key "a"): Invalid integer "01": cannot have leading zeroes'],
    [
      "a = 1e_3",
      'toml: line 1 (last key "a"): Invalid float "1e_3": underscores must be surrounded by digits',
    ],
    ["a = {b = 1, b = 2}", "toml: line 1 (last key \"a.b\"): Key 'a.b' has already been defined."],
    ["a = 9223372036854775808", 'toml: line 1 (last key "a"): 9223372036854775808 is out of range for int64'],
    [
      "a = 1 b = 2",
      "toml: line 1: expected a top-level item to end with a newline, comment, or EOF, but got 'b' instead",
    ],
  ])("reports %j like BurntSushi", (text, message) => {
    expect(fromToml(text)["Error"]).toBe(message);
  });

  it("reads local dates and times as time values in named local zones", () => {
    expect(render('{{ (fromToml "x = 1979-05-27").x }}|{{ (fromToml "x = 07:32:00").x }}')).toBe(
      "1979-05-27 00:00:00 +0000 date-local|0000-01-01 07:32:00 +0000 time-local",
    );
    expect(render('{{ fromToml "x = 1979-05-27T07:32:00.5+01:00" | toJson }}')).toBe(
      '{"x":"1979-05-27T07:32:00.5+01:00"}',
    );
  });

  it("writes a top-level list or string as a bare value", () => {
    expect(render('{{ toToml (list 1 2) }}|{{ toToml "str" }}')).toBe('[1, 2]|"str"');
  });
});
