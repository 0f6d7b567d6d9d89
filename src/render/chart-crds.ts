/**
 * What a release's first render against the cluster needs to know before it starts: the kinds the
 * CustomResourceDefinitions of its chart's `crds/` folders (the chart's and its subcharts') define,
 * and whether a rendered manifest holds an object of a kind the cluster does not serve.
 *
 * helm's server-side render (`helm template --dry-run=server`) fails on an object whose kind the
 * cluster does not serve yet ("resource mapping not found … ensure CRDs are installed first"): on
 * a first install, the custom resources whose CRDs the chart brings in `crds/`. Such a release is
 * rendered client-side with the cluster's capabilities (./cluster-render.ts). Knowing it up front
 * spares the failed server-side render (its discovery and dry runs: ~2 s for a small chart).
 *
 * The kinds are read from the text (a pattern per field, no YAML decoding: kube-prometheus-stack's
 * CRDs are megabytes); a CRD whose group or kind the pattern cannot find counts as a kind the
 * cluster does not serve. They only decide whether the client-side render is tried first: what
 * decides that it is the release's render is {@link holdsUnservedKind} on its output, the same
 * condition as the server-side render's failure.
 */

/** A file of a chart: its path inside the chart (archive entries keep the chart's folder) and its bytes. */
export interface ChartFileEntry {
  readonly path: string;
  readonly content: Uint8Array;
}

/**
 * The files helm installs as CRDs: `crds/*.yaml|yml|json` at the root of the chart and of each
 * subchart (`charts/<name>/`, at any depth); a path inside an archive starts with the chart's folder.
 */
export function isCrdFile(path: string, inArchive: boolean): boolean {
  return (inArchive ? ARCHIVE_CRD : DIRECTORY_CRD).test(path);
}

const DIRECTORY_CRD = /^(?:charts\/[^/]+\/)*crds\/[^/]+\.(?:ya?ml|json)$/;
const ARCHIVE_CRD = /^[^/]+\/(?:charts\/[^/]+\/)*crds\/[^/]+\.(?:ya?ml|json)$/;

/** A CRD's `group/Kind` (no version), or undefined when the text does not show them plainly. */
function crdKind(document: string): string | undefined {
  const group = /^[ \t]+group:[ \t]*["']?([A-Za-z0-9.-]+)["']?[ \t]*$/m.exec(document)?.[1];
  const names = /^([ \t]+)names:[ \t]*\r?\n((?:\1[ \t]+.*\r?\n?)+)/m.exec(document)?.[2];
  const kind =
    names === undefined ? undefined : /^[ \t]+kind:[ \t]*["']?([A-Za-z0-9]+)["']?[ \t]*$/m.exec(names)?.[1];
  return group === undefined || kind === undefined ? undefined : `${group}/${kind}`;
}

/** Splits a YAML stream into its documents' text. */
function documents(text: string): string[] {
  return text.split(/^---[ \t]*(?:#.*)?$/m);
}

/**
 * The `group/Kind` of every CRD in the chart's `crds/` files, in file order; a CRD whose group or
 * kind is not found plainly gives `?` (taken as not served).
 */
export function chartCrdKinds(files: Iterable<ChartFileEntry>, inArchive: boolean): string[] {
  const out: string[] = [];
  for (const f of files) {
    if (!isCrdFile(f.path, inArchive)) continue;
    const text = Buffer.from(f.content).toString("utf8");
    for (const doc of documents(text)) {
      if (!/^kind:[ \t]*["']?CustomResourceDefinition["']?[ \t]*$/m.test(doc)) continue;
      out.push(crdKind(doc) ?? "?");
    }
  }
  return out;
}

/** The `group/Kind` pairs the cluster serves, from helm's `.Capabilities.APIVersions` (`group/version/Kind`). */
export function servedKinds(apiVersions: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const v of apiVersions) {
    const parts = v.split("/");
    if (parts.length === 3) out.add(`${parts[0]}/${parts[2]}`);
  }
  return out;
}

/**
 * Whether a rendered manifest holds an object whose `apiVersion` and `kind` the cluster does not
 * serve (not in helm's `.Capabilities.APIVersions` as `apiVersion/Kind`): what makes helm's
 * server-side render fail. Documents without both top-level fields are skipped, as helm skips empty ones.
 */
export function holdsUnservedKind(manifest: string, apiVersions: readonly string[]): boolean {
  const served = new Set(apiVersions);
  for (const doc of documents(manifest)) {
    const apiVersion = /^apiVersion:[ \t]*["']?([^"'\s#]+)["']?/m.exec(doc)?.[1];
    const kind = /^kind:[ \t]*["']?([^"'\s#]+)["']?/m.exec(doc)?.[1];
    if (apiVersion === undefined || kind === undefined) continue;
    if (!served.has(`${apiVersion}/${kind}`)) return true;
  }
  return false;
}
