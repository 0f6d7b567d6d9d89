/**
 * What a Release stores of its manifest: a digest, not the text. The manifest's objects are
 * stored by their own resources (inputs and outputs), so storing the text on the Release as
 * well made the state grow by a copy of every manifest (and another for registered outputs).
 *
 * The digest is taken over the objects `helm install` would install, not over the text: each
 * object as decoded (canonical JSON, sorted keys), in a canonical order, `helm test` hooks left
 * out. So a render whose objects are the same (other comments or `# Source` lines, other key or
 * document order, a test Pod with a new random name) leaves the Release unchanged, as helm-diff
 * leaves `helmfile diff` clean, and a preview shows a Release as updated only when an object
 * helm would install changes.
 */
import { createHash } from "node:crypto";
import { isTestOnlyHook } from "./chart-hooks";
import { manifestDocuments, manifestObjects, type Keeping, type KubeObject } from "./manifest-objects";
import { sortedKeysJson } from "../shared/value";

/** Bumped whenever what the digest covers changes. */
const COVERS = "objects helm installs, canonical, test hooks out, v1";

/**
 * Digests of recent manifests by the text's own SHA-256: one release's manifest is digested for its
 * registration, its stored inputs and its hooks' trigger, and decoding it is the costly part.
 */
const recent = new Map<string, string>();
const RECENT_MAX = 512;

/** `sha256:<hex>` of the objects helm would install from the manifest (the text's when it does not decode). */
export function manifestDigest(manifest: string, keep: Keeping = {}): string {
  const textHash = createHash("sha256").update(manifest).digest("hex");
  const known = recent.get(textHash);
  if (known !== undefined) return known;
  const digest = objectsDigest(manifest, keep);
  if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value as string);
  recent.set(textHash, digest);
  return digest;
}

/**
 * Whether two manifests hold the same objects helm installs: whether their {@link manifestDigest}s
 * are equal, found by decoding only the documents whose text the other manifest lacks. An upgrade's
 * render against the cluster after an install is mostly the installed text (kube-prometheus-stack's
 * differs in one checksum, beside 5.9 MB of CRDs that decoding both whole took ~1 s for).
 */
export function sameManifestObjects(a: string, b: string): boolean {
  if (a === b) return true;
  const unmatched = new Map<string, number>();
  for (const d of manifestDocuments(b)) unmatched.set(d.text, (unmatched.get(d.text) ?? 0) + 1);
  const onlyA: string[] = [];
  for (const d of manifestDocuments(a)) {
    const n = unmatched.get(d.text) ?? 0;
    if (n > 0) unmatched.set(d.text, n - 1);
    else onlyA.push(d.text);
  }
  const onlyB = [...unmatched].flatMap(([text, n]) => Array.from({ length: n }, () => text));
  // Each document after a `---` of its own: a first document without one joins no other.
  const rest = (texts: readonly string[]): string => texts.map((t) => `---\n${t}\n`).join("");
  return objectsDigest(rest(onlyA), {}) === objectsDigest(rest(onlyB), {});
}

function objectsDigest(manifest: string, keep: Keeping): string {
  const hash = createHash("sha256");
  let objects: KubeObject[] | undefined;
  try {
    objects = manifestObjects(manifest, keep);
  } catch {
    // Not decodable: the release fails on its objects anyway; the text stands in.
  }
  if (objects === undefined) hash.update(manifest);
  else {
    const texts = objects.filter((o) => !isTestOnlyHook(o)).map(sortedKeysJson);
    texts.sort();
    hash.update(COVERS);
    for (const t of texts) hash.update("\0").update(t);
  }
  return `sha256:${hash.digest("hex")}`;
}
