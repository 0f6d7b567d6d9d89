import { render, renderError } from "./test-render";

// Expected values from Masterminds/sprig v3.3.0 defaults_test.go.
const CASES: ReadonlyArray<[string, string]> = [
  ['{{"" | default "foo"}}', "foo"],
  ['{{default "foo" 234}}', "234"],
  ['{{default "foo" 2.34}}', "2.34"],
  ['{{ .Nothing | default "123" }}', "123"],
  ['{{ default "123" }}', "123"],
  ["{{if empty 1}}1{{else}}0{{end}}", "0"],
  ["{{if empty 0}}1{{else}}0{{end}}", "1"],
  ['{{if empty ""}}1{{else}}0{{end}}', "1"],
  ["{{if empty 0.0}}1{{else}}0{{end}}", "1"],
  ["{{if empty false}}1{{else}}0{{end}}", "1"],
  ["{{if empty .top.NoSuchThing}}1{{else}}0{{end}}", "1"],
  ["{{ coalesce 1 }}", "1"],
  ['{{ coalesce "" 0 nil 2 }}', "2"],
  ["{{ coalesce }}", "<no value>"],
  ['{{ coalesce .top.NoSuchThing .bottom "airplane"}}', "airplane"],
  ['{{ all "" 0 nil 2 }} {{ all 1 }} {{ all }}', "false true true"],
  ['{{ any "" 0 nil 2 }} {{ $zero := 0 }}{{ any "" $zero 0 0 0 }} {{ any }}', "true false false"],
  ['{{ ternary "foo" "bar" true }} {{ ternary "foo" "bar" false }}', "foo bar"],
  [
    '{{ deepEqual (list 1 2) (list 1 2) }} {{ deepEqual (dict "a" 1) (dict "a" "1") }} {{ deepEqual 1 1.0 }}',
    "true false false",
  ],
];

describe("sprig defaults functions", () => {
  it.each(CASES)("%s renders %j", (tpl, want) => {
    expect(render(tpl, { top: Object.assign(Object.create(null) as Record<string, never>, {}) })).toBe(want);
  });

  it("fails with the given message", () => {
    expect(renderError('{{ fail "custom failure" }}')).toContain("custom failure");
  });
});
