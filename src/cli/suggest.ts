/**
 * "Did you mean" candidates as cobra computes them (command.go SuggestionsFor): every name
 * within a case-insensitive Levenshtein distance of `minDistance` (cobra's default
 * SuggestionsMinimumDistance is 2), or that starts with what was typed.
 */

/** Case-insensitive Levenshtein distance (cobra's `ld(s, t, true)`). */
export function levenshtein(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  let prev = Array.from({ length: t.length + 1 }, (_, i) => i);
  for (let i = 1; i <= s.length; i++) {
    const cur = [i];
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      cur[j] = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
    }
    prev = cur;
  }
  return prev[t.length] ?? 0;
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
