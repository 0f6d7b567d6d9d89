/** Judges one run of a case at both levels: strict (the CLI stream) and manifests. */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { checkAssertions } from "./assertions";
import type { HelmfileCase, RunCapture, Placeholders } from "./case-model";
import { dyffCompare } from "./dyff";
import { firstDifference, fromFirstBuildingLine, normalize, stripLogLines } from "./normalize";

/** Verdicts: undefined = pass, otherwise the reason. */
export interface Verdict {
  readonly strict: string | undefined;
  readonly manifests: string | undefined;
}

/** Compares one capture with the expectation named by `expected` (the case's or a variant's). */
export function judge(
  c: HelmfileCase,
  expected: string | null,
  capture: RunCapture,
  placeholders: Placeholders,
  cwd: string,
  options: { readonly repoServer: boolean },
): Verdict {
  const text = c.stream === "combined" ? capture.combined : capture.stdout;
  const assertionFailure = checkAssertions(c.assertions ?? [], {
    text,
    exitCode: capture.exitCode,
    cwd,
    placeholders,
  });
  if (c.compare === "assertions") return { strict: assertionFailure, manifests: assertionFailure };
  if (expected === null)
    return { strict: "case has no expected file", manifests: "case has no expected file" };
  const path = join(placeholders.CASE_DIR, expected);
  if (!existsSync(path))
    return { strict: `missing expected file ${expected}`, manifests: `missing expected file ${expected}` };
  const want = readFileSync(path, "utf8");
  if (c.compare === "dyff") {
    const d =
      capture.exitCode !== 0
        ? `exit code ${capture.exitCode}: ${lastLine(capture.combined)}`
        : dyffCompare(want, capture.stdout);
    const v = d ?? assertionFailure;
    return { strict: v, manifests: v };
  }
  let got = normalize(text, c.normalizeRules ?? [], placeholders);
  let expect = want;
  if (c.setup?.localChartRepoServer !== undefined && !options.repoServer) {
    got = fromFirstBuildingLine(got);
    expect = fromFirstBuildingLine(expect);
  }
  const failed =
    capture.exitCode !== 0 ? `exit code ${capture.exitCode}: ${lastLine(capture.combined)}` : undefined;
  const strict = failed ?? (got === expect ? assertionFailure : firstDifference(expect, got));
  const m1 = stripLogLines(expect);
  const m2 = stripLogLines(got);
  const manifests = failed ?? (m1 === m2 ? assertionFailure : firstDifference(m1, m2));
  return { strict, manifests };
}

function lastLine(text: string): string {
  const lines = text.trim().split("\n");
  return (lines[lines.length - 1] ?? "").slice(0, 160);
}
