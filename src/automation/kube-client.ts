/**
 * A small read-mostly Kubernetes API client over HTTPS with a kubeconfig's credentials (server,
 * CA, client certificate and key, bearer token, insecure-skip-tls-verify), for what the automation
 * layer checks outside the engine: which planned objects already exist (adoption), helm's release
 * records. Kinds map to REST paths through the API server's discovery documents.
 */
import { readFileSync } from "node:fs";
import { request as httpsRequest, Agent } from "node:https";
import { request as httpRequest } from "node:http";
import { homedir } from "node:os";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { AutomationError } from "./errors";
import { decodeYaml } from "../shared/yaml/decode";
import { toPlain } from "../shared/value";

type Obj = Record<string, unknown>;

/** One API response. */
export interface KubeResponse {
  readonly status: number;
  readonly body: unknown;
  /** The response's `Date` header: the API server's clock. */
  readonly date?: string;
}

/** The first kubeconfig file of `KUBECONFIG` (or `~/.kube/config`) when `path` is not given. */
export function kubeconfigPath(
  path: string | undefined,
  env: Readonly<Record<string, string | undefined>> = process.env,
): string {
  if (path !== undefined && path !== "") return resolve(path);
  const fromEnv = env.KUBECONFIG?.split(":").find((p) => p !== "");
  return fromEnv ?? join(homedir(), ".kube", "config");
}

function named(list: unknown, name: string): Obj | undefined {
  if (!Array.isArray(list)) return undefined;
  return (list as Obj[]).find((e) => e.name === name);
}

function fileOrData(base: string, data: unknown, file: unknown): Buffer | undefined {
  if (typeof data === "string" && data !== "") return Buffer.from(data, "base64");
  if (typeof file === "string" && file !== "")
    return readFileSync(isAbsolute(file) ? file : join(base, file));
  return undefined;
}

/** A client for one context of a kubeconfig. */
export class KubeClient {
  private readonly server: URL;
  private readonly agent: Agent | undefined;
  private readonly token: string | undefined;
  /** The context's default namespace. */
  readonly namespace: string;
  private readonly discovery = new Map<string, Promise<Obj[]>>();

  private constructor(server: URL, agent: Agent | undefined, token: string | undefined, namespace: string) {
    this.server = server;
    this.agent = agent;
    this.token = token;
    this.namespace = namespace;
  }

  /** Reads `context` (default: the current context) of the kubeconfig file. */
  static fromKubeconfig(file: string, context?: string): KubeClient {
    let config: Obj;
    try {
      config = toPlain(decodeYaml(readFileSync(file, "utf8"))) as Obj;
    } catch (err) {
      throw new AutomationError("KUBECONFIG_UNREADABLE", `cannot read kubeconfig ${file}`, { cause: err });
    }
    const contextName =
      context !== undefined && context !== "" ? context : String(config["current-context"] ?? "");
    const ctx = named(config.contexts, contextName)?.context as Obj | undefined;
    if (ctx === undefined)
      throw new AutomationError(
        "KUBECONFIG_NO_CONTEXT",
        `kubeconfig ${file} has no context "${contextName}"`,
      );
    const cluster = named(config.clusters, String(ctx.cluster ?? ""))?.cluster as Obj | undefined;
    const user = (named(config.users, String(ctx.user ?? ""))?.user ?? {}) as Obj;
    if (cluster === undefined || typeof cluster.server !== "string")
      throw new AutomationError(
        "KUBECONFIG_NO_CLUSTER",
        `kubeconfig ${file}: context "${contextName}" has no cluster server`,
      );
    const base = dirname(file);
    const server = new URL(cluster.server);
    const agent =
      server.protocol === "https:"
        ? new Agent({
            ca: fileOrData(base, cluster["certificate-authority-data"], cluster["certificate-authority"]),
            cert: fileOrData(base, user["client-certificate-data"], user["client-certificate"]),
            key: fileOrData(base, user["client-key-data"], user["client-key"]),
            rejectUnauthorized: cluster["insecure-skip-tls-verify"] !== true,
            keepAlive: true,
          })
        : undefined;
    let token = typeof user.token === "string" ? user.token : undefined;
    if (token === undefined && typeof user.tokenFile === "string")
      token = readFileSync(user.tokenFile, "utf8").trim();
    const namespace = typeof ctx.namespace === "string" && ctx.namespace !== "" ? ctx.namespace : "default";
    return new KubeClient(server, agent, token, namespace);
  }

  /** One request; JSON in and out. */
  request(method: string, path: string, body?: unknown): Promise<KubeResponse> {
    const url = new URL(path, this.server);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    return new Promise((resolvePromise, reject) => {
      const req = send(
        url,
        {
          method,
          ...(this.agent === undefined ? {} : { agent: this.agent }),
          headers: {
            Accept: "application/json",
            ...(this.token === undefined ? {} : { Authorization: `Bearer ${this.token}` }),
            ...(payload === undefined ? {} : { "Content-Type": "application/json" }),
          },
          timeout: 30_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            let parsed: unknown = text;
            try {
              parsed = text === "" ? undefined : JSON.parse(text);
            } catch {
              // not JSON: keep the text
            }
            const date = res.headers.date;
            resolvePromise({
              status: res.statusCode ?? 0,
              body: parsed,
              ...(date === undefined ? {} : { date }),
            });
          });
        },
      );
      req.on("timeout", () => req.destroy(new Error(`${method} ${url.href}: timed out`)));
      req.on("error", (err) =>
        reject(
          new AutomationError("KUBE_REQUEST_FAILED", `${method} ${url.href}: ${err.message}`, { cause: err }),
        ),
      );
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }

  private resources(apiVersion: string): Promise<Obj[]> {
    let p = this.discovery.get(apiVersion);
    if (p === undefined) {
      const path = apiVersion.includes("/") ? `/apis/${apiVersion}` : `/api/${apiVersion}`;
      p = this.request("GET", path).then((r) =>
        r.status === 200 ? (((r.body as Obj).resources ?? []) as Obj[]) : [],
      );
      this.discovery.set(apiVersion, p);
    }
    return p;
  }

  /**
   * The REST path of an object, or undefined when the API server does not serve its kind (a
   * custom kind whose CRD is not installed yet: then no such object exists either).
   */
  async objectPath(
    apiVersion: string,
    kind: string,
    name: string,
    namespace?: string,
  ): Promise<string | undefined> {
    const resource = (await this.resources(apiVersion)).find(
      (r) => r.kind === kind && typeof r.name === "string" && !r.name.includes("/"),
    );
    if (resource === undefined) return undefined;
    const prefix = apiVersion.includes("/") ? `/apis/${apiVersion}` : `/api/${apiVersion}`;
    const ns =
      resource.namespaced === true ? `/namespaces/${encodeURIComponent(namespace ?? this.namespace)}` : "";
    return `${prefix}${ns}/${String(resource.name)}/${encodeURIComponent(name)}`;
  }

  /** The live object, or undefined when it does not exist. */
  async getObject(
    apiVersion: string,
    kind: string,
    name: string,
    namespace?: string,
  ): Promise<Obj | undefined> {
    const path = await this.objectPath(apiVersion, kind, name, namespace);
    if (path === undefined) return undefined;
    const r = await this.request("GET", path);
    if (r.status === 404) return undefined;
    if (r.status !== 200) throw new AutomationError("KUBE_REQUEST_FAILED", `GET ${path}: HTTP ${r.status}`);
    return r.body as Obj;
  }

  /** helm's release records (Secrets `sh.helm.release.v1.<name>.v<revision>`) of one release. */
  async helmReleaseRecords(name: string, namespace: string): Promise<Obj[]> {
    const selector = encodeURIComponent(`owner=helm,name=${name}`);
    const path = `/api/v1/namespaces/${encodeURIComponent(namespace)}/secrets?labelSelector=${selector}`;
    const r = await this.request("GET", path);
    if (r.status === 404) return [];
    if (r.status !== 200) throw new AutomationError("KUBE_REQUEST_FAILED", `GET ${path}: HTTP ${r.status}`);
    return (((r.body as Obj).items ?? []) as Obj[]).filter((s) => s.type === "helm.sh/release.v1");
  }

  /** Deletes helm's release records of one release; returns their names. */
  async deleteHelmReleaseRecords(name: string, namespace: string): Promise<string[]> {
    const deleted: string[] = [];
    for (const record of await this.helmReleaseRecords(name, namespace)) {
      const secretName = String((record.metadata as Obj | undefined)?.name ?? "");
      const path = `/api/v1/namespaces/${encodeURIComponent(namespace)}/secrets/${encodeURIComponent(secretName)}`;
      const r = await this.request("DELETE", path);
      if (r.status !== 200 && r.status !== 202 && r.status !== 404)
        throw new AutomationError("KUBE_REQUEST_FAILED", `DELETE ${path}: HTTP ${r.status}`);
      deleted.push(secretName);
    }
    return deleted;
  }

  /** The API server's clock (its `Date` header, second-granular), or the local clock when it sends none. */
  async serverTime(): Promise<number> {
    const r = await this.request("GET", "/version");
    const t = r.date === undefined ? Number.NaN : Date.parse(r.date);
    return Number.isNaN(t) ? Date.now() : t;
  }

  /** Frees the connection pool. */
  close(): void {
    this.agent?.destroy();
  }
}
