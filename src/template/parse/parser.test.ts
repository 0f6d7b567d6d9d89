import fc from "fast-check";
import { TemplateError } from "../../shared/errors";
import { parseTrees } from "./parser";
import { nodeString } from "./nodes";

const hasFunction = (n: string): boolean => ["printf", "len", "index", "eq"].includes(n);
const parse = (src: string) => parseTrees("T", src, { hasFunction });
const parseErr = (src: string): string => {
  try {
    parse(src);
    return "no error";
  } catch (e) {
    return (e as Error).message;
  }
};

// Go's own text/template/parse errorTests: name, input, text the error must contain.
const GO_ERROR_TESTS: [string, string, string][] = [
  ["unclosed1", "line1\n{{", "unclosed1:2: unclosed action"],
  ["unclosed2", "line1\n{{define `x`}}line2\n{{", "unclosed2:3: unclosed action"],
  ["unclosed3", 'line1\n{{"x"\n"y"\n', "unclosed3:4: unclosed action started at unclosed3:2"],
  ["unclosed4", "{{\n\n\n\n\n", "unclosed4:6: unclosed action started at unclosed4:1"],
  ["var1", "line1\n{{\nx\n}}", 'var1:3: function "x" not defined'],
  ["function", "{{foo}}", 'function "foo" not defined'],
  ["comment1", "{{/*}}", "comment1:1: unclosed comment"],
  ["comment2", "{{/*\nhello\n}}", "comment2:1: unclosed comment"],
  ["lparen", "{{.X (1 2 3}}", "unclosed left paren"],
  ["rparen", "{{.X 1 2 3 ) }}", "unexpected right paren"],
  ["rparen2", "{{(.X 1 2 3", "unclosed action"],
  ["space", "{{`x`3}}", "in operand"],
  ["idchar", "{{a#}}", "'#'"],
  ["charconst", "{{'a}}", "unterminated character constant"],
  ["stringconst", '{{"a}}', "unterminated quoted string"],
  ["rawstringconst", "{{`a}}", "unterminated raw quoted string"],
  ["number", "{{0xi}}", "number syntax"],
  ["multidefine", "{{define `a`}}a{{end}}{{define `a`}}b{{end}}", "multiple definition of template"],
  ["eof", "{{range .X}}", "unexpected EOF"],
  ["variable", "{{$x := 23}}{{with $x.y := 3}}{{$x 23}}{{end}}", 'unexpected ":="'],
  ["multidecl", "{{$a,$b,$c := 23}}", "too many declarations"],
  ["undefvar", "{{$a}}", "undefined variable"],
  ["wrongdot", "{{true.any}}", "unexpected . after term"],
  ["wrongpipeline", "{{12|false}}", "non executable command in pipeline"],
  ["emptypipeline", "{{ ( ) }}", "missing value for parenthesized pipeline"],
  ["multilinerawstring", "{{ $v := `\n` }} {{", "multilinerawstring:2: unclosed action"],
  ["rangeundefvar", "{{range $k}}{{end}}", "undefined variable"],
  ["rangeundefvars", "{{range $k, $v}}{{end}}", "undefined variable"],
  ["rangemissingvalue1", "{{range $k,}}{{end}}", "missing value for range"],
  ["rangemissingvalue2", "{{range $k, $v := }}{{end}}", "missing value for range"],
  ["rangenotvariable1", "{{range $k, .}}{{end}}", "range can only initialize variables"],
  ["rangenotvariable2", "{{range $k, 123 := .}}{{end}}", "range can only initialize variables"],
];

describe("parseTrees", () => {
  it.each(GO_ERROR_TESTS)("matches Go's parse error for %s", (name, src, want) => {
    let msg = "no error";
    try {
      parseTrees(name, src, { hasFunction: (n) => ["printf", "contains"].includes(n) });
    } catch (e) {
      msg = (e as Error).message;
    }
    expect(msg).toContain(want);
  });

  it("reproduces Go's parse error texts with name and line", () => {
    expect(parseErr("{{ if }}x{{ end }}")).toBe("template: T:1: missing value for if");
    expect(parseErr("a{{ else }}b")).toBe("template: T:1: unexpected {{else}}");
    expect(parseErr("{{ if true }}x")).toBe("template: T:1: unexpected EOF");
    expect(parseErr("{{ $nope }}")).toBe('template: T:1: undefined variable "$nope"');
    expect(parseErr("{{ nosuchfunc 1 }}")).toBe('template: T:1: function "nosuchfunc" not defined');
    expect(parseErr("{{ 1 | 2 }}")).toBe("template: T:1: non executable command in pipeline stage 2");
    expect(parseErr("{{ break }}")).toBe("template: T:1: {{break}} outside {{range}}");
    expect(parseErr("{{ 1.2.3 }}")).toBe('template: T:1: unexpected ".3" in operand');
    expect(parseErr("{{ template .X }}")).toBe('template: T:1: unexpected ".X" in template clause');
    expect(parseErr("\n\n{{ end }}")).toBe("template: T:3: unexpected {{end}}");
  });

  it("collects define and block bodies as separate trees", () => {
    const trees = parse('{{ define "a" }}A{{ end }}{{ block "b" . }}B{{ end }}top');
    expect([...trees.keys()].sort()).toEqual(["T", "a", "b"]);
  });

  it("rejects a second non-empty definition in one parse", () => {
    expect(parseErr('{{ define "a" }}1{{ end }}{{ define "a" }}2{{ end }}')).toBe(
      'template: T:1: template: multiple definition of template "a"',
    );
  });

  it("prints nodes the way Go's Node.String does", () => {
    const root = parse('{{ $x := .A.B | printf "%d" (len .C) }}').get("T")?.root;
    expect(root === undefined ? "" : nodeString(root)).toBe('{{$x := .A.B | printf "%d" (len .C)}}');
  });

  it("keeps variables scoped to their control structure", () => {
    expect(parseErr("{{ if $x := 1 }}{{ end }}{{ $x }}")).toBe('template: T:1: undefined variable "$x"');
    expect(parseErr("{{ range $i, $v := .L }}{{ $i }}{{ $v }}{{ end }}")).toBe("no error");
  });

  it("throws only TemplateError on arbitrary input", () => {
    const alphabet = fc.constantFrom(
      "{{",
      "}}",
      "{{-",
      "-}}",
      " ",
      "if",
      "else",
      "end",
      "range",
      "define",
      '"',
      "`",
      "'",
      "$x",
      ":=",
      "=",
      ".A",
      "|",
      "(",
      ")",
      "1",
      "1.5e3",
      "0x1F",
      "/*",
      "*/",
      "\n",
      "a",
      "printf",
      "nil",
      "true",
      ",",
      "break",
      "with",
      "template",
      "block",
    );
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 30 }), (parts) => {
        try {
          parse(parts.join(""));
        } catch (e) {
          if (!(e instanceof TemplateError)) throw e;
        }
      }),
      { numRuns: 400 },
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (s) => {
        try {
          parse(s);
        } catch (e) {
          if (!(e instanceof TemplateError)) throw e;
        }
      }),
      { numRuns: 300 },
    );
  });
});
