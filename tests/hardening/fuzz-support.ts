/**
 * Shared pieces of the hardening fuzz properties: run counts (raised by `scripts/fuzz.sh`
 * through `FUZZ_RUNS`), the "result or typed error" check, and a tally of what was seen.
 */
import { isHelmfileError } from "../../src/shared/errors";

/** Runs per property: `FUZZ_RUNS` when set (scripts/fuzz.sh), else a bound fit for the test suite. */
export function fuzzRuns(defaultRuns: number): number {
  const raw = process.env.FUZZ_RUNS;
  const n = raw === undefined ? NaN : Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : defaultRuns;
}

/** Wall-clock budget per property in ms (`FUZZ_TIME_MS`, default 8000); fast-check stops early when hit. */
export function fuzzTimeMs(): number {
  const n = Number(process.env.FUZZ_TIME_MS ?? "8000");
  return Number.isSafeInteger(n) && n > 0 ? n : 8000;
}

/** What one property run ended with. */
export type Outcome = "ok" | `error:${string}`;

/** Counts outcomes per property so a run can report what it exercised. */
export const tally = new Map<string, Map<Outcome, number>>();

/**
 * Runs `fn` and returns its outcome; rethrows anything that is not a `HelmfileError` so
 * fast-check shrinks and reports the input that produced it.
 */
export function typedOutcome(property: string, fn: () => unknown): Outcome {
  let outcome: Outcome;
  try {
    fn();
    outcome = "ok";
  } catch (err) {
    if (!isHelmfileError(err)) throw err;
    outcome = `error:${err.code}`;
  }
  const counts = tally.get(property) ?? new Map<Outcome, number>();
  counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
  tally.set(property, counts);
  return outcome;
}

/** One line per property: runs and the most frequent outcomes (printed when FUZZ_REPORT is set). */
export function tallyReport(): string {
  const lines: string[] = [];
  for (const [prop, counts] of tally) {
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    const top = [...counts.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([k, v]) => `${k}=${v}`)
      .join(" ");
    lines.push(`${prop}: ${total} runs; ${top}`);
  }
  return lines.join("\n");
}
