/**
 * The `pulumi-helmfile` CLI: helmfile's command line over the library. {@link runCli} is
 * pure of process globals (cwd, env and streams come from a {@link CliHost}), so tests and
 * the conformance runner call it in-process. User mistakes print one formatted line and
 * exit 1; only `--debug` shows stack traces of unexpected errors.
 */
import { ConfigError, isHelmfileError } from "../shared/errors";
import { handleClosedOutput, installSignalCleanup } from "../node/process-cleanup";
import type { CliHost } from "./cli-host";
import { findCommand, listCommands, type CommandSpec } from "./commands/index";
import { GLOBAL_FLAGS } from "./global-flags";
import { flagBool, flagString, parseArgs, type FlagValues } from "./parse-args";
import { commandHelp, rootHelp } from "./help";
import { REFUSED_COMMANDS } from "./helmfile-commands";
import { ownVersion } from "./commands/version";

/** helmfile's commands in the order cmd/root.go adds them, which is the order cobra suggests them in. */
const HELMFILE_COMMAND_ORDER = [
  "create",
  "init",
  "apply",
  "build",
  "cache",
  "deps",
  "destroy",
  "diff",
  "doctor",
  "fetch",
  "list",
  "repos",
  "lint",
  "write-values",
  "test",
  "unittest",
  "template",
  "sync",
  "status",
  "show-dag",
  "print-env",
  "version",
  "completion",
];

/** Every name a mistyped command may have meant: helmfile's (in its order), then our own. */
function knownCommandNames(): string[] {
  return [
    ...new Set([
      ...HELMFILE_COMMAND_ORDER,
      ...Object.keys(REFUSED_COMMANDS),
      ...listCommands().map((c) => c.name),
    ]),
  ];
}

/** Command-specific refusals of global flags (where the command cannot honour them). */
function refuseGlobalFlags(command: string, flags: FlagValues): void {
  // helmfile's PersistentPreRunE: a usage error (exit 3).
  if (flagBool(flags, "color") && flagBool(flags, "no-color"))
    throw new ConfigError(
      "CLI_BAD_FLAG_VALUE",
      "--color and --no-color cannot be specified at the same time",
    );
  if (command === "build" && (flagString(flags, "chart") ?? "") !== "")
    throw new ConfigError(
      "CLI_UNSUPPORTED",
      "pulumi-helmfile does not support --chart with build: set the chart in the state file",
    );
}

/**
 * Parses `argv`; `undefined` when it printed the version instead: cobra answers the root's
 * `--version` before it validates the root's arguments, so `helmfile --version nope` prints the
 * version where `helmfile nope` is an unknown command.
 */
function parseVersionFirst(argv: readonly string[], host: CliHost): ReturnType<typeof parseArgs> | undefined {
  try {
    return parseArgs(argv, GLOBAL_FLAGS, (name) => findCommand(name)?.flags, knownCommandNames());
  } catch (err) {
    const version = argv.includes("--version") || argv.includes("-v");
    const unknown =
      isHelmfileError(err) && err.code === "CLI_UNKNOWN_COMMAND" && err.detail.startsWith("unknown command");
    if (!version || !unknown || argv[0] === "help") throw err;
    host.writeStdout(`pulumi-helmfile version ${ownVersion()}\n`);
    return undefined;
  }
}

/** Runs one CLI invocation; resolves to the exit code. */
export async function runCli(argv: readonly string[], host: CliHost): Promise<number> {
  let debug = argv.includes("--debug");
  // Errors may quote decrypted secrets (helm echoes values): printed only after redaction.
  let redact = (text: string): string => text;
  let allowNoMatch = false;
  try {
    // cobra's `help [command]`.
    if (argv[0] === "help") return help(argv.slice(1), host);
    const parsed = parseVersionFirst(argv, host);
    if (parsed === undefined) return 0;
    debug = flagBool(parsed.flags, "debug");
    allowNoMatch = flagBool(parsed.flags, "allow-no-matching-release");
    const command = parsed.command === undefined ? undefined : findCommand(parsed.command);
    if (flagBool(parsed.flags, "help")) {
      host.writeStdout(command === undefined ? rootHelp(listCommands()) : commandHelp(command));
      return 0;
    }
    if (command === undefined) {
      if (flagBool(parsed.flags, "version")) host.writeStdout(`pulumi-helmfile version ${ownVersion()}\n`);
      // helmfile without a command prints its help and succeeds.
      else host.writeStdout(rootHelp(listCommands()));
      return 0;
    }
    refuseGlobalFlags(command.name, parsed.flags);
    // Lazy edge: the state loader, secrets and helm IO are loaded only when a command runs.
    const { createCliContext } = await import("./cli-context");
    const ctx = createCliContext(host, parsed.flags, parsed.positionals);
    redact = (text) => ctx.redact(text);
    // helmfile announces live output once, when the app starts.
    if (flagBool(parsed.flags, "enable-live-output")) ctx.logger.info("Live output is enabled");
    host.commandStarts?.(command);
    return await command.run(ctx);
  } catch (err) {
    host.reportError?.(err);
    host.writeStderr(`${redact(errorText(err, debug))}\n`);
    const code = exitCodeOf(err);
    // helmfile prints the no-match error even with --allow-no-matching-release, then exits 0.
    return code === 3 && allowNoMatch && isNoMatch(err) ? 0 : code;
  }
}

/**
 * helmfile's exit status: 3 when the selectors match no release (cmd/root.go toCLIError turns
 * app.NoMatchingHelmfileError into exit code 3, for every command that visits the states),
 * otherwise 1.
 */
function exitCodeOf(err: unknown): number {
  if (isNoMatch(err)) return 3;
  // cobra's usage errors are not ExitCoders: helmfile's HandleExitCoder exits 3 for them.
  if (isHelmfileError(err) && USAGE_ERROR_CODES.has(err.code)) return 3;
  return 1;
}

function isNoMatch(err: unknown): boolean {
  return (
    isHelmfileError(err) && (err.code === "LOAD_NO_MATCHING_RELEASE" || err.code === "NO_MATCHING_RELEASE")
  );
}

/** Codes of command-line mistakes (exit 3 as in helmfile); refusals (`CLI_UNSUPPORTED`) exit 1. */
export const USAGE_ERROR_CODES: ReadonlySet<string> = new Set([
  "CLI_UNKNOWN_COMMAND",
  "CLI_UNKNOWN_FLAG",
  "CLI_FLAG_NEEDS_VALUE",
  "CLI_BAD_FLAG_VALUE",
]);

function help(args: readonly string[], host: CliHost): number {
  const name = args.find((a) => !a.startsWith("-"));
  const command = name === undefined ? undefined : findCommand(name);
  if (name !== undefined && command === undefined) {
    // cobra: the topic and the usage both on stderr, exit 0.
    host.writeStderr(`Unknown help topic [\`${name}\`]\n${rootHelp(listCommands())}`);
    return 0;
  }
  host.writeStdout(command === undefined ? rootHelp(listCommands()) : commandHelp(command));
  return 0;
}

/**
 * Codes whose message is helmfile's own complete wording, naming the file and the culprit
 * itself: printed as helmfile prints it, without our `file: ` prefix and `(found …)` suffix
 * (the error still carries both).
 */
const HELMFILE_WORDED: ReadonlySet<string> = new Set([
  "LOAD_STATE_NOT_FOUND",
  "NEEDS_NOT_SELECTED",
  "NEEDS_UNDEFINED",
]);

function errorText(err: unknown, debug: boolean): string {
  // helmfile's text first, then our `  location: file:line:col: key path` line (no prefix to drop).
  if (isHelmfileError(err) && err.locationLine) return err.message;
  if (isHelmfileError(err))
    // A message in helmfile's `in ./helmfile.yaml: …` wording names the file itself.
    return HELMFILE_WORDED.has(err.code) || /^in \S+: /.test(err.detail) ? err.detail : err.message;
  if (err instanceof Error) return debug ? (err.stack ?? err.message) : `error: ${err.message}`;
  return `error: ${String(err)}`;
}

/** Binds {@link runCli} to the real process. */
export function main(): void {
  // SIGINT/SIGTERM stop helm children, remove temporary (possibly secret) files, exit 130/143.
  installSignalCleanup();
  // A closed pipe (`… | head`) stops a command that only reads, as SIGPIPE stops helmfile (exit
  // 141); one that changes the cluster runs to its end, silently.
  let running: CommandSpec | undefined;
  handleClosedOutput([process.stdout, process.stderr], () => running?.runsToTheEnd === true);
  const host: CliHost = {
    cwd: process.cwd(),
    env: process.env,
    writeStdout: (t) => process.stdout.write(t),
    writeStderr: (t) => process.stderr.write(t),
    isTTY: process.stderr.isTTY,
    commandStarts: (command) => (running = command),
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
