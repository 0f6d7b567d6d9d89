/**
 * Namespaces still being deleted. `destroy` deletes the Namespaces the component made without
 * waiting for the namespace controller to empty them (`helmfile destroy` leaves namespaces, so it
 * never waits; see `pulumi.com/skipAwait` in ./helmfile.ts). A Namespace is Terminating from
 * then until its last object is gone, and the API server refuses new objects in it. So before a
 * release renders (its `lookup`s would read objects about to go) and anything is applied, an
 * `up` waits for the release namespaces that are Terminating, saying so; a preview says that
 * `up` will wait.
 */
import { EmitError } from "../shared/errors";
import type { Logger } from "../shared/io";
import type { HelmfilePipeline, NamespaceRef, PipelineContext } from "./pipeline";

/** `wait`: wait for each Terminating namespace (an `up`); `warn`: only say so (a preview). */
export type NamespaceDeletionMode = "wait" | "warn";

/** How long an `up` waits for a Terminating namespace: helm's default `--timeout`. */
export const NAMESPACE_DELETION_WAIT_MS = 300_000;
const POLL_MS = 500;

/** Namespaces that always exist; helm's --create-namespace finds them and creates nothing. */
export const SYSTEM_NAMESPACES: ReadonlySet<string> = new Set([
  "default",
  "kube-system",
  "kube-public",
  "kube-node-lease",
]);

/** The distinct namespaces of the releases (context and name), in order; none empty or of the system. */
export function releaseNamespaces(
  releases: ReadonlyArray<{ readonly namespace: string; readonly kubeContext?: string }>,
): NamespaceRef[] {
  const seen = new Set<string>();
  const out: NamespaceRef[] = [];
  for (const r of releases) {
    if (r.namespace === "" || SYSTEM_NAMESPACES.has(r.namespace)) continue;
    const key = `${r.kubeContext ?? ""}\u0000${r.namespace}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(
      r.kubeContext === undefined
        ? { namespace: r.namespace }
        : { namespace: r.namespace, kubeContext: r.kubeContext },
    );
  }
  return out;
}

const shown = (n: NamespaceRef): string =>
  n.kubeContext === undefined
    ? `namespace ${n.namespace}`
    : `namespace ${n.namespace} (context ${n.kubeContext})`;

/**
 * Waits for (`wait`) or reports (`warn`) the namespaces being deleted; resolves at once when none
 * is. Fails with `KUBE_NAMESPACE_TERMINATING` when one is still there after `timeoutMs`.
 */
export async function settleDeletedNamespaces(
  pipeline: Pick<HelmfilePipeline, "deletingNamespaces">,
  namespaces: readonly NamespaceRef[],
  context: Pick<PipelineContext, "cluster">,
  options: {
    readonly mode: NamespaceDeletionMode;
    readonly logger: Logger;
    readonly timeoutMs?: number;
    readonly pollMs?: number;
    readonly now?: () => number;
    readonly sleep?: (ms: number) => Promise<void>;
  },
): Promise<void> {
  if (pipeline.deletingNamespaces === undefined || namespaces.length === 0) return;
  let deleting = await pipeline.deletingNamespaces(namespaces, context);
  if (deleting.length === 0) return;
  if (options.mode === "warn") {
    for (const n of deleting)
      options.logger.warn(
        `${shown(n)} is being deleted (Terminating): \`up\` will wait for it to go, then create it again`,
      );
    return;
  }
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const timeoutMs = options.timeoutMs ?? NAMESPACE_DELETION_WAIT_MS;
  const started = now();
  for (const n of deleting)
    options.logger.info(`${shown(n)} is being deleted (Terminating): waiting for it to go before applying`);
  while (deleting.length > 0) {
    if (now() - started >= timeoutMs) {
      throw new EmitError(
        "KUBE_NAMESPACE_TERMINATING",
        `${deleting.map(shown).join(", ")} still being deleted after ${Math.round(timeoutMs / 1000)} s: the API server refuses new objects in a Terminating namespace`,
        {
          expected: "the namespace deleted, or Active",
          found:
            "Terminating (an object in it keeps a finalizer, or the namespace controller is not running)",
        },
      );
    }
    await sleep(options.pollMs ?? POLL_MS);
    deleting = await pipeline.deletingNamespaces(deleting, context);
  }
  options.logger.info(`waited ${((now() - started) / 1000).toFixed(1)} s for deleted namespaces to go`);
}
