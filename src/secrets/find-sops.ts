/**
 * Locating the `sops` binary: an explicit option, then `SOPS_BINARY`, then helm-secrets'
 * own variables (`HELM_SECRETS_SOPS_PATH`, `HELM_SECRETS_SOPS_BIN`), then `PATH`.
 */
import { SecretError } from "../shared/errors";
import type { Environment, FileSystem } from "../shared/io";

/** Options of {@link findSops}. */
export interface FindSopsOptions {
  /** An explicit binary (path or bare name looked up on PATH); default none. */
  readonly binary?: string;
  /** The process environment (`SOPS_BINARY`, `PATH`). */
  readonly env: Environment;
  /** Used to test candidate paths. */
  readonly fs: FileSystem;
}

const ENV_VARS = ["SOPS_BINARY", "HELM_SECRETS_SOPS_PATH", "HELM_SECRETS_SOPS_BIN"] as const;

function onPath(name: string, env: Environment, fs: FileSystem): string | undefined {
  for (const dir of (env.PATH ?? "").split(":")) {
    if (dir === "") continue;
    const candidate = `${dir.replace(/\/+$/, "")}/${name}`;
    if (fs.isFile(candidate)) return candidate;
  }
  return undefined;
}

function resolveCandidate(candidate: string, source: string, options: FindSopsOptions): string {
  if (candidate.includes("/")) {
    if (options.fs.isFile(candidate)) return candidate;
    throw new SecretError(
      "SECRETS_SOPS_NOT_FOUND",
      `sops binary ${candidate} (from ${source}) does not exist`,
      {
        expected: "an executable sops binary",
        found: candidate,
      },
    );
  }
  const found = onPath(candidate, options.env, options.fs);
  if (found !== undefined) return found;
  throw new SecretError(
    "SECRETS_SOPS_NOT_FOUND",
    `sops binary "${candidate}" (from ${source}) is not on PATH`,
    {
      expected: "an executable sops binary",
      found: candidate,
    },
  );
}

/**
 * Returns the absolute path of the sops binary to run. Throws a {@link SecretError} with
 * code `SECRETS_SOPS_NOT_FOUND` naming where it looked when there is none.
 */
export function findSops(options: FindSopsOptions): string {
  if (options.binary !== undefined && options.binary !== "") {
    return resolveCandidate(options.binary, "the sops binary option", options);
  }
  for (const name of ENV_VARS) {
    const v = options.env[name];
    if (v !== undefined && v !== "") return resolveCandidate(v, name, options);
  }
  const found = onPath("sops", options.env, options.fs);
  if (found !== undefined) return found;
  throw new SecretError(
    "SECRETS_SOPS_NOT_FOUND",
    "cannot decrypt secrets: the sops binary was not found (set the sops binary option or SOPS_BINARY, or put sops on PATH)",
    { expected: "sops on PATH", found: "nothing" },
  );
}
