/**
 * The set of secret plaintexts known during one load/render: the decryptor and the
 * reference resolver add to it, loggers and error formatters redact against it.
 */
import { formatRfc3339Nano, GoTime } from "../shared/value";
import { redact, type RedactOptions } from "./redact";

/** Options of {@link collectSecretStrings}. */
export interface CollectSecretStringsOptions {
  /** Scalars whose text is shorter than this are skipped; default 4 (`true`, `80` are not worth redacting). */
  readonly minLength?: number;
}

/**
 * Every string and number leaf of a decrypted document as text, for
 * {@link redact}. Map keys are not secret in sops (they stay in clear text) and are skipped.
 */
export function collectSecretStrings(value: unknown, options: CollectSecretStringsOptions = {}): Set<string> {
  const minLength = options.minLength ?? 4;
  const out = new Set<string>();
  const visit = (v: unknown): void => {
    if (v === null || v === undefined) return;
    // Booleans are skipped: redacting every "true" protects nothing.
    if (typeof v === "string" || typeof v === "number" || typeof v === "bigint") {
      const text = String(v);
      if (text.length >= minLength) out.add(text);
      return;
    }
    if (Array.isArray(v)) {
      for (const x of v) visit(x);
      return;
    }
    // A go-yaml v3 time can reach output as its source text or as RFC 3339.
    if (v instanceof GoTime) {
      for (const text of [v.sourceText ?? "", formatRfc3339Nano(v)])
        if (text.length >= minLength) out.add(text);
      return;
    }
    if (typeof v === "object") {
      for (const k of Object.keys(v)) visit((v as Record<string, unknown>)[k]);
    }
  };
  visit(value);
  return out;
}

/**
 * A set of known secrets that grows as secrets are decrypted or resolved, with a
 * `redact` bound to it: one per load/render, shared by the decryptor, the resolver and
 * whatever formats logs and errors.
 */
export class SecretRegistry {
  private readonly known = new Set<string>();

  /**
   * Adds plaintexts. Those shorter than four characters are left out, as leaves of a decrypted
   * document are: redacting every `3` or `on` would garble paths and messages and protect nothing
   * (the values themselves stay Pulumi secrets).
   */
  add(...secrets: readonly string[]): void {
    for (const s of secrets) if (s.length >= 4) this.known.add(s);
  }

  /** Adds every scalar leaf of a decrypted value (see {@link collectSecretStrings}). */
  addValue(value: unknown): void {
    for (const s of collectSecretStrings(value)) this.known.add(s);
  }

  /** How many secrets are known. */
  get size(): number {
    return this.known.size;
  }

  /**
   * True when `text` contains any known secret of three or more characters (shorter ones
   * would match nearly any text).
   */
  containsSecret(text: string): boolean {
    for (const s of this.known) if (s.length >= 3 && text.includes(s)) return true;
    return false;
  }

  /** {@link redact} against every known secret. */
  redact(text: string, options?: RedactOptions): string {
    return redact(text, this.known, options);
  }

  /** The known secrets (for callers that keep their own redaction). */
  values(): ReadonlySet<string> {
    return this.known;
  }
}
