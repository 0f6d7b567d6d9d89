/** The `case.json` format of the helmfile conformance corpus (see its README). */

/** One normalisation rule, applied in order to the captured stream. */
export interface NormalizeRule {
  readonly op: "replace" | "regex";
  readonly from?: string;
  readonly pattern?: string;
  readonly to: string;
}

/** One grep-style check. */
export interface Assertion {
  readonly type: string;
  readonly equals?: number;
  readonly notEquals?: number;
  readonly text?: string;
  readonly pattern?: string;
  readonly flags?: string;
  readonly path?: string;
  readonly start?: string;
  readonly end?: string;
  readonly excludeEndLine?: boolean;
  readonly assertions?: readonly Assertion[];
}

/** An extra run of the same inputs. */
export interface CaseVariant {
  readonly name: string;
  readonly env?: Readonly<Record<string, string>>;
  readonly extraGlobalArgs?: readonly string[];
  readonly expected?: string | null;
}

/** A whole `case.json`. */
export interface HelmfileCase {
  readonly name: string;
  readonly kind: "snapshot" | "integration";
  readonly command: readonly string[];
  readonly workdir?: string;
  readonly env?: Readonly<Record<string, string>>;
  readonly setup?: { readonly localChartRepoServer?: { readonly port: number; readonly chartsDir?: string } };
  readonly expected: string | null;
  readonly stream: "stdout" | "combined";
  readonly compare: "exact" | "dyff" | "assertions";
  readonly normalizeRules?: readonly NormalizeRule[];
  readonly assertions?: readonly Assertion[];
  readonly variants?: readonly CaseVariant[];
  readonly features?: readonly string[];
}

/** What one CLI run produced. */
export interface RunCapture {
  readonly exitCode: number;
  readonly stdout: string;
  /** stdout and stderr in write order. */
  readonly combined: string;
}

/** Placeholder values for rules and assertions. */
export interface Placeholders {
  readonly CASE_DIR: string;
  readonly CHARTS_DIR: string;
  readonly HELMFILE_CACHE_HOME: string;
  readonly OUTPUT_DIR: string;
  readonly TMP: string;
}

/** Replaces `${NAME}` placeholders. Unknown names stay as they are. */
export function substitute(text: string, p: Placeholders): string {
  return text.replace(/\$\{([A-Z_]+)\}/g, (m, name: string) => {
    const v = (p as unknown as Record<string, string | undefined>)[name];
    return v === undefined ? m : v;
  });
}
