/** What helmfile does when the selectors match no release. */
import { ConfigError } from "../../shared/errors";
import type { LoadDesiredStateOptions } from "../../load/index";
import type { DesiredState } from "../../shared/model";
import type { CliContext } from "../cli-context";

/**
 * Loads the state for a command that reports "no matching release" itself: the load never
 * throws it (so `build` can print the states first); pass the result to {@link noMatchExit}.
 */
export function loadForCommand(
  ctx: CliContext,
  override: Partial<LoadDesiredStateOptions> = {},
): Promise<DesiredState> {
  return ctx.loadDesiredState({ ...override, allowNoMatchingRelease: true });
}

/**
 * helmfile's end of a command whose selectors matched nothing (cmd/root.go toCLIError): throws
 * the no-match error, which main.ts prints and turns into exit 3, or exit 0 with
 * `--allow-no-matching-release`. `undefined` when something matched.
 */
export function noMatchExit(
  ctx: CliContext,
  desired: DesiredState,
  options: NoMatchOptions = {},
): number | undefined {
  const message =
    desired.noMatchingRelease ??
    (options.byCondition === true && desired.releases.length === 0
      ? `err: no releases found that matches specified selector(${ctx.settings.selectors.join(", ")}) and environment(${ctx.settings.environment}), in any helmfile`
      : undefined);
  if (message === undefined) return undefined;
  throw new ConfigError("NO_MATCHING_RELEASE", message);
}

/** Options of {@link noMatchExit}. */
export interface NoMatchOptions {
  /**
   * Also when no release is left after `condition:` (default false): `template` counts a state
   * as processed only when GetSelectedReleases, which applies conditions even without
   * selectors, keeps a release (pkg/app/app.go withNeeds). `write-values` exits 0 then.
   */
  readonly byCondition?: boolean;
}
