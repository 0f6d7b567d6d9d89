/** Stable Pulumi resource names for releases. */

/**
 * Turns helmfile release ids (`[kubeContext/]namespace/name`) into unique Pulumi resource names:
 * characters outside `[A-Za-z0-9._/-]` become `-`, and a clash after that gets `-2`, `-3`, ….
 * With a `prefix` (the component's name) every name is `<prefix>-<name>`, as Kubernetes
 * components prefix their children, so two components can hold the same release ids.
 * The mapping depends only on the ids and their order, so names stay stable between runs.
 */
export function releaseResourceNames(ids: readonly string[], prefix?: string): Map<string, string> {
  const names = new Map<string, string>();
  const used = new Set<string>();
  for (const id of ids) {
    if (names.has(id)) continue;
    const base = id.replace(/[^A-Za-z0-9._/-]/g, "-").replace(/^\/+|\/+$/g, "") || "release";
    let candidate = base;
    for (let n = 2; used.has(candidate); n++) candidate = `${base}-${n}`;
    used.add(candidate);
    names.set(id, prefix === undefined || prefix === "" ? candidate : `${prefix}-${candidate}`);
  }
  return names;
}

/** Name of the Kubernetes provider a component makes for a context (`""`: the kubeconfig's current one). */
export function contextProviderName(component: string, kubeContext: string | undefined): string {
  return `${component}-${kubeContext === undefined || kubeContext === "" ? "default-context" : kubeContext}`;
}

/** Name of the Namespace resource a component makes for a release namespace (`createNamespace`). */
export function namespaceResourceName(
  component: string,
  kubeContext: string | undefined,
  namespace: string,
): string {
  const ctx = kubeContext === undefined || kubeContext === "" ? "" : `${kubeContext}-`;
  return `${component}-namespace-${ctx}${namespace}`;
}

/** The Pulumi type token of the Release component (./release.ts). */
export const RELEASE_TYPE = "helmfile:index:Release";
