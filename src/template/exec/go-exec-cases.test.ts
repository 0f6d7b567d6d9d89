import { render } from "../testing/render-helper";
import { fn, newGoMap, typedMap, type GoValue } from "../types";

// Cases from Go's text/template exec_test.go (name, template, output or null for "must fail", data).
const funcs = new Map([
  ["zeroArgs", fn([], () => "zeroArgs")],
  ["oneArg", fn(["string"], ([a]) => "oneArg=" + String(a))],
  ["twoArgs", fn(["string", "string"], ([a, b]) => "twoArgs=" + String(a) + String(b))],
  ["add", fn(["int", "int"], ([a, b]) => (a as bigint) + (b as bigint))],
  ["echo", fn(["interface {}"], ([a]) => a ?? null)],
  [
    "mapOfThree",
    fn([], () => {
      const m = newGoMap();
      m.three = 3n;
      return m;
    }),
  ],
  [
    "makemap",
    fn(
      ["string"],
      (a) => {
        const m = typedMap(newGoMap(), "string");
        for (let i = 0; i < a.length; i += 2) m[String(a[i])] = String(a[i + 1]);
        return m;
      },
      true,
    ),
  ],
]);
const GO_EXEC_TESTS: [string, string, string | null, GoValue][] = [
  ["parens in pipeline", "{{printf `%d %d %d` (1) (2 | add 3) (add 4 (add 5 6))}}", "1 5 15", null],
  ["parens: spaces and args", `{{(makemap "up" "down" "left" "right").left}}`, "right", null],
  ["if nil", "{{if nil}}TRUE{{end}}", null, null],
  ["if 1.5i", "{{if 1.5i}}NON-ZERO{{else}}ZERO{{end}}", "NON-ZERO", null],
  ["if $x with $x int", "{{if $x := true}}{{with $x := 17}}{{$x}},{{end}}{{$x}}{{end}}", "17,true", null],
  ["if else chain", "{{if eq 1 3}}1{{else if eq 2 3}}2{{else if eq 3 3}}3{{end}}", "3", null],
  ["print 123", `{{print 1 2 3}}`, "1 2 3", null],
  ["printf int", `{{printf "%04x" 127}}`, "007f", null],
  ["printf complex", `{{printf "%g" 1+7i}}`, "(1+7i)", null],
  ["printf function", `{{printf "%#q" zeroArgs}}`, "`zeroArgs`", null],
  ["printf lots", `{{printf "%d %s %g" 127 "hello" 7-3i}}`, "127 hello (7-3i)", null],
  [
    "html pipeline",
    `{{printf "<script>alert(\\"XSS\\");</script>" | html}}`,
    "&lt;script&gt;alert(&#34;XSS&#34;);&lt;/script&gt;",
    null,
  ],
  ["js", `{{js .}}`, `It\\'d be nice.`, "It'd be nice."],
  ["urlquery", `{{"http://www.example.org/"|urlquery}}`, "http%3A%2F%2Fwww.example.org%2F", null],
  ["and", "{{and false 0}} {{and 1 0}} {{and 0 true}} {{and 1 1}}", "false 0 0 1", null],
  ["or", "{{or 0 0}} {{or 1 0}} {{or 0 true}} {{or 1 1}}", "0 1 true 1", null],
  ["boolean if not", "{{if and true 1 `hi` | not}}TRUE{{else}}FALSE{{end}}", "FALSE", null],
  ["nil[1]", "{{index nil 1}}", null, null],
  ["len of int", "{{len 3}}", null, null],
  ["with 1.5i", "{{with 1.5i}}{{.}}{{else}}ZERO{{end}}", "(0+1.5i)", null],
  ["with emptystring", "{{with ``}}{{.}}{{else}}EMPTY{{end}}", "EMPTY", null],
  ["bug7a", "{{3 2}}", null, null],
  ["bug7b", "{{$x := 1}}{{$x 2}}", null, null],
  ["bug7c", "{{$x := 1}}{{3 | $x}}", null, null],
  ["bug8a", "{{3|oneArg}}", null, null],
  ["bug10", "{{mapOfThree.three}}-{{(mapOfThree).three}}", "3-3", null],
  ["bug12xe", "{{printf `%T` 0xef}}", "int", null],
  ["bug14a", "{{(nil).True}}", null, null],
  ["bug14b", "{{$x := nil}}{{$x.anything}}", null, null],
  ["bug14c", `{{$x := (1.0)}}{{$y := ("hello")}}{{$x.anything}}{{$y.true}}`, null, null],
  ["bug16a", "{{true|printf}}", null, null],
  ["bug16b", "{{1|printf}}", null, null],
  ["bug16d", "{{'x'|printf}}", null, null],
  ["bug16e", "{{0i|printf}}", null, null],
  ["bug16f", '{{true|twoArgs "xxx"}}', null, null],
  ["bug16g", '{{"aaa" |twoArgs "bbb"}}', "twoArgs=bbbaaa", null],
  ["bug16h", "{{1|oneArg}}", null, null],
  ["bug16i", '{{"aaa"|oneArg}}', "oneArg=aaa", null],
  ["bug16j", '{{1+2i|printf "%v"}}', "(1+2i)", null],
  ["bug16k", '{{"aaa"|printf }}', "aaa", null],
  ["bug9", "{{.cause}}", "neglect", Object.assign(typedMap(newGoMap(), "string"), { cause: "neglect" })],
  [
    "parens: $ in paren in pipe",
    "{{($ | echo).cause}}",
    "neglect",
    Object.assign(newGoMap(), { cause: "neglect" }),
  ],
];

describe("Go's exec tests", () => {
  it.each(GO_EXEC_TESTS)("%s", (_name, src, want, data) => {
    const r = render(src, data, { funcs });
    if (want === null) expect(typeof r).toBe("object");
    else expect(r).toBe(want);
  });
});
