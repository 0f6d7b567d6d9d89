/**
 * helmfile's check for `--skip-needs=false` without `--include-needs`: a selected release
 * may not need an installed release that the selectors left out. The first violation (in
 * processing order) is reported with helmfile's message.
 */
import { ConfigError } from "../shared/errors";
import type { DesiredState } from "../shared/model";

/** Returns the error for the first selected release that needs an unselected one, if any. */
export function checkUnselectedNeeds(selected: DesiredState, all: DesiredState): ConfigError | undefined {
  const chosen = new Set(selected.states.flatMap((s) => s.releases.map((r) => r.id)));
  for (const full of all.states) {
    const installed = new Map(full.releases.filter((r) => r.installed).map((r) => [r.id, r]));
    const sel = selected.states.find((s) => s.file === full.file);
    for (const r of sel?.releases ?? []) {
      if (!r.installed) continue;
      for (const need of r.needs) {
        const dep = installed.get(need);
        if (dep === undefined || chosen.has(need)) continue;
        const where =
          full.displayPath.startsWith("/") || full.displayPath.startsWith(".")
            ? full.displayPath
            : `./${full.displayPath}`;
        return new ConfigError(
          "NEEDS_NOT_SELECTED",
          `in ${where}: release "${r.id}" depends on "${need}" which does not match the selectors. ` +
            `Please add a selector like "--selector name=${dep.name}", or indicate whether to skip (--skip-needs) or include (--include-needs) these dependencies`,
          { file: full.file, keyPath: ["releases", r.name, "needs"], found: need },
        );
      }
    }
  }
  return undefined;
}
