import { redact, REDACTED } from "./redact";

describe("redact", () => {
  it("replaces every occurrence of every secret", () => {
    expect(redact("pw=hunter2 again hunter2", ["hunter2"])).toBe(`pw=${REDACTED} again ${REDACTED}`);
  });

  it("removes a secret that contains another one whole (longest first)", () => {
    expect(redact("token abc-123-xyz", ["abc", "abc-123-xyz"], { replacement: "*" })).toBe("token *");
  });

  it("redacts the lines of a multi-line secret one by one", () => {
    const key = "-----BEGIN KEY-----\nMIIBVwIBADANBgkq\n-----END KEY-----";
    expect(redact("found: MIIBVwIBADANBgkq at line 2", [key])).not.toContain("MIIBVwIBADANBgkq");
  });

  it("ignores empty secrets and those shorter than minLength", () => {
    expect(redact("a b c", ["", "b"], { minLength: 2 })).toBe("a b c");
  });
});
