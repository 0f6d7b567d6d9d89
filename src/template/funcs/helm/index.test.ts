import { readFileSync } from "node:fs";
import { renderTemplate } from "../../render-template";
import { newGoMap, type GoValue } from "../../types";
import { decodeGoJson } from "../sprig/go-json-decode";
import { sprigFunctions } from "../sprig/index";
import { withHelmFunctions } from "./index";

// The expected outputs are helm 4.1.4's, from the gotmpl conformance corpus.
interface GotmplVector {
  readonly id: string;
  readonly topic: string;
  readonly template: string;
  readonly valuesJson: string;
  readonly expected?: string;
  readonly error?: string;
}

const corpus = JSON.parse(readFileSync("/work/shared/conformance/gotmpl/vectors.json", "utf8")) as {
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
