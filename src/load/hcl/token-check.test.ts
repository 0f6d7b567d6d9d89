/**
 * The whole-file token check: the first token hcl never accepts, with hcl's range (expected
 * texts and ranges as helmfile v1.8.0 printed them for the same sources, cases template-hcl-*).
 */
import { firstTokenDiagnostic } from "./token-check";
import { SourceCursor } from "./source-cursor";

const at = (src: string): string | undefined => {
  const d = firstTokenDiagnostic(src);
  return d === undefined
    ? undefined
    : `${d.start.line},${d.start.column}-${d.end.line},${d.end.column}: ${d.summary}`;
};

describe("firstTokenDiagnostic", () => {
  it("accepts valid sources, strings and heredocs holding any character", () => {
    expect(at('values {\n  a = "x;@\'" # ;@\n  b = <<EOT\n@ & ;\nEOT\n}\n')).toBeUndefined();
    expect(at('values {\n  a = "${ {b = 1}.b }"\n}\n')).toBeUndefined();
  });

  it("reports stray characters, bitwise operators and other languages' quotes", () => {
    expect(at("values {\n  a = 1 @\n}\n")).toBe("2,9-2,10: Invalid character");
    expect(at("values {\n  a = 1 & 2\n}\n")).toBe("2,9-2,10: Unsupported operator");
    expect(at("values {\n  a = 'x'\n}\n")).toBe("2,7-2,8: Invalid character");
    expect(at("values {\n  a = 1;\n}\n")).toBe("2,8-2,9: Invalid character");
  });

  it("reports a newline inside a quoted string, also one opened inside an interpolation", () => {
    expect(at('values {\n  a = "abc\n}\n')).toBe("2,11-3,1: Invalid multi-line string");
    expect(at('values {\n  a = "${b"\n}\n')).toBe("2,12-3,1: Invalid multi-line string");
  });

  it("reports bytes that were not UTF-8 (decoded as U+FFFD)", () => {
    expect(at('values {\n  a = "\ufffd"\n}\n')).toBe("2,8-2,9: Invalid character encoding");
  });
});

describe("SourceCursor", () => {
  it("counts columns in grapheme clusters, as hcl does", () => {
    const src = "a👍🏽e\u0301b";
    const c = new SourceCursor(src);
    c.advance(src.length - 1);
    expect(c.position()).toEqual({ line: 1, column: 4 });
  });
});
