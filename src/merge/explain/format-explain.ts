/** The two printed forms of an {@link ExplainResult}: compact human text and the fixed JSON shape. */
import type { ExplainResult, ExplainSource } from "./explain-steps";

function where(s: ExplainSource): string {
  return s.line === null ? s.file : `${s.file}:${s.line}`;
}

/** `--output json`: `{release, key, value, source, chain}` exactly. */
export function explainJson(r: ExplainResult): string {
  return JSON.stringify({
    release: r.release,
    key: r.key,
    value: r.value,
    source: { file: r.source.file, line: r.source.line, layer: r.source.layer },
    chain: r.chain.map((s) => ({ file: s.file, line: s.line, layer: s.layer, value: s.value, rule: s.rule })),
  });
}

/** The human form: the winner, then the chain (loser first, winner last); or what was not found. */
export function explainText(r: ExplainResult): string {
  const subject = r.release === null ? `state value ${r.key}` : `${r.release} ${r.key}`;
  if (!r.found) {
    const hint = r.suggestions.length > 0 ? `; did you mean ${r.suggestions.join(", ")}?` : "";
    return `${subject}: no layer sets this key${hint}\n`;
  }
  const lines = [`${subject} = ${JSON.stringify(r.value)}  (${where(r.source)}, ${r.source.layer})`];
  r.chain.forEach((s, i) => {
    const mark = i === r.chain.length - 1 ? "=>" : "  ";
    lines.push(`${mark} ${JSON.stringify(s.value)}  ${where(s)}  [${s.layer}; ${s.rule}]`);
  });
  if (!r.exact)
    lines.push("note: the replayed layers differ from the loaded values; the chain may be incomplete");
  return `${lines.join("\n")}\n`;
}
