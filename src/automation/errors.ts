/** Errors of the Automation API layer, in the library's one error hierarchy. */
import type { CommandError } from "@pulumi/pulumi/automation";
import { HelmfileError, isHelmfileError } from "../shared/errors";
import { renderColourMarkup } from "./colour-markup";

/**
 * The SDK's Automation API, loaded when an error is mapped, not with this module: an operation runs
 * without the SDK until it opens its stack (./operations.ts). This module's own `require`, so a test
 * runner's module registry serves the same classes the stack's errors are made of.
 */
function automationSdk(): typeof import("@pulumi/pulumi/automation") {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, synchronously
  return require("@pulumi/pulumi/automation") as typeof import("@pulumi/pulumi/automation");
}

/** A Pulumi operation failed (the engine's stderr is in `detail`). */
export class AutomationError extends HelmfileError {}

/** Another update holds the stack's lock (Pulumi's `ConcurrentUpdateError`). */
export class StackLockedError extends AutomationError {}

/** The Pulumi CLI or its plugins were not found under the configured root. */
export class EngineNotFoundError extends AutomationError {}

/**
 * Maps an error thrown by `@pulumi/pulumi/automation` to the library's hierarchy. `failures`
 * are the engine's error diagnostics of the run (`<resource>: <message>`): a failed step says
 * why only there, so they lead the message.
 */
export function toAutomationError(err: unknown, stackName: string, failures: readonly string[] = []): Error {
  if (isHelmfileError(err)) return err;
  const { CommandError, ConcurrentUpdateError } = automationSdk();
  if (err instanceof CommandError && failures.length > 0 && !(err instanceof ConcurrentUpdateError)) {
    return new AutomationError(
      "PULUMI_UPDATE_FAILED",
      `pulumi failed on stack "${stackName}":\n${failures.map((f) => `  ${f}`).join("\n")}`,
      { cause: err },
    );
  }
  if (err instanceof ConcurrentUpdateError) {
    const holders = lockHolders(err.message);
    const by = holders.length === 0 ? "" : ` (${holders.join("; ")})`;
    return new StackLockedError("STACK_LOCKED", `stack "${stackName}" is locked by another update${by}`, {
      expected:
        "no concurrent update: wait for it to end; a lock left by a killed update is cleared with `pulumi-helmfile cancel` (same -f/-e/--stack/--backend), then `up` again",
      cause: err,
    });
  }
  if (err instanceof CommandError) {
    return new AutomationError(
      "PULUMI_COMMAND_FAILED",
      `pulumi failed on stack "${stackName}": ${cliFailure(err)}`,
      {
        cause: err,
      },
    );
  }
  return err instanceof Error ? err : new AutomationError("PULUMI_FAILED", String(err));
}

/**
 * Who holds the lock, as a self-managed backend says it (`<lock url>: created by user@host (pid N)
 * at <time>`): `user@host pid N since <time>` per lock.
 */
function lockHolders(text: string): string[] {
  const holders = [...text.matchAll(/: created by (\S+) \(pid (\d+)\) at (\S+)/g)].map(
    (m) => `${m[1] ?? ""} pid ${m[2] ?? ""} since ${m[3] ?? ""}`,
  );
  // The CLI's output repeats the error: each lock is named once.
  return [...new Set(holders)];
}

/**
 * What the Pulumi CLI said of its failure: its `error:` lines (each once), else the tail of its
 * stderr, else of its stdout. Not the SDK's wrapping of them (`code: … stdout: … err?: Error: …`,
 * the command line twice).
 */
function cliFailure(err: CommandError): string {
  const result = (err as unknown as { commandResult?: { stdout?: unknown; stderr?: unknown } }).commandResult;
  const text = (v: unknown): string => (typeof v === "string" ? renderColourMarkup(v, false) : "");
  const stderr = text(result?.stderr);
  const errors = [
    ...new Set(
      stderr
        .split("\n")
        .map((l) => l.trim())
        .filter((l) => l.startsWith("error: ")),
    ),
  ];
  if (errors.length > 0) return errors.join("\n");
  const said = stderr.trim() !== "" ? stderr : text(result?.stdout);
  return lastLines(said.trim() !== "" ? said : renderColourMarkup(err.message, false));
}

/** The useful tail of a CLI error (the CLI prints the command line and full output first). */
function lastLines(text: string, count = 12): string {
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  return lines.slice(-count).join("\n");
}
