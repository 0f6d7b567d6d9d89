/**
 * Removing secret plaintext from an error before it leaves the library. helm's stderr echoes
 * values (`{{ fail .Values.password }}`, schema errors quoting the value), and those values
 * may come from decrypted secrets; the caller passes the redactor of its secret registry.
 */

/** Replaces known secret plaintext in a text (e.g. `SecretRegistry.redact`). */
export type Redactor = (text: string) => string;

const MAX_DEPTH = 8;

/**
 * A copy of `err` with every string it carries passed through `redact`: the message, the stack,
 * `detail`, `found`, `expected` and any other own string field, and its `cause` chain likewise.
 * The copy keeps the class, `code`, file and line. Returns `err` itself when nothing changed;
 * a thrown string is redacted, other non-errors are returned as they are.
 */
export function redactError(err: unknown, redact: Redactor): unknown {
  return redactAt(err, redact, 0);
}

function redactAt(err: unknown, redact: Redactor, depth: number): unknown {
  if (typeof err === "string") return redact(err);
  if (!(err instanceof Error) || depth >= MAX_DEPTH) return err;
  const descriptors: Record<string, PropertyDescriptor> = Object.getOwnPropertyDescriptors(err);
  let changed = false;
  for (const [key, d] of Object.entries(descriptors)) {
    if (!("value" in d)) continue;
    const current: unknown = d.value;
    const value =
      key === "cause" || current instanceof Error ? redactAt(current, redact, depth + 1) : current;
    const next = typeof value === "string" ? redact(value) : value;
    if (next !== current) {
      changed = true;
      descriptors[key] = { ...d, value: next };
    }
  }
  if (!changed) return err;
  // Built from the prototype, not the constructor: subclasses keep their own fields and signature.
  return Object.create(Object.getPrototypeOf(err) as object, descriptors) as Error;
}

/**
 * Masks the query of every `ref+<backend>://…` reference in a text: Go's template errors quote
 * the failing call (`at <fetchSecretValue "ref+vault://p?token=…">`), and a reference's query can
 * carry credentials. The backend, path and `#fragment` (a key path) stay readable.
 */
export function maskSecretRefQueries(text: string): string {
  if (!text.includes("ref+")) return text;
  return text.replace(/(\bref\+[A-Za-z0-9]+:\/\/[^\s"'`<>?#]*)\?[^\s"'`<>#]*/g, "$1?***");
}
