/** "Did you mean": existing keys close to a missing one (edit distance, then shared prefix). */

function distance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0] as number;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j] as number;
      prev[j] = Math.min(up + 1, (prev[j - 1] as number) + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length] as number;
}

/** Up to `max` keys of `keys` closest to `key` (within a third of its length, or sharing its last segment). */
export function suggestKeys(key: string, keys: readonly string[], max = 3): string[] {
  const last = key.split(".").pop() ?? key;
  return keys
    .map((k) => ({ k, d: distance(key, k) }))
    .filter(
      ({ k, d }) =>
        d <= Math.max(2, Math.floor(key.length / 3)) ||
        k.split(".").pop() === last ||
        k.startsWith(`${key}.`) ||
        k.startsWith(`${key}[`),
    )
    .sort((a, b) => a.d - b.d || (a.k < b.k ? -1 : 1))
    .slice(0, max)
    .map(({ k }) => k);
}
