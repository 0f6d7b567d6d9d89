/**
 * The rights a release needs to be applied, reviewed against the cluster before anything is
 * applied (./kube-access.ts decides each one). Per object of the rendered manifest: `get` and
 * `patch` (Pulumi applies server-side), and `create` when it does not exist yet; per owned
 * namespace (`createNamespace` in mode manifests) the same on the Namespace; in mode
 * helm-release, what helm's release records need (Secrets in the release namespace).
 */
import { AccessReviewer, type AccessNeed } from "./kube-access";
import type { KubeApi } from "./kube-api";

/** What one release applies. */
export interface ReleaseAccessRequest {
  /** The release id (`[context/]namespace/name`), as messages name it. */
  readonly release: string;
  readonly namespace: string;
  /** Absent: the kubeconfig's current context. */
  readonly kubeContext?: string;
  readonly objects: ReadonlyArray<{
    readonly apiVersion: string;
    readonly kind: string;
    readonly name: string;
    readonly namespace?: string;
  }>;
  /** The release creates or adopts its namespace. */
  readonly ownsNamespace: boolean;
  /** helm keeps its release records (Secrets) in the release namespace (mode helm-release). */
  readonly helmRecords: boolean;
}

/** Something the user may not do that a release needs. */
export interface AccessRefusal {
  readonly release: string;
  readonly context: string;
  readonly user: string;
  readonly verbs: readonly string[];
  /** `resource` or `resource.group`. */
  readonly resource: string;
  readonly name?: string;
  readonly namespace?: string;
}

interface Target {
  readonly group: string;
  readonly resource: string;
  readonly name?: string;
  readonly namespace?: string;
  readonly exists: () => Promise<boolean>;
  readonly verbs: readonly string[];
}

/** The refusals of every request, in request order; empty when the user may do everything. */
export async function refusedReleaseAccess(
  requests: readonly ReleaseAccessRequest[],
  clientFor: (kubeContext: string | undefined) => KubeApi,
): Promise<AccessRefusal[]> {
  const clients = new Map<string, { api: KubeApi; reviewer: AccessReviewer }>();
  const clientOf = (context: string): { api: KubeApi; reviewer: AccessReviewer } => {
    let c = clients.get(context);
    if (c === undefined) {
      const api = clientFor(context === "" ? undefined : context);
      c = { api, reviewer: new AccessReviewer(api) };
      clients.set(context, c);
    }
    return c;
  };
  const perRelease = await Promise.all(
    requests.map(async (request) => {
      const { api, reviewer } = clientOf(request.kubeContext ?? "");
      const targets = await targetsOf(api, request);
      const refusals = await Promise.all(
        targets.map(async (t): Promise<AccessRefusal | undefined> => {
          // The verbs are asked at once: a cluster-scoped kind's are three access reviews, one
          // round trip each, which one after another were most of a large release's review.
          const answers = await Promise.all(
            t.verbs.map(async (verb) => {
              const need: AccessNeed = {
                verb,
                group: t.group,
                resource: t.resource,
                ...(t.namespace === undefined ? {} : { namespace: t.namespace }),
                ...(t.name === undefined || verb === "create" ? {} : { name: t.name }),
              };
              if (await allowed(reviewer, need)) return undefined;
              if (verb === "create" && (await t.exists())) return undefined;
              return verb;
            }),
          );
          const denied = answers.filter((v): v is string => v !== undefined);
          if (denied.length === 0) return undefined;
          return {
            release: request.release,
            context: api.context,
            user: await api.identity(),
            verbs: denied,
            resource: t.group === "" ? t.resource : `${t.resource}.${t.group}`,
            ...(t.name === undefined ? {} : { name: t.name }),
            ...(t.namespace === undefined ? {} : { namespace: t.namespace }),
          };
        }),
      );
      return refusals.filter((r): r is AccessRefusal => r !== undefined);
    }),
  );
  return perRelease.flat();
}

/** A cluster-scoped question is first asked for every name: one answer covers all the objects of a kind. */
async function allowed(reviewer: AccessReviewer, need: AccessNeed): Promise<boolean> {
  if (need.namespace === undefined && need.name !== undefined) {
    const anyName: AccessNeed = { verb: need.verb, group: need.group, resource: need.resource };
    if (await reviewer.allowed(anyName)) return true;
  }
  return reviewer.allowed(need);
}

async function targetsOf(api: KubeApi, request: ReleaseAccessRequest): Promise<Target[]> {
  const out: Target[] = [];
  const seen = new Set<string>();
  const add = (t: Target): void => {
    const key = JSON.stringify([t.group, t.resource, t.namespace ?? null, t.name ?? null]);
    if (seen.has(key)) return;
    seen.add(key);
    out.push(t);
  };
  const namespace = request.namespace !== "" ? request.namespace : api.namespace;
  if (request.ownsNamespace && request.namespace !== "")
    add({
      group: "",
      resource: "namespaces",
      name: request.namespace,
      verbs: ["get", "patch", "create"],
      exists: async () => (await api.getObject("v1", "Namespace", request.namespace)) !== undefined,
    });
  // Every kind is discovered at once (each is asked once per client): one after another, a release
  // of many API groups waited for one round trip per group before its first question was asked.
  const resources = await Promise.all(request.objects.map((o) => api.resourceOf(o.apiVersion, o.kind)));
  for (const [i, o] of request.objects.entries()) {
    // A kind the server does not serve yet (a custom kind whose CRD the release brings) has no RBAC resource to ask about.
    const resource = resources[i];
    if (resource === undefined) continue;
    const ns = resource.namespaced ? (o.namespace ?? namespace) : undefined;
    add({
      group: o.apiVersion.includes("/") ? o.apiVersion.slice(0, o.apiVersion.indexOf("/")) : "",
      resource: resource.name,
      name: o.name,
      ...(ns === undefined ? {} : { namespace: ns }),
      verbs: ["get", "patch", "create"],
      exists: async () => (await api.getObject(o.apiVersion, o.kind, o.name, ns)) !== undefined,
    });
  }
  if (request.helmRecords)
    add({
      group: "",
      resource: "secrets",
      namespace,
      verbs: ["get", "list", "create", "update"],
      exists: async () => false,
    });
  return out;
}

/** The refusals as a message: one line per object, grouped under the user and context. */
export function formatRefusals(refusals: readonly AccessRefusal[]): string {
  const lines: string[] = [];
  const byUser = new Map<string, AccessRefusal[]>();
  for (const r of refusals) {
    const key = `user "${r.user}" (context "${r.context}")`;
    byUser.set(key, [...(byUser.get(key) ?? []), r]);
  }
  for (const [who, list] of byUser) {
    lines.push(`${who} may not do what these releases need; nothing was applied:`);
    for (const r of list) {
      const what = `${r.verbs.join(", ")} ${r.resource}${r.name === undefined ? "" : ` "${r.name}"`}`;
      const where = r.namespace === undefined ? "at the cluster scope" : `in namespace "${r.namespace}"`;
      const hint =
        r.resource === "namespaces"
          ? " (createNamespace makes the release own its namespace: set createNamespace: false when it is managed elsewhere)"
          : "";
      lines.push(`  release ${r.release}: ${what} ${where}${hint}`);
    }
  }
  return lines.join("\n");
}
