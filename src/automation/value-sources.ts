/**
 * Where each changed value of a preview or up came from: the state is loaded once more with
 * `explain: true` (only when some updated release has value changes to place) and each
 * change's key goes through `explainValue`, so the summary prints
 * `replicas: 3 => 5 (values/app.yaml.gotmpl:3)`.
 */
import { explainValue } from "../merge/explain/explain-value";
import { releaseResourceNames } from "../emit/resource-names";
import type { FileSystem } from "../shared/io";
import type { DesiredState } from "../shared/model";
import { withValueSources, type ReleaseChange } from "./change-summary";

/** True when some updated or replaced release has a changed value with a new value. */
export function needsValueSources(changes: readonly ReleaseChange[]): boolean {
  return changes.some(
    (r) => (r.op === "update" || r.op === "replace") && r.valuesChanges.some((c) => c.new !== undefined),
  );
}

/**
 * The changes with `source` set on each value change explain can place. `desired` must be
 * loaded with `explain: true` and the same options as the operation; the releases are matched
 * by their resource names (as {@link releaseResourceNames} gives them, without the component prefix).
 */
export function addValueSources(
  changes: readonly ReleaseChange[],
  desired: DesiredState,
  fs: FileSystem,
): ReleaseChange[] {
  const installed = desired.releases.filter((r) => r.installed);
  const names = releaseResourceNames(installed.map((r) => r.id));
  const byName = new Map(installed.map((r) => [names.get(r.id) ?? r.id, r]));
  return changes.map((change) => {
    const release = byName.get(change.release);
    if (release === undefined || (change.op !== "update" && change.op !== "replace")) return change;
    const valuesChanges = withValueSources(change.valuesChanges, (key) => {
      try {
        const r = explainValue(desired, { key, release: release.id }, { fs });
        return r.found ? r.source : undefined;
      } catch {
        // A key explain cannot place keeps its change without a source.
        return undefined;
      }
    });
    return { ...change, valuesChanges };
  });
}
