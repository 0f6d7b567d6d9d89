/**
 * Helpers of the secrets end-to-end test: the forms a plaintext can take in text (as is, JSON
 * escaped, base64 as a Kubernetes Secret's `data` holds it), every file under a folder, and the
 * resources of a file-backend stack checkpoint.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";

/** Pulumi's marker key of a secret value in state (`sig.Secret`), and its value. */
export const SECRET_SIG_KEY = "4dabf18193072939515e22adb298388d";
export const SECRET_SIG_VALUE = "1b47061264138c4ac30d75fd1eb44270";

/** Each plaintext as is and base64-encoded (Kubernetes Secret `data`). */
export function leakForms(plaintexts: readonly string[]): string[] {
  return plaintexts.flatMap((p) => [p, Buffer.from(p, "utf8").toString("base64")]);
}

/** The forms of `forms` that occur in `text`. */
export function leaksIn(text: string, forms: readonly string[]): string[] {
  return forms.filter((f) => text.includes(f));
}

/** Every regular file under `dir` (recursively) with its text, by absolute path; `.gz` files are gunzipped (gzipped state). */
export function filesUnder(dir: string, skip: readonly string[] = []): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string): void => {
    if (!existsSync(d) || skip.includes(d)) return;
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, e.name);
      if (e.isDirectory()) walk(path);
      else if (e.isFile() && !skip.includes(path)) {
        const bytes = readFileSync(path);
        out.set(path, (path.endsWith(".gz") ? gunzipSync(bytes) : bytes).toString("utf8"));
      }
    }
  };
  walk(dir);
  return out;
}

/** One resource of a stack checkpoint (only the fields the test reads). */
export interface StateResource {
  readonly urn: string;
  readonly type: string;
  readonly inputs?: Record<string, unknown>;
  readonly outputs?: Record<string, unknown>;
}

/** The resources of the latest checkpoint of a file-backend stack. */
export function checkpointResources(backendDir: string, project: string, stack: string): StateResource[] {
  const file = join(backendDir, ".pulumi", "stacks", project, `${stack}.json`);
  const parsed = JSON.parse(readFileSync(file, "utf8")) as {
    checkpoint?: { latest?: { resources?: StateResource[] } };
  };
  return parsed.checkpoint?.latest?.resources ?? [];
}

/** True when `value` is a Pulumi secret in state: the signature key and an encrypted ciphertext. */
export function isEncryptedSecret(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const o = value as Record<string, unknown>;
  return (
    o[SECRET_SIG_KEY] === SECRET_SIG_VALUE &&
    typeof o.ciphertext === "string" &&
    o.ciphertext.length > 0 &&
    !("plaintext" in o)
  );
}
