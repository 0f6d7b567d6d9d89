/**
 * `preview`, `up`, `destroy`, `refresh`, `status`: the helmfile through Pulumi. Only the flag
 * tables live here; the automation layer (and with it the Pulumi SDK) is imported when one
 * of these commands runs, so `template`, `list` or `--help` never load it.
 */
import { DESTROY_FLAGS, PREVIEW_FLAGS, STACK_COMMAND_FLAGS, UP_FLAGS } from "../../automation/cli-flags";
import type { CliContext } from "../cli-context";
import type { FlagSpec } from "../parse-args";
import type { CommandSpec } from "./command-spec";

/** The stack commands' names. */
export type StackCommandName = "preview" | "up" | "destroy" | "refresh" | "status" | "cancel";

const SUMMARIES: Record<StackCommandName, string> = {
  preview: "Show what `up` would change, per release (like `helmfile diff`)",
  up: "Apply the releases through Pulumi (default: render to .pulumi-helmfile/manifests/<stack>)",
  destroy: "Delete everything the stack created (with -l: only the selected releases)",
  refresh: "Read the releases' objects back from the cluster into the stack's state (drift)",
  status: "List the releases the Pulumi stack holds (like `helmfile status`)",
  cancel: "Clear the lock a killed `up` left on the stack (`pulumi cancel`); never while an update runs",
};

const OWN_FLAGS: Record<StackCommandName, readonly FlagSpec[]> = {
  preview: PREVIEW_FLAGS,
  up: UP_FLAGS,
  destroy: DESTROY_FLAGS,
  refresh: [],
  status: [],
  cancel: [],
};

function stackCommand(command: StackCommandName): CommandSpec {
  return {
    name: command,
    summary: SUMMARIES[command],
    flags: [...STACK_COMMAND_FLAGS, ...OWN_FLAGS[command]],
    run: async (ctx: CliContext) => (await import("./stack-run")).runStack(command, ctx),
  };
}

/** The stack commands. */
export const stackCommands: readonly CommandSpec[] = [
  stackCommand("preview"),
  stackCommand("up"),
  stackCommand("destroy"),
  stackCommand("refresh"),
  stackCommand("status"),
  stackCommand("cancel"),
];
