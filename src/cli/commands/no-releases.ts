/** What helmfile does when the selectors match no release. */
import { ConfigError } from "../../shared/errors";
import type { CliContext } from "../cli-context";
import { flagBool } from "../parse-args";

/**
 * With selectors: the error helmfile prints (`--allow-no-matching-release` turns it into
 * success). Without selectors an empty state is fine.
 */
export function reportNoReleases(ctx: CliContext): number {
  const sel = ctx.settings.selectors;
  if (sel.length === 0 || flagBool(ctx.flags, "allow-no-matching-release")) return 0;
  throw new ConfigError(
    "NO_MATCHING_RELEASE",
    `err: no releases found that matches specified selector(${sel.join(",")}) and environment(${ctx.settings.environment}), in any helmfile`,
  );
}
