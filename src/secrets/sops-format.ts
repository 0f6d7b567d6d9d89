/**
 * What helm-secrets' sops backend looks at before it runs sops: whether a file is
 * encrypted at all (its `sops.mac` entry is present) and which sops store to use
 * (`yaml` when a top-level `sops:` key line exists, `binary` for sops' binary envelope,
 * `json` otherwise). Output uses the same store, so `.json` secrets come back as JSON
 * (valid YAML to the loader) and encrypted HCL (binary store) comes back as HCL text.
 */

/** A sops store name as passed to `--input-type` / `--output-type`. */
export type SopsFormat = "yaml" | "json" | "binary";

/** True when the text carries a sops MAC, the marker helm-secrets checks for. */
export function isSopsEncrypted(text: string): boolean {
  return /mac.*,type:str\]/.test(text);
}

/** The sops store for an encrypted text (helm-secrets' `auto` detection). */
export function sopsFormatOf(text: string): SopsFormat {
  if (/^sops:\s*$/m.test(text)) return "yaml";
  if (/"data":\s*"ENC\[/.test(text)) return "binary";
  return "json";
}
