/**
 * The CLI decrypts `secrets:` with the real sops by default (as helmfile does with
 * helm-secrets), and a wrong key fails with an error naming the file and no plaintext.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { runCli } from "../../src/cli/main";
import { E2E_SECRET_PLAINTEXTS, E2E_SECRETS_DIR, e2eSecretsEnv } from "./e2e-fixture";
import { makeAgeKey, SOPS, toolsMissingReason } from "./sops-tools";

const reason = toolsMissingReason();
const describeSops = reason === undefined ? describe : describe.skip;
const title =
  reason === undefined ? "CLI with secrets (real sops, age, helm)" : `CLI with secrets (skipped: ${reason})`;

async function cli(
  env: Record<string, string | undefined>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(["template", "--debug"], {
    cwd: E2E_SECRETS_DIR,
    env,
    writeStdout: (t) => (stdout += t),
    writeStderr: (t) => (stderr += t),
  });
  return { code, stdout, stderr };
}

describeSops(title, () => {
  let tmp: string;
  let baseEnv: Record<string, string | undefined>;
  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), "phf-cli-secrets-"));
    // Only our sops (via SOPS_BINARY) and helm; TMPDIR private so leftovers are visible.
    baseEnv = { ...process.env, SOPS_BINARY: SOPS as string, TMPDIR: tmp, PATH: dirname(process.execPath) };
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it("renders the release with decrypted environment and release secrets, and leaves no temp files", async () => {
    const r = await cli({ ...baseEnv, ...e2eSecretsEnv() });
    expect(r.code).toBe(0);
    for (const s of E2E_SECRET_PLAINTEXTS) expect(r.stdout).toContain(s);
    // Debug logging (helm command lines, progress) never shows a decrypted value.
    for (const s of E2E_SECRET_PLAINTEXTS) expect(r.stderr).not.toContain(s);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it("fails with the wrong key, naming the secrets file, printing no plaintext", async () => {
    const keyDir = mkdtempSync(join(tmpdir(), "phf-cli-wrong-key-"));
    try {
      const wrong = makeAgeKey(keyDir);
      const r = await cli({ ...baseEnv, SOPS_AGE_KEY_FILE: wrong.keyFile });
      expect(r.code).not.toBe(0);
      expect(r.stderr).toContain(join(E2E_SECRETS_DIR, "env-secrets.yaml"));
      for (const s of E2E_SECRET_PLAINTEXTS) expect(r.stderr + r.stdout).not.toContain(s);
    } finally {
      rmSync(keyDir, { recursive: true, force: true });
    }
  });
});
