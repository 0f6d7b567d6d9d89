/**
 * Release selectors (`-l k=v,k2!=v2`): parsing, matching, helmfile's implicit labels, and the
 * compatibility check that lets a sub-helmfile with conflicting selectors be skipped.
 */
import { LoadError } from "../shared/errors";

/** One parsed selector: all positive terms must match, no negative term may match. */
export interface LabelFilter {
  readonly positive: ReadonlyArray<readonly [string, string]>;
  readonly negative: ReadonlyArray<readonly [string, string]>;
}

const MISMATCH_RE = /^[a-zA-Z0-9_./+-]+!=[a-zA-Z0-9_./+-]+$/;
const MATCH_RE = /^[a-zA-Z0-9_./+-]+=[a-zA-Z0-9_./+-]+$/;

/** Parses one selector; throws `LOAD_BAD_SELECTOR` with helmfile's message for a malformed term. */
export function parseLabels(selector: string): LabelFilter {
  const positive: Array<readonly [string, string]> = [];
  const negative: Array<readonly [string, string]> = [];
  for (const label of selector.split(",")) {
    if (MISMATCH_RE.test(label)) {
      const [k = "", v = ""] = label.split("!=");
      negative.push([k, v]);
    } else if (MATCH_RE.test(label)) {
      const [k = "", v = ""] = label.split("=");
      positive.push([k, v]);
    } else {
      throw new LoadError(
        "LOAD_BAD_SELECTOR",
        `malformed label: ${label}. Expected label in form k=v or k!=v`,
        {
          expected: "k=v or k!=v",
          found: label,
        },
      );
    }
  }
  return { positive, negative };
}

/** True when `labels` satisfy the filter (a negative term matches when the label is absent). */
export function matchLabels(filter: LabelFilter, labels: Readonly<Record<string, string>>): boolean {
  for (const [k, v] of filter.positive) {
    if (!Object.prototype.hasOwnProperty.call(labels, k) || labels[k] !== v) return false;
  }
  for (const [k, v] of filter.negative) {
    if (Object.prototype.hasOwnProperty.call(labels, k) && labels[k] === v) return false;
  }
  return true;
}

/** True when any of the OR-ed selectors matches (no selectors: everything matches). */
export function matchAnySelector(
  filters: readonly LabelFilter[],
  labels: Readonly<Record<string, string>>,
): boolean {
  return filters.length === 0 || filters.some((f) => matchLabels(f, labels));
}

/** Result of {@link selectorsAreCompatible}: a parse error still answers `compatible: true`. */
export interface CompatibilityResult {
  readonly compatible: boolean;
  readonly error?: LoadError;
}

function positivesCompatible(a: LabelFilter, b: LabelFilter): boolean {
  return a.positive.every(([ka, va]) => b.positive.every(([kb, vb]) => ka !== kb || va === vb));
}

/**
 * Whether two selector sets could select the same release: only positive terms are compared;
 * any compatible pair is enough. Malformed input answers true (never skip by mistake).
 */
export function selectorsAreCompatible(a: readonly string[], b: readonly string[]): CompatibilityResult {
  if (a.length === 0 || b.length === 0) return { compatible: true };
  let fa: LabelFilter[];
  let fb: LabelFilter[];
  try {
    fa = a.map(parseLabels);
    fb = b.map(parseLabels);
  } catch (err) {
    return { compatible: true, error: err as LoadError };
  }
  return { compatible: fa.some((x) => fb.some((y) => positivesCompatible(x, y))) };
}

/** A sub-helmfile entry as far as selectors are concerned. */
export interface SubHelmfileSelectors {
  readonly selectors?: readonly string[] | null | undefined;
  readonly selectorsInherited?: boolean | undefined;
}

/** True when a sub-helmfile's explicit selectors can never match together with the CLI selectors. */
export function subhelmfileSelectorsConflict(
  cliSelectors: readonly string[] | null | undefined,
  sub: SubHelmfileSelectors,
): boolean {
  const own = sub.selectors ?? [];
  if ((cliSelectors ?? []).length === 0 || own.length === 0 || sub.selectorsInherited === true) return false;
  return !selectorsAreCompatible(cliSelectors ?? [], own).compatible;
}

/**
 * The labels a release is selected by: commonLabels, its own labels, then `name`,
 * `namespace` and `chart` (last path segment of the chart reference), which win.
 */
export function releaseSelectorLabels(
  release: {
    readonly name: string;
    readonly namespace: string;
    readonly chart: string;
    readonly labels: Readonly<Record<string, string>>;
  },
  commonLabels: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const out: Record<string, string> = { ...commonLabels, ...release.labels };
  out.name = release.name;
  out.namespace = release.namespace;
  const parts = release.chart.split("/");
  out.chart = parts[parts.length - 1] ?? "";
  return out;
}
