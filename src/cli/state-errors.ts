/**
 * helmfile's wording of errors that belong to one state file: pkg/app/app.go wraps an error
 * raised while processing a file as `in <dir>/<file>: <error>` (`in ./helmfile.yaml: …`).
 */
import { isAbsolute, posix, relative, sep } from "node:path";
import type { CliContext } from "./cli-context";
import { isHelmfileError, RenderError } from "../shared/errors";
import type { LoadedState } from "../shared/model";
import { planReleases } from "../render/plan-releases";

/**
 * `<dir>/<file>` as helmfile names the state in its errors: the path it was found by, from the
 * invocation's folder (`./helmfile.yaml`, `sub/helmfile.yaml` for `-f sub/helmfile.yaml`,
 * `helmfile.d/a.yaml`), absolute when `-f` was.
 */
export function helmfileStateName(ctx: CliContext, state: LoadedState): string {
  const given = ctx.settings.file;
  const p = isAbsolute(given) ? state.file : relative(ctx.host.cwd, state.file) || state.file;
  return `${posix.dirname(p.split(sep).join("/"))}/${posix.basename(p.split(sep).join("/"))}`;
}

/** Codes whose errors helmfile prefixes with the state's name. */
const PER_STATE_CODES = new Set(["NEEDS_UNDEFINED", "NEEDS_NOT_SELECTED"]);

/**
 * A lock file without a version for a release's chart, in helmfile's words for `command`:
 * `in ./helmfile.yaml: [no resolved dependency …]` (build, template: its error list), list's
 * `in ./helmfile.yaml: unable to resolve dependencies for helmfile.yaml: no resolved dependency …`.
 */
export function lockFailure(
  ctx: CliContext,
  state: LoadedState,
  err: unknown,
  command: "build" | "list" | "template",
): unknown {
  if (!isHelmfileError(err) || err.code !== "LOCK_UNRESOLVED") return err;
  const prefix = state.errorContext ?? `in ${helmfileStateName(ctx, state)}`;
  const bare = err.detail.startsWith(`${prefix}: `) ? err.detail.slice(prefix.length + 2) : err.detail;
  const text =
    command === "list"
      ? `unable to resolve dependencies for ${posix.basename(state.file)}: ${bare}`
      : `[${bare}]`;
  return new RenderError(err.code, `${prefix}: ${text}`, { file: state.file, cause: err });
}

/** `err` with helmfile's `in <file>: ` prefix for the state (an undefined or unselected `needs`). */
export function inStateFile(ctx: CliContext, state: LoadedState, err: unknown): unknown {
  if (isHelmfileError(err) && err.code === "LOCK_UNRESOLVED") return lockFailure(ctx, state, err, "template");
  if (isHelmfileError(err) && err.code === "CHARTIFY_FAILED") {
    // helmfile's list of the state's chart preparation errors: `in ./helmfile.yaml: [<chartify's error>]`.
    const prefix = state.errorContext ?? `in ${helmfileStateName(ctx, state)}`;
    return new RenderError(err.code, `${prefix}: [${err.detail}]`, {
      file: state.file,
      locationLine: true,
      cause: err,
    });
  }
  if (!isHelmfileError(err) || !PER_STATE_CODES.has(err.code)) return err;
  // Already prefixed with the state's chain by the renderer (`in ./helmfile.yaml: in .helmfiles[0]: …`).
  if (state.errorContext !== undefined && err.detail.startsWith(`${state.errorContext}: `)) return err;
  const prefix = state.errorContext ?? `in ${helmfileStateName(ctx, state)}`;
  return new RenderError(err.code, `${prefix}: ${err.detail}`, {
    file: state.file,
    cause: err,
  });
}

/**
 * The needs check of the commands that plan over the selected releases only (helmfile's
 * `show-dag` with the state filtered by the selectors): a need outside the selection is
 * undefined there.
 */
export function checkNeedsWithinSelection(ctx: CliContext, state: LoadedState): void {
  try {
    planReleases(state.releases);
  } catch (err) {
    throw inStateFile(ctx, state, err);
  }
}
