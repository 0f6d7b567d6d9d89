/**
 * Turning a failed sops run into a {@link SecretError} that names the file and says why,
 * without ever carrying plaintext. sops' stderr is not trusted: only a classified reason
 * and a scrubbed first line of it are used (quoted text, `ENC[...]` blobs and anything
 * long enough to be data are cut), then redacted against the known secrets.
 */
import { SecretError } from "../shared/errors";
import type { ErrorCode } from "../shared/errors";
import { redact } from "./redact";

interface Reason {
  readonly code: ErrorCode;
  readonly pattern: RegExp;
  readonly text: string;
}

const REASONS: readonly Reason[] = [
  {
    code: "SECRETS_NO_KEY",
    pattern:
      /failed to get the data key|no key could|could not decrypt data key|0 successful groups|no identity matched/i,
    text: "no available key can decrypt it (wrong or missing age/PGP/KMS key; for age set SOPS_AGE_KEY_FILE or SOPS_AGE_KEY)",
  },
  {
    code: "SECRETS_CORRUPT",
    pattern:
      /mac mismatch|message authentication failed|could not decrypt value|error walking tree|does not match sops' data format|failed to decrypt/i,
    text: "it is corrupt (an encrypted value or its MAC does not verify)",
  },
  {
    code: "SECRETS_NOT_ENCRYPTED",
    pattern: /metadata not found|not encrypted/i,
    text: "it is not a sops-encrypted file",
  },
  {
    code: "SECRETS_CORRUPT",
    pattern:
      /unmarshal|error loading file|invalid character|yaml:|json:|unexpected end|cannot parse|error parsing/i,
    text: "sops cannot parse it (corrupt file or wrong format)",
  },
];

/** A first line of sops' stderr with anything that could be data removed. */
export function scrubSopsStderr(stderr: string, known: Iterable<string> = []): string {
  const first = stderr
    .replace(/\x1b\[[0-9;]*m/g, "")
    .split("\n")
    .map((l) => l.trim())
    .find((l) => l !== "");
  if (first === undefined) return "";
  let line = first
    .replace(/ENC\[[^\]]*\]?/g, "ENC[…]")
    .replace(/"(?:[^"\\]|\\.)*"/g, '"…"')
    .replace(/'[^']*'/g, "'…'")
    .replace(/`[^`]*`/g, "`…`")
    // Long unbroken runs are data (base64 ciphertext, tokens, values), never wording.
    .replace(/[^\s:,;()[\]{}]{41,}/g, "…");
  line = redact(line, known);
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/** Details of one failed sops run. */
export interface SopsFailure {
  /** The file as users know it (path, or `origin` for embedded secrets). */
  readonly file: string;
  readonly binary: string;
  readonly exitCode: number;
  readonly stderr: string;
  /** Plaintexts to redact from anything taken from stderr. */
  readonly known?: Iterable<string>;
}

/** The {@link SecretError} for a failed sops run; its message names the file and the reason. */
export function sopsFailureError(f: SopsFailure): SecretError {
  if (f.exitCode === 127 && /ENOENT|not found/i.test(f.stderr)) {
    return new SecretError(
      "SECRETS_SOPS_NOT_FOUND",
      `cannot decrypt secrets file ${f.file}: sops binary ${f.binary} could not be run`,
      {
        file: f.file,
      },
    );
  }
  const reason = REASONS.find((r) => r.pattern.test(f.stderr));
  const said = scrubSopsStderr(f.stderr, f.known ?? []);
  const why = reason?.text ?? `sops exited with code ${f.exitCode}`;
  const message = `failed to decrypt secrets file ${f.file}: ${why}${said === "" ? "" : ` (sops: ${said})`}`;
  return new SecretError(reason?.code ?? "SECRETS_DECRYPT_FAILED", message, { file: f.file });
}
