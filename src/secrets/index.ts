/**
 * Secrets: helm-secrets / sops decryption of `secrets:` files, `ref+<backend>://`
 * secret references (vals syntax) with pluggable offline backends, and redaction of
 * known plaintext from anything that leaves the library.
 */
export { SopsDecryptor, type SopsDecryptorOptions } from "./sops-decryptor";
export { findSops, type FindSopsOptions } from "./find-sops";
export { isSopsEncrypted, sopsFormatOf, type SopsFormat } from "./sops-format";
export { scrubSopsStderr, sopsFailureError, type SopsFailure } from "./sops-failure";
export { SecretRefResolver, containsSecretRef, type SecretRefResolverOptions } from "./secret-resolver";
export { BUILTIN_REF_BACKENDS, type RefBackend, type RefBackendContext } from "./ref-backends";
export { parseSecretRef, firstRefBackend, REF_PATTERN, type SecretRef } from "./secret-ref";
export { envsubst } from "./envsubst";
export { redact, REDACTED, type RedactOptions } from "./redact";
export { SecretRegistry, collectSecretStrings, type CollectSecretStringsOptions } from "./secret-registry";
export { expandValuesRefs, type ExpandValuesRefsOptions } from "./expand-values-refs";
export { redactingLogger } from "./redacting-logger";
