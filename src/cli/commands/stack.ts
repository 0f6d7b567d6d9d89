/** `preview`, `up`, `destroy`: run the helmfile through Pulumi (the automation layer). */
import {
  PREVIEW_FLAGS,
  runStackCommand,
  STACK_COMMAND_FLAGS,
  type StackCommand,
} from "../../automation/cli-commands";
import type { CliContext } from "../cli-context";
import { flagBool, flagString } from "../parse-args";
import type { CommandSpec } from "./command-spec";

const SUMMARIES: Record<StackCommand, string> = {
  preview: "Show what `up` would change, per release (like `helmfile diff`)",
  up: "Apply the releases through Pulumi (default: render to .pulumi-helmfile/manifests/<stack>)",
  destroy: "Delete everything the stack created (with -l: only the selected releases)",
  refresh: "Read the releases' objects back from the cluster into the stack's state (drift)",
};

function stackCommand(command: StackCommand): CommandSpec {
  return {
    name: command,
    summary: SUMMARIES[command],
    flags: command === "preview" ? [...STACK_COMMAND_FLAGS, ...PREVIEW_FLAGS] : STACK_COMMAND_FLAGS,
    run: (ctx: CliContext) => {
      const s = (name: string): string | undefined => {
        const v = flagString(ctx.flags, name);
        return v === undefined || v === "" ? undefined : v;
      };
      const stack = s("stack");
      const backend = s("backend");
      const renderToDirectory = s("render-to-directory");
      const projectDir = s("project-dir");
      const project = s("project");
      const kubeconfig = s("kubeconfig");
      return runStackCommand(
        {
          command,
          state: ctx.stateOptions(),
          cwd: ctx.host.cwd,
          json: flagBool(ctx.flags, "json"),
          applyToCluster: flagBool(ctx.flags, "apply-to-cluster"),
          ...(ctx.settings.helmBinary === undefined ? {} : { helmBinary: ctx.settings.helmBinary }),
          ...(stack === undefined ? {} : { stack }),
          ...(backend === undefined ? {} : { backend }),
          ...(renderToDirectory === undefined ? {} : { renderToDirectory }),
          ...(projectDir === undefined ? {} : { projectDir }),
          ...(project === undefined ? {} : { project }),
          ...(kubeconfig === undefined ? {} : { kubeconfig }),
          ...(flagBool(ctx.flags, "skip-crds") ? { skipCrds: true } : {}),
          ...(command === "preview" && flagBool(ctx.flags, "detailed-exitcode") ? { detailedExitCode: true } : {}),
        },
        ctx.host,
      );
    },
  };
}

/** The stack commands. */
export const stackCommands: readonly CommandSpec[] = [
  stackCommand("preview"),
  stackCommand("up"),
  stackCommand("destroy"),
  stackCommand("refresh"),
];
