/** `completion bash|zsh|fish`: a shell script completing the commands and their flags. */
import { ConfigError } from "../../shared/errors";
import type { CliContext } from "../cli-context";
import { GLOBAL_FLAGS } from "../global-flags";
import type { CommandSpec } from "./command-spec";
import { commandHelp } from "../help";

/**
 * The completion script for `shell`, given each command's flags; undefined for a shell that is
 * not one (cobra's `completion <other>` prints the command's help and succeeds).
 */
export function completionScript(
  shell: string,
  commands: ReadonlyMap<string, readonly string[]>,
): string | undefined {
  const names = [...commands.keys()].join(" ");
  const globals = GLOBAL_FLAGS.map((f) => `--${f.name}`).join(" ");
  if (shell === "bash" || shell === "zsh") {
    const cases = [...commands]
      .map(([c, flags]) => `    ${c}) flags="${flags.map((f) => `--${f}`).join(" ")}" ;;`)
      .join("\n");
    const body = `_pulumi_helmfile() {
  local cur cmd="" flags="" w
  cur="\${COMP_WORDS[COMP_CWORD]}"
  for w in "\${COMP_WORDS[@]:1:COMP_CWORD-1}"; do case "$w" in -*) ;; *) cmd="$w"; break ;; esac; done
  case "$cmd" in
${cases}
  esac
  if [[ -z "$cmd" && "$cur" != -* ]]; then COMPREPLY=( $(compgen -W "${names}" -- "$cur") )
  else COMPREPLY=( $(compgen -W "$flags ${globals}" -- "$cur") ); fi
}
complete -F _pulumi_helmfile pulumi-helmfile
`;
    return shell === "bash"
      ? `# bash completion for pulumi-helmfile\n${body}`
      : `#compdef pulumi-helmfile\nautoload -U +X bashcompinit && bashcompinit\n${body}`;
  }
  if (shell === "fish") {
    const lines = ["# fish completion for pulumi-helmfile", "complete -c pulumi-helmfile -f"];
    for (const c of commands.keys())
      lines.push(`complete -c pulumi-helmfile -n __fish_use_subcommand -a ${c}`);
    for (const f of GLOBAL_FLAGS) lines.push(`complete -c pulumi-helmfile -l ${f.name}`);
    for (const [c, flags] of commands)
      for (const f of flags)
        lines.push(`complete -c pulumi-helmfile -n "__fish_seen_subcommand_from ${c}" -l ${f}`);
    return `${lines.join("\n")}\n`;
  }
  if (shell === "powershell")
    throw new ConfigError(
      "CLI_UNKNOWN_COMMAND",
      `pulumi-helmfile has no powershell completion: use bash, zsh or fish`,
      { expected: "bash, zsh or fish", found: shell },
    );
  return undefined;
}

/** The `completion` command; `list` supplies the command table (index.ts imports this module). */
export function makeCompletionCommand(list: () => readonly CommandSpec[]): CommandSpec {
  const self: CommandSpec = {
    name: "completion",
    summary: "Print a shell completion script (bash, zsh or fish)",
    usage: " bash|zsh|fish",
    flags: [],
    run: (ctx: CliContext) => {
      const [shell = "", ...rest] = ctx.positionals;
      if (rest.length > 0 && ["bash", "zsh", "fish", "powershell"].includes(shell))
        throw new ConfigError(
          "CLI_UNKNOWN_COMMAND",
          `unknown command "${rest[0] ?? ""}" for "pulumi-helmfile completion ${shell}"`,
        );
      const table = new Map(
        list().map((c) => [c.name, c.flags.filter((f) => f.refuse === undefined).map((f) => f.name)]),
      );
      // No shell, or a word that is not one: the command's help, exit 0 (as cobra).
      ctx.host.writeStdout(completionScript(shell, table) ?? commandHelp(self));
      return Promise.resolve(0);
    },
  };
  return self;
}
