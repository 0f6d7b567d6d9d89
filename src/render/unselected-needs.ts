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
    const sel = (selected.states.find((s) => s.file === full.file)?.releases ?? []).filter(
      (r) => r.installed,
    );
    const missing = sel.flatMap((r) => r.needs).find((n) => installed.has(n) && !chosen.has(n));
    if (missing === undefined) continue;
    const dependents = sel.filter((r) => r.needs.includes(missing)).map((r) => JSON.stringify(r.id));
    const who =
      dependents.length < 3
        ? dependents.join(" and ")
        : `${dependents.slice(0, -1).join(", ")}, and ${dependents[dependents.length - 1] ?? ""}`;
    const name = installed.get(missing)?.name ?? missing;
    const where =
      full.displayPath.startsWith("/") || full.displayPath.startsWith(".")
        ? full.displayPath
        : `./${full.displayPath}`;
    return new ConfigError(
      "NEEDS_NOT_SELECTED",
      `in ${where}: release ${who} ${dependents.length === 1 ? "depends" : "depend"} on "${missing}" which does not match the selectors. ` +
        `Please add a selector like "--selector name=${name}", or indicate whether to skip (--skip-needs) or include (--include-needs) these dependencies`,
      { file: full.file, found: missing },
    );
  }
  return undefined;
}
