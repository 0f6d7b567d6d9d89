/**
 * Secrets: helm-secrets / sops decryption of `secrets:` files, `ref+<backend>://`
 * secret references (vals syntax) with pluggable offline backends, and redaction of
 * known plaintext from anything that leaves the library.
 */
export { SopsDecryptor, type SopsDecryptorOptions } from "./sops-decryptor";
export { findSops } from "./find-sops";
export { SecretRefResolver, type SecretRefResolverOptions } from "./secret-resolver";
export { BUILTIN_REF_BACKENDS, type RefBackend, type RefBackendContext } from "./ref-backends";
export { type SecretRef } from "./secret-ref";
export { redact } from "./redact";
export { SecretRegistry } from "./secret-registry";
export { redactingLogger } from "./redacting-logger";
