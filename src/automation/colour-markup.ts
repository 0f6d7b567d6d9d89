/**
 * The Pulumi engine's colour markup (`<{%fg 1%}>1 errored<{%reset%}>`, Pulumi's
 * sdk/go/common/diag/colors) in its diagnostics, summaries and error text: rendered as ANSI
 * escapes where output is coloured (a terminal), removed everywhere else.
 */

const DIRECTIVE = /<\{%([^%]*)%\}>/g;

/** The ANSI escape for one directive (`reset`, `bold`, `underline`, `fg N`, `bg N`); empty when unknown. */
function ansi(directive: string): string {
  const d = directive.trim();
  if (d === "reset") return "\u001b[0m";
  if (d === "bold") return "\u001b[1m";
  if (d === "underline") return "\u001b[4m";
  const m = /^(fg|bg) (\d{1,3})$/.exec(d);
  if (m === null) return "";
  return `\u001b[${m[1] === "fg" ? 38 : 48};5;${m[2] ?? "0"}m`;
}

/** `text` with the engine's colour markup rendered (`colour`) or removed. */
export function renderColourMarkup(text: string, colour: boolean): string {
  if (!text.includes("<{%")) return text;
  return text.replace(DIRECTIVE, (_, d: string) => (colour ? ansi(d) : ""));
}
