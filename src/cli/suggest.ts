/**
 * "Did you mean" candidates as cobra computes them (command.go SuggestionsFor): every name
 * within a case-insensitive Levenshtein distance of `minDistance` (cobra's default
 * SuggestionsMinimumDistance is 2), or that starts with what was typed.
 */
import { levenshtein as editDistance } from "../shared/levenshtein";

/** Case-insensitive Levenshtein distance (cobra's `ld(s, t, true)`), over UTF-16 units. */
export function levenshtein(a: string, b: string): number {
  return editDistance(a.toLowerCase().split(""), b.toLowerCase().split(""));
}

/** The names worth suggesting for `typed`, in the order given. */
export function suggestionsFor(typed: string, names: readonly string[], minDistance = 2): string[] {
  const lower = typed.toLowerCase();
  return names.filter(
    (n) => n !== typed && (levenshtein(typed, n) <= minDistance || n.toLowerCase().startsWith(lower)),
  );
}

/** cobra's suffix of an unknown-command error: an empty line, the header, one tab-indented name per line. */
export function didYouMean(suggestions: readonly string[]): string {
  return suggestions.length === 0
    ? ""
    : `\n\nDid you mean this?\n${suggestions.map((s) => `\t${s}\n`).join("")}`;
}
