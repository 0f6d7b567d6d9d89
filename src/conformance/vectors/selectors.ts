/** Vectors `selectors`: label selector parsing/matching, compatibility, and release selection. */
import {
  loadDesiredState,
  MemoryFileSystem,
  matchLabels,
  parseLabels,
  selectorsAreCompatible,
  subhelmfileSelectorsConflict,
  releaseSelectorLabels,
  type LabelFilter,
} from "../../load/index";
import { isHelmfileError } from "../../shared/errors";
import type { VectorHandler } from "./types";
import { plainJson } from "./maputil-merge-maps";

interface FilterInput {
  positive: [string, string][];
  negative: [string, string][];
}

function same(actual: unknown, expected: unknown): true | string {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  return a === e ? true : `expected ${e}, got ${a}`;
}

function checkError(v: Parameters<VectorHandler>[0], fn: () => unknown): true | string {
  try {
    fn();
  } catch (err) {
    const msg = isHelmfileError(err) ? err.detail : String(err);
    if (typeof v.errorEquals === "string" && msg !== v.errorEquals)
      return `error ${JSON.stringify(msg)} != ${JSON.stringify(v.errorEquals)}`;
    return true;
  }
  return "expected an error";
}

export const selectorsHandler: VectorHandler = (v) => {
  const input = v.input as Record<string, unknown>;
  switch (v.function) {
    case "parseLabels": {
      if (v.expectError === true) return checkError(v, () => parseLabels(input.selector as string));
      const f = parseLabels(input.selector as string);
      return same({ positive: f.positive, negative: f.negative }, v.expected);
    }
    case "matchLabels": {
      const filter = input.filter as FilterInput;
      if (input.releases !== undefined) {
        const rels = input.releases as { labels?: Record<string, string> }[];
        return same(
          rels.map((r) => matchLabels(filter as LabelFilter, r.labels ?? {})),
          v.expected,
        );
      }
      return same(matchLabels(filter as LabelFilter, input.labels as Record<string, string>), v.expected);
    }
    case "parseLabels+matchLabels": {
      const f = parseLabels(input.selector as string);
      return same(
        {
          positive: f.positive,
          negative: f.negative,
          match: matchLabels(f, input.labels as Record<string, string>),
        },
        v.expected,
      );
    }
    case "selectorsAreCompatible": {
      const r = selectorsAreCompatible(input.a as string[], input.b as string[]);
      if (v.expectError === true && r.error === undefined) return "expected an error";
      return same(r.compatible, v.expected);
    }
    case "subhelmfileSelectorsConflict":
      return same(
        subhelmfileSelectorsConflict(
          input.cliSelectors as string[] | null,
          input.subhelmfile as { selectors: string[] | null; selectorsInherited?: boolean },
        ),
        v.expected,
      );
    case "selectReleases": {
      const fs = new MemoryFileSystem(input.files as Record<string, string>);
      const state = loadDesiredState(
        {
          cwd: "/",
          file: input.file as string,
          environment: input.env as string,
          selectors: input.selectors as string[],
          includeTransitiveNeeds: input.includeTransitiveNeeds === true,
          allowNoMatchingRelease: true,
        },
        { fs, env: {} },
      );
      return same(
        state.releases.map((r) => r.name),
        v.expected,
      );
    }
    case "releaseLabels": {
      const r = input.release as {
        name: string;
        namespace?: string;
        chart: string;
        labels?: Record<string, string>;
      };
      const labels = releaseSelectorLabels(
        { name: r.name, namespace: r.namespace ?? "", chart: r.chart, labels: r.labels ?? {} },
        (input.commonLabels as Record<string, string>) ?? {},
      );
      return plainJson(labels) === plainJson(v.expected)
        ? true
        : `expected ${plainJson(v.expected)}, got ${plainJson(labels)}`;
    }
    default:
      return `unknown function ${String(v.function)}`;
  }
};
