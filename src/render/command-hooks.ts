/**
 * The hooks a helmfile command triggers around one state (helmfile v1.8.0's
 * `Run.WithPreparedCharts`, `PrepareCharts` and the per-command release loops):
 * the state's `prepare`, then each desired release's `prepare` (only commands that prepare
 * charts), the command's work, each desired release's `cleanup` (only commands whose release
 * loop triggers it), and the state's `cleanup` with the work's first error as `.Event.Error`.
 *
 * Measured with the real helmfile v1.8.0 (hooks appending to a file):
 * | command | state prepare | release prepare | release cleanup | state cleanup |
 * |---|---|---|---|---|
 * | template, lint | yes | yes | yes | yes |
 * | write-values | yes | no | yes | yes |
 * | build, fetch (`pull`) | yes | yes | no | yes |
 * | list | yes (none with `--skip-charts`) | no | no | yes |
 *
 * helmfile prepares releases concurrently (`--concurrency`), so their order varies; here they
 * run one after another in declaration order, which is helmfile's order with `--concurrency 1`.
 * Release cleanups run after the whole command's work rather than after each release's
 * `helm template`; the order of the hooks among themselves is the same. A failing release
 * cleanup is only a warning, as in helmfile; a failing prepare fails the command before the
 * work, and then no cleanup runs.
 */
import type { LoadedState } from "../shared/model";
import { triggerHooks, type HookIo } from "./helmfile-hooks";

/** Which hooks a command triggers. */
export interface CommandHookPlan {
  /** `.HelmfileCommand` (fetch is `pull`). */
  readonly helmfileCommand: string;
  readonly releasePrepare: boolean;
  readonly releaseCleanup: boolean;
}

/** The plans of the commands we implement, keyed by our command name. */
export const COMMAND_HOOK_PLANS: Readonly<Record<string, CommandHookPlan>> = {
  template: { helmfileCommand: "template", releasePrepare: true, releaseCleanup: true },
  lint: { helmfileCommand: "lint", releasePrepare: true, releaseCleanup: true },
  "write-values": { helmfileCommand: "write-values", releasePrepare: false, releaseCleanup: true },
  build: { helmfileCommand: "build", releasePrepare: true, releaseCleanup: false },
  fetch: { helmfileCommand: "pull", releasePrepare: true, releaseCleanup: false },
  list: { helmfileCommand: "list", releasePrepare: false, releaseCleanup: false },
};

/** Options of {@link withCommandHooks}. */
export interface CommandHooksOptions {
  /** `--namespace`, visible as `.Namespace`. Default empty. */
  readonly overrideNamespace?: string;
  /** The failure a successful result stands for (e.g. the first of collected errors), for `.Event.Error`. */
  readonly errorOf?: (result: unknown) => unknown;
}

/**
 * Runs `work` for `state` between the hooks `plan` names. The work's error is rethrown after
 * the cleanups; a failing state cleanup fails the command (when the work succeeded).
 */
export async function withCommandHooks<T>(
  state: LoadedState,
  plan: CommandHookPlan,
  io: HookIo,
  work: () => Promise<T>,
  options: CommandHooksOptions = {},
): Promise<T> {
  const base = {
    state,
    helmfileCommand: plan.helmfileCommand,
    ...(options.overrideNamespace === undefined ? {} : { overrideNamespace: options.overrideNamespace }),
  };
  const desired = state.releases.filter((r) => r.installed);
  await triggerHooks("prepare", base, io);
  if (plan.releasePrepare)
    for (const release of desired) await triggerHooks("prepare", { ...base, release }, io);
  let failure: { error: unknown } | undefined;
  let result: T | undefined;
  try {
    result = await work();
    const reported = options.errorOf?.(result);
    if (reported !== undefined) failure = { error: reported };
  } catch (error) {
    failure = { error };
  }
  if (plan.releaseCleanup) {
    for (const release of desired) {
      try {
        await triggerHooks("cleanup", { ...base, release }, io);
      } catch (err) {
        io.logger.warn(`warn: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }
  await triggerHooks("cleanup", base, io, failure?.error).catch((err: unknown) => {
    if (failure === undefined) throw err;
    io.logger.warn(`warn: ${err instanceof Error ? err.message : String(err)}`);
  });
  if (failure !== undefined && result === undefined) throw failure.error;
  return result as T;
}
