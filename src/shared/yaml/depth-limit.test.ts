import { LoadError } from "../errors";
import { toPlain } from "../value";
import { decodeYaml } from "./decode";

// Messages and limits follow go-yaml v2.4.2 / v3.0.5 (limit_test.go, decode.go) and were
// checked by running yaml.Unmarshal into interface{} with both versions.
function errorOf(text: string, version: "v2" | "v3" = "v3"): LoadError {
  try {
    decodeYaml(text, { version });
  } catch (e) {
    if (e instanceof LoadError) return e;
    throw e;
  }
  throw new Error("expected a LoadError");
}

const billionLaughs = [
  'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
  ...["b", "c", "d", "e", "f", "g", "h", "i"].map(
    (k, i) => `${k}: &${k} [${Array(9).fill(`*${"abcdefghi"[i]}`).join(",")}]`,
  ),
].join("\n");

describe("go-yaml limits on hostile input", () => {
  it.each(["v2", "v3"] as const)(
    "refuses 20000 nested flow sequences with go-yaml's depth error (%s)",
    (v) => {
      const e = errorOf("[".repeat(20000), v);
      expect(e.code).toBe("YAML_SYNTAX");
      expect(e.message).toContain("yaml: exceeded max depth of 10000");
    },
  );

  it("refuses deeply nested flow maps and block sequences the same way", () => {
    expect(errorOf(`x: ${"{".repeat(20000)}`).message).toContain("yaml: exceeded max depth of 10000");
    expect(errorOf("- ".repeat(20000)).message).toContain("yaml: exceeded max depth of 10000");
  });

  it("names the line when the indentation limit is crossed past the first line", () => {
    const text = "a:\n" + Array.from({ length: 10005 }, (_, i) => `${" ".repeat(i + 1)}b:\n`).join("");
    expect(errorOf(text).message).toContain("yaml: line 10001: exceeded max depth of 10000");
  });

  it("finds flow nesting spread over short lines (no line near the limit's length)", () => {
    expect(errorOf("[\n".repeat(10001)).message).toContain("exceeded max depth of 10000");
    expect(errorOf(`a:\n${" {\n".repeat(10001)}`, "v2").message).toContain("exceeded max depth of 10000");
  });

  it("does not count brackets inside quoted scalars or comments", () => {
    const text = `a: "${"[".repeat(12000)}"\nb: '${"{".repeat(12000)}' # ${"[".repeat(12000)}\n`;
    expect((toPlain(decodeYaml(text)) as { a: string }).a).toHaveLength(12000);
  });

  it.each(["v2", "v3"] as const)("stops a billion-laughs alias bomb quickly (%s)", (v) => {
    const start = Date.now();
    const e = errorOf(billionLaughs, v);
    expect(e.code).toBe("YAML_ALIAS_LIMIT");
    expect(e.message).toContain("yaml: document contains excessive aliasing");
    expect(Date.now() - start).toBeLessThan(1000);
  });

  it("still expands ordinary aliases", () => {
    expect(toPlain(decodeYaml("a: &a [1, 2]\nb: [*a, *a]\n"))).toEqual({
      a: [1, 2],
      b: [
        [1, 2],
        [1, 2],
      ],
    });
  });

  it("refuses an anchor whose value contains an alias to itself", () => {
    expect(errorOf("a: &a [*a]\n").message).toContain("yaml: anchor 'a' value contains itself");
    expect(errorOf("a: &a {b: *a}\n", "v2").message).toContain("yaml: anchor 'a' value contains itself");
  });
});
