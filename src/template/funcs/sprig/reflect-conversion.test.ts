import { render } from "./test-render";

// Expected values from sprig v3.3.0 reflect_test.go / numeric_test.go and the helm-produced vectors.
describe("sprig reflection and conversion functions", () => {
  it.each([
    [
      '{{ typeOf 1 }} {{ typeOf 1.5 }} {{ typeOf "s" }} {{ typeOf (list) }} {{ typeOf (dict) }}',
      "int float64 string []interface {} map[string]interface {}",
    ],
    [
      '{{ typeIs "int" 1 }} {{ typeIs "string" 1 }} {{ typeIsLike "semver.Version" (semver "1.0.0") }}',
      "true false true",
    ],
    [
      '{{ kindOf 1 }} {{ kindOf (list) }} {{ kindOf (dict) }} {{ kindIs "map" (dict) }} {{ kindOf nil }}',
      "int slice map true invalid",
    ],
    ["{{ typeOf (toStrings (list 1)) }} {{ typeOf (until 3) }}", "[]string []int"],
    [
      '{{ int64 "5" }} {{ float64 "3.5" }} {{ float64 "abc" }} {{ typeOf (float64 2) }} {{ typeOf (int64 2) }}',
      "5 3.5 0 float64 int64",
    ],
    ['{{ int "42" }} {{ int "4.7" }} {{ int 4.7 }} {{ int true }} {{ int nil }}', "42 0 4 1 0"],
    ['{{ int64 "9223372036854775807" }} {{ int64 "9223372036854775808" }}', "9223372036854775807 0"],
    ['{{ toString 1.5 }}|{{ toString nil }}|{{ toString (list 1 "a") }}', "1.5|<nil>|[1 a]"],
    ['{{ toStrings (list 1 nil "a") | printf "%q" }}', '["1" "a"]'],
  ])("%s renders %j", (tpl, want) => {
    expect(render(tpl)).toBe(want);
  });
});
