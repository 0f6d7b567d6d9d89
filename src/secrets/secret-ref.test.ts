import { firstRefBackend, parseSecretRef, REF_PATTERN } from "./secret-ref";

describe("parseSecretRef", () => {
  it("joins host and path like vals (relative file path)", () => {
    const r = parseSecretRef("file://./secrets.yaml#/db/password");
    expect(r.backend).toBe("file");
    expect(r.path).toBe("./secrets.yaml");
    expect(r.fragment).toEqual(["db", "password"]);
  });

  it("keeps an absolute path when there is no host", () => {
    expect(parseSecretRef("file:///etc/app/s.yaml").path).toBe("/etc/app/s.yaml");
  });

  it("splits the query into parameters and trims a leading slash of the fragment", () => {
    const r = parseSecretRef("vault://secret/data/app?address=http://x&version=2#foo");
    expect(r.path).toBe("secret/data/app");
    expect(r.params.get("version")).toBe("2");
    expect(r.fragment).toEqual(["foo"]);
  });

  it("has no fragment keys when there is no fragment", () => {
    expect(parseSecretRef("echo://a/b").fragment).toEqual([]);
  });
});

describe("REF_PATTERN", () => {
  it("finds references embedded in text and stops at a trailing +", () => {
    const m = REF_PATTERN.exec("prefix ref+echo://foo/bar+suffix");
    expect(m?.[2]).toBe("echo://foo/bar");
  });

  it("matches secretref+ too and reports the backend", () => {
    expect(firstRefBackend("secretref+vault://a/b#c")).toBe("vault");
    expect(firstRefBackend("no reference here")).toBeUndefined();
  });
});
