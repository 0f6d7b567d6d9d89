/**
 * The `pulumi-helmfile` CLI: helmfile's command line over the library. {@link runCli} is
 * pure of process globals (cwd, env and streams come from a {@link CliHost}), so tests and
 * the conformance runner call it in-process. User mistakes print one formatted line and
 * exit 1; only `--debug` shows stack traces of unexpected errors.
 */
import { isHelmfileError } from "../shared/errors";
import { installSignalCleanup } from "../node/process-cleanup";
import type { CliHost } from "./cli-host";
import { createCliContext } from "./cli-context";
import { findCommand, listCommands } from "./commands/index";
import { GLOBAL_FLAGS } from "./global-flags";
import { flagBool, parseArgs } from "./parse-args";

function usage(): string {
  const lines = ["Usage: pulumi-helmfile [global flags] <command> [flags]", "", "Commands:"];
  for (const c of listCommands()) lines.push(`  ${c.name.padEnd(14)}${c.summary}`);
  lines.push("", "Global flags (as helmfile's; accepted before or after the command):");
  for (const f of GLOBAL_FLAGS) {
    const short = f.short === undefined ? "    " : `-${f.short}, `;
    const arg = f.type === "bool" ? "" : f.type === "stringArray" ? " <value> (repeatable)" : ` <${f.type}>`;
    lines.push(`  ${short}--${f.name}${arg}`);
  }
  return `${lines.join("\n")}\n`;
}

/** Runs one CLI invocation; resolves to the exit code. */
export async function runCli(argv: readonly string[], host: CliHost): Promise<number> {
  let debug = argv.includes("--debug");
  // Errors may quote decrypted secrets (helm echoes values): printed only after redaction.
  let redact = (text: string): string => text;
  try {
    const parsed = parseArgs(argv, GLOBAL_FLAGS, (name) => findCommand(name)?.flags);
    debug = flagBool(parsed.flags, "debug");
    if (parsed.command === undefined || flagBool(parsed.flags, "help")) {
      host.writeStdout(usage());
      return parsed.command === undefined && !flagBool(parsed.flags, "help") ? 1 : 0;
    }
    const command = findCommand(parsed.command);
    if (command === undefined) return 1;
    const ctx = createCliContext(host, parsed.flags, parsed.positionals);
    redact = (text) => ctx.redact(text);
    // helmfile announces live output once, when the app starts.
    if (flagBool(parsed.flags, "enable-live-output")) ctx.logger.info("Live output is enabled");
    return await command.run(ctx);
  } catch (err) {
    host.reportError?.(err);
    host.writeStderr(`${redact(errorText(err, debug))}\n`);
    return exitCodeOf(err);
  }
}

/**
 * helmfile's exit status: 3 when the selectors match no release (cmd/root.go toCLIError turns
 * app.NoMatchingHelmfileError into exit code 3, for every command that visits the states),
 * otherwise 1.
 */
function exitCodeOf(err: unknown): number {
  if (isHelmfileError(err) && (err.code === "LOAD_NO_MATCHING_RELEASE" || err.code === "NO_MATCHING_RELEASE"))
    return 3;
  return 1;
}

function errorText(err: unknown, debug: boolean): string {
  if (isHelmfileError(err)) return err.message;
  if (err instanceof Error) return debug ? (err.stack ?? err.message) : `error: ${err.message}`;
  return `error: ${String(err)}`;
}

/** Binds {@link runCli} to the real process. */
export function main(): void {
  // SIGINT/SIGTERM stop helm children, remove temporary (possibly secret) files, exit 130/143.
  installSignalCleanup();
  const host: CliHost = {
    cwd: process.cwd(),
    env: process.env,
    writeStdout: (t) => process.stdout.write(t),
    writeStderr: (t) => process.stderr.write(t),
  };
  runCli(process.argv.slice(2), host).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.stderr.write(`internal error: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}

if (require.main === module) main();
