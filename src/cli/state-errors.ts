/**
 * helmfile's wording of errors that belong to one state file: pkg/app/app.go wraps an error
 * raised while processing a file as `in <dir>/<file>: <error>` (`in ./helmfile.yaml: …`).
 */
import { posix } from "node:path";
import { isHelmfileError, RenderError } from "../shared/errors";
import type { LoadedState } from "../shared/model";
import { planReleases } from "../render/plan-releases";

/** `<dir>/<file>` as helmfile names the state in its errors: `./helmfile.yaml`, `helmfile.d/a.yaml`. */
export function helmfileStateName(state: LoadedState): string {
  const p = state.displayPath;
  return `${posix.dirname(p)}/${posix.basename(p)}`;
}

/** `err` with the state's `in <file>: ` prefix when helmfile adds it (an undefined `needs`). */
export function inStateFile(state: LoadedState, err: unknown): unknown {
  if (!isHelmfileError(err) || err.code !== "NEEDS_UNDEFINED" || err.detail.startsWith("in ")) return err;
  return new RenderError(err.code, `in ${helmfileStateName(state)}: ${err.detail}`, {
    file: state.file,
    cause: err,
  });
}

/**
 * The needs check of the commands that plan over the selected releases only (helmfile's
 * `show-dag` and `lint` with the state filtered by the selectors): a need outside the selection
 * is undefined there.
 */
export function checkNeedsWithinSelection(state: LoadedState): void {
  try {
    planReleases(state.releases);
  } catch (err) {
    throw inStateFile(state, err);
  }
}
