/**
 * The command table. New commands (e.g. `preview`, `up`, `destroy` from the automation
 * layer) are added with {@link registerCommand}; `main.ts` dispatches through this table.
 */
import { buildCommand } from "./build";
import { explainCommand } from "./explain";
import type { CommandSpec } from "./command-spec";
import { fetchCommand } from "./fetch";
import { lintCommand } from "./lint";
import { listCommand } from "./list";
import { stackCommands } from "./stack";
import { templateCommand } from "./template";
import { writeValuesCommand } from "./write-values";

const COMMANDS = new Map<string, CommandSpec>();
for (const c of [
  templateCommand,
  buildCommand,
  listCommand,
  writeValuesCommand,
  lintCommand,
  fetchCommand,
  explainCommand,
  ...stackCommands,
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
