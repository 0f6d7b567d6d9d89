import { errorOf, render } from "../testing/render-helper";
import { fn, GoStruct, newGoMap, type GoMap, type GoValue } from "../types";

function values(obj: Record<string, GoValue>): GoMap {
  const m = newGoMap();
  Object.assign(m, obj);
  const root = newGoMap();
  root.Values = m;
  return root;
}

// Expectations follow Go's text/template documentation and the gotmpl vectors produced by helm.
describe("executor", () => {
  it("prints <no value> for missing keys by default and the zero value with missingkey=zero", () => {
    expect(render("[{{ .Values.missing }}]", values({}))).toBe("[<no value>]");
    expect(render("[{{ .Values.missing }}]", values({}), { missingKey: "zero" })).toBe("[<no value>]");
    expect(errorOf(render("{{ .Values.missing }}", values({}), { missingKey: "error" }))).toBe(
      'map has no entry for key "missing"',
    );
  });

  it("distinguishes a missing key (invalid) from a nil interface when converting arguments", () => {
    const upper = new Map([["upper", fn(["string"], ([s]) => String(s).toUpperCase())]]);
    expect(
      errorOf(render("{{ upper .Values.missing }}", values({}), { funcs: upper, missingKey: "zero" })),
    ).toBe("wrong type for value; expected string; got interface {}");
    expect(errorOf(render("{{ upper .Values.missing }}", values({}), { funcs: upper }))).toBe(
      "invalid value; expected string",
    );
    expect(errorOf(render("{{ .Values.missing.sub }}", values({}), { missingKey: "zero" }))).toBe(
      "nil pointer evaluating interface {}.sub",
    );
  });

  it("returns the deciding operand from and/or and short-circuits", () => {
    expect(render('{{ and 1 "" 3 }}|{{ or 0 "" "x" }}|{{ or 0 "" }}|{{ and 1 2 }}')).toBe("|x||2");
    expect(render("{{ or 1 .Values.nope.deeper }}", values({}))).toBe("1");
  });

  it("ranges over maps in sorted key order, over ints, and supports break/continue/else", () => {
    const data = values({ m: Object.assign(newGoMap(), { b: 2n, a: 1n, c: 3n }), empty: [] });
    expect(render("{{ range $k, $v := .Values.m }}{{ $k }}={{ $v }};{{ end }}", data)).toBe("a=1;b=2;c=3;");
    expect(render("{{ range 3 }}{{ . }}{{ end }}")).toBe("012");
    expect(
      render(
        "{{ range $i, $x := .Values.m }}{{ if eq $x 2 }}{{ continue }}{{ end }}{{ if eq $x 3 }}{{ break }}{{ end }}{{ $i }}{{ end }}",
        data,
      ),
    ).toBe("a");
    expect(render("{{ range .Values.empty }}x{{ else }}none{{ end }}", data)).toBe("none");
    expect(errorOf(render('{{ range "abc" }}{{ end }}'))).toBe("range can't iterate over abc");
  });

  it("chains else if and else with", () => {
    expect(render("{{ if false }}a{{ else if true }}b{{ else }}c{{ end }}")).toBe("b");
    expect(render('{{ with "" }}a{{ else with "w" }}{{ . }}{{ end }}')).toBe("w");
  });

  it("assigns to an outer variable from inside range", () => {
    expect(render("{{ $s := 0 }}{{ range 4 }}{{ $s = . }}{{ end }}{{ $s }}")).toBe("3");
  });

  it("calls defined templates with a fresh variable scope and block defaults", () => {
    expect(render('{{ define "g" }}Hello {{ . }}!{{ end }}{{ template "g" "world" }}')).toBe("Hello world!");
    expect(render('{{ block "b" "one" }}[{{ . }}]{{ end }}')).toBe("[one]");
    expect(render('{{ define "t" }}{{ . }}{{ end }}[{{ template "t" }}]')).toBe("[<no value>]");
  });

  it("stops runaway recursion at the configured depth with Go's message", () => {
    const r = render('{{ define "r" }}{{ template "r" . }}{{ end }}{{ template "r" 1 }}', null, {
      maxDepth: 50,
    });
    expect(errorOf(r)).toBe("exceeded maximum template depth (50)");
  });

  it("formats execution errors exactly like Go, with byte columns", () => {
    const r = render('{{ eq 1 "1" }}');
    expect(typeof r === "string" ? r : r.error).toBe(
      'template: T:1:3: executing "T" at <eq 1 "1">: error calling eq: incompatible types for comparison: int and string',
    );
    const r2 = render("é\n  {{ nil }}");
    expect(typeof r2 === "string" ? r2 : r2.error).toBe(
      'template: T:2:5: executing "T" at <nil>: nil is not a command',
    );
  });

  it("indexes strings as bytes and measures them in bytes", () => {
    expect(render('{{ index "héllo" 1 }} {{ len "héllo" }}')).toBe("195 6");
    expect(errorOf(render("{{ index nil 1 }}"))).toBe("error calling index: index of untyped nil");
  });

  it("escapes for html, js and urlquery like Go", () => {
    expect(render(`{{ html "<a href=\\"x\\">Tom & Jerry's</a>" }}`)).toBe(
      "&lt;a href=&#34;x&#34;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;",
    );
    expect(render('{{ "<x>" | js }}')).toBe("\\u003Cx\\u003E");
    expect(render('{{ urlquery "a b&c=d/é?+" }}')).toBe("a+b%26c%3Dd%2F%C3%A9%3F%2B");
  });

  it("reads struct fields, calls struct methods and rejects unknown fields", () => {
    const rel = new GoStruct(
      "state.Release",
      new Map<string, GoValue>([["Name", "web"]]),
      new Map([["Upper", fn([], () => "WEB")]]),
    );
    expect(render("{{ .Name }} {{ .Upper }}", rel)).toBe("web WEB");
    expect(errorOf(render("{{ .Nope }}", rel))).toBe("can't evaluate field Nope in type state.Release");
  });

  it("prints values with a String method through it, as fmt does for Stringers", () => {
    const v = new GoStruct("semver.Version", new Map(), new Map([["String", fn([], () => "1.2.3")]]), true);
    const data = Object.assign(newGoMap(), { v, l: [v] as GoValue[] });
    expect(render('{{ .v }} {{ .l }} {{ printf "%s|%q" .v .v }}', data)).toBe('1.2.3 [1.2.3] 1.2.3|"1.2.3"');
  });

  it("keeps Go's number literal typing", () => {
    expect(render("{{ 1.0 }} {{ 1e6 }} {{ 0x1F }} {{ 0o17 }} {{ 1_000 }} {{ 'a' }} {{ 1i }}")).toBe(
      "1 1e+06 31 15 1000 97 (0+1i)",
    );
    expect(errorOf(render("{{ 9223372036854775808 }}"))).toBe("9223372036854775808 overflows int");
  });

  it("caps the output size", () => {
    const r = render("{{ range 100 }}xxxxxxxxxx{{ end }}", null, { maxOutput: 500 });
    expect(typeof r === "string" ? "" : r.code).toBe("LIMIT_OUTPUT_SIZE");
  });
});
