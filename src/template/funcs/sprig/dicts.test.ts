import { render, renderError } from "./test-render";

// Expected values from Masterminds/sprig v3.3.0 dict_test.go and the conformance vectors' README.
const CASES: ReadonlyArray<[string, string]> = [
  ['{{$t := dict "I" "shot" "the" "albatross"}}{{$t.the}} {{$t.I}}', "albatross shot"],
  ['{{ dict "foo" 1 "bar" 2 | keys | sortAlpha }}', "[bar foo]"],
  ["{{ dict | keys }}", "[]"],
  ['{{ keys (dict "foo" 1) (dict "bar" 2) (dict "bar" 3) | uniq | sortAlpha }}', "[bar foo]"],
  ['{{- $d := dict "one" 1 "two" 222222 }}{{ pick $d "two" -}}', "map[two:222222]"],
  ['{{- $d := dict "one" 1 "two" 222222 }}{{ pick $d "one" "two" "three" | len -}}', "2"],
  ['{{- $d := dict "one" 1 "two" 222222 }}{{ omit $d "one" -}}', "map[two:222222]"],
  ['{{- $d := dict "one" 1 "two" "2" }}{{ get $d "two" -}}', "2"],
  ['{{- $d := dict }}{{ get $d "two" -}}', ""],
  ['{{ $d := dict "a" 1 }}{{ $_ := set $d "b" 2 }}{{ $d }}', "map[a:1 b:2]"],
  ['{{ $d := dict "a" 1 "b" 2 }}{{ $_ := unset $d "a" }}{{ $d }}', "map[b:2]"],
  ['{{ hasKey (dict "a" nil) "a" }} {{ hasKey (dict "a" 1) "b" }}', "true false"],
  ['{{ pluck "a" (dict "a" 1) (dict "b" 2) (dict "a" 3) }}', "[1 3]"],
  ['{{ values (dict "a" 1) }}', "[1]"],
  ['{{ dict 1 "one" true "t" nil "n" }}', "map[1:one <nil>:n true:t]"],
  ['{{ dict "a" }}', "map[a:]"],
  ['{{ merge (dict "a" "" "b" 0 "c" false) (dict "a" "A" "b" 5 "c" true) }}', "map[a:A b:5 c:true]"],
  ['{{ merge (dict) (dict "a" 1) (dict "a" 2 "b" 2) (dict "c" 3) }}', "map[a:1 b:2 c:3]"],
  ['{{ merge (dict "m" (dict "x" 1)) (dict "m" (dict "x" 2 "y" 2)) }}', "map[m:map[x:1 y:2]]"],
  [
    '{{ mergeOverwrite (dict "a" 1 "l" (list 1 2) "m" (dict "x" 1 "y" 1)) (dict "a" 2 "l" (list 3) "m" (dict "y" 2)) }}',
    "map[a:2 l:[3] m:map[x:1 y:2]]",
  ],
  ['{{ mergeOverwrite (dict "a" 1 "b" "x" "c" true) (dict "a" 0 "b" "" "c" false) }}', "map[a:0 b: c:false]"],
  ['{{ $a := dict "x" 1 }}{{ $_ := merge $a (dict "y" 2) }}{{ $a }}', "map[x:1 y:2]"],
  [
    '{{ dig "a" "b" "dflt" (dict "a" (dict "b" "found")) }} {{ dig "a" "x" "dflt" (dict "a" (dict "b" 1)) }} {{ dig "zz" "dflt" (dict) }}',
    "found dflt dflt",
  ],
  [
    '{{ $a := dict "n" (dict "x" 1) }}{{ $b := deepCopy $a }}{{ $_ := set $b.n "x" 2 }}{{ $a }} {{ $b }}',
    "map[n:map[x:1]] map[n:map[x:2]]",
  ],
];

describe("sprig dict functions", () => {
  it.each(CASES)("%s renders %j", (tpl, want) => {
    expect(render(tpl)).toBe(want);
  });

  it("fails with Go's interface-conversion panic when dig walks through a scalar", () => {
    expect(renderError('{{ dig "a" "b" "dflt" (dict "a" 1) }}')).toContain(
      "interface conversion: interface {} is int, not map[string]interface {}",
    );
  });

  it("requires three arguments for dig", () => {
    expect(renderError('{{ dig "a" (dict) }}')).toContain("dig needs at least three arguments");
  });
});
