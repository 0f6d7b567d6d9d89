import { render } from "./test-render";
import { expandEnv } from "./os-network";
import { renderTemplate } from "../../index";
import { newGoMap } from "../../types";
import { sprigFunctions } from "./index";

// Expected values from sprig v3.3.0 url_test.go and functions_test.go, and Go's path docs.
describe("sprig url, path and os functions", () => {
  it("parses URLs into sprig's dict", () => {
    expect(render('{{ urlParse "proto://auth@host:80/path?query#fragment" | toJson }}')).toBe(
      '{"fragment":"fragment","host":"host:80","hostname":"host","opaque":"","path":"/path","query":"query","scheme":"proto","userinfo":"auth"}',
    );
    expect(
      render(
        '{{ (urlParse "proto://host:80/pa%20th?key=val%20ue").path }} {{ (urlParse "something").path }}',
      ),
    ).toBe("/pa th something");
    expect(render('{{ (urlParse "proto://user:passwor%20d@host:80/path").userinfo }}')).toBe(
      "user:passwor%20d",
    );
  });

  it("joins URL dicts", () => {
    expect(
      render(
        '{{ urlJoin (dict "fragment" "fragment" "host" "host:80" "path" "/path" "query" "query" "scheme" "proto") }}',
      ),
    ).toBe("proto://host:80/path?query#fragment");
    expect(
      render(
        '{{ urlJoin (dict "fragment" "fragment" "host" "host:80" "path" "/path" "scheme" "proto" "userinfo" "ASDJKJSD") }}',
      ),
    ).toBe("proto://ASDJKJSD@host:80/path#fragment");
  });

  it("implements Go's path functions", () => {
    expect(render('{{ base "foo/bar" }} {{ dir "foo/bar/baz" }} {{ isAbs "/foo" }} {{ isAbs "foo" }}')).toBe(
      "bar foo/bar true false",
    );
    expect(
      render(
        '{{ clean "/foo/../foo/../bar" }} {{ ext "/foo/bar/baz.txt" }} {{ clean "" }} {{ base "/" }} {{ dir "x" }}',
      ),
    ).toBe("/bar .txt . / .");
    expect(render('{{ osBase "a/b/" }} {{ clean "../../a/./b//c/.." }}')).toBe("b ../../a/b");
  });

  it("reads env and expandenv from the injected environment only", () => {
    const out = renderTemplate(
      '{{ env "FOO" }}|{{ expandenv "Hello $FOO ${FOO}!" }}|{{ env "NOPE" }}',
      newGoMap(),
      {
        name: "t",
        funcs: sprigFunctions(),
        env: { environ: { FOO: "bar" } },
      },
    );
    expect(out).toBe("bar|Hello bar bar!|");
  });

  it("expands like os.Expand", () => {
    const get = (n: string): string => ({ A: "x", "1": "one" })[n] ?? "";
    expect(expandEnv("$A-${A}-$1b-$-${}-$", get)).toBe("x-x-oneb--$");
  });
});
