import { render, renderError } from "./test-render";

// Expected values come from Masterminds/sprig v3.3.0 list_test.go.
const CASES: ReadonlyArray<[string, string]> = [
  ['{{$t := tuple 1 "a" "foo"}}{{index $t 2}}{{index $t 0 }}{{index $t 1}}', "foo1a"],
  ['{{ $t := tuple 1 2 3 4  }}{{ append $t 5 | join "-" }}', "1-2-3-4-5"],
  ['{{ $t := regexSplit "/" "foo/bar/baz" -1 }}{{ mustPush $t "qux" | join "-" }}', "foo-bar-baz-qux"],
  ["{{ tuple 1 2 3 4 5 6 7 | chunk 3 | len }}", "3"],
  ["{{ tuple | chunk 3 | len }}", "0"],
  ['{{ range ( tuple 1 2 3 4 5 6 7 8 | chunk 3 ) }}{{. | join "-"}}|{{end}}', "1-2-3|4-5-6|7-8|"],
  ['{{ $t := regexSplit "/" "foo/bar/baz" -1 }}{{ prepend $t "qux" | join "-" }}', "qux-foo-bar-baz"],
  ["{{ list 1 2 3 | first }}", "1"],
  ["{{ list | first }}", "<no value>"],
  ['{{ regexSplit "/src/" "foo/src/bar" -1 | last }}', "bar"],
  ["{{ list 1 2 3 | initial | last }}", "2"],
  ["{{ list | initial }}", "[]"],
  ['{{ regexSplit "/" "foo/bar/baz" -1 | rest }}', "[bar baz]"],
  ["{{ list 1 2 3 4 | reverse }}", "[4 3 2 1]"],
  ['{{ list 1 0 "" "hello" | compact }}', "[1 hello]"],
  ['{{ regexSplit "/" "foo//bar" -1 | compact }}', "[foo bar]"],
  ['{{ list "foo" 1 1 1 1 "foo" "foo" | uniq }}', "[foo 1]"],
  ["{{ without (list 1 1 1 1 2) 1 }}", "[2]"],
  ["{{ without (list 1 2 3) }}", "[1 2 3]"],
  ['{{ regexSplit "/" "foo/bar/baz" -1 | has "bar" }}', "true"],
  ['{{ has "bar" nil }}', "false"],
  ["{{ slice (list 1 2 3) 1 }}", "[2 3]"],
  ['{{ slice (regexSplit "/" "foo/bar/baz" -1) 1 2 }}', "[bar]"],
  ["{{ concat (list 1 2 3) (list 4 5) (list nil) }}", "[1 2 3 4 5 <nil>]"],
  ['{{ concat (list 1 2 3) (list 4 5) (list ( list "foo" ) ) }}', "[1 2 3 4 5 [foo]]"],
  ['{{ list "c" "a" "b" | sortAlpha | join "" }}', "abc"],
  ['{{ list 2 1 4 3 | sortAlpha | join "" }}', "1234"],
];

describe("sprig list functions", () => {
  it.each(CASES)("%s renders %j", (tpl, want) => {
    expect(render(tpl)).toBe(want);
  });

  it("keeps the element type when slicing a typed slice", () => {
    expect(render('{{ typeOf (slice (splitList "," "a,b,c") 1) }}')).toBe("[]string");
  });

  it("returns []interface {} from list operations on typed slices", () => {
    expect(render('{{ typeOf (rest (splitList "," "a,b")) }}')).toBe("[]interface {}");
  });

  it("fails on a nil list like Go's nil pointer dereference", () => {
    expect(renderError("{{ first .missing }}")).toContain(
      "invalid memory address or nil pointer dereference",
    );
  });

  it("names the kind when the argument is not a list", () => {
    expect(renderError('{{ mustLast "abc" }}')).toContain("Cannot find last on type string");
    expect(renderError("{{ concat (list 1) 2 }}")).toContain("Cannot concat type int as list");
  });

  it("reports reflect's error for out-of-range slice indexes", () => {
    expect(renderError("{{ slice (list 1 2) 1 5 }}")).toContain("slice index out of bounds");
  });
});
