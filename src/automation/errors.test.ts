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

  it("keeps other CLI failures as AutomationError with the tail of the output", () => {
    const err = toAutomationError(commandError(CommandError, "error: something broke"), "dev");
    expect(err).toBeInstanceOf(AutomationError);
    expect(err).not.toBeInstanceOf(StackLockedError);
    expect(err.message).toContain("something broke");
  });
});
