import { ConcurrentUpdateError, CommandError } from "@pulumi/pulumi/automation";
import { AutomationError, StackLockedError, toAutomationError } from "./errors";

// The SDK's constructors are private in its typings; the tests build errors as the SDK does.
type AnyConstructor = abstract new (...args: never[]) => CommandError;
function commandError<T extends CommandError>(Kind: AnyConstructor, stderr: string): T {
  const Ctor = Kind as unknown as new (result: unknown) => T;
  return new Ctor({ stdout: "", stderr, code: 255, err: undefined, toString: () => stderr });
}

describe("toAutomationError", () => {
  it("turns Pulumi's ConcurrentUpdateError into StackLockedError with code STACK_LOCKED", () => {
    const err = toAutomationError(
      commandError(ConcurrentUpdateError, "the stack is currently locked by 1 lock(s)"),
      "dev",
    );
    expect(err).toBeInstanceOf(StackLockedError);
    expect(err).toMatchObject({ code: "STACK_LOCKED" });
    expect(err.message).toContain('stack "dev" is locked');
  });

  it("names who holds the lock when the backend says it", () => {
    // The text of pkg/backend/diy/lock.go's checkForLock (Pulumi v3.276).
    const stderr =
      "error: the stack is currently locked by 1 lock(s). Either wait for the other process(es) to end or delete the lock file with `pulumi cancel`.\n" +
      "  s3://pulumi-state/.pulumi/locks/organization/p/dev/0b1c.json: created by root@build-7 (pid 4242) at 2026-12-01T15:00:00Z";
    const err = toAutomationError(commandError(ConcurrentUpdateError, stderr), "dev");
    expect(err.message).toContain(
      'stack "dev" is locked by another update (root@build-7 pid 4242 since 2026-12-01T15:00:00Z)',
    );
  });

  it("names a holder once when the output repeats the lock", () => {
    const line =
      "  s3://pulumi-state/.pulumi/locks/organization/p/dev/0b1c.json: created by root@build-7 (pid 4242) at 2026-12-01T15:00:00Z";
    const other =
      "  s3://pulumi-state/.pulumi/locks/organization/p/dev/9f2e.json: created by ci@runner (pid 77) at 2026-12-01T15:01:00Z";
    const stderr = `error: the stack is currently locked by 2 lock(s).\n${line}\n${other}\nerror: the stack is currently locked by 2 lock(s).\n${line}\n${other}`;
    const err = toAutomationError(commandError(ConcurrentUpdateError, stderr), "dev");
    expect(err.message).toContain(
      "(root@build-7 pid 4242 since 2026-12-01T15:00:00Z; ci@runner pid 77 since 2026-12-01T15:01:00Z)",
    );
  });

  it("keeps other CLI failures as AutomationError with the tail of the output", () => {
    const err = toAutomationError(commandError(CommandError, "error: something broke"), "dev");
    expect(err).toBeInstanceOf(AutomationError);
    expect(err).not.toBeInstanceOf(StackLockedError);
    expect(err.message).toContain("something broke");
  });

  it("says the CLI's error lines, not the SDK's wrapping of the command's result (a wrong passphrase)", () => {
    // As the SDK builds it when the CLI exits 1 (automation/cmd.js CommandResult, Pulumi v3.276).
    const cli =
      "error: could not deserialize deployment: failed to decrypt: incorrect passphrase, please set PULUMI_CONFIG_PASSPHRASE to the correct passphrase or set PULUMI_CONFIG_PASSPHRASE_FILE to a file containing the passphrase";
    const stderr = `Command failed with exit code 1: /opt/pulumi/bin/pulumi stack export --show-secrets --stack dev --non-interactive\n${cli}\n`;
    const failure = new Error(stderr.trimEnd());
    const Ctor = CommandError as unknown as new (result: unknown) => CommandError;
    const err = new Ctor({
      stdout: "",
      stderr,
      code: -2,
      err: failure,
      toString: () => ` code: -2\n stdout: \n stderr: ${stderr}\n err?: ${failure.toString()}\n`,
    });
    const mapped = toAutomationError(err, "dev");
    expect(mapped).toMatchObject({ code: "PULUMI_COMMAND_FAILED" });
    expect(mapped.message).toBe(`pulumi failed on stack "dev": ${cli}`);
  });

  it("says the tail of the CLI's output when it printed no error line", () => {
    const err = commandError(CommandError, "warning: one\nsomething else went wrong");
    expect(toAutomationError(err, "dev").message).toBe(
      'pulumi failed on stack "dev": warning: one\nsomething else went wrong',
    );
  });
});
