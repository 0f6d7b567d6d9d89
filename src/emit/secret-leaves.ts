/**
 * Which fields of a rendered object are secret. A field is secret when its text carries a known
 * secret: a plaintext that sops decrypted, a `ref+` reference resolved to, or a secret component
 * input held, as it is or base64-encoded at any alignment (what a chart's `b64enc` makes of it).
 * Every other field stays in the clear, so a preview shows its diff as `helmfile diff` does. A
 * Secret's `data` and `stringData` are secret whatever they hold (the Kubernetes SDK's class marks
 * them, see src/emit/object-resources.ts).
 *
 * Only strings are ever wrapped: null, empty lists and empty maps are sent as they are (a secret
 * wrapped around them is refused by the engine as "malformed secret: missing value").
 */

/** Secrets shorter than this are not looked for: they would match nearly any text. */
export const MIN_SECRET_LENGTH = 4;

/**
 * The texts whose presence in a field makes it secret: each secret, and the part of its base64
 * encoding that does not depend on the bytes around it, for each of the three alignments.
 */
export function secretNeedles(secrets: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const s of secrets) {
    if (s.length < MIN_SECRET_LENGTH) continue;
    out.add(s);
    // As JSON text (a chart's `toJson`, Go's encoder escaping <, > and & too) holds it.
    const json = JSON.stringify(s).slice(1, -1);
    out.add(json);
    out.add(json.replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026"));
    const bytes = Buffer.from(s, "utf8");
    for (let pad = 0; pad < 3; pad++) {
      const encoded = Buffer.concat([Buffer.alloc(pad), bytes]).toString("base64");
      // A group of 3 bytes is 4 characters; groups holding a padding byte or the unknown bytes
      // after the secret are dropped.
      const start = pad === 0 ? 0 : 4;
      const whole = Math.floor((pad + bytes.length) / 3) * 4;
      const core = encoded.slice(start, whole);
      if (core.length >= MIN_SECRET_LENGTH) out.add(core);
    }
  }
  return [...out];
}

/** True when `text` carries any of `needles`. */
export function carriesSecret(text: string, needles: readonly string[]): boolean {
  for (const n of needles) if (text.includes(n)) return true;
  return false;
}

/**
 * `value` with every string leaf that carries a needle replaced by `wrap(leaf)` (the caller's
 * `pulumi.secret`); the tree is copied only where something was wrapped. Map keys are never secret.
 */
export function wrapSecretLeaves<T>(
  value: unknown,
  needles: readonly string[],
  wrap: (leaf: string) => T,
): unknown {
  if (needles.length === 0) return value;
  const visit = (v: unknown): unknown => {
    if (typeof v === "string") return carriesSecret(v, needles) ? wrap(v) : v;
    if (Array.isArray(v)) {
      let changed = false;
      const out = v.map((x) => {
        const y = visit(x);
        if (y !== x) changed = true;
        return y;
      });
      return changed ? out : v;
    }
    if (v !== null && typeof v === "object") {
      let changed = false;
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) {
        const y = visit(x);
        if (y !== x) changed = true;
        out[k] = y;
      }
      return changed ? out : v;
    }
    return v;
  };
  return visit(value);
}

/**
 * `value` with every scalar leaf (string, number, boolean) replaced by `wrap(leaf)`: for a
 * manifest known to be secret whose secrets are not known one by one. Containers, null and
 * empty values stay as they are.
 */
export function wrapAllLeaves<T>(value: unknown, wrap: (leaf: unknown) => T): unknown {
  const visit = (v: unknown): unknown => {
    if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") return wrap(v);
    if (Array.isArray(v)) return v.map(visit);
    if (v !== null && typeof v === "object")
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, visit(x)]));
    return v;
  };
  return visit(value);
}
