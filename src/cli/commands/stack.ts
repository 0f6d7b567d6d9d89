/**
 * `preview`, `up`, `destroy`, `refresh`, `status`: the helmfile through Pulumi. Only the flag
 * tables live here; the automation layer (and with it the Pulumi SDK) is imported when one
 * of these commands runs, so `template`, `list` or `--help` never load it.
 */
import { DESTROY_FLAGS, PREVIEW_FLAGS, STACK_COMMAND_FLAGS, UP_FLAGS } from "../../automation/cli-flags";
import { deferTypescript } from "../../emit/sdk-typescript";
import type { CliContext } from "../cli-context";
import type { FlagSpec } from "../parse-args";
import type { CommandSpec } from "./command-spec";

/** The stack commands' names (helmfile's `diff`, `apply` and `sync` beside Pulumi's names). */
export type StackCommandName =
  "preview" | "diff" | "up" | "apply" | "sync" | "destroy" | "refresh" | "status" | "cancel";

const SUMMARIES: Record<StackCommandName, string> = {
  preview: "Show what `up` would change, per release (like `helmfile diff`)",
  diff: "helmfile's name of `preview`: what `apply` would change, per release",
  up: "Apply the releases through Pulumi to the cluster of the current kube context",
  apply: "helmfile's name of `up`: apply what changed to the cluster",
  sync: "helmfile's `sync`: `up` (Pulumi applies what differs from the stack)",
  destroy: "Delete everything the stack created (with -l: only the selected releases)",
  refresh: "Read the releases' objects back from the cluster into the stack's state (drift)",
  status: "List the releases the Pulumi stack holds (like `helmfile status`)",
  cancel: "Clear the lock a killed `up` left on the stack (`pulumi cancel`); never while an update runs",
};

/** The commands that change the cluster or the stack's state (see {@link CommandSpec.runsToTheEnd}). */
const CHANGES: ReadonlySet<StackCommandName> = new Set([
  "up",
  "apply",
  "sync",
  "destroy",
  "refresh",
  "cancel",
]);

const OWN_FLAGS: Record<StackCommandName, readonly FlagSpec[]> = {
  preview: PREVIEW_FLAGS,
  diff: PREVIEW_FLAGS,
  up: UP_FLAGS,
  apply: UP_FLAGS,
  sync: UP_FLAGS,
  destroy: DESTROY_FLAGS,
  refresh: [],
  status: [{ name: "args", type: "string", refuse: "status reads the Pulumi stack; helm is not run" }],
  cancel: [],
};

function stackCommand(command: StackCommandName): CommandSpec {
  return {
    name: command,
    summary: SUMMARIES[command],
    flags: [...STACK_COMMAND_FLAGS, ...OWN_FLAGS[command]],
    runsToTheEnd: CHANGES.has(command),
    run: async (ctx: CliContext) => {
      // Before the SDK is imported: its TypeScript compiler loads only if used (never, here).
      deferTypescript();
      return (await import("./stack-run")).runStack(command, ctx);
    },
  };
}

/** The stack commands. */
export const stackCommands: readonly CommandSpec[] = [
  stackCommand("preview"),
  stackCommand("diff"),
  stackCommand("up"),
  stackCommand("apply"),
  stackCommand("sync"),
  stackCommand("destroy"),
  stackCommand("refresh"),
  stackCommand("status"),
  stackCommand("cancel"),
];
