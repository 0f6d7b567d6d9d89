/**
 * helmfile's `hooks:` around a command's work on one state (src/render/command-hooks.ts), with
 * the CLI's runner, file system, logger and environment.
 */
import { COMMAND_HOOK_PLANS, withCommandHooks, type HookIo } from "../render";
import type { LoadedState } from "../shared/model";
import type { CliContext } from "./cli-context";

/** The IO hooks run with in this invocation. */
export function hookIo(ctx: CliContext): HookIo {
  return { runner: ctx.runner, fs: ctx.fs, logger: ctx.logger, environ: ctx.host.env };
}

/**
 * Runs `work` for `state` between the hooks helmfile's `command` triggers; `errorOf` names the
 * failure a returned result stands for (collected errors), which the state's cleanup sees.
 */
export function withStateHooks<T>(
  ctx: CliContext,
  command: keyof typeof COMMAND_HOOK_PLANS & string,
  state: LoadedState,
  work: () => Promise<T>,
  errorOf?: (result: T) => unknown,
): Promise<T> {
  const plan = COMMAND_HOOK_PLANS[command];
  if (plan === undefined) return work();
  return withCommandHooks(state, plan, hookIo(ctx), work, {
    ...(ctx.settings.namespace === "" ? {} : { overrideNamespace: ctx.settings.namespace }),
    ...(errorOf === undefined ? {} : { errorOf: (r: unknown) => errorOf(r as T) }),
  });
}
