/**
 * The `ref+<backend>://<path>[?params][#fragment][+]` syntax of helmfile's vals runtime:
 * finding references inside strings and splitting one into backend, path, parameters and
 * fragment keys the way vals does (Go `net/url` host and path joined, the fragment
 * trimmed of a leading `#` and `/` and split on `/`).
 */

/**
 * A reference inside a string (vals' DefaultRefRegexp): `ref+` or `secretref+`, a
 * backend, `://`, then everything up to a `+`, newline or space, not ending in a quote,
 * comma or space. A trailing `+` ends the reference explicitly.
 */
export const REF_PATTERN = /((?:secret)?ref)\+([^+:]*:\/\/[^+\n ]+[^+\n ",])\+?/;

/** Like {@link REF_PATTERN}, for scanning every reference in a text. */
export const REF_PATTERN_GLOBAL = new RegExp(REF_PATTERN.source, "g");

/** One parsed reference (without the `ref+` prefix). */
export interface SecretRef {
  /** The reference as written after `ref+` (for caches; never put it in messages: it may hold tokens). */
  readonly key: string;
  /** The backend (URL scheme), e.g. `file`, `sops`, `vault`. */
  readonly backend: string;
  /** Host and path joined, percent-decoded. */
  readonly path: string;
  /** Query parameters (first value of each). */
  readonly params: ReadonlyMap<string, string>;
  /** Fragment keys (`#/a/b` → `["a", "b"]`); empty when there is no fragment. */
  readonly fragment: readonly string[];
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Parses the part after `ref+` (e.g. `file://./s.yaml#/db/password`). */
export function parseSecretRef(key: string): SecretRef {
  const sep = key.indexOf("://");
  const backend = sep < 0 ? key : key.slice(0, sep);
  let rest = sep < 0 ? "" : key.slice(sep + 3);
  let fragmentText = "";
  const hash = rest.indexOf("#");
  if (hash >= 0) {
    fragmentText = rest.slice(hash + 1);
    rest = rest.slice(0, hash);
  }
  const params = new Map<string, string>();
  const q = rest.indexOf("?");
  if (q >= 0) {
    for (const [k, v] of new URLSearchParams(rest.slice(q + 1))) if (!params.has(k)) params.set(k, v);
    rest = rest.slice(0, q);
  }
  // net/url: `//host/path`; vals joins host and path with one slash, or keeps `/path` when there is no host.
  const slash = rest.indexOf("/");
  const host = slash < 0 ? rest : rest.slice(0, slash);
  const pathPart = slash < 0 ? "" : rest.slice(slash);
  const components: string[] = [];
  if (host !== "") components.push(host);
  const p = host !== "" ? pathPart.replace(/^\//, "") : pathPart;
  if (p !== "") components.push(p);
  const frag = decode(fragmentText).replace(/^#/, "").replace(/^\//, "");
  return {
    key,
    backend,
    path: decode(components.join("/")),
    params,
    fragment: frag === "" ? [] : frag.split("/"),
  };
}

/** The backend of the first reference in `text`, or undefined when it holds none. */
export function firstRefBackend(text: string): string | undefined {
  const m = REF_PATTERN.exec(text);
  if (m === null) return undefined;
  const body = m[2] ?? "";
  return body.slice(0, body.indexOf("://"));
}
