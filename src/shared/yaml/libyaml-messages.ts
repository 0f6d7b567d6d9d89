/**
 * libyaml's wording for the syntax errors users meet most, so messages read like
 * helmfile's and helm's (`yaml: line 1: did not find expected node content`). Errors
 * without a known counterpart keep the parser's own description.
 */

const RULES: ReadonlyArray<
  readonly [RegExp, (m: RegExpExecArray, source: string, offset: number) => string]
> = [
  [
    /^Flow (?:sequence|map) in block collection must be sufficiently indented and end with a ([\]}])/,
    (m, source, offset) => {
      // Right after the opening bracket libyaml is still looking for the first node.
      const before = source.slice(0, offset).replace(/\s+$/, "");
      return /[[{,]$/.test(before)
        ? "did not find expected node content"
        : `did not find expected ',' or '${m[1] ?? "]"}'`;
    },
  ],
  [
    /^Nested mappings are not allowed in compact mappings/,
    () => "mapping values are not allowed in this context",
  ],
  [/^Tabs are not allowed as indentation/, () => "found character that cannot start any token"],
  [/^Plain value cannot start with reserved character/, () => "found character that cannot start any token"],
  [/^Missing closing ["']quote/, () => "found unexpected end of stream"],
  [/^All mapping items must start at the same column/, () => "did not find expected key"],
  [/^Implicit keys need to be on a single line/, () => "could not find expected ':'"],
  [
    /^Unexpected block-seq-ind on same line with key/,
    () => "block sequence entries are not allowed in this context",
  ],
  [/^Invalid escape sequence/, () => "found unknown escape character"],
  [/^Unexpected scalar at node end/, () => "did not find expected key"],
];

/** The libyaml message for a parser message of the `yaml` package, or the message itself. */
export function libyamlMessage(message: string, source: string, offset: number): string {
  for (const [pattern, render] of RULES) {
    const m = pattern.exec(message);
    if (m !== null) return render(m, source, offset);
  }
  return message;
}
