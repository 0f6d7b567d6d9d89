/**
 * A Kubernetes API client for one kubeconfig context, on `@kubernetes/client-node` (requests,
 * TLS, proxies, credentials, discovery): reads objects, reviews the user's rights. Finding the
 * cluster and the credentials is ./kube-config.ts. Failures become {@link ClusterError}s that
 * name the context and the cause; no request waits longer than {@link KUBE_REQUEST_TIMEOUT_MS}.
 */
import {
  ApiException,
  HttpMethod,
  KubernetesObjectApi,
  RequestContext,
  ServerConfiguration,
  createConfiguration,
  type KubernetesObject,
  type ResponseContext,
} from "./kubernetes-client";
import { ClusterError } from "../shared/errors";
import type { ResourceRule } from "./kube-access";
import { causeText, loadKubeTarget, type KubeTarget, type KubeconfigSource } from "./kube-config";

type Obj = Record<string, unknown>;

/** How long one request (credentials included) may take before the cluster counts as unreachable. */
export const KUBE_REQUEST_TIMEOUT_MS = 15_000;

/** `make()`'s promise for `key`, made once; a failure is not remembered (the next question asks again). */
function once<T>(memo: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  let found = memo.get(key);
  if (found === undefined) {
    found = make();
    memo.set(key, found);
    found.catch(() => memo.delete(key));
  }
  return found;
}

/** The object API of client-node, answering plain JSON (the generated models drop unknown fields and turn times into Dates). */
export class JsonObjectApi extends KubernetesObjectApi {
  /** The `Date` header of the last answer: the API server's clock. */
  lastDate: string | undefined;

  protected override async processResponse<T extends KubernetesObject>(
    response: ResponseContext,
  ): Promise<T> {
    const date = response.headers.date;
    if (typeof date === "string" && date !== "") this.lastDate = date;
    const text = await response.body.text();
    let body: unknown = text;
    try {
      body = text === "" ? {} : JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    if (response.httpStatusCode >= 200 && response.httpStatusCode <= 299) return body as T;
    throw new ApiException(response.httpStatusCode, "Unsuccessful HTTP Request", body, response.headers);
  }

  private readonly kinds = new Map<string, Promise<{ name: string; namespaced: boolean } | undefined>>();

  /** The API resource of a kind (discovery), or undefined when not served; asked once per kind. */
  resourceOf(apiVersion: string, kind: string): Promise<{ name: string; namespaced: boolean } | undefined> {
    return once(this.kinds, `${apiVersion}\u0000${kind}`, () => this.discover(apiVersion, kind));
  }

  /** Per group/version, its resource list's first request: the kinds asked at once share it. */
  private readonly versions = new Map<string, Promise<unknown>>();

  private async discover(
    apiVersion: string,
    kind: string,
  ): Promise<{ name: string; namespaced: boolean } | undefined> {
    try {
      await once(this.versions, apiVersion, () => this.resource(apiVersion, kind));
      // Read from the list the first request stored (client-node asks again for a kind it lacks).
      const r = await this.resource(apiVersion, kind);
      return r === undefined ? undefined : { name: r.name, namespaced: r.namespaced };
    } catch (err) {
      // A group/version the server does not serve (a CRD not installed yet): no such object either.
      if (err instanceof ApiException && err.code === 404) return undefined;
      throw err;
    }
  }

  /** One JSON request to `path`. */
  async call(method: HttpMethod, path: string, body?: unknown): Promise<Obj> {
    const ctx = this.configuration.baseServer.makeRequestContext(path, method);
    ctx.setHeaderParam("Accept", "application/json");
    if (body !== undefined) {
      ctx.setHeaderParam("Content-Type", "application/json");
      ctx.setBody(JSON.stringify(body));
    }
    return this.requestPromise<Obj & KubernetesObject>(ctx);
  }
}

/** A client for one context of the kubeconfig kubectl would use. */
export class KubeApi {
  /** The context's name, its user, its API server and its default namespace. */
  readonly context: string;
  readonly user: string;
  readonly server: string;
  readonly namespace: string;
  private readonly target: KubeTarget;
  protected readonly api: JsonObjectApi;
  private readonly timeoutMs: number;
  private credentialsChecked: Promise<void> | undefined;
  private whoami: Promise<string> | undefined;

  protected constructor(target: KubeTarget, timeoutMs: number) {
    this.target = target;
    this.context = target.context;
    this.user = target.user;
    this.server = target.server;
    this.namespace = target.namespace;
    this.timeoutMs = timeoutMs;
    this.api = new JsonObjectApi(
      createConfiguration({
        baseServer: new ServerConfiguration(target.server, {}),
        authMethods: { default: target.config },
        promiseMiddleware: [
          {
            pre: async (ctx: RequestContext) => {
              ctx.setSignal(AbortSignal.timeout(timeoutMs));
              return ctx;
            },
            post: async (rsp: ResponseContext) => rsp,
          },
        ],
      }),
    );
  }

  /** Opens `context` (default: the current one) of the kubeconfig `source` resolves to. */
  static open(source: KubeconfigSource, context?: string, options: { timeoutMs?: number } = {}): KubeApi {
    return new KubeApi(loadKubeTarget(source, context), options.timeoutMs ?? KUBE_REQUEST_TIMEOUT_MS);
  }

  /** `context "x" (https://…)`: how messages name the cluster. */
  get where(): string {
    return `context "${this.context}" (${this.server})`;
  }

  /**
   * Obtains the user's credentials once (runs an `exec` plugin, reads a token file), so that a
   * plugin that fails is told apart from a server that cannot be reached.
   */
  private credentials(): Promise<void> {
    this.credentialsChecked ??= (async () => {
      const probe = new RequestContext(this.server, HttpMethod.GET);
      try {
        await withTimeout(
          this.target.config.applySecurityAuthentication(probe),
          this.timeoutMs,
          "credentials",
        );
      } catch (err) {
        const exec = this.target.config.getCurrentUser()?.exec as { command?: unknown } | undefined;
        const how =
          exec !== undefined && exec !== null && typeof exec.command === "string"
            ? `the exec credential plugin "${exec.command}" failed`
            : "its credentials cannot be obtained";
        throw new ClusterError(
          "KUBE_CREDENTIALS_FAILED",
          `${this.where}: user "${this.user}": ${how}: ${causeText(err) || "no message"}`,
          { cause: err },
        );
      }
    })();
    return this.credentialsChecked;
  }

  /** Runs one library call, turning its failures into {@link ClusterError}s naming the context. */
  protected async run<T>(what: string, work: () => Promise<T>): Promise<T> {
    await this.credentials();
    try {
      return await withTimeout(work(), this.timeoutMs + 1_000, what);
    } catch (err) {
      throw this.failure(what, err);
    }
  }

  private failure(what: string, err: unknown): ClusterError {
    if (err instanceof ClusterError) return err;
    if (err instanceof ApiException) {
      const status = (err.body ?? {}) as { message?: unknown };
      const message = typeof status.message === "string" ? status.message : `HTTP ${err.code}`;
      if (err.code === 401)
        return new ClusterError(
          "KUBE_UNAUTHORIZED",
          `${this.where}: the API server refused the credentials of user "${this.user}" (HTTP 401: ${message}) while it was asked to ${what}`,
          {
            expected: "a valid token or certificate (expired, revoked, or for another cluster?)",
            cause: err,
          },
        );
      if (err.code === 403)
        return new ClusterError("KUBE_FORBIDDEN", `${this.where}: ${what}: ${message}`, { cause: err });
      return new ClusterError("KUBE_REQUEST_FAILED", `${this.where}: ${what}: HTTP ${err.code}: ${message}`, {
        cause: err,
      });
    }
    return new ClusterError(
      "KUBE_UNREACHABLE",
      `cannot reach the cluster of ${this.where} to ${what}: ${causeText(err)}`,
      { cause: err },
    );
  }

  /** The API resource (plural name, scope) of a kind, or undefined when the server does not serve it. */
  resourceOf(apiVersion: string, kind: string): Promise<{ name: string; namespaced: boolean } | undefined> {
    return this.run(`discover ${kind} (${apiVersion})`, () => this.api.resourceOf(apiVersion, kind));
  }

  /** The REST path of one object, or undefined when its kind is not served. */
  private async objectPath(
    apiVersion: string,
    kind: string,
    name: string,
    namespace: string,
  ): Promise<string | undefined> {
    const resource = await this.api.resourceOf(apiVersion, kind);
    if (resource === undefined) return undefined;
    const prefix = apiVersion.includes("/") ? `/apis/${apiVersion}` : `/api/${apiVersion}`;
    const scope = resource.namespaced ? `/namespaces/${encodeURIComponent(namespace)}` : "";
    return `${prefix}${scope}/${resource.name}/${encodeURIComponent(name)}`;
  }

  /** The live object, or undefined when it does not exist (or its kind is not served). */
  async getObject(
    apiVersion: string,
    kind: string,
    name: string,
    namespace?: string,
  ): Promise<Obj | undefined> {
    const ns = namespace ?? this.namespace;
    const what = `read ${kind} ${namespace === undefined ? "" : `${ns}/`}${name}`;
    return this.run(what, async () => {
      const path = await this.objectPath(apiVersion, kind, name, ns);
      if (path === undefined) return undefined;
      try {
        return await this.api.call(HttpMethod.GET, path);
      } catch (err) {
        if (err instanceof ApiException && err.code === 404) return undefined;
        throw err;
      }
    });
  }

  /**
   * Deletes the object with background propagation (a Job's Pods go with it, as `kubectl delete`
   * and helm delete), without waiting for it to be gone; false when it did not exist (or its kind
   * is not served).
   */
  async deleteObject(apiVersion: string, kind: string, name: string, namespace?: string): Promise<boolean> {
    const ns = namespace ?? this.namespace;
    const what = `delete ${kind} ${namespace === undefined ? "" : `${ns}/`}${name}`;
    return this.run(what, async () => {
      const path = await this.objectPath(apiVersion, kind, name, ns);
      if (path === undefined) return false;
      try {
        await this.api.call(HttpMethod.DELETE, path, {
          apiVersion: "v1",
          kind: "DeleteOptions",
          propagationPolicy: "Background",
        });
        return true;
      } catch (err) {
        if (err instanceof ApiException && err.code === 404) return false;
        throw err;
      }
    });
  }

  /**
   * Whether the user may `verb` the resource (kubectl auth can-i, a SelfSubjectAccessReview);
   * `namespace` undefined: cluster-wide. The refusal's reason comes back when the server gives one.
   */
  async canI(access: {
    verb: string;
    group: string;
    resource: string;
    namespace?: string;
    name?: string;
  }): Promise<{ allowed: boolean; reason?: string }> {
    const what = `review whether it may ${access.verb} ${access.resource}`;
    const review = await this.run(what, () =>
      this.api.call(HttpMethod.POST, "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews", {
        apiVersion: "authorization.k8s.io/v1",
        kind: "SelfSubjectAccessReview",
        spec: {
          resourceAttributes: {
            verb: access.verb,
            group: access.group,
            resource: access.resource,
            ...(access.namespace === undefined ? {} : { namespace: access.namespace }),
            ...(access.name === undefined ? {} : { name: access.name }),
          },
        },
      }),
    );
    const status = (review.status ?? {}) as { allowed?: unknown; reason?: unknown };
    return {
      allowed: status.allowed === true,
      ...(typeof status.reason === "string" && status.reason !== "" ? { reason: status.reason } : {}),
    };
  }

  /** Resolves when the API server answers with these credentials (`/version`); else a {@link ClusterError} naming the cause. */
  async reachable(): Promise<void> {
    await this.run("read its version", () => this.api.call(HttpMethod.GET, "/version"));
  }

  /** The name the API server knows the user by (a SelfSubjectReview, `kubectl auth whoami`); the kubeconfig's user name when it cannot say. */
  identity(): Promise<string> {
    this.whoami ??= this.run("review who it is", () =>
      this.api.call(HttpMethod.POST, "/apis/authentication.k8s.io/v1/selfsubjectreviews", {
        apiVersion: "authentication.k8s.io/v1",
        kind: "SelfSubjectReview",
      }),
    ).then(
      (review) => {
        const name = ((review.status as Obj | undefined)?.userInfo as Obj | undefined)?.username;
        return typeof name === "string" && name !== "" ? name : this.user;
      },
      () => this.user,
    );
    return this.whoami;
  }

  /** The user's rules in `namespace` (a SelfSubjectRulesReview; with other authorizers than RBAC it may be incomplete). */
  async rulesIn(namespace: string): Promise<ResourceRule[]> {
    const review = await this.run(`review its rules in namespace "${namespace}"`, () =>
      this.api.call(HttpMethod.POST, "/apis/authorization.k8s.io/v1/selfsubjectrulesreviews", {
        apiVersion: "authorization.k8s.io/v1",
        kind: "SelfSubjectRulesReview",
        spec: { namespace },
      }),
    );
    const status = (review.status ?? {}) as { resourceRules?: unknown };
    return Array.isArray(status.resourceRules) ? (status.resourceRules as ResourceRule[]) : [];
  }
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${Math.round(ms / 1000)} s (${what})`)), ms);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
