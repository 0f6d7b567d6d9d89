import { MemoryFileSystem } from "../load/memory-fs";
import { newMap, type ValueMap } from "../shared/value";
import type { SecretsDecryptor } from "../shared/secrets";
import { containsSecretRef, SecretRefResolver } from "./secret-resolver";
import { thrownCode } from "../../tests/support/error-code";

const fs = new MemoryFileSystem({
  "/w/creds.yaml": "db:\n  password: p4ssw0rd-value\n  port: 5432\nlist: [a, b]\n",
  "/w/token.txt": "raw-token-text\n",
  "/abs/ca.pem": "CERT",
});

function map(entries: Record<string, unknown>): ValueMap {
  const m = newMap();
  for (const [k, v] of Object.entries(entries)) m[k] = v as ValueMap[string];
  return m;
}

function resolver(decryptor?: SecretsDecryptor): SecretRefResolver {
  return new SecretRefResolver({
    fs,
    env: { HOST: "db.local" },
    cwd: "/w",
    ...(decryptor ? { decryptor } : {}),
  });
}

describe("SecretRefResolver", () => {
  it("reads a whole file for a file reference without fragment", () => {
    expect(resolver().evalMap(map({ k: "ref+file://token.txt" }))["k"]).toBe("raw-token-text\n");
  });

  it("walks a /-separated fragment of a file's YAML and keeps the value's type", () => {
    const out = resolver().evalMap(
      map({ pw: "ref+file://./creds.yaml#/db/password", port: "ref+file://creds.yaml#/db/port" }),
    );
    expect(out["pw"]).toBe("p4ssw0rd-value");
    expect(out["port"]).toBe(5432n);
  });

  it("gives null for a missing fragment key (helmfile does not fail on missing keys)", () => {
    expect(resolver().evalMap(map({ k: "ref+file://creds.yaml#/db/nope" }))["k"]).toBeNull();
  });

  it("formats references embedded in a longer string as text", () => {
    const out = resolver().evalMap(
      map({ url: "postgres://u:ref+file://creds.yaml#/db/password+@ref+envsubst://$HOST+/x" }),
    );
    expect(out["url"]).toBe("postgres://u:p4ssw0rd-value@db.local/x");
  });

  it("resolves echo and envsubst like vals", () => {
    const out = resolver().evalMap(
      map({ e: "ref+echo://foo/bar/", s: "ref+envsubst://${HOST:-x}:5432", m: "ref+echo://a/b#/a" }),
    );
    expect(out["e"]).toBe("foo/bar");
    expect(out["s"]).toBe("db.local:5432");
    expect(out["m"]).toBe("b");
  });

  it("base64-encodes a file with ?encode=base64 and reads absolute paths", () => {
    expect(resolver().evalMap(map({ k: "ref+file:///abs/ca.pem?encode=base64" }))["k"]).toBe("Q0VSVA==");
  });

  it("walks nested maps and lists and leaves other values alone", () => {
    const out = resolver().evalMap(map({ a: map({ b: ["x", "ref+echo://yy"] }), n: 1n, t: true }));
    expect((out["a"] as ValueMap)["b"]).toEqual(["x", "yy"]);
    expect(out["n"]).toBe(1n);
    expect(out["t"]).toBe(true);
  });

  it("fails with SECRET_BACKEND_UNSUPPORTED naming a remote backend, without echoing the reference", () => {
    let err: unknown;
    try {
      resolver().evalMap(map({ k: "ref+vault://secret/app?token=s.abcdef#pw" }));
    } catch (e) {
      err = e;
    }
    expect(err).toMatchObject({ code: "SECRET_BACKEND_UNSUPPORTED", name: "SecretError" });
    expect((err as Error).message).toContain('"vault"');
    expect((err as Error).message).not.toContain("s.abcdef");
  });

  it("fails with SECRET_REF_FAILED naming the file when it does not exist", () => {
    expect(() => resolver().evalMap(map({ k: "ref+file://missing.yaml#/a" }))).toThrow(
      expect.objectContaining({ code: "SECRET_REF_FAILED", file: "/w/missing.yaml" }),
    );
  });

  it("resolves sops references through the decryptor", () => {
    const dec: SecretsDecryptor = {
      decryptFile: (p) => (p === "/w/s.enc.yaml" ? "api:\n  key: k-123456\n" : ""),
    };
    expect(resolver(dec).evalMap(map({ k: "ref+sops://s.enc.yaml#/api/key" }))["k"]).toBe("k-123456");
  });

  it("records every resolved value in its registry", () => {
    const r = resolver();
    r.evalMap(map({ k: "ref+file://creds.yaml#/db/password" }));
    expect(r.registry.redact("pw is p4ssw0rd-value")).not.toContain("p4ssw0rd-value");
  });

  it("allows registering a custom backend", () => {
    const r = new SecretRefResolver({
      fs,
      env: {},
      cwd: "/w",
      backends: { vault: { getString: (ref) => `from-vault:${ref.path}`, getStringMap: () => newMap() } },
    });
    expect(r.evalMap(map({ k: "ref+vault://a/b" }))["k"]).toBe("from-vault:a/b");
  });
});

describe("containsSecretRef", () => {
  it("finds references anywhere in a tree", () => {
    expect(containsSecretRef(map({ a: ["x", map({ b: "ref+echo://zz" })] }))).toBe(true);
    expect(containsSecretRef(map({ a: "plain" }))).toBe(false);
  });
});

describe("vals reference syntax", () => {
  it("needs at least two characters after :// (vals' DefaultRefRegexp), so ref+echo://y stays text", () => {
    expect(resolver().evalMap(map({ k: "ref+echo://y" }))["k"]).toBe("ref+echo://y");
  });
});

describe("secret references under HELMFILE_DISABLE_INSECURE_FEATURES", () => {
  const guarded = (): SecretRefResolver =>
    new SecretRefResolver({ fs, env: { HELMFILE_DISABLE_INSECURE_FEATURES: "true" }, cwd: "/w" });
  const codeOf = thrownCode;

  it("file references outside the scope's folder tree are refused, also after an allowed read was cached", () => {
    const r = guarded();
    expect(r.evalMap(map({ k: "ref+file://token.txt" }), { root: "/w" })["k"]).toBe("raw-token-text\n");
    expect(codeOf(() => r.evalMap(map({ k: "ref+file:///abs/ca.pem" }), { root: "/w" }))).toBe(
      "POLICY_FILE_OUTSIDE_TREE",
    );
    expect(codeOf(() => r.evalMap(map({ k: "ref+file://token.txt" }), { root: "/other" }))).toBe(
      "POLICY_FILE_OUTSIDE_TREE",
    );
    expect(codeOf(() => r.evalMap(map({ k: "ref+sops://../abs/ca.pem" }), { root: "/w" }))).toBe(
      "POLICY_FILE_OUTSIDE_TREE",
    );
  });

  it("references that read no file still resolve", () => {
    expect(guarded().evalMap(map({ k: "ref+echo://plain" }), { root: "/w" })["k"]).toBe("plain");
  });
});
