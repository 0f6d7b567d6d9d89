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

describe("values derived from a secret", () => {
  it("a values template holding b64enc of an environment secret is secret (never cached, never in clear)", () => {
    const known = new Set<string>();
    const tracking: SecretsDecryptor = {
      decryptFile: (path) => {
        const text = files2[path]?.replace(/ENC:/g, "") ?? "";
        known.add("Derived-Secret-42");
        return text;
      },
      containsSecret: (text) => [...known].some((s) => text.includes(s)),
      hasSecrets: () => known.size > 0,
    };
    const files2: Record<string, string> = {
      "/w/helmfile.yaml.gotmpl":
        "environments:\n  default:\n    secrets:\n    - secrets.yaml\n---\nreleases:\n- name: r\n  chart: c/c\n  values:\n  - b64: {{ .Values.password | b64enc }}\n",
      "/w/secrets.yaml": "password: ENC:Derived-Secret-42\n",
    };
    const st = loadDesiredState(
      { cwd: "/w", file: "helmfile.yaml.gotmpl" },
      { fs: new MemoryFileSystem(files2), env: {}, secrets: tracking },
    );
    const r = st.releases[0];
    expect(r?.values[0]).toMatchObject({ kind: "inline", secret: true });
    expect(r?.values[0]?.kind === "inline" && r.values[0].content).toContain(
      Buffer.from("Derived-Secret-42").toString("base64"),
    );
    expect(r?.hasSecrets).toBe(true);
  });
});
