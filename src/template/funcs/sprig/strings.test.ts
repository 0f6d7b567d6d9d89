import { goStringToBytes } from "../../types";
import { render, renderError } from "./test-render";

// Expected values from Masterminds/sprig v3.3.0 strings_test.go / functions_test.go and the
// helm-produced gotmpl conformance vectors (README spot checks).
const CASES: ReadonlyArray<[string, string]> = [
  ['{{"fooo" | substr 0 3 }}', "foo"],
  ['{{"foo" | substr 0 10 }}', "foo"],
  ['{{ "foooooo" | trunc 3 }}', "foo"],
  ['{{ "baaaaaar" | trunc -3 }}', "aar"],
  ['{{ "baaaaaar" | trunc -999 }}', "baaaaaar"],
  ['{{ "baaaaaz" | trunc 0 }}', ""],
  ['{{quote "a" "b" "c"}}', '"a" "b" "c"'],
  ['{{quote "\\"a\\"" "b" "c"}}', '"\\"a\\"" "b" "c"'],
  ["{{quote 1 2 3 }}", '"1" "2" "3"'],
  ["{{ .value | quote }}", ""],
  ['{{squote "a" "b" "c"}}', "'a' 'b' 'c'"],
  ["{{squote 1 2 3 }}", "'1' '2' '3'"],
  ['{{if contains "cat" "fair catch"}}1{{end}}', "1"],
  ['{{if hasPrefix "cat" "catch"}}1{{end}}', "1"],
  ['{{if hasSuffix "cat" "ducat"}}1{{end}}', "1"],
  ['{{trim "   5.00   "}}', "5.00"],
  ['{{trimAll "$" "$5.00$"}}', "5.00"],
  ['{{trimPrefix "$" "$5.00"}}', "5.00"],
  ['{{trimSuffix "$" "5.00$"}}', "5.00"],
  ['{{$v := "foo$bar$baz" | split "$"}}{{$v._0}}', "foo"],
  ['{{$v := "foo$bar$baz" | splitn "$" 2}}{{$v._1}}', "bar$baz"],
  ["{{ toString 1 | kindOf }}", "string"],
  ["{{ list 1 .value 2 | toStrings }}", "[1 2]"],
  ['{{ tuple "a" "b" "c" | join "-" }}', "a-b-c"],
  ['{{ tuple 1 2 3 | join "-" }}', "1-2-3"],
  ['{{abbrev 5 "hello world"}}', "he..."],
  ['{{abbrevboth 5 10 "1234 5678 9123"}}', "...5678..."],
  ['{{nospace "h e l l o "}}', "hello"],
  ['{{untitle "First Try"}}', "first try"],
  ['{{initials "First Try"}}', "FT"],
  ['{{wrap 5 "Hello World"}}', "Hello\nWorld"],
  ['{{wrapWith 5 "\\t" "Hello World"}}', "Hello\tWorld"],
  ['{{$b := "b"}}{{"c" | cat "a" $b}}', "a b c"],
  ['{{ .value | cat "a" "b"}}', "a b"],
  ['{{indent 4 "a\\nb\\nc"}}', "    a\n    b\n    c"],
  ['{{nindent 4 "a\\nb\\nc"}}', "\n    a\n    b\n    c"],
  ['{{"I Am Henry VIII" | replace " " "-"}}', "I-Am-Henry-VIII"],
  ['{{$num := len "two"}}{{$num}} {{$num | plural "1 char" "chars"}}', "3 chars"],
  ['{{len "t" | plural "cheese" "%d chars"}}', "cheese"],
  ['{{ snakecase "FirstName" }}', "first_name"],
  ['{{ snakecase "HTTPServer" }}', "http_server"],
  ['{{ snakecase "NoHTTPS" }}', "no_https"],
  ['{{ snakecase "GO_PATH" }}', "go_path"],
  ['{{ snakecase "GO PATH" }}', "go_path"],
  ['{{ snakecase "GO-PATH" }}', "go_path"],
  ['{{ camelcase "http_server" }}', "HttpServer"],
  ['{{ camelcase "_camel_case" }}', "_CamelCase"],
  ['{{ camelcase "no_https" }}', "NoHttps"],
  ['{{ camelcase "_complex__case_" }}', "_Complex_Case_"],
  ['{{ camelcase "all" }}', "All"],
  ['{{ kebabcase "FirstName" }}', "first-name"],
  ['{{ kebabcase "NoHTTPS" }}', "no-https"],
  ['{{ kebabcase "GO PATH" }}', "go-path"],
  ['{{ swapcase "Hello World ß" }}', "hELLO wORLD ß"],
  ['{{ title "hello wORLD-x" }}', "Hello WORLD-X"],
  ['{{ upper "héllo" }} {{ lower "ÀBC" }}', "HÉLLO àbc"],
  ['{{ substr 0 3 "héllo" }}', "hé"],
  ['{{ splitList "," "a,b,,c" }}', "[a b  c]"],
  ['{{ sortAlpha (list "b" "a" "C" "aa" "") }}', "[ C a aa b]"],
  ['{{ repeat 3 "ab" }}', "ababab"],
];

describe("sprig string functions", () => {
  it.each(CASES)("%s renders %j", (tpl, want) => {
    expect(render(tpl, { value: null })).toBe(want);
  });

  it("cuts strings by bytes, producing invalid UTF-8 like Go", () => {
    const out = render('{{ abbrev 4 "日本語テキスト" }}');
    expect(Buffer.from(goStringToBytes(out))).toEqual(Buffer.from([0xe6, 0x2e, 0x2e, 0x2e]));
  });

  it("fails with Go's slice-bounds message when substr's start passes its end", () => {
    expect(renderError('{{ substr 3 1 "hello" }}')).toContain("slice bounds out of range [3:1]");
  });

  it("fails on a negative repeat count", () => {
    expect(renderError('{{ repeat -1 "x" }}')).toContain("negative Repeat count");
  });

  it("returns []string from splitList and map[string]string from split", () => {
    expect(render('{{ typeOf (splitList "," "a") }} {{ typeOf (split "," "a") }}')).toBe(
      "[]string map[string]string",
    );
  });

  it("shuffles a string keeping its characters", () => {
    const out = render('{{ shuffle "Hello World" }}');
    expect([...out].sort()).toEqual([..."Hello World"].sort());
  });
});
