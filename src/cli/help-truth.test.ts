/**
 * `--help` tells the truth: for every command, each flag its help lists (the command's and the
 * global ones) is either accepted by the command line, or refused with the reason its help line
 * gives; the working flags are listed before the refused ones.
 */
import { isHelmfileError } from "../shared/errors";
import { listCommands } from "./commands/index";
import { GLOBAL_FLAGS } from "./global-flags";
import { runCli } from "./main";
import { parseArgs } from "./parse-args";
import { findCommand } from "./commands/index";

interface HelpLine {
  readonly name: string;
  readonly type: string | undefined;
  readonly text: string;
}

async function helpOf(command: string): Promise<HelpLine[]> {
  let out = "";
  const code = await runCli([command, "--help"], {
    cwd: "/",
    env: {},
    writeStdout: (t) => (out += t),
    writeStderr: (t) => (out += t),
  });
  expect([command, code]).toEqual([command, 0]);
  const lines: HelpLine[] = [];
  for (const l of out.split("\n")) {
    const m = /^ {2}(?:-\w, | {4})--([\w-]+)(?: (\w+))?(?: {2,}(.*))?$/.exec(l);
    if (m !== null) lines.push({ name: m[1] as string, type: m[2], text: m[3] ?? "" });
  }
  return lines;
}

/** What parsing `<command> --flag [value]` says: undefined when accepted, else the error's message. */
function refusal(command: string, argv: readonly string[]): string | undefined {
  try {
    parseArgs([command, ...argv], GLOBAL_FLAGS, (name) => findCommand(name)?.flags, [command]);
    return undefined;
  } catch (err) {
    if (isHelmfileError(err) && err.code === "CLI_UNSUPPORTED") return err.message;
    return undefined;
  }
}

const VALUE: Record<string, string> = { int: "1", string: "x", stringArray: "x", duration: "1s" };

describe("--help tells the truth", () => {
  const commands = listCommands()
    .map((c) => c.name)
    .filter((n) => n !== "help");

  test.each(commands.map((c) => [c]))(
    "%s: each listed flag works or is refused as its help line says",
    async (command) => {
      const lines = await helpOf(command);
      expect(lines.length).toBeGreaterThan(0);
      const problems: string[] = [];
      const seenRefused = { command: false };
      let section = 0;
      for (const [i, line] of lines.entries()) {
        // The global flags start again after the command's (their own working-then-refused order).
        if (
          i > 0 &&
          GLOBAL_FLAGS.some((g) => g.name === line.name) &&
          !GLOBAL_FLAGS.some((g) => g.name === lines[i - 1]?.name)
        ) {
          section++;
          seenRefused.command = false;
        }
        const refusedHelp = line.text.startsWith("refused");
        if (!refusedHelp && seenRefused.command)
          problems.push(`--${line.name}: a working flag listed after a refused one`);
        if (refusedHelp) seenRefused.command = true;
        const onlyFalse = /\(=false is refused: .*\)$/.test(line.text);
        const argv =
          line.type === undefined
            ? [onlyFalse ? `--${line.name}=false` : `--${line.name}`]
            : [`--${line.name}`, VALUE[line.type] ?? "x"];
        const said = refusal(command, argv);
        if (refusedHelp) {
          const reason = line.text.replace(/^refused:\s*/, "");
          if (said === undefined)
            problems.push(`--${line.name}: help says refused, the command line accepts it`);
          else if (!said.includes(reason))
            problems.push(`--${line.name}: help says "${reason}", the refusal says "${said}"`);
        } else if (onlyFalse) {
          if (said === undefined)
            problems.push(`--${line.name}=false: help says refused, the command line accepts it`);
          if (refusal(command, [`--${line.name}`]) !== undefined) problems.push(`--${line.name}: refused`);
        } else if (said !== undefined) {
          problems.push(`--${line.name}: help says "${line.text}", the command line refuses it: ${said}`);
        }
      }
      void section;
      expect(problems).toEqual([]);
    },
  );
});
