import type { EngineEvent } from "@pulumi/pulumi/automation";
import { REDACTED_PAYLOAD, redactSecretPayloads } from "./redact-events";

const SIG = "4dabf18193072939515e22adb298388d";

function diagnostic(message: string): EngineEvent {
  return {
    sequence: 1,
    timestamp: 0,
    diagnosticEvent: { prefix: "debug: ", message, color: "never", severity: "info" },
  };
}

describe("redactSecretPayloads", () => {
  test("a diagnostic printing an RPC payload with a secret keeps only the text before the payload", () => {
    const message = `getResource Invoke RPC finished: err: null, resp: data,,,,,${SIG},,,1b47061264138c4ac30d75fd1eb44270,value,,,,,token,,,c2VjcmV0`;
    const out = redactSecretPayloads(diagnostic(message));
    expect(out.diagnosticEvent?.message).toBe(
      `getResource Invoke RPC finished: err: null, resp: ${REDACTED_PAYLOAD}`,
    );
    expect(out.diagnosticEvent?.prefix).toBe("debug: ");
    expect(JSON.stringify(out)).not.toContain("c2VjcmV0");
  });

  test("a diagnostic with a secret but no payload marker loses its whole message", () => {
    const out = redactSecretPayloads(diagnostic(`value ${SIG} plain-secret`));
    expect(out.diagnosticEvent?.message).toBe(REDACTED_PAYLOAD);
  });

  test("other events and diagnostics without a secret are passed on as they are", () => {
    const plain = diagnostic("Invoke RPC finished: err: null, resp: id,,,x");
    expect(redactSecretPayloads(plain)).toBe(plain);
    const other: EngineEvent = { sequence: 2, timestamp: 0, cancelEvent: {} };
    expect(redactSecretPayloads(other)).toBe(other);
  });

  test("the original event is not modified", () => {
    const event = diagnostic(`resp: ${SIG} s3cr3t`);
    redactSecretPayloads(event);
    expect(event.diagnosticEvent?.message).toBe(`resp: ${SIG} s3cr3t`);
  });
});
