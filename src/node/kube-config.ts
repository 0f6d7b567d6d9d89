/**
 * Finds the cluster and the credentials as kubectl does (client-go's default loading rules), on
 * the kubeconfig reader of `@kubernetes/client-node`:
 *
 * 1. an explicit kubeconfig file (`--kubeconfig`, the `kubeconfig` option): only that file, which must exist;
 * 2. else every file of `KUBECONFIG` (split on `:`; missing files are skipped), merged with kubectl's
 *    rules: the first file to define a cluster, user or context name wins, and the first file that
 *    sets `current-context` sets it;
 * 3. else `~/.kube/config`;
 * 4. else, inside a Pod (`KUBERNETES_SERVICE_HOST`/`_PORT` and the service account token mounted),
 *    the in-cluster config: the service account's token, CA and namespace.
 *
 * Relative paths in a file (certificate, key, `tokenFile`, an `exec` command with a `/`) are
 * resolved against that file's folder. The context is the one asked for, else `current-context`;
 * its namespace, else `default`. The library reads YAML, certificates, tokens and runs `exec`
 * credential plugins; what is written here is only kubectl's merge order, which it does not have.
 */
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { KubeConfig, type Cluster, type Context, type User, loadYaml } from "./kubernetes-client";
import { ClusterError } from "../shared/errors";

/** Where the kubeconfig comes from: an explicit file, else the environment (`KUBECONFIG`, `HOME`, in-cluster). */
export interface KubeconfigSource {
  /** An explicit kubeconfig file (kubectl's `--kubeconfig`); relative to the current directory. */
  readonly kubeconfig?: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Where the service account files are mounted in a Pod (tests point it elsewhere). */
  readonly serviceAccountDir?: string;
}

/** The kubeconfig of one context, ready for a client. */
export interface KubeTarget {
  /** client-node's configuration, its current context set to {@link context}. */
  readonly config: KubeConfig;
  /** The context's name (`inClusterContext` inside a Pod). */
  readonly context: string;
  /** The context's user name in the kubeconfig. */
  readonly user: string;
  /** The cluster's API server URL. */
  readonly server: string;
  /** The context's namespace, else `default`. */
  readonly namespace: string;
  /** The files read, in kubectl's order (empty: in-cluster). */
  readonly files: readonly string[];
}

const SERVICE_ACCOUNT_DIR = "/var/run/secrets/kubernetes.io/serviceaccount";

/** The kubeconfig files kubectl would read, in order, and whether they were given explicitly. */
export function kubeconfigFiles(source: KubeconfigSource): { files: string[]; explicit: boolean } {
  if (source.kubeconfig !== undefined && source.kubeconfig !== "")
    return { files: [resolve(source.kubeconfig)], explicit: true };
  const listed = (source.env.KUBECONFIG ?? "").split(":").filter((p) => p !== "");
  if (listed.length > 0) return { files: listed.map((p) => resolve(p)), explicit: false };
  const home = source.env.HOME !== undefined && source.env.HOME !== "" ? source.env.HOME : homedir();
  return { files: [join(home, ".kube", "config")], explicit: false };
}

interface Merged {
  readonly files: string[];
  readonly clusters: Cluster[];
  readonly users: User[];
  readonly contexts: Context[];
  readonly currentContext: string;
}

function readKubeconfig(file: string): KubeConfig {
  const kc = new KubeConfig();
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    throw new ClusterError("KUBECONFIG_UNREADABLE", `cannot read kubeconfig ${file}: ${causeText(err)}`, {
      file,
      cause: err,
    });
  }
  try {
    kc.loadFromString(text);
  } catch (err) {
    throw new ClusterError(
      "KUBECONFIG_UNREADABLE",
      `kubeconfig ${file} is not a valid kubeconfig: ${causeText(err)}`,
      {
        file,
        cause: err,
      },
    );
  }
  // What kubectl resolves against the file's folder and the library does not: tokenFile, exec commands.
  const raw = rawUsers(text);
  const base = dirname(file);
  const abs = (p: string): string => (isAbsolute(p) ? p : join(base, p));
  for (const user of kc.users) {
    if (user.certFile) (user as { certFile?: string }).certFile = abs(user.certFile);
    if (user.keyFile) (user as { keyFile?: string }).keyFile = abs(user.keyFile);
    const exec = user.exec as { command?: unknown } | undefined;
    if (exec !== undefined && exec !== null && typeof exec.command === "string" && exec.command.includes("/"))
      exec.command = abs(exec.command);
    const tokenFile = raw.get(user.name);
    if ((user.token === undefined || user.token === "") && tokenFile !== undefined)
      (user as { token?: string }).token = readTokenFile(abs(tokenFile), file, user.name);
  }
  for (const cluster of kc.clusters)
    if (cluster.caFile) (cluster as { caFile?: string }).caFile = abs(cluster.caFile);
  return kc;
}

/** `tokenFile` of each user (client-node reads only `token-file`). */
function rawUsers(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const doc = loadYaml(text) as { users?: Array<{ name?: unknown; user?: { tokenFile?: unknown } }> } | null;
  for (const u of doc?.users ?? [])
    if (typeof u?.name === "string" && typeof u.user?.tokenFile === "string" && u.user.tokenFile !== "")
      out.set(u.name, u.user.tokenFile);
  return out;
}

function readTokenFile(path: string, kubeconfig: string, user: string): string {
  try {
    return readFileSync(path, "utf8").trim();
  } catch (err) {
    throw new ClusterError(
      "KUBE_CREDENTIALS_FAILED",
      `kubeconfig ${kubeconfig}: user "${user}": cannot read its tokenFile ${path}: ${causeText(err)}`,
      { file: kubeconfig, cause: err },
    );
  }
}

/** The kubeconfig files merged as kubectl merges them, or undefined when none exists. */
function merged(source: KubeconfigSource): Merged | undefined {
  const { files, explicit } = kubeconfigFiles(source);
  const read: string[] = [];
  const clusters = new Map<string, Cluster>();
  const users = new Map<string, User>();
  const contexts = new Map<string, Context>();
  let currentContext = "";
  for (const file of files) {
    if (!explicit && !existsSync(file)) continue;
    const kc = readKubeconfig(file);
    read.push(file);
    for (const c of kc.clusters) if (!clusters.has(c.name)) clusters.set(c.name, c);
    for (const u of kc.users) if (!users.has(u.name)) users.set(u.name, u);
    for (const c of kc.contexts) if (!contexts.has(c.name)) contexts.set(c.name, c);
    if (currentContext === "" && typeof kc.currentContext === "string") currentContext = kc.currentContext;
  }
  if (read.length === 0) return undefined;
  return {
    files: read,
    clusters: [...clusters.values()],
    users: [...users.values()],
    contexts: [...contexts.values()],
    currentContext,
  };
}

function inCluster(source: KubeconfigSource): boolean {
  const dir = source.serviceAccountDir ?? SERVICE_ACCOUNT_DIR;
  return (
    (source.env.KUBERNETES_SERVICE_HOST ?? "") !== "" &&
    (source.env.KUBERNETES_SERVICE_PORT ?? "") !== "" &&
    existsSync(join(dir, "token"))
  );
}

/** True when kubectl would find a cluster: a kubeconfig file, or the in-cluster config. */
export function kubeconfigPresent(source: KubeconfigSource): boolean {
  const { files, explicit } = kubeconfigFiles(source);
  return explicit || files.some((f) => existsSync(f)) || inCluster(source);
}

/** The context names of the merged kubeconfig, or undefined when no kubeconfig file exists (in-cluster, or none). */
export function kubeContextNames(source: KubeconfigSource): string[] | undefined {
  return merged(source)?.contexts.map((c) => c.name);
}

/** The kubeconfig of `context` (default: the current context), as kubectl would use it. */
export function loadKubeTarget(source: KubeconfigSource, context?: string): KubeTarget {
  const m = merged(source);
  const config = new KubeConfig();
  if (m === undefined) {
    if (!inCluster(source)) {
      const { files } = kubeconfigFiles(source);
      throw new ClusterError(
        "KUBECONFIG_UNREADABLE",
        `no kubeconfig: ${files.join(", ")} ${files.length === 1 ? "does" : "do"} not exist and this is not a Pod with a service account`,
        {
          expected: "a kubeconfig file (--kubeconfig, KUBECONFIG or ~/.kube/config) or the in-cluster config",
        },
      );
    }
    return inClusterTarget(source, config, context);
  }
  config.loadFromOptions({
    clusters: m.clusters,
    users: m.users,
    contexts: m.contexts,
    currentContext: m.currentContext,
  });
  const name = context !== undefined && context !== "" ? context : m.currentContext;
  const where = `kubeconfig ${m.files.join(":")}`;
  const ctx = m.contexts.find((c) => c.name === name);
  if (ctx === undefined)
    throw new ClusterError(
      "KUBECONFIG_NO_CONTEXT",
      name === "" ? `${where} has no current-context` : `${where} has no context "${name}"`,
      {
        expected:
          m.contexts.length === 0
            ? "a kubeconfig with contexts"
            : `one of ${m.contexts.map((c) => c.name).join(", ")}`,
        ...(name === "" ? {} : { found: name }),
      },
    );
  const cluster = m.clusters.find((c) => c.name === ctx.cluster);
  if (cluster === undefined || cluster.server === "")
    throw new ClusterError(
      "KUBECONFIG_NO_CLUSTER",
      `${where}: context "${name}" names cluster "${ctx.cluster}", which ${cluster === undefined ? "is not defined" : "has no server"}`,
    );
  config.setCurrentContext(name);
  return {
    config,
    context: name,
    user: ctx.user,
    server: cluster.server,
    namespace: ctx.namespace !== undefined && ctx.namespace !== "" ? ctx.namespace : "default",
    files: m.files,
  };
}

function inClusterTarget(
  source: KubeconfigSource,
  config: KubeConfig,
  context: string | undefined,
): KubeTarget {
  const dir = source.serviceAccountDir ?? SERVICE_ACCOUNT_DIR;
  if (context !== undefined && context !== "")
    throw new ClusterError(
      "KUBECONFIG_NO_CONTEXT",
      `no kubeconfig file exists, so context "${context}" cannot be used (in a Pod only the in-cluster config is available)`,
      { found: context },
    );
  const host = source.env.KUBERNETES_SERVICE_HOST ?? "";
  const port = source.env.KUBERNETES_SERVICE_PORT ?? "";
  const server = `https://${host.includes(":") ? `[${host}]` : host}:${port}`;
  let namespace = "default";
  try {
    namespace = readFileSync(join(dir, "namespace"), "utf8").trim() || "default";
  } catch {
    // no namespace file: kubectl uses "default" too
  }
  config.loadFromOptions({
    clusters: [{ name: "inCluster", server, caFile: join(dir, "ca.crt"), skipTLSVerify: false }],
    users: [
      {
        name: "inClusterUser",
        authProvider: { name: "tokenFile", config: { tokenFile: join(dir, "token") } },
      },
    ],
    contexts: [{ name: "inClusterContext", cluster: "inCluster", user: "inClusterUser", namespace }],
    currentContext: "inClusterContext",
  });
  return { config, context: "inClusterContext", user: "inClusterUser", server, namespace, files: [] };
}

/** The innermost message of an error chain (Node's `cause`s; errors of any realm). */
export function causeText(err: unknown): string {
  const messageOf = (e: unknown): string | undefined =>
    typeof e === "object" && e !== null && typeof (e as { message?: unknown }).message === "string"
      ? (e as { message: string }).message
      : undefined;
  let text = messageOf(err) ?? String(err);
  let e: unknown = err;
  const seen = new Set<unknown>();
  while (
    typeof e === "object" &&
    e !== null &&
    (e as { cause?: unknown }).cause !== undefined &&
    !seen.has(e)
  ) {
    seen.add(e);
    e = (e as { cause?: unknown }).cause;
    const m = messageOf(e);
    if (m !== undefined && m !== "") text = m;
  }
  return text.trim();
}
