/**
 * `explainValue`: why a state value or a release value has the value it has. Needs a state
 * loaded with `explain: true` (which records the layers; nothing is recorded otherwise).
 */
import { MergeError } from "../../shared/errors";
import type { FileSystem } from "../../shared/io";
import type { DesiredState } from "../../shared/model";
import { explainReleaseValue } from "./explain-release";
import { explainStateValue } from "./explain-state";
import { parseKeyPath, type ExplainResult } from "./explain-steps";

/** What to explain. */
export interface ExplainValueRequest {
  /** The key path, `a.b[0].c`. */
  readonly key: string;
  /** A release (`name`, `namespace/name` or its id); absent: the state values of the first state file loaded last (the root). */
  readonly release?: string;
  /** For state values: the state file (absolute path) whose `.Values` to explain, e.g. a sub-helmfile's; default the root state. */
  readonly stateFile?: string;
}

/** IO and settings of {@link explainValue}. */
export interface ExplainValueOptions {
  /** Reads values files and the chart's values.yaml. */
  readonly fs: FileSystem;
  /** helm's major version for release values; default 4. */
  readonly helmVersion?: 3 | 4;
  /**
   * The chart of a release whose chart is not a local directory (a repository or OCI chart pulled
   * by the caller), by release id: its folder and how to name it (`repo/chart@version`). Default none.
   */
  readonly pulledCharts?: ReadonlyMap<string, { readonly dir: string; readonly label: string }>;
  /** Unpacks a subchart archive of a chart's `charts/` and returns its chart folder; default none (archived subcharts are left out). */
  readonly unpack?: (archive: string) => string | undefined;
}

function dirOf(file: string): string {
  const i = file.lastIndexOf("/");
  return i <= 0 ? "/" : file.slice(0, i);
}

/** Explains one key; throws a {@link MergeError} (`EXPLAIN_*`) when the release is unknown or the state was not loaded with `explain: true`. */
export function explainValue(
  state: DesiredState,
  request: ExplainValueRequest,
  options: ExplainValueOptions,
): ExplainResult {
  const path = parseKeyPath(request.key);
  if (request.release === undefined) {
    // Sub-helmfiles come first, the root state last (helmfile's visiting order).
    const wanted = request.stateFile;
    const root =
      wanted === undefined
        ? state.states[state.states.length - 1]
        : state.states.find((s) => s.file === wanted);
    if (root === undefined && wanted !== undefined) {
      throw new MergeError("EXPLAIN_UNKNOWN_STATE", `no state file "${wanted}" was loaded`, {
        found: wanted,
        expected: state.states.map((s) => s.file).join(", "),
      });
    }
    if (root?.valuesProvenance === undefined) {
      throw new MergeError("EXPLAIN_NOT_RECORDED", "the state was not loaded with explain: true", {});
    }
    return explainStateValue(root.valuesProvenance, root.values, path, request.key, dirOf(root.file));
  }
  const wanted = request.release;
  const release = state.releases.find(
    (r) => r.id === wanted || r.name === wanted || `${r.namespace}/${r.name}` === wanted,
  );
  if (release === undefined) {
    throw new MergeError("EXPLAIN_UNKNOWN_RELEASE", `no release "${wanted}" in the selected state`, {
      found: wanted,
      expected: state.releases.map((r) => r.id).join(", "),
    });
  }
  const pulled = options.pulledCharts?.get(release.id);
  return explainReleaseValue(release, path, request.key, {
    fs: options.fs,
    ...(options.helmVersion === undefined ? {} : { helmVersion: options.helmVersion }),
    ...(pulled === undefined ? {} : { chart: pulled }),
    ...(options.unpack === undefined ? {} : { unpack: options.unpack }),
  });
}
