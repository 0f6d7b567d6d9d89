/**
 * go-yaml's reader checks. Messages are readerc.go's (`yaml_parser_update_buffer`, go.yaml.in/yaml
 * v2.4.4 and v3.0.5); helmfile v1.8.0 prints the same four for a state file holding these bytes.
 */
import { goYamlBytesProblem, goYamlTextProblem } from "./go-yaml-reader";

const bytes = (...b: number[]): Uint8Array => Uint8Array.from(b);

describe("go-yaml reader checks", () => {
  it.each([
    ["a lone continuation octet", bytes(0x61, 0x80), "invalid leading UTF-8 octet"],
    ["0xff", bytes(0xff), "invalid leading UTF-8 octet"],
    ["a truncated euro sign at the end", bytes(0x61, 0xe2, 0x82), "incomplete UTF-8 octet sequence"],
    ["a bad trailing octet", bytes(0xe2, 0x28, 0xa1), "invalid trailing UTF-8 octet"],
    ["an overlong slash", bytes(0xc0, 0xaf), "invalid length of a UTF-8 sequence"],
    ["an encoded surrogate", bytes(0xed, 0xa0, 0x80), "invalid Unicode character"],
    ["NUL", bytes(0x61, 0x00), "control characters are not allowed"],
    ["DEL", bytes(0x7f), "control characters are not allowed"],
    ["C1 0x80 (U+0080)", bytes(0xc2, 0x80), "control characters are not allowed"],
    ["U+FFFE", bytes(0xef, 0xbf, 0xbe), "control characters are not allowed"],
  ])("refuses %s with go-yaml's text", (_name, input, problem) => {
    expect(goYamlBytesProblem(input)).toBe(problem);
  });

  it("accepts tabs, line breaks, NEL, a BOM, the euro sign and astral characters", () => {
    expect(goYamlBytesProblem(new TextEncoder().encode("\ufeffa:\t\r\n\u0085€😀\n"))).toBeUndefined();
    expect(goYamlTextProblem("\ufeffa:\t\r\n\u0085€😀\n")).toBeUndefined();
  });

  it("finds control characters in decoded text", () => {
    for (const c of ["\u0000", "\u001b", "\u007f", "\u0090", "\uffff"])
      expect(goYamlTextProblem(`a: ${c}`)).toBe("control characters are not allowed");
  });
});
