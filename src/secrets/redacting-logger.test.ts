import { redactingLogger } from "./redacting-logger";
import { SecretRegistry } from "./secret-registry";

describe("redactingLogger", () => {
  it("redacts secrets learned after the logger was created, at every level", () => {
    const lines: string[] = [];
    const registry = new SecretRegistry();
    const log = redactingLogger(
      {
        debug: (m) => lines.push(`d ${m}`),
        info: (m) => lines.push(`i ${m}`),
        warn: (m) => lines.push(`w ${m}`),
      },
      registry,
    );
    log.info("before hunter2-pass");
    registry.add("hunter2-pass");
    log.debug("x hunter2-pass");
    log.warn("hunter2-pass y");
    expect(lines).toEqual(["i before hunter2-pass", "d x [redacted]", "w [redacted] y"]);
  });
});
