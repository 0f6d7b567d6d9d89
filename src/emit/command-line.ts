/**
 * helmfile's per-run command-line overrides of `apply`/`sync`/`diff` (`--values`, `--set`,
 * `--args`, `--wait`, `--wait-for-jobs`, `--timeout`), applied to every release as helmfile
 * applies them (pkg/state: the command's values and set flags follow the release's own; `--wait`
 * and `--wait-for-jobs` turn waiting on whatever the release says; `--timeout` > 0 wins).
 */
import type { DesiredState, PreparedRelease } from "../shared/model";

/** One run's overrides. Every field is optional; absent means "as the state says". */
export interface CommandLineOverrides {
  /** `--values`: absolute paths of values files, merged after every release's own. */
  readonly values?: readonly string[];
  /** `--set`: helm `--set` expressions, applied after every release's own. */
  readonly set?: readonly string[];
  /** `--args`: extra helm arguments for every release's render. */
  readonly helmArgs?: string;
  /** `--wait`: every release waits for its objects (a release's `wait: false` does not stop it). */
  readonly wait?: boolean;
  /** `--wait-for-jobs`. */
  readonly waitForJobs?: boolean;
  /** `--timeout` in seconds; 0 or absent: the release's or helmDefaults'. */
  readonly timeout?: number;
}

/** The release with the run's `--values` and `--set` after its own sources. */
export function withCommandLineValues(release: PreparedRelease, o: CommandLineOverrides): PreparedRelease {
  const values = o.values ?? [];
  const set = o.set ?? [];
  if (values.length === 0 && set.length === 0) return release;
  return {
    ...release,
    values: [
      ...release.values,
      ...values.map((path) => ({ kind: "file" as const, path, origin: `--values ${path}`, secret: false })),
    ],
    setFlags: [
      ...release.setFlags,
      ...set.map((expression) => ({ kind: "set" as const, expression, secret: false })),
    ],
  };
}

/** The desired state with the run's `--values` and `--set` in every release (of each state too: they render from there). */
export function applyCommandLineValues(
  state: DesiredState,
  o: CommandLineOverrides | undefined,
): DesiredState {
  if (o === undefined || ((o.values ?? []).length === 0 && (o.set ?? []).length === 0)) return state;
  const each = (releases: readonly PreparedRelease[]): PreparedRelease[] =>
    releases.map((r) => withCommandLineValues(r, o));
  return {
    ...state,
    states: state.states.map((s) => ({
      ...s,
      releases: each(s.releases),
      ...(s.stateReleases === undefined ? {} : { stateReleases: each(s.stateReleases) }),
    })),
    releases: each(state.releases),
  };
}
