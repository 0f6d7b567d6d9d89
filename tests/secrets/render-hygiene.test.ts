/**
 * Secrecy through load and render with the real sops, age and helm, on the end-to-end fixture:
 * secret values reach helm only through private (0600) temp files that are gone afterwards,
 * the rendered Secret holds the values, and the sources are marked secret for the component.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadDesiredState } from "../../src/load/load-desired-state";
import { findHelm } from "../../src/node/find-helm";
import { NodeFileSystem } from "../../src/node/node-file-system";
import { NodeProcessRunner } from "../../src/node/node-process-runner";
import { NodeScratchFileSystem } from "../../src/node/node-scratch-fs";
import { renderDesiredState } from "../../src/render/render-state";
import type { ScratchFileSystem } from "../../src/render/render-io";
import { SopsDecryptor } from "../../src/secrets/sops-decryptor";
import { silentLogger } from "../../src/shared/io";
import { E2E_SECRET_PLAINTEXTS, E2E_SECRETS_DIR, e2eSecretsEnv } from "./e2e-fixture";
import { SOPS, toolsMissingReason } from "./sops-tools";

const reason = toolsMissingReason();
const describeSops = reason === undefined ? describe : describe.skip;
const title =
  reason === undefined
    ? "secrets through render (real sops, age, helm)"
    : `secrets through render (skipped: ${reason})`;

/** Records the mode of every written file whose content holds a plaintext. */
function recordingScratch(
  inner: ScratchFileSystem,
  writes: { path: string; mode: number }[],
): ScratchFileSystem {
  return {
    makeTempDir: (p) => inner.makeTempDir(p),
    makeDir: (p) => inner.makeDir(p),
    writeFile: (path, content, mode) => {
      if (E2E_SECRET_PLAINTEXTS.some((s) => content.includes(s))) writes.push({ path, mode: mode ?? 0o600 });
      inner.writeFile(path, content, mode);
    },
    rename: (a, b) => inner.rename(a, b),
    remove: (p) => inner.remove(p),
    stat: (p) => inner.stat(p),
    touch: (p) => inner.touch(p),
    listFilesRecursive: (d) => inner.listFilesRecursive(d),
  };
}

describeSops(title, () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), "phf-secret-scratch-"));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("renders the Secret from decrypted values via 0600 temp files and leaves none behind", async () => {
    const env = { ...process.env, TMPDIR: root };
    const runner = new NodeProcessRunner({ baseEnv: env, cwd: E2E_SECRETS_DIR });
    const fs = new NodeFileSystem(E2E_SECRETS_DIR);
    const decryptor = new SopsDecryptor({
      runner,
      fs,
      env,
      binary: SOPS as string,
      sopsEnv: e2eSecretsEnv(),
    });
    const desired = loadDesiredState({ cwd: E2E_SECRETS_DIR }, { fs, env: {}, secrets: decryptor });
    const release = desired.releases[0];
    expect(release?.hasSecrets).toBe(true);
    expect(release?.values.every((v) => v.secret)).toBe(true);

    const writes: { path: string; mode: number }[] = [];
    const helm = await findHelm(runner, { env });
    const rendered = await renderDesiredState(
      desired,
      { helm },
      {
        fs,
        runner,
        scratch: recordingScratch(new NodeScratchFileSystem(root), writes),
        logger: silentLogger,
      },
    );
    const manifest = rendered[0]?.manifest ?? "";
    expect(manifest).toContain("kind: Secret");
    for (const s of E2E_SECRET_PLAINTEXTS) expect(manifest).toContain(s);
    expect(writes.length).toBeGreaterThan(0);
    for (const w of writes) expect(w.mode).toBe(0o600);
    expect(readdirSync(root)).toEqual([]);
  });
});
