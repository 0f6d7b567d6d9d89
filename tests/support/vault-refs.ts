/**
 * The Vault side of the secret-reference tests: the real `vault server -dev` of
 * scripts/test-vault.sh (built and started when not running), seeded through the vault CLI the
 * same way each time: a KV v2 secret with two versions at `secret/app`, a KV v1 mount `kv1` with
 * `kv1/legacy`, an AppRole role with fixed ids and a userpass user, both allowed to read everything.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { homedir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(__dirname, "..", "..");
const CACHE = process.env.PULUMI_HELMFILE_CACHE ?? join(homedir(), ".cache", "pulumi-helmfile");

/** The ids and password the seeded auth methods accept. */
export const VAULT_ROLE_ID = "phf-role-id";
export const VAULT_SECRET_ID = "phf-secret-id-0001";
export const VAULT_USER = "alice";
export const VAULT_PASSWORD = "alice-vault-pw";

/** The environment that reaches the server (VAULT_ADDR, VAULT_TOKEN). */
export interface VaultRefs {
  readonly env: Readonly<Record<string, string>>;
}

let seeded: VaultRefs | undefined;

export function vaultRefs(): VaultRefs {
  if (seeded !== undefined) return seeded;
  const r = spawnSync("bash", [join(ROOT, "scripts", "test-vault.sh"), "start"], {
    encoding: "utf8",
    timeout: 90 * 60 * 1000,
  });
  if (r.status !== 0) throw new Error(`scripts/test-vault.sh start failed:\n${r.stderr}`);
  const m = /export VAULT_ADDR=(\S+) VAULT_TOKEN=(\S+)/.exec(r.stdout);
  if (m === null) throw new Error(`test-vault.sh printed no exports: ${r.stdout}`);
  const env = { VAULT_ADDR: m[1] as string, VAULT_TOKEN: m[2] as string };
  const vault = (args: string[], input?: string): void => {
    execFileSync(join(CACHE, "bin", "vault"), args, {
      env: { ...process.env, ...env },
      input,
      stdio: ["pipe", "ignore", "pipe"],
    });
  };
  const quietly = (args: string[]): void => {
    try {
      vault(args);
    } catch {
      // already there (a server seeded by an earlier run)
    }
  };
  quietly(["secrets", "enable", "-path=kv1", "-version=1", "kv"]);
  quietly(["auth", "enable", "approle"]);
  quietly(["auth", "enable", "userpass"]);
  vault(["policy", "write", "read-all", "-"], 'path "*" { capabilities = ["read", "list"] }\n');
  quietly(["kv", "metadata", "delete", "secret/app"]);
  vault([
    "kv",
    "put",
    "secret/app",
    "password=vault-first-pw",
    "user=vault-user",
    "port=5432",
    "b64=aGVsbG8=",
  ]);
  vault([
    "kv",
    "put",
    "secret/app",
    "password=vault-s3cr3t-pw",
    "user=vault-user",
    "port=5432",
    "b64=aGVsbG8=",
  ]);
  vault(["kv", "put", "kv1/legacy", "token=vault-legacy-token"]);
  vault(["write", "auth/approle/role/app", "token_policies=read-all"]);
  vault(["write", "auth/approle/role/app/role-id", `role_id=${VAULT_ROLE_ID}`]);
  quietly(["write", "auth/approle/role/app/custom-secret-id", `secret_id=${VAULT_SECRET_ID}`]);
  vault([
    "write",
    `auth/userpass/users/${VAULT_USER}`,
    `password=${VAULT_PASSWORD}`,
    "token_policies=read-all",
  ]);
  seeded = { env };
  return seeded;
}
