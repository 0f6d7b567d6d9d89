/** Runs a stack command through the automation layer (loaded only by the stack commands, once the flags are read). */
import { prefetchStackState, type StackCommandRequest } from "../../automation/cli-request";
import { resolve } from "node:path";
import type { StackProgress } from "../../automation/options";
import type { LoadDesiredStateOptions } from "../../load/index";
import { ConfigError } from "../../shared/errors";
import type { CliContext } from "../cli-context";
import { flagBool, flagInt, flagList, flagString } from "../parse-args";
import { stateBaseDir } from "./render-options";
import type { CommandLineOverrides } from "../../emit/command-line";
import { paint } from "../colour";
import type { StackCommandName } from "./stack";

/** The operation behind each command name: helmfile's `diff`, `apply` and `sync` are `preview` and `up`. */
const OPERATION: Readonly<Record<StackCommandName, StackCommandRequest["command"] | "status" | "cancel">> = {
  preview: "preview",
  diff: "preview",
  up: "up",
  apply: "up",
  sync: "up",
  destroy: "destroy",
  refresh: "refresh",
  status: "status",
  cancel: "cancel",
};

/** Runs `command` with the invocation's flags. */
export async function runStack(name: StackCommandName, ctx: CliContext): Promise<number> {
  const command = OPERATION[name];
  if (flagBool(ctx.flags, "interactive") && (command === "up" || command === "destroy"))
    throw new ConfigError(
      "CLI_UNSUPPORTED",
      `pulumi-helmfile does not support --interactive with ${name}: run \`${name === "up" ? "preview" : "diff"}\` first, then \`${name}\``,
    );
  if (ctx.settings.chart !== "")
    throw new ConfigError(
      "CLI_UNSUPPORTED",
      `pulumi-helmfile does not support --chart with ${name}: set the release's chart in the state file`,
    );
  const request = stackRequest(command, ctx);
  // The stack's state is read beside the loading of the operations' modules (about 0.3 s).
  if (command !== "status" && command !== "cancel") prefetchStackState(request);
  const { runCancelCommand, runStackCommand, runStatusCommand } =
    await import("../../automation/cli-commands");
  if (command === "status") return runStatusCommand(request, ctx.host);
  if (command === "cancel") return runCancelCommand(request, ctx.host);
  return runStackCommand(request, ctx.host);
}

function stackRequest(
  command: StackCommandRequest["command"] | "status" | "cancel",
  ctx: CliContext,
): StackCommandRequest {
  const s = (name: string): string | undefined => {
    const v = flagString(ctx.flags, name);
    return v === undefined || v === "" ? undefined : v;
  };
  const stack = s("stack");
  const backend = s("backend");
  // Relative to the invocation's folder (the host's cwd, which need not be the process's).
  const inCwd = (p: string | undefined): string | undefined =>
    p === undefined ? undefined : resolve(ctx.host.cwd, p);
  const renderToDirectory = inCwd(s("render-to-directory"));
  const projectDir = inCwd(s("project-dir"));
  const project = s("project");
  const kubeconfig = s("kubeconfig");
  const progress = command === "up" || command === "destroy" ? releaseProgress(command, ctx) : undefined;
  const commandLine = commandLineOverrides(ctx);
  const concurrency = flagInt(ctx.flags, "concurrency");
  return {
    command: command === "status" || command === "cancel" ? "preview" : command,
    state: withFileIn(ctx.stateOptions(), ctx.host.cwd),
    cwd: ctx.host.cwd,
    // An in-process CLI's own environment (the process's is the CLI's when it runs as a command).
    ...(ctx.host.env === process.env ? {} : { env: ctx.host.env }),
    json: flagBool(ctx.flags, "json"),
    // As helmfile and the component: the cluster of the current kube context, unless told to render.
    applyToCluster: renderToDirectory === undefined,
    ...(ctx.colour ? { colour: true } : {}),
    ...(ctx.settings.helmBinary === undefined ? {} : { helmBinary: ctx.settings.helmBinary }),
    ...(stack === undefined ? {} : { stack }),
    ...(backend === undefined ? {} : { backend }),
    ...(renderToDirectory === undefined ? {} : { renderToDirectory }),
    ...(projectDir === undefined ? {} : { projectDir }),
    ...(project === undefined ? {} : { project }),
    ...(kubeconfig === undefined ? {} : { kubeconfig }),
    ...(flagBool(ctx.flags, "skip-crds") ? { skipCrds: true } : {}),
    ...(flagBool(ctx.flags, "detailed-exitcode") ? { detailedExitCode: true } : {}),
    ...((command === "preview" || command === "up") && flagBool(ctx.flags, "engine-diff")
      ? { engineDiff: true }
      : {}),
    ...(flagBool(ctx.flags, "forget-helm-releases") ? { forgetHelmReleases: true } : {}),
    ...(progress === undefined ? {} : { onReleaseProgress: progress }),
    ...(commandLine === undefined ? {} : { commandLine }),
    ...(concurrency === undefined || concurrency <= 0 ? {} : { concurrency }),
  };
}

/**
 * helmfile's per-run overrides (`--values`, `--set`, `--args`, `--wait`, `--wait-for-jobs`,
 * `--timeout`); `--values` paths resolve as `template`'s do. Undefined when none is given.
 */
function commandLineOverrides(ctx: CliContext): CommandLineOverrides | undefined {
  const f = ctx.flags;
  const base = stateBaseDir(ctx);
  const values = flagList(f, "values").map((v) => resolve(base, v));
  const set = flagList(f, "set");
  const args = flagString(f, "args");
  const timeout = flagInt(f, "timeout");
  const o: CommandLineOverrides = {
    ...(values.length === 0 ? {} : { values }),
    ...(set.length === 0 ? {} : { set }),
    ...(args === undefined || args === "" ? {} : { helmArgs: args }),
    ...(flagBool(f, "wait") ? { wait: true } : {}),
    ...(flagBool(f, "wait-for-jobs") ? { waitForJobs: true } : {}),
    ...(timeout === undefined || timeout <= 0 ? {} : { timeout }),
  };
  return Object.keys(o).length === 0 ? undefined : o;
}

/** The state options with `-f` resolved against `cwd` (the stack layer resolves against the process's). */
function withFileIn(state: LoadDesiredStateOptions, cwd: string): LoadDesiredStateOptions {
  const f = state.file;
  return f === undefined || f === "" || f === "-" ? state : { ...state, file: resolve(cwd, f) };
}

const OP_COLOUR: Readonly<Record<string, "green" | "yellow" | "red" | "dim">> = {
  create: "green",
  update: "yellow",
  replace: "yellow",
  delete: "red",
  same: "dim",
};

/**
 * One stderr line per release step: `[done/seen] op release` when it starts and when it
 * ends, so a long `up` shows what is being applied and how many are left.
 */
function releaseProgress(command: "up" | "destroy", ctx: CliContext): (p: StackProgress) => void {
  const seen = new Set<string>();
  const finished = new Set<string>();
  const colour = ctx.colour;
  return (p) => {
    if (p.kind !== "release" || ctx.settings.quiet) return;
    const { release, op } = p.change;
    if (op === "same") return;
    seen.add(release);
    if (p.phase !== "planned") finished.add(release);
    const left = seen.size - finished.size;
    const what = paint(colour, OP_COLOUR[op] ?? "dim", `${op} ${release}`);
    const state =
      p.phase === "planned"
        ? command === "up"
          ? "applying"
          : "deleting"
        : p.phase === "done"
          ? "done"
          : paint(colour, "red", "failed");
    ctx.logger.info(
      `[${finished.size}/${seen.size}] ${what}: ${state}${left > 0 ? ` (${left} in progress)` : ""}`,
    );
  };
}
