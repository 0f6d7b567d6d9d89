/**
 * Secret decryption as the core sees it (helm-secrets / sops in helmfile). Implementations
 * live at the edges; the default refuses with a clear {@link SecretError}.
 */
import { SecretError } from "./errors";

/** Decrypts secrets files for the loader. */
export interface SecretsDecryptor {
  /**
   * Returns the decrypted text of the secrets file at `path` (absolute). Throws a
   * {@link SecretError} when it cannot; never includes plaintext in errors.
   */
  decryptFile(path: string): string;
  /**
   * Optional: decrypts encrypted YAML given as text (helmfile's embedded release `secrets:`
   * maps, which it writes to a temporary `.yaml.enc` file). `name` is for messages only.
   */
  decryptText?(text: string, name: string): string;
  /**
   * Optional: true when `text` contains a plaintext this decryptor (or a resolver sharing its
   * registry) has produced; the loader then marks the values source or `--set` flag secret.
   */
  containsSecret?(text: string): boolean;
  /**
   * Optional: true when any plaintext is known in this load (decrypted or resolved). Templated
   * values may then derive from a secret (`b64enc`, `sha256sum`, …) in ways no substring check
   * sees, so the loader treats them as secret.
   */
  hasSecrets?(): boolean;
}

/** The decryptor used when none is configured: every secrets file is an error. */
export const noSecretsDecryptor: SecretsDecryptor = {
  decryptFile(path: string): string {
    throw new SecretError(
      "SECRETS_UNSUPPORTED",
      `cannot decrypt secrets file ${path}: no secrets decryptor is configured (pass one, e.g. a helm-secrets/sops runner)`,
      { file: path },
    );
  },
};
