/**
 * Levenshtein distance between two sequences (of characters, code points or bytes: the caller
 * splits the text as the program it follows counts it). One copy for cobra's "Did you mean"
 * (src/cli/suggest.ts) and hcl's (src/load/hcl).
 */
export function levenshtein<T>(x: readonly T[], y: readonly T[]): number {
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      row.push(Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost));
    }
    prev = row;
  }
  return prev[y.length] ?? 0;
}
