/**
 * helm-secrets semantics with the REAL sops and age: fixtures are encrypted at test time
 * with a freshly generated age key, then loaded through the loader with {@link SopsDecryptor}.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadDesiredState } from "../../src/load/load-desired-state";
import { NodeFileSystem } from "../../src/node/node-file-system";
import { NodeProcessRunner } from "../../src/node/node-process-runner";
import { SecretRegistry } from "../../src/secrets/secret-registry";
import { SopsDecryptor } from "../../src/secrets/sops-decryptor";
import { SecretRefResolver } from "../../src/secrets/secret-resolver";
import { newMap } from "../../src/shared/value";
import {
  FIXTURES,
  makeAgeKey,
  SOPS,
  sopsEncryptInPlace,
  sopsEncryptText,
  toolsMissingReason,
  workspace,
  type AgeKey,
} from "./sops-tools";

const reason = toolsMissingReason();
const describeSops = reason === undefined ? describe : describe.skip;
const title =
  reason === undefined ? "sops decryption (real sops + age)" : `sops decryption (skipped: ${reason})`;

const PLAINTEXTS = ["env-Secret-Value-1", "json-Secret-Token-2", "release-Secret-Value-3"];

describeSops(title, () => {
  let ws: { dir: string; dispose: () => void };
  let key: AgeKey;
  let other: AgeKey;
  let tmp: string;

  beforeAll(() => {
    ws = workspace("phf-secrets-", join(FIXTURES, "state"));
    mkdirSync(join(ws.dir, ".keys"));
    key = makeAgeKey(join(ws.dir, ".keys"));
    other = makeAgeKey(join(ws.dir, ".keys"), "other.txt");
    for (const f of ["env-secrets.yaml", "env-secrets.json", "release-secrets.yaml"]) {
      sopsEncryptInPlace(join(ws.dir, f), key.recipient);
    }
    tmp = join(ws.dir, ".tmp");
    mkdirSync(tmp);
  });
  afterAll(() => ws.dispose());

  function decryptor(keyFile = key.keyFile, registry?: SecretRegistry): SopsDecryptor {
    // TMPDIR points at a private folder so the hygiene checks see anything sops might leave.
    const env = { ...process.env, TMPDIR: tmp };
    return new SopsDecryptor({
      runner: new NodeProcessRunner({ baseEnv: env, cwd: ws.dir }),
      fs: new NodeFileSystem(ws.dir),
      env,
      binary: SOPS as string,
      sopsEnv: { SOPS_AGE_KEY_FILE: keyFile },
      ...(registry === undefined ? {} : { registry }),
    });
  }

  function load(secrets: SopsDecryptor) {
    return loadDesiredState({ cwd: ws.dir }, { fs: new NodeFileSystem(ws.dir), env: {}, secrets });
  }

  function errorOf(fn: () => unknown): Error & { code?: string; file?: string } {
    try {
      fn();
    } catch (e) {
      return e as Error & { code?: string; file?: string };
    }
    throw new Error("expected an error");
  }

  it("encrypts the fixtures for real (the plaintext is not on disk)", () => {
    const text = readFileSync(join(ws.dir, "env-secrets.yaml"), "utf8");
    expect(text).toContain("sops:");
    expect(text).not.toContain("env-Secret-Value-1");
  });

  it("merges decrypted environment secrets (YAML then JSON) over environment values", () => {
    const st = load(decryptor());
    const values = st.states[0]?.values;
    expect(values?.["password"]).toBe("env-Secret-Value-1");
    expect(values?.["apiToken"]).toBe("json-Secret-Token-2");
    // The JSON secrets file is merged after env.yaml, so its key wins (seed doc: secrets last).
    expect(values?.["region"]).toBe("json-region");
  });

  it("passes release secrets as inline values sources marked secret, after the values", () => {
    const r = load(decryptor()).releases[0];
    const last = r?.values[r.values.length - 1];
    expect(last?.kind).toBe("inline");
    expect(last?.secret).toBe(true);
    expect(last?.kind === "inline" ? last.content : "").toContain("release-Secret-Value-3");
    expect(r?.hasSecrets).toBe(true);
  });

  it("marks a templated values source secret when it carries a decrypted environment secret", () => {
    const r = load(decryptor()).releases[0];
    const templated = r?.values[0];
    expect(templated?.kind === "inline" ? templated.content : "").toContain(
      "fromEnvSecret: env-Secret-Value-1",
    );
    expect(templated?.secret).toBe(true);
  });

  it("decrypts a JSON secrets file to JSON", () => {
    const out = decryptor().decryptFile(join(ws.dir, "env-secrets.json"));
    expect(JSON.parse(out)).toEqual({ apiToken: "json-Secret-Token-2", region: "json-region" });
  });

  it("decrypts an encrypted HCL file (sops binary store) back to its HCL text", () => {
    const hcl = join(ws.dir, "secrets.hcl");
    writeFileSync(hcl, 'values {\n  hclSecret = "hcl-Secret-Value-4"\n}\n');
    sopsEncryptInPlace(hcl, key.recipient, "binary");
    expect(readFileSync(hcl, "utf8")).not.toContain("hcl-Secret-Value-4");
    expect(decryptor().decryptFile(hcl)).toBe('values {\n  hclSecret = "hcl-Secret-Value-4"\n}\n');
  });

  it("evaluates a decrypted HCL environment secret in the HCL pass, merged over YAML values", () => {
    const dir = join(ws.dir, "hcl");
    mkdirSync(dir);
    writeFileSync(join(dir, "env.yaml"), "region: from-yaml\nkeep: yes-kept\n");
    writeFileSync(join(dir, "secrets.hcl"), 'values {\n  region = "hcl-Secret-Region-8"\n}\n');
    sopsEncryptInPlace(join(dir, "secrets.hcl"), key.recipient, "binary");
    writeFileSync(
      join(dir, "helmfile.yaml"),
      "environments:\n  default:\n    values:\n    - env.yaml\n    secrets:\n    - secrets.hcl\n---\nreleases:\n- name: r\n  chart: c/c\n",
    );
    const st = loadDesiredState({ cwd: dir }, { fs: new NodeFileSystem(dir), env: {}, secrets: decryptor() });
    expect(st.states[0]?.values["region"]).toBe("hcl-Secret-Region-8");
    expect(st.states[0]?.values["keep"]).toBe("yes-kept");
  });

  it("decrypts an embedded secrets map through stdin (decryptText)", () => {
    const enc = sopsEncryptText("embedded: embedded-Secret-5\n", key.recipient);
    expect(decryptor().decryptText(enc, "helmfile.yaml: releases[app].secrets[1]")).toBe(
      "embedded: embedded-Secret-5\n",
    );
  });

  it("fails with the wrong key, naming the file and printing no plaintext", () => {
    const file = join(ws.dir, "env-secrets.yaml");
    const err = errorOf(() => decryptor(other.keyFile).decryptFile(file));
    expect(err.name).toBe("SecretError");
    expect(err.code).toBe("SECRETS_NO_KEY");
    expect(err.file).toBe(file);
    expect(err.message).toContain(file);
    for (const p of PLAINTEXTS) expect(err.message).not.toContain(p);
  });

  it("fails through the loader with the wrong key and the error names the secrets file", () => {
    const err = errorOf(() => load(decryptor(other.keyFile)));
    expect(err.message).toContain("env-secrets.yaml");
    for (const p of PLAINTEXTS) expect(err.message).not.toContain(p);
  });

  it("fails on a corrupt file (tampered ciphertext), naming the file, with no plaintext", () => {
    const file = join(ws.dir, "corrupt.yaml");
    const enc = readFileSync(join(ws.dir, "release-secrets.yaml"), "utf8");
    writeFileSync(
      file,
      enc.replace(/data:([A-Za-z0-9+/]{4})/, (_m, g: string) => `data:${g === "AAAA" ? "BBBB" : "AAAA"}`),
    );
    const err = errorOf(() => decryptor().decryptFile(file));
    expect(err.code).toBe("SECRETS_CORRUPT");
    expect(err.file).toBe(file);
    expect(err.message).toContain(file);
    for (const p of PLAINTEXTS) expect(err.message).not.toContain(p);
  });

  it("fails on a file whose values were edited without sops (MAC mismatch) and never shows the values", () => {
    const file = join(ws.dir, "edited.yaml");
    const enc = readFileSync(join(ws.dir, "env-secrets.yaml"), "utf8");
    // Drop the only encrypted value: the MAC no longer matches the tree.
    writeFileSync(file, enc.replace(/^password: ENC\[[^\]]*\]\n/m, "password_unencrypted: x\n"));
    const err = errorOf(() => decryptor().decryptFile(file));
    expect(err.name).toBe("SecretError");
    expect(err.message).toContain(file);
    for (const p of PLAINTEXTS) expect(err.message).not.toContain(p);
  });

  it("fails with SECRETS_NOT_ENCRYPTED for a plaintext file (helm-secrets refuses those)", () => {
    const err = errorOf(() => decryptor().decryptFile(join(ws.dir, "env.yaml")));
    expect(err.code).toBe("SECRETS_NOT_ENCRYPTED");
    expect(err.message).toContain("env.yaml");
  });

  it("fails with SECRETS_FILE_NOT_FOUND naming a missing file", () => {
    const err = errorOf(() => decryptor().decryptFile(join(ws.dir, "nope.yaml")));
    expect(err.code).toBe("SECRETS_FILE_NOT_FOUND");
    expect(err.message).toContain("nope.yaml");
  });

  it("records decrypted plaintext so logs can be redacted", () => {
    const registry = new SecretRegistry();
    decryptor(key.keyFile, registry).decryptFile(join(ws.dir, "release-secrets.yaml"));
    expect(registry.redact("value=release-Secret-Value-3")).toBe("value=[redacted]");
  });

  it("resolves ref+sops:// references with the real sops", () => {
    const dec = decryptor();
    const resolver = new SecretRefResolver({
      fs: new NodeFileSystem(ws.dir),
      env: {},
      cwd: ws.dir,
      decryptor: dec,
    });
    const m = newMap();
    m["pw"] = "ref+sops://release-secrets.yaml#/db/password";
    expect(resolver.evalMap(m)["pw"]).toBe("release-Secret-Value-3");
  });

  it("leaves no decrypted or temporary files behind, after success and after failure", () => {
    const before = readdirSync(ws.dir).sort();
    const dec = decryptor();
    dec.decryptFile(join(ws.dir, "env-secrets.yaml"));
    dec.decryptText(sopsEncryptText("k: text-Secret-6\n", key.recipient), "inline");
    errorOf(() => decryptor(other.keyFile).decryptFile(join(ws.dir, "release-secrets.yaml")));
    expect(readdirSync(ws.dir).sort()).toEqual(before);
    expect(readdirSync(tmp)).toEqual([]);
  });
});
