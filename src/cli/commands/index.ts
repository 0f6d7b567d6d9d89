/**
 * The command table; `main.ts` dispatches through it. Every command module here is light:
 * the stack commands import the automation layer (and the Pulumi SDK) only when they run.
 */
import { buildCommand } from "./build";
import { cacheCommand } from "./cache";
import { explainCommand } from "./explain";
import type { CommandSpec } from "./command-spec";
import { makeCompletionCommand } from "./completion";
import { depsCommand } from "./deps";
import { fetchCommand } from "./fetch";
import { lintCommand } from "./lint";
import { listCommand } from "./list";
import { printEnvCommand } from "./print-env";
import { reposCommand } from "./repos";
import { showDagCommand } from "./show-dag";
import { stackCommands } from "./stack";
import { templateCommand } from "./template";
import { versionCommand } from "./version";
import { writeValuesCommand } from "./write-values";

const COMMANDS = new Map<string, CommandSpec>();
for (const c of [
  templateCommand,
  buildCommand,
  listCommand,
  writeValuesCommand,
  lintCommand,
  fetchCommand,
  depsCommand,
  reposCommand,
  showDagCommand,
  printEnvCommand,
  explainCommand,
  ...stackCommands,
  cacheCommand,
  makeCompletionCommand(() => listCommands()),
  versionCommand,
])
  COMMANDS.set(c.name, c);

/** Adds (or replaces) a command. */
export function registerCommand(command: CommandSpec): void {
  COMMANDS.set(command.name, command);
}

/** The command named `name`, if any. */
export function findCommand(name: string): CommandSpec | undefined {
  return COMMANDS.get(name);
}

/** All commands, in registration order. */
export function listCommands(): CommandSpec[] {
  return [...COMMANDS.values()];
}

export type { CommandSpec };
