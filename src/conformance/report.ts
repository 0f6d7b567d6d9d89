/** Shared output helpers for the conformance runner. */

/** Outcome of one case or vector. */
export interface Outcome {
  readonly id: string;
  readonly passed: boolean;
  /** Short reason for a failure (first line shown). */
  readonly reason?: string;
  /** Grouping key for breakdowns (topic, feature). */
  readonly group?: string;
}

/** Prints one line per outcome, a per-group breakdown, then `label: N passed, M failed`. */
export function printReport(
  label: string,
  outcomes: readonly Outcome[],
  options: { breakdown?: boolean } = {},
): boolean {
  const out = process.stdout;
  for (const o of outcomes) {
    const reason =
      o.passed || o.reason === undefined ? "" : `  ${o.reason.split("\n")[0]?.slice(0, 200) ?? ""}`;
    out.write(`${o.passed ? "PASS" : "FAIL"} ${o.id}${reason}\n`);
  }
  if (options.breakdown) {
    const groups = new Map<string, { p: number; f: number }>();
    for (const o of outcomes) {
      const g = groups.get(o.group ?? "") ?? { p: 0, f: 0 };
      if (o.passed) g.p++;
      else g.f++;
      groups.set(o.group ?? "", g);
    }
    for (const [g, c] of [...groups.entries()].sort()) out.write(`  ${g}: ${c.p} passed, ${c.f} failed\n`);
  }
  const passed = outcomes.filter((o) => o.passed).length;
  out.write(`${label}: ${passed} passed, ${outcomes.length - passed} failed\n`);
  return passed === outcomes.length;
}

/** Runs `fn`, turning a throw into a failed outcome. */
export async function attempt(
  id: string,
  group: string | undefined,
  fn: () => Promise<string | true> | string | true,
): Promise<Outcome> {
  try {
    const r = await fn();
    return r === true
      ? { id, passed: true, ...(group === undefined ? {} : { group }) }
      : { id, passed: false, reason: r, ...(group === undefined ? {} : { group }) };
  } catch (err) {
    const reason = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    return { id, passed: false, reason, ...(group === undefined ? {} : { group }) };
  }
}
