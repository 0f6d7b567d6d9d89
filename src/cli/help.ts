/** `--help` texts: the command list, and one page per command with one line per flag. */
import type { CommandSpec } from "./commands/command-spec";
import { FLAG_HELP } from "./flag-help";
import { GLOBAL_FLAGS } from "./global-flags";
import type { FlagSpec } from "./parse-args";

/** A flag's help text, `refused: …` for a flag the command refuses. */
function flagText(f: FlagSpec): string {
  const text = f.help ?? FLAG_HELP[f.name] ?? "";
  if (f.refuse === undefined || f.help !== undefined) return text;
  // The refusal's own reason, as the command line gives it.
  if (f.refuseWhen === undefined) return `refused: ${f.refuse}`;
  return `${text} (=${String(f.refuseWhen)} is refused: ${f.refuse})`;
}

/** One line per flag: those that work first, then the refused ones (each group in its own order). */
function flagLines(all: readonly FlagSpec[]): string[] {
  const refused = (f: FlagSpec): boolean => flagText(f).startsWith("refused");
  const flags = [...all.filter((f) => !refused(f)), ...all.filter(refused)];
  const heads = flags.map((f) => {
    const short = f.short === undefined ? "    " : `-${f.short}, `;
    const arg = f.type === "bool" ? "" : ` ${f.type}`;
    return `  ${short}--${f.name}${arg}`;
  });
  const width = Math.max(...heads.map((h) => h.length)) + 3;
  return flags.map((f, i) => `${(heads[i] ?? "").padEnd(width)}${flagText(f)}`.trimEnd());
}

/** The top-level usage. */
export function rootHelp(commands: readonly CommandSpec[]): string {
  const width = Math.max(...commands.map((c) => c.name.length)) + 2;
  const lines = [
    "pulumi-helmfile: helmfile's command line, rendering with helm and applying through Pulumi",
    "",
    "Usage:",
    "  pulumi-helmfile [global flags] <command> [flags]",
    "",
    "Commands:",
    ...commands.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    "",
    "Global flags (as helmfile's; accepted before or after the command):",
    ...flagLines(GLOBAL_FLAGS),
    "",
    'Use "pulumi-helmfile <command> --help" for the flags of a command.',
  ];
  return `${lines.join("\n")}\n`;
}

/** One command's help. */
export function commandHelp(command: CommandSpec): string {
  const lines = [
    command.summary,
    "",
    "Usage:",
    `  pulumi-helmfile ${command.name}${command.usage ?? ""} [flags]`,
  ];
  if (command.flags.length > 0) lines.push("", "Flags:", ...flagLines(command.flags));
  lines.push("", "Global Flags:", ...flagLines(GLOBAL_FLAGS));
  return `${lines.join("\n")}\n`;
}
