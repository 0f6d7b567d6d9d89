/**
 * Redaction of known secret plaintext from text that is about to leave the library (log
 * lines, error messages, helm's stderr). Callers collect the plaintexts they hold (from a
 * decrypted file, a resolved `ref+` value) and pass every outgoing string through
 * {@link redact}.
 */

/** What replaces each secret occurrence. */
export const REDACTED = "[redacted]";

/** Options of {@link redact}. */
export interface RedactOptions {
  /** Replacement text; default {@link REDACTED}. */
  readonly replacement?: string;
  /**
   * Secrets shorter than this are left alone (redacting `"1"` everywhere would destroy the
   * message while protecting nothing); default 1, i.e. every non-empty secret is redacted.
   */
  readonly minLength?: number;
}

/**
 * Returns `text` with every occurrence of every secret replaced. Longer secrets are
 * replaced first so a secret that contains another is removed whole. Multi-line secrets
 * are also redacted line by line, because tools often re-wrap or quote them per line.
 */
export function redact(text: string, secrets: Iterable<string>, options: RedactOptions = {}): string {
  const replacement = options.replacement ?? REDACTED;
  const minLength = Math.max(1, options.minLength ?? 1);
  const needles = new Set<string>();
  for (const s of secrets) {
    if (s.length >= minLength) needles.add(s);
    if (s.includes("\n")) {
      for (const line of s.split("\n")) {
        const t = line.trim();
        if (t.length >= Math.max(minLength, 4)) needles.add(t);
      }
    }
  }
  const ordered = [...needles].sort((a, b) => b.length - a.length);
  let out = text;
  for (const n of ordered) {
    if (out.includes(n)) out = out.split(n).join(replacement);
  }
  return out;
}

/** Options of {@link collectSecretStrings}. */
export interface CollectSecretStringsOptions {
  /** Scalars whose text is shorter than this are skipped; default 4 (`true`, `80` are not worth redacting). */
  readonly minLength?: number;
}

/**
 * Every scalar leaf of a decrypted document as text (strings, numbers, booleans), for
 * {@link redact}. Map keys are not secret in sops (they stay in clear text) and are skipped.
 */
export function collectSecretStrings(value: unknown, options: CollectSecretStringsOptions = {}): Set<string> {
  const minLength = options.minLength ?? 4;
  const out = new Set<string>();
  const visit = (v: unknown): void => {
    if (v === null || v === undefined) return;
    if (typeof v === "string" || typeof v === "number" || typeof v === "bigint" || typeof v === "boolean") {
      const text = String(v);
      if (text.length >= minLength) out.add(text);
      return;
    }
    if (Array.isArray(v)) {
      for (const x of v) visit(x);
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

  /** Adds plaintexts (empty strings are ignored). */
  add(...secrets: readonly string[]): void {
    for (const s of secrets) if (s !== "") this.known.add(s);
  }

  /** Adds every scalar leaf of a decrypted value (see {@link collectSecretStrings}). */
  addValue(value: unknown): void {
    for (const s of collectSecretStrings(value)) this.known.add(s);
  }

  /** How many secrets are known. */
  get size(): number {
    return this.known.size;
  }

  /** True when `text` contains any known secret. */
  containsSecret(text: string): boolean {
    for (const s of this.known) if (text.includes(s)) return true;
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
