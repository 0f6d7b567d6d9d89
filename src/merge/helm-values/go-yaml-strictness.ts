/**
 * Where libyaml (go-yaml) and the `yaml` package disagree on what a document is. go-yaml's
 * `Unmarshal` reads one document and never looks further, so whatever follows a `...` line, a
 * directive line or a `---` line after content is ignored, even when it is not valid YAML.
 */

/** The text of the first document as go-yaml's `Unmarshal` would read it. */
export function firstDocumentText(text: string): string {
  const lines = text.split("\n");
  let content = false;
  let started = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const boundary = /^(\.\.\.|---)(\s|$)/.test(line);
    const marker = boundary || line.startsWith("%");
    if ((content && marker) || (started && boundary)) return lines.slice(0, i).join("\n") + "\n";
    if (line.startsWith("---")) {
      started = true;
      if (!/^---\s*(#.*)?$/.test(line)) content = true;
    } else if (!marker && !/^\s*(#.*)?\r?$/.test(line)) {
      content = true;
    }
  }
  return text;
}

/**
 * A document-end marker (`...`) before any content: libyaml expects a node there. Returns
 * libyaml's message, or undefined. (Trailing commas in flow collections, by contrast, are
 * accepted by both, as helm 4.1.4 showed.)
 */
export function libyamlOnlyError(text: string): string | undefined {
  const lines = text.split("\n");
  const index = lines.findIndex((l) => !/^\s*(#.*)?\r?$/.test(l));
  if (index < 0) return undefined;
  const first = lines[index] as string;
  if (!/^\.\.\.(\s|$)/.test(first)) return undefined;
  // A parser error: libyaml prints the 0-based line of the problem and omits line 0.
  return `yaml: ${index > 0 ? `line ${index}: ` : ""}did not find expected node content`;
}
