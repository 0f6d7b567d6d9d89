/** Normalisation and the two comparison levels (strict and manifests) of the corpus README. */
import { substitute, type NormalizeRule, type Placeholders } from "./case-model";

/** Applies the case's rules in order (literal replacements and global regexes). */
export function normalize(text: string, rules: readonly NormalizeRule[], p: Placeholders): string {
  let out = text;
  for (const rule of rules) {
    const to = substitute(rule.to, p);
    if (rule.op === "replace" && rule.from !== undefined) {
      const from = substitute(rule.from, p);
      if (from !== "") out = out.split(from).join(to);
    } else if (rule.op === "regex" && rule.pattern !== undefined) {
      // A function replacement keeps `$Name` in `to` literal, as the README means it.
      out = out.replace(new RegExp(rule.pattern, "g"), () => to);
    }
  }
  return out;
}

const LOG_LINE = [
  /^Building dependency release=/,
  /^Templating release=/,
  /^Adding repo /,
  /^"[^"]*" has been added to your repositories$/,
  /^Live output is enabled/,
];

/** Removes helmfile's and helm's log lines (the manifests level). */
export function stripLogLines(text: string): string {
  return text
    .split("\n")
    .filter((line) => !LOG_LINE.some((re) => re.test(line)))
    .join("\n");
}

/** Drops everything before the first `Building dependency` line (no local chart repo server). */
export function fromFirstBuildingLine(text: string): string {
  const i = text.search(/^Building dependency /m);
  return i < 0 ? text : text.slice(i);
}

/** A short description of the first difference, for the one-line report. */
export function firstDifference(expected: string, actual: string): string {
  const e = expected.split("\n");
  const a = actual.split("\n");
  for (let i = 0; i < Math.max(e.length, a.length); i++) {
    if (e[i] !== a[i]) {
      return `line ${i + 1}: expected ${JSON.stringify((e[i] ?? "<end>").slice(0, 80))}, got ${JSON.stringify((a[i] ?? "<end>").slice(0, 80))}`;
    }
  }
  return "texts differ";
}
