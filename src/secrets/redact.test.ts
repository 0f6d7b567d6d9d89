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

describe("redaction after transformations", () => {
  const pw = "Pa55-Zebra-Quartz-Mango-77";
  it("redacts a secret shortened with … at the truncation point", () => {
    expect(redact("(found password Pa55-Zebra-Qu…)", [pw])).toBe(`(found password ${REDACTED}…)`);
    expect(redact("tail Pa55-Zeb...", [pw])).toBe(`tail ${REDACTED}...`);
  });

  it("redacts a multi-line secret whose whitespace was folded, whole or truncated", () => {
    const key = "-----BEGIN KEY-----\nMIIBVwIBADANBgkq\nhkiG9w0BAQEFAASC\n-----END KEY-----";
    expect(
      redact("found -----BEGIN KEY----- MIIBVwIBADANBgkq hkiG9w0BAQEFAASC -----END KEY----- x", [key]),
    ).toBe(`found ${REDACTED} x`);
    const out = redact("found -----BEGIN KEY----- MIIBVwIBADANBgkq hkiG9w…", [key]);
    expect(out).toMatch(/^found (\[redacted\] ?)+…$/);
  });

  it("redacts escaped forms: JSON/Go quoting, YAML single quotes, --set backslashes", () => {
    const s = 'Alpha,Bravo "q" it\'s';
    expect(redact(JSON.stringify(s), [s])).toBe(`"${REDACTED}"`);
    expect(redact("'Alpha,Bravo \"q\" it''s'", [s])).toBe(`'${REDACTED}'`);
    expect(redact("--set a=Alpha\\,Bravo", ["Alpha,Bravo"])).toBe(`--set a=${REDACTED}`);
  });

  it("redacts the comma parts helm may split a --set secret into", () => {
    expect(redact('key "Bravo.Charlie" has no value', ["Alpha,Bravo.Charlie"])).toBe(
      `key "${REDACTED}" has no value`,
    );
  });

  it("leaves text without secrets or truncation alone", () => {
    expect(redact("nothing to see…", [pw])).toBe("nothing to see…");
  });
});
