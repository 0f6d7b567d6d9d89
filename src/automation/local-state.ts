/**
 * The stack's last deployment read straight from a self-managed backend's file, as `pulumi stack
 * export --show-secrets` gives it, for the one layout and secrets provider this package makes by
 * default: a `file://` backend in Pulumi's project layout (`.pulumi/meta.yaml` at version 1, the
 * state in `.pulumi/stacks/<project>/<stack>.json`, uncompressed) with the `passphrase` secrets
 * provider.
 *
 * Why: the CLI's export decodes and re-encodes the whole state (every object's inputs, outputs and
 * the provider's copy of its inputs) through Pulumi's property model. For the five public charts of
 * the bench (a 13.8 MB state, mostly kube-prometheus-stack's CRDs) that took 5.6 s of CPU on the
 * operation's critical path, where reading the file takes 0.2 s and deriving the passphrase's key
 * (PBKDF2-SHA256, 1,000,000 rounds, as Pulumi derives it) 0.2–0.3 s, off the main thread and
 * beside the read (from the salt the file's head names).
 *
 * Anything else answers `undefined` and the caller asks the CLI as before: another backend, the
 * legacy layout, a compressed state (`.json.gz`/`.json.zst`, whichever is newer would be Pulumi's
 * pick), a checkpoint version other than 3, or 4 with a feature that changes how values are
 * written (see {@link readableVersion}), another secrets provider, a passphrase that does not open
 * a secret. No library reads Pulumi's state files; the format is Pulumi's `apitype.CheckpointV3`
 * (sdk/go/common/apitype) and the cipher its `symmetricCrypter` (AES-256-GCM, `v1:<nonce>:<sealed>`,
 * base64), both read from Pulumi's sources. The plaintexts stay in this process's memory.
 */
import { createDecipheriv, pbkdf2 } from "node:crypto";
import { closeSync, existsSync, openSync, readFileSync, readSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { homedir } from "node:os";
import { isAbsolute, join } from "node:path";
import { promisify } from "node:util";
import { SECRET_SIGNATURE } from "./redact-events";

/** Pulumi's PBKDF2 rounds and key size for a passphrase (config.NewSymmetricCrypterFromPassphrase). */
const ROUNDS = 1_000_000;
const KEY_BYTES = 32;
const GCM_TAG_BYTES = 16;

export interface LocalStateLocation {
  readonly backendUrl: string;
  readonly projectName: string;
  readonly stackName: string;
  readonly secretsProvider: string;
  /** The environment the Pulumi CLI runs with (its passphrase variables). */
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** The backend's root folder for a plain `file://` URL; undefined for anything else. */
function fileBackendRoot(url: string): string | undefined {
  if (!url.startsWith("file://") || url.includes("?")) return undefined;
  const rest = url.slice("file://".length);
  const path = rest === "~" ? homedir() : rest.startsWith("~/") ? join(homedir(), rest.slice(2)) : rest;
  return isAbsolute(path) ? path : undefined;
}

/** The state file of the stack, when the backend is a `file://` one in Pulumi's project layout. */
export function localStateFile(location: LocalStateLocation): string | undefined {
  const root = fileBackendRoot(location.backendUrl);
  if (root === undefined || location.stackName.includes("/")) return undefined;
  const bookkeeping = join(root, ".pulumi");
  let meta: string;
  try {
    meta = readFileSync(join(bookkeeping, "meta.yaml"), "utf8");
  } catch {
    return undefined;
  }
  if (!/^version: 1\s*$/m.test(meta)) return undefined;
  const plain = join(bookkeeping, "stacks", location.projectName, `${location.stackName}.json`);
  if (existsSync(`${plain}.gz`) || existsSync(`${plain}.zst`)) return undefined;
  return plain;
}

/**
 * Whether the stack has no state at all in a plain `file://` backend, as Pulumi's self-managed
 * backend would look it up: in the project layout (`.pulumi/meta.yaml` at version 1) its
 * `stacks/<project>/<stack>.json`, and in a backend without `meta.yaml` (empty, or the legacy
 * layout) its `stacks/<stack>.json`, each plain, `.gz` or `.zst`. False whenever it cannot tell
 * (another backend, another layout version, a stack name with an organization).
 */
export function knownNewStack(location: LocalStateLocation): boolean {
  const root = fileBackendRoot(location.backendUrl);
  if (root === undefined || location.stackName.includes("/")) return false;
  const bookkeeping = join(root, ".pulumi");
  let meta: string | undefined;
  try {
    meta = readFileSync(join(bookkeeping, "meta.yaml"), "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") return false;
  }
  const absent = (base: string): boolean => ["", ".gz", ".zst"].every((ext) => !existsSync(`${base}${ext}`));
  const project = join(bookkeeping, "stacks", location.projectName, `${location.stackName}.json`);
  const legacy = join(bookkeeping, "stacks", `${location.stackName}.json`);
  if (meta === undefined) return absent(legacy) && absent(project);
  return /^version: 1\s*$/m.test(meta) && absent(project);
}

/**
 * What a deployment read here was in its file: the file's parsed root (whose `checkpoint.latest` is
 * the deployment) and, for each secret opened in place, the ciphertext it held. Kept per
 * deployment object for ./preview-state.ts, which writes part of that state back sealed.
 */
export interface SealedForm {
  readonly root: unknown;
  readonly ciphertexts: ReadonlyMap<Record<string, unknown>, string>;
}

const sealedForms = new WeakMap<object, SealedForm>();

/** The sealed form of a deployment {@link readLocalDeployment} answered, else undefined. */
export function sealedFormOf(deployment: unknown): SealedForm | undefined {
  return deployment !== null && typeof deployment === "object" ? sealedForms.get(deployment) : undefined;
}

/**
 * The deployment as `pulumi stack export --show-secrets` gives it (each secret as
 * `{<signature>: …, plaintext: "<json>"}`), or undefined when it cannot be read this way.
 */
export async function readLocalDeployment(location: LocalStateLocation): Promise<unknown> {
  if (location.secretsProvider !== "passphrase") return undefined;
  const file = localStateFile(location);
  if (file === undefined) return undefined;
  const phrase = passphrase(location.env);
  // The key is derived (off the main thread) while the file is read and parsed, from the salt at its head.
  const early = phrase === undefined ? undefined : earlyKey(file, phrase);
  let checkpoint: unknown;
  try {
    checkpoint = JSON.parse(await readFile(file, "utf8"));
  } catch {
    return undefined;
  }
  const c = checkpoint as {
    version?: unknown;
    features?: unknown;
    checkpoint?: { latest?: unknown };
  } | null;
  const latest = c !== null && readableVersion(c.version, c.features) ? c.checkpoint?.latest : undefined;
  if (latest === null || typeof latest !== "object") return undefined;
  // The parsed file is this function's own: each secret is opened in place.
  const secrets: Array<Record<string, unknown>> = [];
  collectSecrets(latest, secrets);
  const sealed = secrets.filter((o) => typeof o.ciphertext === "string");
  const ciphertexts = new Map<Record<string, unknown>, string>();
  if (sealed.length > 0) {
    const key = phrase === undefined ? undefined : await passphraseKey(latest, phrase, early);
    if (key === undefined) return undefined;
    const opened = sealed.map((o) => decrypt(o.ciphertext as string, key));
    if (opened.some((p) => p === undefined)) return undefined;
    sealed.forEach((o, i) => {
      ciphertexts.set(o, o.ciphertext as string);
      delete o.ciphertext;
      o.plaintext = opened[i];
    });
  }
  sealedForms.set(latest, { root: checkpoint, ciphertexts });
  return latest;
}

/** The types whose inputs or outputs a summary keeps ({@link summarizeDeployment}). */
const STACK_TYPE = "pulumi:pulumi:Stack";
const HELMFILE_TYPE = "helmfile:index:Helmfile";
const RELEASE_TYPE = "helmfile:index:Release";

/** A resource's fields a summary keeps whatever its type (the others are its inputs and outputs). */
const KEPT_FIELDS = [
  "urn",
  "type",
  "custom",
  "id",
  "parent",
  "provider",
  "delete",
  "pendingReplacement",
  "taint",
];

/**
 * What the comparison with the stack's record reads of a deployment (./recorded-preview.ts, the
 * scope of ./selection.ts, the CRDs of a partial preview), as copies: every resource's identity
 * (URN, type, parent, provider, id, whether custom, pending deletion or replacement); the stack's
 * outputs; the Helmfile components' inputs; the Releases' outputs (their record); and of every
 * other resource only its `metadata.resourceVersion` output (or the secret that holds its
 * metadata). Not the objects' inputs and outputs, which are most of a state (the CRDs' schemas).
 */
export function summarizeDeployment(latest: object): Record<string, unknown> {
  const d = latest as { resources?: unknown; pending_operations?: unknown; secrets_providers?: unknown };
  const resources = Array.isArray(d.resources)
    ? (d.resources as unknown[]).map((r): unknown => {
        if (r === null || typeof r !== "object") return r;
        const from = r as Record<string, unknown>;
        const own: Record<string, unknown> = {};
        for (const k of KEPT_FIELDS) if (from[k] !== undefined) own[k] = from[k];
        if (from.type === HELMFILE_TYPE && from.inputs !== undefined)
          own.inputs = structuredClone(from.inputs);
        if ((from.type === STACK_TYPE || from.type === RELEASE_TYPE) && from.outputs !== undefined)
          own.outputs = structuredClone(from.outputs);
        else if (from.outputs !== null && typeof from.outputs === "object") {
          const metadata = (from.outputs as Record<string, unknown>).metadata;
          if (metadata !== null && typeof metadata === "object") {
            const m = metadata as Record<string, unknown>;
            own.outputs = {
              metadata: isSecret(m) ? structuredClone(m) : { resourceVersion: m.resourceVersion },
            };
          }
        }
        return own;
      })
    : d.resources;
  return {
    resources,
    ...(d.pending_operations === undefined
      ? {}
      : { pending_operations: structuredClone(d.pending_operations) }),
    ...(d.secrets_providers === undefined ? {} : { secrets_providers: structuredClone(d.secrets_providers) }),
  };
}

/** A summary of the deployment in a state file, and the file's parsed root (its secrets sealed). */
export interface ReadSummary {
  readonly summary: Record<string, unknown>;
  readonly root: unknown;
}

/**
 * The {@link summarizeDeployment} of the stack's deployment in `file`, its secrets opened with
 * `phrase` as {@link readLocalDeployment} opens them, with the file's root as it was read; undefined
 * when {@link readLocalDeployment} would answer undefined. The passphrase is checked whenever the
 * file holds a sealed secret (as opening every secret checks it), though only the summary's are opened.
 */
export async function readDeploymentSummary(
  file: string,
  phrase: string | undefined,
): Promise<ReadSummary | undefined> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  const anySealed = text.includes('"ciphertext"');
  // The key is derived (on libuv's thread pool) while the file is parsed, only for a file with secrets.
  const early = phrase === undefined || !anySealed ? undefined : earlyKey(file, phrase);
  let checkpoint: unknown;
  try {
    checkpoint = JSON.parse(text);
  } catch {
    return undefined;
  }
  const c = checkpoint as { version?: unknown; features?: unknown; checkpoint?: { latest?: unknown } } | null;
  const latest = c !== null && readableVersion(c.version, c.features) ? c.checkpoint?.latest : undefined;
  if (latest === null || typeof latest !== "object") return undefined;
  const summary = summarizeDeployment(latest);
  const secrets: Array<Record<string, unknown>> = [];
  collectSecrets(summary.resources, secrets);
  const sealed = secrets.filter((o) => typeof o.ciphertext === "string");
  if (anySealed) {
    const key = phrase === undefined ? undefined : await passphraseKey(latest, phrase, early);
    if (key === undefined) return undefined;
    const opened = sealed.map((o) => decrypt(o.ciphertext as string, key));
    if (opened.some((p) => p === undefined)) return undefined;
    sealed.forEach((o, i) => {
      delete o.ciphertext;
      o.plaintext = opened[i];
    });
  }
  return { summary, root: checkpoint };
}

/** The passphrase the CLI would use for `location` (see {@link passphrase}). */
export function passphraseOf(location: LocalStateLocation): string | undefined {
  return passphrase(location.env);
}

function isSecret(o: Record<string, unknown>): boolean {
  return SECRET_SIGNATURE in o;
}

/** Every secret envelope (`{<signature>: …, ciphertext | plaintext}`) in the value, outermost only. */
function collectSecrets(v: unknown, out: Array<Record<string, unknown>>): void {
  if (Array.isArray(v)) {
    for (const x of v) collectSecrets(x, out);
    return;
  }
  if (v === null || typeof v !== "object") return;
  const o = v as Record<string, unknown>;
  if (isSecret(o)) {
    out.push(o);
    return;
  }
  for (const x of Object.values(o)) collectSecrets(x, out);
}

/** The passphrase as the CLI reads it: PULUMI_CONFIG_PASSPHRASE, else the trimmed _FILE. */
function passphrase(env: Readonly<Record<string, string | undefined>>): string | undefined {
  const phrase = env.PULUMI_CONFIG_PASSPHRASE;
  if (phrase !== undefined) return phrase;
  const file = env.PULUMI_CONFIG_PASSPHRASE_FILE;
  if (file === undefined || file === "") return undefined;
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    return undefined;
  }
}

/** A key derived from a salt before the deployment that names the salt was parsed. */
interface EarlyKey {
  readonly salt: string;
  readonly key: Promise<Buffer>;
}

/** How much of the state file's head {@link earlyKey} reads: the checkpoint's envelope comes first. */
const HEAD_BYTES = 16_384;

/**
 * The key of the passphrase provider's salt as the state file's head names it (Pulumi writes the
 * checkpoint's `manifest` and `secrets_providers` before its resources), started now; undefined
 * when the head names none. {@link passphraseKey} takes it only for the salt the parsed
 * deployment names.
 */
function earlyKey(file: string, phrase: string): EarlyKey | undefined {
  let head: string;
  try {
    const fd = openSync(file, "r");
    try {
      const buf = Buffer.alloc(HEAD_BYTES);
      head = buf.toString("utf8", 0, readSync(fd, buf, 0, HEAD_BYTES, 0));
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
  const salt =
    /"secrets_providers"\s*:\s*\{\s*"type"\s*:\s*"passphrase"\s*,\s*"state"\s*:\s*\{\s*"salt"\s*:\s*"([^"\\]+)"/.exec(
      head,
    )?.[1];
  const encoded = salt?.split(":")[1];
  if (salt === undefined || encoded === undefined) return undefined;
  const key = derive(phrase, encoded);
  // Awaited only if the deployment names this salt.
  key.catch(() => undefined);
  return { salt, key };
}

/** Pulumi's key of a passphrase and a salt (base64), derived on libuv's thread pool. */
function derive(phrase: string, encodedSalt: string): Promise<Buffer> {
  return promisify(pbkdf2)(phrase, Buffer.from(encodedSalt, "base64"), ROUNDS, KEY_BYTES, "sha256");
}

/**
 * The AES key of the deployment's passphrase provider (its state: `{salt: "v1:<salt>:<check>"}`)
 * for `phrase`; `early`'s when it was started for that salt.
 */
async function passphraseKey(
  deployment: object,
  phrase: string,
  early?: EarlyKey,
): Promise<Buffer | undefined> {
  const provider = (deployment as { secrets_providers?: { type?: unknown; state?: { salt?: unknown } } })
    .secrets_providers;
  const salt = provider?.state?.salt;
  if (provider?.type !== "passphrase" || typeof salt !== "string") return undefined;
  const [version, encoded, ...check] = salt.split(":");
  if (version !== "v1" || encoded === undefined || check.length === 0) return undefined;
  const key = early !== undefined && early.salt === salt ? await early.key : await derive(phrase, encoded);
  // The provider's check message ("pulumi") opens only with the right passphrase.
  return decrypt(check.join(":"), key) === undefined ? undefined : key;
}

/**
 * Pulumi's checkpoint version 4 is version 3 with a list of the features it uses. The features
 * that only add fields to a resource (resource hooks, refresh before update, views, taint, replace
 * with) leave the resources and secrets as version 3 holds them. Others (byte strings, which encode
 * values differently; snippets; extension parameterization) and any feature not known here: the CLI reads it.
 */
const FIELD_ONLY_FEATURES = new Set(["hooks", "refreshBeforeUpdate", "views", "taint", "replaceWith"]);

function readableVersion(version: unknown, features: unknown): boolean {
  if (version === 3) return true;
  if (version !== 4) return false;
  if (features === undefined) return true;
  return (
    Array.isArray(features) && features.every((f) => typeof f === "string" && FIELD_ONLY_FEATURES.has(f))
  );
}

/** A `v1:<nonce>:<ciphertext+tag>` value opened with AES-256-GCM; undefined when it does not open. */
function decrypt(value: string, key: Buffer): string | undefined {
  const parts = value.split(":");
  if (parts.length !== 3 || parts[0] !== "v1") return undefined;
  const nonce = Buffer.from(parts[1] ?? "", "base64");
  const sealed = Buffer.from(parts[2] ?? "", "base64");
  if (nonce.length !== 12 || sealed.length < GCM_TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, nonce);
    decipher.setAuthTag(sealed.subarray(sealed.length - GCM_TAG_BYTES));
    return Buffer.concat([
      decipher.update(sealed.subarray(0, sealed.length - GCM_TAG_BYTES)),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    return undefined;
  }
}
