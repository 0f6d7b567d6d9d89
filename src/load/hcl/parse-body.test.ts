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

  it("refuses 50000 nested tuples with a located LIMIT_VALUES_DEPTH, never a stack overflow", () => {
    const deep = `values {\n  x = ${"[".repeat(50000)}${"]".repeat(50000)}\n}\n`;
    expect(() => parseHclFile(deep, "v.hcl")).toThrow(
      expect.objectContaining({ code: "LIMIT_VALUES_DEPTH", file: "v.hcl", line: 2 }),
    );
  });

  it("accepts 256 levels of nested tuples, objects and parentheses", () => {
    const n = 256;
    const text = `values {\n  x = ${"[".repeat(n)}${"]".repeat(n)}\n  y = ${"{a = ".repeat(n)}1${"}".repeat(n)}\n  z = ${"(".repeat(n)}1${")".repeat(n)}\n}\n`;
    expect(renderFiles({ "/v.hcl": text }).z).toBe(1);
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

describe("heredoc closing markers", () => {
  it("must be followed by a newline, even at the end of the file (HCL and hcl2json reject it otherwise)", () => {
    expect(() => parseHclFile("values {\n  v = <<EOT\nx\nEOT}", "t.hcl")).toThrow(HelmfileError);
    expect(() => parseHclFile("v = <<EOT\nx\nEOT", "t.hcl")).toThrow(
      /t\.hcl:3,4-4: Unterminated template string; No closing marker was found for the string\.$/,
    );
    expect(parseHclFile("v = <<EOT\nx\nEOT\n", "t.hcl").attributes).toHaveLength(1);
  });
});

describe("newlines inside expressions", () => {
  // Expected outcomes are HCL's own (hashicorp/hcl's parser, as run by @cdktf/hcl2json).
  const rejected = [
    "v = a ?\n b : c\n",
    "v = {a = 1 ?\n 2 : 3}\n",
    "v = {a = 1 +\n 2}\n",
    "v = <<EOT  \nx\nEOT\n",
  ];
  const accepted = [
    "v = {a = (1 +\n 2)}\n",
    'v = "${a ?\n b : c}"\n',
    "v = {a = 1 ? [\n2] : 3}\n",
    "v = f(a ?\n b : c)\n",
  ];

  it.each(rejected)("rejects %j: a newline ends the expression in bodies and objects", (text) => {
    expect(() => parseHclFile(text, "t.hcl")).toThrow(HelmfileError);
  });

  it.each(accepted)("accepts %j: parentheses, brackets, calls and interpolations ignore newlines", (text) => {
    expect(parseHclFile(text, "t.hcl").attributes).toHaveLength(1);
  });
});

describe("block body layout", () => {
  // Expected outcomes are HCL's own (hashicorp/hcl's parser, as run by @cdktf/hcl2json).
  const rejected = [
    "values {\n a = 1}\n",
    "values { a = 1\n}\n",
    "values { b {} }\n",
    "values {\n b {\n}}\n",
  ];
  const accepted = [
    "values { a = 1 }\n",
    "values { }\n",
    "values {\n b { a = 1 }\n}\n",
    "values { a = {\nb = 1} }\n",
  ];

  it.each(rejected)(
    "rejects %j: multi-line items end with a newline, single-line blocks hold one argument",
    (text) => {
      expect(() => parseHclFile(text, "t.hcl")).toThrow(HelmfileError);
    },
  );

  it.each(accepted)("accepts %j", (text) => {
    expect(() => parseHclFile(text, "t.hcl")).not.toThrow();
  });
});

describe("splat brackets", () => {
  it("treat `[` newline `*` as an index, which HCL (and hcl2json) reject at the `*`", () => {
    expect(() => parseHclFile("v1 = a[\n*][0]\n", "t.hcl")).toThrow(HelmfileError);
    expect(parseHclFile("v1 = a[*][0]\n", "t.hcl").attributes).toHaveLength(1);
  });
});

describe("number literals", () => {
  // Expected outcomes are HCL's own (hashicorp/hcl's parser, as run by @cdktf/hcl2json).
  const rejected = ["0.0.125", "1.0e2147483646", "8e2147483644", "1e-2147483650"];
  const accepted = ["7e2147483644", "1e-2147483649", "0e9999999999", "1.0.a"];

  it.each(rejected)("rejects %s: several dots, or a binary exponent outside Go's int32 range", (n) => {
    expect(() => parseHclFile(`v = ${n}\n`, "t.hcl")).toThrow(
      /t\.hcl:1,5-\d+: Invalid number literal; Failed to recognize the value of this number literal\.$/,
    );
  });

  it.each(accepted)("accepts %s", (n) => {
    expect(parseHclFile(`v = ${n}\n`, "t.hcl").attributes).toHaveLength(1);
  });
});

describe("keyword names before a parenthesis", () => {
  it("parse as function calls, as HCL (and hcl2json) do: null (1) is a call to null", () => {
    const body = parseHclFile("v = null (1)\nw = true\n", "t.hcl");
    expect(body.attributes[0]?.expr.t).toBe("call");
    expect(body.attributes[1]?.expr.t).toBe("lit");
  });
});
