import { REDACTED } from "./redact";
import { collectSecretStrings, SecretRegistry } from "./secret-registry";

describe("collectSecretStrings", () => {
  it("collects scalar leaves but not map keys or short scalars", () => {
    const got = collectSecretStrings({ db: { password: "hunter2", port: 5432n, tls: true }, n: "ab" });
    expect([...got].sort()).toEqual(["5432", "hunter2"]);
  });
});

describe("SecretRegistry", () => {
  it("redacts what was added and reports whether a text contains a secret", () => {
    const r = new SecretRegistry();
    r.addValue({ a: "s3cr3t-value" });
    r.add("other-secret", "");
    expect(r.size).toBe(2);
    expect(r.containsSecret("xx s3cr3t-value yy")).toBe(true);
    expect(r.redact("other-secret!")).toBe(`${REDACTED}!`);
  });
});
