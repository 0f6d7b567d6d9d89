import { render, renderError } from "./test-render";

// Expected values from sprig v3.3.0 semver_test.go, Masterminds/semver's documented
// constraint rules and the helm-produced vectors.
describe("sprig semver functions", () => {
  it.each([
    ['{{ semverCompare "1.2.3" "1.2.3" }}', "true"],
    ['{{ semverCompare "^1.2.0" "1.2.3" }}', "true"],
    ['{{ semverCompare "^1.2.0" "2.2.3" }}', "false"],
    ['{{ semverCompare "~1.2.0" "1.2.9" }} {{ semverCompare "~1.2.0" "1.3.0" }}', "true false"],
    [
      '{{ semverCompare ">=1.2.0" "1.3.0-beta.1" }} {{ semverCompare ">=1.2.0-0" "1.3.0-beta.1" }}',
      "false true",
    ],
    ['{{ semverCompare ">=1.19.0-0" "v1.21.3-gke.100" }}', "true"],
    ['{{ semverCompare "1.2.x" "1.2.5" }} {{ semverCompare ">1.0 <2.0" "1.5.0" }}', "true true"],
    ['{{ semverCompare "<1.0 || >=3.0" "3.1.0" }} {{ semverCompare "1.2.3 - 1.4.5" "1.4.0" }}', "true true"],
    ['{{ semverCompare "^0.2.3" "0.2.9" }} {{ semverCompare "^0.2.3" "0.3.0" }}', "true false"],
    ['{{ semverCompare "!=1.2.3" "1.2.4" }} {{ semverCompare "1.x" "2.0.0" }}', "true false"],
    [
      '{{ $s := semver "1.2.3-beta.1+c0ff33" }}{{ $s.Prerelease }} {{ $s.Major }} {{ $s.Metadata }}',
      "beta.1 1 c0ff33",
    ],
    ['{{ semver "1.2.3" | (semver "1.2.3").Compare }}', "0"],
    ['{{ semver "1.2.3" | (semver "1.3.3").Compare }}', "1"],
    ['{{ semver "1.4.3" | (semver "1.2.3").Compare }}', "-1"],
    [
      '{{ toString (semver "v1.2") }} {{ (semver "v1.2").Original }} {{ kindOf (semver "1.0.0") }} {{ typeOf (semver "1.0.0") }}',
      "1.2.0 v1.2 ptr *semver.Version",
    ],
  ])("%s renders %j", (tpl, want) => {
    expect(render(tpl)).toBe(want);
  });

  it("rejects invalid versions and constraints", () => {
    expect(renderError('{{ semver "x.y" }}')).toContain("invalid semantic version");
    expect(renderError('{{ semverCompare ">=1.0.0" "not-a-version" }}')).toContain(
      "invalid semantic version",
    );
    expect(renderError('{{ semverCompare "?1" "1.0.0" }}')).toContain("improper constraint");
  });
});
