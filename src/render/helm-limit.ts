/**
 * A helm call made for a release that ran out of its time limit (`helmTimeoutMs`): the limit's own
 * message names only the command, so the release, its chart and the state file that declares it are
 * added. Any other error is returned as it is.
 */
import { LIMIT_CODES, LimitError } from "../shared/limits";
import type { PreparedRelease } from "../shared/model";

export function inReleaseOnTimeout(release: PreparedRelease, chart: string, e: unknown): unknown {
  if (!(e instanceof LimitError) || e.code !== LIMIT_CODES.helmTimeout) return e;
  return new LimitError(e.code, `release "${release.name}" (chart ${chart}): ${e.detail}`, {
    file: release.stateFile,
    cause: e,
  });
}
