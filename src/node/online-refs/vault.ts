/**
 * `ref+vault://` and `ref+openbao://` (the same API), as vals v0.46 resolves them
 * (pkg/providers/vault), through node-vault:
 * - address: `address`, else `proto://host`, else `VAULT_ADDR`, else `https://127.0.0.1:8200`;
 *   `namespace`, else `VAULT_NAMESPACE`;
 * - auth: `auth_method` (else `VAULT_AUTH_METHOD`): `token` (`VAULT_TOKEN`, overridden by
 *   `token_env` and `token_file`, else `VAULT_TOKEN_FILE` or `~/.vault-token`), `approle`
 *   (`role_id`, `secret_id`), `userpass` (`username`, `password_env`/`password_file`) and
 *   `kubernetes` (the service account's token, `role_id` as the role);
 * - KV v1 and v2: the mount's version from `sys/internal/ui/mounts/<path>` (v2 reads `<mount>data/…`,
 *   with `version`);
 * - without a fragment the last path segment is the field (`decode=base64` applies); with one, the
 *   fragment walks the secret's data.
 * Errors keep vals' and the Vault API client's texts. Runs in the worker thread (./worker.ts).
 */
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import NodeVault from "node-vault";
import type { OnlineRequest, OnlineResponse, StringTree } from "./protocol";

class Refused extends Error {}

type Client = ReturnType<typeof NodeVault>;

interface VaultFailure {
  response?: { statusCode?: number; body?: { errors?: unknown[] } };
  message?: string;
}

function addressOf(req: OnlineRequest): string {
  if (req.params.address) return req.params.address;
  if (req.params.host) return `${req.params.proto || "https"}://${req.params.host}`;
  return req.env.VAULT_ADDR || "https://127.0.0.1:8200";
}

/** The Vault API client's text of a failed request (`Error making API request. … Code: 403. …`). */
function apiError(address: string, method: string, path: string, err: unknown): Refused {
  const e = err as VaultFailure;
  const status = e.response?.statusCode;
  if (status === undefined)
    return new Refused(`${method} ${address}/v1/${path}: ${e.message ?? String(err)}`);
  const errors = (e.response?.body?.errors ?? []).map((x) => `* ${String(x)}`).join("\n");
  return new Refused(
    `Error making API request.\n\nURL: ${method} ${address}/v1/${path}\nCode: ${status}. Errors:\n\n${errors}`,
  );
}

function tokenOf(req: OnlineRequest): string {
  let token = req.env.VAULT_TOKEN ?? "";
  const tokenEnv = req.params.token_env;
  if (tokenEnv) {
    token = req.env[tokenEnv] ?? "";
    if (token === "")
      throw new Refused(
        `token_env configured to read vault token from envvar "${tokenEnv}", but it isn't set`,
      );
  }
  const tokenFile = req.params.token_file;
  if (tokenFile) {
    try {
      token = readFileSync(tokenFile, "utf8");
    } catch (err) {
      throw new Refused(err instanceof Error ? err.message : String(err));
    }
  }
  if (token === "") {
    try {
      token = readFileSync(
        req.env.VAULT_TOKEN_FILE || join(req.env.HOME ?? homedir(), ".vault-token"),
        "utf8",
      );
    } catch {
      // vals ignores a missing token file
    }
  }
  return token;
}

async function login(client: Client, req: OnlineRequest, address: string): Promise<void> {
  const method = req.params.auth_method || req.env.VAULT_AUTH_METHOD || "token";
  const mount = (fallback: string): string => req.env.VAULT_LOGIN_MOUNT_POINT || fallback;
  let path: string;
  let body: Record<string, string>;
  switch (method) {
    case "approle":
      path = `auth/${mount("approle")}/login`;
      body = {
        role_id: req.params.role_id || req.env.VAULT_ROLE_ID || "",
        secret_id: req.params.secret_id || req.env.VAULT_SECRET_ID || "",
      };
      break;
    case "userpass": {
      const username = req.params.username || req.env.VAULT_USERNAME || "";
      const passwordEnv = req.params.password_env || req.env.VAULT_PASSWORD_ENV;
      const passwordFile = req.params.password_file || req.env.VAULT_PASSWORD_FILE;
      let password = "";
      if (passwordEnv) {
        password = req.env[passwordEnv] ?? "";
        if (password === "")
          throw new Refused(
            `password_env configured to read vault password from envvar "${passwordEnv}", but it isn't set`,
          );
      } else if (passwordFile) password = readFileSync(passwordFile, "utf8");
      if (password === "") throw new Refused("password missing for userpass authentication");
      path = `auth/${mount("userpass")}/login/${username}`;
      body = { password };
      break;
    }
    case "kubernetes": {
      const jwt = readFileSync(
        req.env.VAULT_KUBERNETES_JWT_TOKEN_PATH || "/var/run/secrets/kubernetes.io/serviceaccount/token",
        "utf8",
      );
      path = `auth/${req.env.VAULT_KUBERNETES_MOUNT_POINT || "kubernetes"}/login`;
      body = { jwt, role: req.params.role_id || req.env.VAULT_ROLE_ID || "" };
      break;
    }
    default:
      try {
        client.token = tokenOf(req);
      } catch (err) {
        throw new Refused(`Cannot create Vault Client: ${err instanceof Error ? err.message : String(err)}`);
      }
      return;
  }
  let res: { auth?: { client_token?: string } };
  try {
    res = (await client.write(path, body)) as typeof res;
  } catch (err) {
    throw new Refused(`Cannot create Vault Client: ${apiError(address, "PUT", path, err).message}`);
  }
  if (res.auth?.client_token === undefined)
    throw new Refused("Cannot create Vault Client: no auth info returned");
  client.token = res.auth.client_token;
}

/** The data of the secret at `path` (KV v1 or v2, as the mount says). */
async function readSecret(
  client: Client,
  req: OnlineRequest,
  address: string,
  path: string,
): Promise<Record<string, unknown>> {
  let readPath = path;
  try {
    const mounts = (await client.read(`sys/internal/ui/mounts/${path}`)) as {
      data?: { path?: string; options?: { version?: string } | null };
    };
    const mount = mounts.data?.path ?? "";
    if (mounts.data?.options?.version === "2" && mount !== "" && path.startsWith(mount))
      readPath = `${mount}data/${path.slice(mount.length)}`;
  } catch (err) {
    if ((err as VaultFailure).response?.statusCode !== 404)
      throw apiError(address, "GET", `sys/internal/ui/mounts/${path}`, err);
  }
  const version = req.params.version;
  const query = version ? `?version=${encodeURIComponent(version)}` : "";
  let secret: { data?: Record<string, unknown> | null };
  try {
    secret = (await client.read(`${readPath}${query}`)) as typeof secret;
  } catch (err) {
    const e = err as VaultFailure;
    if (e.response?.statusCode === 404 && (e.response.body?.errors ?? []).length === 0)
      throw new Refused(`no secret found for path "${path}"`);
    throw apiError(address, "GET", `${readPath}${query}`, err);
  }
  const data = secret.data ?? {};
  const inner = data.data;
  return typeof inner === "object" && inner !== null && !Array.isArray(inner) && readPath !== path
    ? (inner as Record<string, unknown>)
    : data;
}

/** Go's `%v` of a JSON value (numbers as written, maps as `map[k:v]`). */
function formatV(v: unknown): string {
  if (v === null || v === undefined) return "<nil>";
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (Array.isArray(v)) return `[${v.map(formatV).join(" ")}]`;
  return `map[${Object.keys(v)
    .sort()
    .map((k) => `${k}:${formatV((v as Record<string, unknown>)[k])}`)
    .join(" ")}]`;
}

function toTree(v: Record<string, unknown>): StringTree {
  // JSON crosses to the caller as text, typed there as YAML (JSON is YAML).
  return v as unknown as StringTree;
}

async function vault(req: OnlineRequest): Promise<OnlineResponse> {
  const address = addressOf(req);
  const client = NodeVault({
    endpoint: address,
    ...(req.params.namespace || req.env.VAULT_NAMESPACE
      ? { namespace: req.params.namespace || req.env.VAULT_NAMESPACE }
      : {}),
    requestOptions: {
      timeout: req.timeoutMs,
      ...(address.includes("127.0.0.1") ? { strictSSL: false } : {}),
    },
  });
  try {
    await login(client, req, address);
  } catch (err) {
    // vals reports every failure of making its client so.
    const text = err instanceof Error ? err.message : String(err);
    throw new Refused(
      text.startsWith("Cannot create Vault Client: ") ? text : `Cannot create Vault Client: ${text}`,
    );
  }
  if (req.want === "map") {
    return { ok: true, text: JSON.stringify(toTree(await readSecret(client, req, address, req.path))) };
  }
  const at = req.path.lastIndexOf("/");
  const path = at < 0 ? req.path : req.path.slice(0, at);
  const key = req.path.slice(at + 1);
  const data = await readSecret(client, req, address, path);
  if (!Object.prototype.hasOwnProperty.call(data, key))
    throw new Refused(`vault: get string: key "${key}" does not exist in "${path}"`);
  const value = formatV(data[key]);
  const decode = req.params.decode || "raw";
  if (decode === "raw") return { ok: true, text: value };
  if (decode !== "base64") throw new Refused(`vault: unsupported decode parameter: "${decode}"`);
  const bad = base64Corruption(value);
  if (bad !== undefined)
    throw new Refused(
      `vault: base64 decode failed for key "${key}": illegal base64 data at input byte ${bad}`,
    );
  return { ok: true, text: Buffer.from(value, "base64").toString("utf8") };
}

/** Where Go's StdEncoding stops reading `text` (`illegal base64 data at input byte N`), or undefined when it decodes. */
function base64Corruption(text: string): number | undefined {
  const body = text.replace(/=+$/, "");
  const bad = /[^A-Za-z0-9+/]/.exec(body);
  if (bad !== null) return bad.index;
  const pad = text.length - body.length;
  if (text.length % 4 !== 0 || pad > 2 || (pad > 0 && (body.length + pad) % 4 !== 0))
    return Math.min(text.length, body.length - (body.length % 4));
  if (body.length % 4 === 1) return body.length - 1;
  return undefined;
}

/** The vault backend, its failures as vals' text. */
export async function vaultBackend(req: OnlineRequest): Promise<OnlineResponse> {
  try {
    return await vault(req);
  } catch (err) {
    return { ok: false, reason: err instanceof Error ? err.message : String(err) };
  }
}
