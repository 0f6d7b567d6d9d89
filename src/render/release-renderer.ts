/**
 * Renders single releases on demand (the Pulumi components render release by release),
 * sharing one render session: one private helm home, repositories added once, one cache.
 */
import { RenderError } from "../shared/errors";
import type { DesiredState, LoadedState, PreparedRelease } from "../shared/model";
import { openRenderSession, type RenderIo } from "./render-state";
import type { RenderOptions } from "./render-types";

/** A reusable single-release renderer; call `dispose()` when done. */
export interface ReleaseRenderer {
  /** The manifest `helm template` prints for `release` (declared in one of `desired`'s states). */
  render(release: PreparedRelease, desired: DesiredState): Promise<string>;
  dispose(): void;
}

/** Creates a {@link ReleaseRenderer}. */
export function createReleaseRenderer(options: RenderOptions, io: RenderIo): ReleaseRenderer {
  const session = openRenderSession(options, io);
  return {
    render: async (release, desired) => {
      const state = owningState(release, desired);
      const result = await session.renderState({ ...state, releases: [release] });
      if (result.error !== undefined) throw result.error;
      return result.rendered[0]?.manifest ?? "";
    },
    dispose: () => session.dispose(),
  };
}

function owningState(release: PreparedRelease, desired: DesiredState): LoadedState {
  const state =
    desired.states.find((s) => s.releases.includes(release)) ??
    desired.states.find((s) =>
      s.releases.some((r) => r.id === release.id && r.stateFile === release.stateFile),
    );
  if (state === undefined) {
    throw new RenderError(
      "RELEASE_NOT_IN_STATE",
      `release "${release.name}" is not part of the desired state`,
      { file: release.stateFile },
    );
  }
  return state;
}
