/**
 * `ref+k8s://v1/Secret|ConfigMap/NAMESPACE/NAME[/KEY]`, as vals v0.46 resolves it
 * (pkg/providers/k8s), through the project's own cluster access (src/node/kube-api.ts):
 * `kubeConfigPath`, else `KUBECONFIG`, else `~/.kube/config`, and `kubeContext` (else the current
 * context); `inCluster` (present with any value) uses the Pod's service account. A Secret's values
 * are base64-decoded; without a key the whole object's data comes back as JSON, and a fragment reads
 * it as a map. Errors keep vals' texts. Runs in the worker thread (./worker.ts).
 */
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { goJson } from "../../secrets/tfstate";
import { KubeApi } from "../kube-api";
import type { OnlineRequest, OnlineResponse } from "./protocol";

class Refused extends Error {}

/** vals' choice of kubeconfig: the parameter, else `KUBECONFIG` (one existing file), else the default path. */
function kubeconfigOf(req: OnlineRequest): string | undefined {
  if (req.params.inCluster !== undefined) return undefined;
  const param = req.params.kubeConfigPath;
  if (param) {
    if (!existsSync(param))
      throw new Refused(`kubeConfigPath URI parameter is set but path ${param} does not exist.`);
    return param;
  }
  const env = req.env.KUBECONFIG;
  if (env) {
    if (!existsSync(env))
      throw new Refused(`KUBECONFIG environment variable is set but path ${env} does not exist.`);
    return env;
  }
  const home = join(req.env.HOME ?? homedir(), ".kube", "config");
  if (!existsSync(home))
    throw new Refused(
      `No path was found in any of the following: kubeContext URI param, KUBECONFIG environment variable, or default path ${home} does not exist.`,
    );
  return home;
}

async function k8sData(req: OnlineRequest, parts: readonly string[]): Promise<Record<string, string>> {
  const [apiVersion, kind, namespace, name] = parts as [string, string, string, string];
  if (apiVersion !== "v1")
    throw new Refused(`Invalid apiVersion ${apiVersion}. Only apiVersion v1 is supported at this time.`);
  if (kind !== "Secret" && kind !== "ConfigMap")
    throw new Refused(
      `Unable to get ${kind} ${namespace}/${name}: The specified kind is not valid. Valid kinds: Secret, ConfigMap`,
    );
  const kubeconfig = kubeconfigOf(req);
  const env =
    req.params.inCluster !== undefined
      ? { ...req.env, KUBECONFIG: undefined, HOME: "/nonexistent" }
      : req.env;
  let obj: Record<string, unknown> | undefined;
  try {
    const api = KubeApi.open(
      { ...(kubeconfig === undefined ? {} : { kubeconfig }), env },
      req.params.kubeContext || undefined,
      { timeoutMs: req.timeoutMs },
    );
    obj = await api.getObject("v1", kind, name, namespace);
  } catch (err) {
    throw new Refused(
      `Unable to get ${kind} ${namespace}/${name}: Unable to get the ${kind} object from Kubernetes: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  if (obj === undefined)
    throw new Refused(
      `Unable to get ${kind} ${namespace}/${name}: Unable to get the ${kind} object from Kubernetes: ${kind === "Secret" ? "secrets" : "configmaps"} "${name}" not found`,
    );
  const data = (obj.data ?? {}) as Record<string, string>;
  return kind === "Secret"
    ? Object.fromEntries(Object.entries(data).map(([k, v]) => [k, Buffer.from(v, "base64").toString("utf8")]))
    : { ...data };
}

async function k8s(req: OnlineRequest): Promise<OnlineResponse> {
  const parts = req.path.split("/");
  if (req.want === "map") {
    if (parts.length !== 4)
      throw new Refused(
        `Invalid path ${req.path}. Path must be in the format <apiVersion>/<kind>/<namespace>/<name>`,
      );
    return { ok: true, tree: await k8sData(req, parts) };
  }
  if (parts.length !== 4 && parts.length !== 5)
    throw new Refused(
      `Invalid path ${req.path}. Path must be in the format <apiVersion>/<kind>/<namespace>/<name>[/<key>]`,
    );
  if (parts.length === 5 && parts[4] === "")
    throw new Refused(
      `Invalid path ${req.path}. Key must not be empty in the format <apiVersion>/<kind>/<namespace>/<name>/<key>`,
    );
  const data = await k8sData(req, parts);
  if (parts.length === 4) return { ok: true, text: goJson(data) };
  const key = parts[4] as string;
  if (!Object.prototype.hasOwnProperty.call(data, key))
    throw new Refused(`Key ${key} does not exist in ${parts[2] as string}/${parts[3] as string}`);
  return { ok: true, text: data[key] as string };
}

/** The k8s backend, its failures as vals' text. */
export async function k8sBackend(req: OnlineRequest): Promise<OnlineResponse> {
  try {
    return await k8s(req);
  } catch (err) {
    if (err instanceof Refused) return { ok: false, reason: err.message };
    return { ok: false, reason: err instanceof Error ? err.message : String(err) };
  }
}
