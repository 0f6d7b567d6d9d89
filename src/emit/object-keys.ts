/**
 * How a release's Kubernetes objects are keyed as resources (type token, name among a group's
 * children, the key of one resource among its siblings): what the resources are named by
 * (./object-resources.ts) and what a preview compares with the stack's record
 * (src/automation/recorded-preview.ts), without the Pulumi SDKs that registering them needs.
 */
import { releaseObjects, type KubeObject } from "./manifest-objects";

/** The Pulumi type token of a Kubernetes object (`kubernetes:core/v1:ConfigMap`, `kubernetes:apps/v1:Deployment`). */
export function objectTypeToken(obj: KubeObject): string {
  const apiVersion = typeof obj.apiVersion === "string" ? obj.apiVersion : "";
  const kind = typeof obj.kind === "string" ? obj.kind : "";
  return `kubernetes:${apiVersion.includes("/") ? apiVersion : `core/${apiVersion}`}:${kind}`;
}

export function meta(obj: KubeObject): Record<string, unknown> {
  const m = obj.metadata;
  return m !== null && typeof m === "object" && !Array.isArray(m) ? (m as Record<string, unknown>) : {};
}

export const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** `<group>:<namespace>/<name>` (`<group>:<name>` when cluster-scoped), as a ConfigGroup names its children. */
export function groupChildName(group: string, obj: KubeObject): string {
  const m = meta(obj);
  const ns = str(m.namespace) === "" ? "" : `${str(m.namespace)}/`;
  return `${group}:${ns}${str(m.name)}`;
}

/** `…List` objects replaced by their items, recursively, in order. */
export function expandLists(objs: readonly KubeObject[]): KubeObject[] {
  const out: KubeObject[] = [];
  for (const obj of objs) {
    if (str(obj.kind).endsWith("List") && Array.isArray(obj.items)) {
      out.push(...expandLists(obj.items.filter((i): i is KubeObject => i !== null && typeof i === "object")));
    } else {
      out.push(obj);
    }
  }
  return out;
}

/**
 * A resource's key among its siblings: its type token and name (a Deployment, its Service and its
 * ServiceAccount often share a name; Pulumi tells resources apart by both, as their URNs do).
 */
export const resourceKey = (type: string, name: string): string => `${type}::${name}`;

/**
 * The keys (src/emit/object-resources.ts `resourceKey`) of the CRDs of the chart's `crds/` folders
 * (its own and its subcharts') that a Release named `childName` registers from `manifest` (none
 * with `skipCrds`); with `all`, of its templates' CRDs too.
 */
export function crdsDirResourceKeys(
  manifest: string,
  childName: string,
  options: {
    readonly skipCrds: boolean;
    readonly secret: boolean;
    readonly valuesSecret?: boolean;
    /** The CRDs of its templates too (each registered in the same group). */
    readonly all?: boolean;
  },
): string[] {
  const asked = `${childName}\0${options.skipCrds}\0${options.secret}\0${options.valuesSecret}`;
  const seen = recentCrdKeys.get(manifest);
  let keys = seen?.asked === asked ? seen.keys : undefined;
  if (keys === undefined) {
    const split = releaseObjects(manifest, childName, {
      namespace: "",
      skipCrds: options.skipCrds,
      storable: !options.secret,
      documentsStorable: !(options.valuesSecret ?? options.secret),
    });
    const group = crdsGroupOf(childName);
    const key = (c: KubeObject): string => resourceKey(objectTypeToken(c), groupChildName(group, c));
    keys = {
      dir: expandLists(split.crds.filter((c) => split.crdsDir.has(c))).map(key),
      all: expandLists(split.crds).map(key),
    };
    recentCrdKeys.delete(manifest);
    recentCrdKeys.set(manifest, { asked, keys });
    for (const k of recentCrdKeys.keys()) {
      if (recentCrdKeys.size <= RECENT_CRD_KEYS) break;
      recentCrdKeys.delete(k);
    }
  }
  return [...(options.all === true ? keys.all : keys.dir)];
}

/**
 * The CRD keys of the last few manifests asked about: an `up` of changed releases asks for those
 * of `crds/` and for all of them, of the same render (decoding it once).
 */
const recentCrdKeys = new Map<string, { asked: string; keys: { dir: string[]; all: string[] } }>();
const RECENT_CRD_KEYS = 8;

export const crdsGroupOf = (childName: string): string => `${childName}-crds`;
