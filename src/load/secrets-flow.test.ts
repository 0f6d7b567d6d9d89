import { loadDesiredState } from "./load-desired-state";
import { MemoryFileSystem } from "./memory-fs";
import type { SecretsDecryptor } from "../shared/secrets";

// A stand-in for helm-secrets: "decrypts" by dropping an ENC: prefix on each line.
const fake: SecretsDecryptor = {
  decryptFile: (path) => files[path]?.replace(/ENC:/g, "") ?? "",
  decryptText: (text) => text.replace(/ENC:/g, ""),
};

const files: Record<string, string> = {
  "/w/helmfile.yaml":
    "environments:\n  default:\n    values:\n    - env.yaml\n    secrets:\n    - secrets.yaml\n---\nreleases:\n- name: r\n  chart: c/c\n  values:\n  - v.yaml\n  secrets:\n  - rs.yaml\n",
  "/w/env.yaml": "password: plain\nother: 1\n",
  "/w/secrets.yaml": "password: ENC:secret\n",
  "/w/v.yaml": "a: 1\n",
  "/w/rs.yaml": "token: ENC:t\n",
};

describe("secrets", () => {
  it("merges environment secrets over environment values (seed doc: secrets have the highest priority)", () => {
    const st = loadDesiredState({ cwd: "/w" }, { fs: new MemoryFileSystem(files), env: {}, secrets: fake });
    expect(st.states[0]?.values.password).toBe("secret");
    expect(st.states[0]?.values.other).toBe(1n);
  });

  it("passes release secrets after values files and marks them secret", () => {
    const st = loadDesiredState({ cwd: "/w" }, { fs: new MemoryFileSystem(files), env: {}, secrets: fake });
    const r = st.releases[0];
    expect(r?.values.map((v) => [v.kind, v.secret])).toEqual([
      ["file", false],
      ["inline", true],
    ]);
    expect(r?.hasSecrets).toBe(true);
  });

  it("fails with SECRETS_UNSUPPORTED when no decryptor is configured", () => {
    expect(() => loadDesiredState({ cwd: "/w" }, { fs: new MemoryFileSystem(files), env: {} })).toThrow(
      expect.objectContaining({ code: "SECRETS_UNSUPPORTED" }),
    );
  });
});
