/**
 * Redaction of known secret plaintext from text that is about to leave the library (log
 * lines, error messages, helm's stderr). Callers collect the plaintexts they hold (from a
 * decrypted file, a resolved `ref+` value) and pass every outgoing string through
 * {@link redact}.
 *
 * Outgoing text is often transformed after the secret entered it: shortened with `…`
 * (`shorten` in src/shared/errors.ts), whitespace folded to one space, escaped (JSON/Go
 * quoting, YAML single quotes, helm's `--set` backslashes), split at `--set` commas or at
 * line ends. Redaction therefore matches each of those forms, and at a truncation point
 * also any prefix of a secret.
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

/** Pieces (lines, `--set` comma parts) shorter than this are not redacted on their own. */
const MIN_PIECE = 4;
/** The shortest secret prefix redacted right before a truncation mark. */
const MIN_PREFIX = 2;
/** Truncation marks: ours (`shorten`) and the ASCII form other tools print. */
const TRUNCATION = /…|\.\.\./g;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The forms a secret can take in outgoing text. */
function variants(s: string): string[] {
  const out = [s];
  const json = JSON.stringify(s).slice(1, -1);
  out.push(json, json.replace(/\\"/g, '"'));
  out.push(s.replace(/'/g, "''"));
  out.push(s.replace(/\\/g, "\\\\").replace(/([,{}])/g, "\\$1"));
  out.push(s.replace(/([,{}])/g, "\\$1"));
  const folded = s.replace(/\s+/g, " ");
  out.push(folded, folded.trim());
  return out;
}

function needlesOf(secrets: Iterable<string>, minLength: number): string[] {
  const needles = new Set<string>();
  for (const s of secrets) {
    if (s.length < minLength) continue;
    for (const v of variants(s)) if (v.length >= minLength) needles.add(v);
    const pieces = [...s.split("\n"), ...s.split(/(?<!\\),/)];
    for (const piece of pieces) {
      const t = piece.trim();
      if (t !== s && t.length >= Math.max(minLength, MIN_PIECE)) needles.add(t);
    }
  }
  return [...needles].sort((a, b) => b.length - a.length);
}

/** Occurrences whose whitespace was re-wrapped (any run of whitespace for any other run). */
function foldedPattern(needle: string): RegExp | undefined {
  const words = needle.trim().split(/\s+/);
  if (words.length < 2) return undefined;
  return new RegExp(words.map(escapeRegExp).join("\\s+"), "g");
}

/** Text right before each truncation mark that is a prefix of a secret. */
function redactTruncated(text: string, needles: readonly string[], replacement: string): string {
  if (!/…|\.\.\./.test(text)) return text;
  let out = "";
  let last = 0;
  for (const m of text.matchAll(TRUNCATION)) {
    const at = m.index;
    let before = text.slice(last, at);
    const folded = before.replace(/\s+/g, " ");
    let cut = 0;
    for (const n of needles) cut = Math.max(cut, prefixAtEnd(folded, n.replace(/\s+/g, " ")));
    if (cut > 0) before = cutFoldedTail(before, cut) + replacement;
    out += before + m[0];
    last = at + m[0].length;
  }
  return out + text.slice(last);
}

/** Length of the longest prefix of `form` (at least {@link MIN_PREFIX}) that `text` ends with; 0 if none. */
function prefixAtEnd(text: string, form: string): number {
  if (form.length < MIN_PREFIX) return 0;
  const head = form.slice(0, MIN_PREFIX);
  const floor = Math.max(0, text.length - form.length);
  for (let j = text.indexOf(head, floor); j >= 0; j = text.indexOf(head, j + 1)) {
    if (form.startsWith(text.slice(j))) return text.length - j;
  }
  return 0;
}

/** `text` without its last `n` characters as counted after whitespace folding. */
function cutFoldedTail(text: string, n: number): string {
  let i = text.length;
  let left = n;
  while (i > 0 && left > 0) {
    if (/\s/.test(text[i - 1] as string)) {
      while (i > 0 && /\s/.test(text[i - 1] as string)) i--;
    } else i--;
    left--;
  }
  return text.slice(0, i);
}

/**
 * Returns `text` with every occurrence of every secret replaced. Longer secrets are
 * replaced first so a secret that contains another is removed whole. Multi-line secrets
 * are also redacted line by line, and every form listed in the module comment is matched.
 */
export function redact(text: string, secrets: Iterable<string>, options: RedactOptions = {}): string {
  const replacement = options.replacement ?? REDACTED;
  const minLength = Math.max(1, options.minLength ?? 1);
  const needles = needlesOf(secrets, minLength);
  if (needles.length === 0) return text;
  let out = text;
  for (const n of needles) {
    if (out.includes(n)) out = out.split(n).join(replacement);
    const folded = foldedPattern(n);
    if (folded !== undefined) out = out.replace(folded, replacement);
  }
  return redactTruncated(out, needles, replacement);
}
