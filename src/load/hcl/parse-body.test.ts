import fc from "fast-check";
import { HelmfileError } from "../../shared/errors";
import { parseHclFile } from "./parse-body";
import { renderFiles } from "./test-helpers";

const PIECES = [
  "a",
  "hv",
  ".",
  "x",
  "local",
  "1",
  "2.5",
  "e3",
  '"',
  "'",
  "${",
  "%{",
  "}",
  "{",
  "[",
  "]",
  "(",
  ")",
  ",",
  "=",
  "==",
  "=>",
  "?",
  ":",
  "+",
  "-",
  "*",
  "/",
  "%",
  "!",
  "&&",
  "||",
  "<",
  ">",
  "...",
  "for",
  "in",
  "if",
  "else",
  "endif",
  "endfor",
  "~",
  "\\",
  "\n",
  " ",
  "#",
  "//",
  "/*",
  "*/",
  "<<EOT\n",
  "<<-EOT\n",
  "EOT",
  "upper(",
  "null",
  "true",
  "é",
  "\t",
];

const snippet = fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }).map((xs) => xs.join(""));

describe("parseHclFile", () => {
  it("reads blocks with labels and attributes", () => {
    const body = parseHclFile('values {\n  a = 1\n}\nb "l1" l2 {\n}\n', "/f.hcl");
    expect(body.blocks.map((b) => [b.type, b.labels])).toEqual([
      ["values", []],
      ["b", ["l1", "l2"]],
    ]);
    expect(body.blocks[0]?.body.attributes[0]?.name).toBe("a");
  });

  it("refuses an argument set twice in one block", () => {
    expect(() => parseHclFile("values {\n  a = 1\n  a = 2\n}", "/f.hcl")).toThrow(HelmfileError);
  });

  it("only ever throws our errors, whatever the input", () => {
    fc.assert(
      fc.property(snippet, (src) => {
        try {
          parseHclFile(src, "/p.hcl");
        } catch (err) {
          if (!(err instanceof HelmfileError) || err.code !== "HCL_SYNTAX") throw err;
        }
      }),
      { numRuns: 3000 },
    );
  });

  it("evaluates any expression to a value or one of our errors", () => {
    fc.assert(
      fc.property(snippet, (src) => {
        try {
          renderFiles({ "/e.hcl": `values {\n  v = ${src}\n}\n` });
        } catch (err) {
          if (!(err instanceof HelmfileError) || !err.code.startsWith("HCL_")) throw err;
        }
      }),
      { numRuns: 3000 },
    );
  });
});
