import { render, renderError } from "./test-render";

// Expected values from Go's encoding/json behaviour as recorded by the helm-produced vectors
// (json topic) and sprig's defaults_test.go.
describe("sprig JSON functions", () => {
  it("sorts keys and escapes HTML characters like encoding/json", () => {
    expect(render('{{ toJson (dict "b" 1 "a" (list 1 "x" nil true 1.5)) }}')).toBe(
      '{"a":[1,"x",null,true,1.5],"b":1}',
    );
    expect(render('{{ toJson "<a&b>" }} {{ toRawJson "<a&b>" }}')).toBe('"\\u003ca\\u0026b\\u003e" "<a&b>"');
    expect(render('{{ toJson "é世\\u2028\\t\\"" }}')).toBe('"é世\\u2028\\t\\""');
  });

  it("formats numbers like Go", () => {
    expect(
      render(
        "{{ toJson 1 }} {{ toJson 1.5 }} {{ toJson 1e21 }} {{ toJson 1e20 }} {{ toJson 0.000001 }} {{ toJson 0.0000001 }}",
      ),
    ).toBe("1 1.5 1e+21 100000000000000000000 0.000001 1e-7");
  });

  it("indents with two spaces in toPrettyJson", () => {
    expect(render('{{ toPrettyJson (dict "a" (list 1) "b" (dict)) }}')).toBe(
      '{\n  "a": [\n    1\n  ],\n  "b": {}\n}',
    );
  });

  it("returns an empty string from toJson for unsupported values, an error from mustToJson", () => {
    expect(render('[{{ toJson (float64 "+Inf") }}]')).toBe("[]");
    expect(renderError('{{ mustToJson (float64 "NaN") }}')).toContain("json: unsupported value: NaN");
  });

  it("decodes any JSON value with float64 numbers", () => {
    expect(render('{{ $m := fromJson "{\\"foo\\": 55}" }}{{ $m.foo }} {{ kindOf $m.foo }}')).toBe(
      "55 float64",
    );
    expect(render('{{ mustFromJson "[1, 2]" }} {{ mustFromJson "\\"s\\"" }}')).toBe("[1 2] s");
    expect(render('{{ fromJson "{bad" }}')).toBe("<no value>");
  });

  it("reports Go's syntax error from mustFromJson", () => {
    expect(renderError('{{ mustFromJson "{bad" }}')).toContain(
      "invalid character 'b' looking for beginning of object key string",
    );
    expect(renderError('{{ mustFromJson "[1," }}')).toContain("unexpected end of JSON input");
  });
});
