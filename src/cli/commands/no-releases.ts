/** What helmfile does when the selectors match no release. */
import { ConfigError } from "../../shared/errors";
import type { CliContext } from "../cli-context";

/**
 * With selectors: the error helmfile raises. `--allow-no-matching-release` does not stop it:
 * helmfile still prints it and skips what follows, but exits 0 (main.ts). Without selectors
 * an empty state is fine.
 */
export function reportNoReleases(ctx: CliContext): number {
  const sel = ctx.settings.selectors;
  if (sel.length === 0) return 0;
  throw new ConfigError(
    "NO_MATCHING_RELEASE",
    `err: no releases found that matches specified selector(${sel.join(",")}) and environment(${ctx.settings.environment}), in any helmfile`,
  );
}
