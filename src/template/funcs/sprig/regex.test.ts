import { render, renderError } from "./test-render";

// Expected values from Masterminds/sprig v3.3.0 regex_test.go and Go's regexp documentation.
const CASES: ReadonlyArray<[string, string]> = [
  ['{{ regexMatch "[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\\\.[A-Za-z]{2,}" "test@acme.com" }}', "true"],
  ['{{ regexMatch "[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\\\.[A-Za-z]{2,}" "test@acme" }}', "false"],
  ['{{ regexFindAll "a{2}" "aaaaaaaa" 1 | len }} {{ regexFindAll "a{2}" "aaaa" -1 | len }}', "1 2"],
  ['{{ regexFind "fo.?" "foo foe fome" }}', "foo"],
  ['{{ regexReplaceAll "a(x*)b" "-ab-axxb-" "T" }}', "-T-T-"],
  ['{{ regexReplaceAll "a(x*)b" "-ab-axxb-" "$1" }}', "--xx-"],
  ['{{ regexReplaceAll "a(x*)b" "-ab-axxb-" "$1W" }}', "---"],
  ['{{ regexReplaceAll "a(x*)b" "-ab-axxb-" "${1}W" }}', "-W-xxW-"],
  ['{{ regexReplaceAllLiteral "a(x*)b" "-ab-axxb-" "$1" }}', "-$1-$1-"],
  [
    '{{ regexSplit "z+" "pizza" -1 }} {{ regexSplit "z+" "pizza" 1 }} {{ regexSplit "z+" "pizza" 0 | len }}',
    "[pi a] [pizza] 0",
  ],
  ['{{ regexSplit "a*" "abaabaccadaaae" 5 }}', "[ b b c cadaaae]"],
  ['{{ regexSplit "" "abc" -1 }}', "[a b c]"],
  ['{{ regexQuoteMeta "1.2.3" }} {{ regexQuoteMeta "pretzel" }}', "1\\.2\\.3 pretzel"],
  ['{{ regexMatch "(?i)^HELLO$" "hello" }}', "true"],
  ['{{ regexFindAll "(?m)^[a-z]+$" "abc\\n123\\ndef" -1 }}', "[abc def]"],
  [
    '{{ regexReplaceAll "(?P<first>\\\\w+) (?P<last>\\\\w+)" "John Smith" "${last}, ${first}" }}',
    "Smith, John",
  ],
  ['{{ regexMatch "^[[:alpha:]]+$" "abc" }} {{ regexMatch "\\\\Aab\\\\z" "ab" }}', "true true"],
  ['{{ regexReplaceAll "a*" "baaac" "-" }}', "-b-c-"],
  ['{{ regexMatch "[" "x" }}', "false"],
];

describe("sprig regex functions (Go RE2 syntax)", () => {
  it.each(CASES)("%s renders %j", (tpl, want) => {
    expect(render(tpl)).toBe(want);
  });

  it("panics like regexp.MustCompile on an invalid pattern", () => {
    expect(renderError('{{ regexFind "[" "x" }}')).toContain(
      "regexp: Compile(`[`): error parsing regexp: missing closing ]: `[`",
    );
  });

  it("returns the compile error from the must forms", () => {
    expect(renderError('{{ mustRegexMatch "a(" "x" }}')).toContain(
      "error parsing regexp: missing closing ): `a(`",
    );
  });

  it("rejects syntax RE2 does not support", () => {
    expect(renderError('{{ mustRegexFind "a(?=b)" "ab" }}')).toContain("invalid or unsupported Perl syntax");
    expect(renderError('{{ mustRegexFind "(a)\\\\1" "aa" }}')).toContain("invalid escape sequence");
  });
});
