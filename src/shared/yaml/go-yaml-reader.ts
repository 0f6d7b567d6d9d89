/**
 * The input checks of go-yaml's reader (`yaml_parser_update_buffer` in readerc.go, identical in
 * go.yaml.in/yaml v2.4.4 and v3.0.5): the bytes must be valid UTF-8 and every character must be
 * printable in YAML 1.1's sense. go-yaml reports these without a line (`p.fail` in decode.go
 * has no mark for reader errors), as `yaml: <problem>`.
 */

/** go-yaml's reader problem for `bytes` (UTF-8), or undefined when it reads them. */
export function goYamlBytesProblem(bytes: Uint8Array): string | undefined {
  for (let i = 0; i < bytes.length;) {
    const octet = bytes[i] as number;
    const width = octet < 0x80 ? 1 : octet >> 5 === 6 ? 2 : octet >> 4 === 14 ? 3 : octet >> 3 === 30 ? 4 : 0;
    if (width === 0) return "invalid leading UTF-8 octet";
    if (i + width > bytes.length) return "incomplete UTF-8 octet sequence";
    let value = width === 1 ? octet : octet & (0x7f >> width);
    for (let k = 1; k < width; k++) {
      const trailing = bytes[i + k] as number;
      if ((trailing & 0xc0) !== 0x80) return "invalid trailing UTF-8 octet";
      value = (value << 6) + (trailing & 0x3f);
    }
    const minimum = [0, 0, 0x80, 0x800, 0x10000][width] as number;
    if (value < minimum) return "invalid length of a UTF-8 sequence";
    if ((value >= 0xd800 && value <= 0xdfff) || value > 0x10ffff) return "invalid Unicode character";
    if (!isPrintable(value)) return CONTROL_CHARACTERS;
    i += width;
  }
  return undefined;
}

const CONTROL_CHARACTERS = "control characters are not allowed";

/** `#x9 | #xA | #xD | [#x20-#x7E] | #x85 | [#xA0-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]`. */
function isPrintable(c: number): boolean {
  return (
    c === 0x09 ||
    c === 0x0a ||
    c === 0x0d ||
    (c >= 0x20 && c <= 0x7e) ||
    c === 0x85 ||
    (c >= 0xa0 && c <= 0xd7ff) ||
    (c >= 0xe000 && c <= 0xfffd) ||
    (c >= 0x10000 && c <= 0x10ffff)
  );
}

/** The characters go-yaml's reader refuses, for text already decoded (surrogate pairs pass). */
const NOT_PRINTABLE = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ufffe\uffff]/;

/** go-yaml's reader problem for decoded `text` (only control characters can remain), or undefined. */
export function goYamlTextProblem(text: string): string | undefined {
  return NOT_PRINTABLE.test(text) ? CONTROL_CHARACTERS : undefined;
}
