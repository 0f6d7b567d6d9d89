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
