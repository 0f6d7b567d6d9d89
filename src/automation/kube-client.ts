/**
 * What the automation layer reads from the cluster outside the engine: which planned objects
 * already exist (adoption), helm's release records, the API server's clock. The client itself
 * (kubeconfig as kubectl reads it, `exec` plugins, requests) is ../node/kube-api.ts.
 */
import { ApiException, HttpMethod } from "../node/kubernetes-client";
import { KUBE_REQUEST_TIMEOUT_MS, KubeApi } from "../node/kube-api";
import { loadKubeTarget, type KubeconfigSource } from "../node/kube-config";

type Obj = Record<string, unknown>;

/** {@link KubeApi} with helm's release records and the server's clock. */
export class KubeClient extends KubeApi {
  /** Opens `context` (default: the current one) of the kubeconfig `source` resolves to. */
  static override open(
    source: KubeconfigSource,
    context?: string,
    options: { timeoutMs?: number } = {},
  ): KubeClient {
    return new KubeClient(loadKubeTarget(source, context), options.timeoutMs ?? KUBE_REQUEST_TIMEOUT_MS);
  }

  /** helm's release records (Secrets `sh.helm.release.v1.<name>.v<revision>`) of one release. */
  async helmReleaseRecords(name: string, namespace: string): Promise<Obj[]> {
    const what = `list helm's release records of ${namespace}/${name} (Secrets)`;
    const selector = encodeURIComponent(`owner=helm,name=${name}`);
    const list = await this.run(what, async () => {
      try {
        return await this.api.call(
          HttpMethod.GET,
          `/api/v1/namespaces/${encodeURIComponent(namespace)}/secrets?labelSelector=${selector}`,
        );
      } catch (err) {
        if (err instanceof ApiException && err.code === 404) return { items: [] };
        throw err;
      }
    });
    return ((list.items ?? []) as Obj[]).filter((s) => s.type === "helm.sh/release.v1");
  }

  /** Deletes helm's release records of one release; returns their names. */
  async deleteHelmReleaseRecords(name: string, namespace: string): Promise<string[]> {
    const deleted: string[] = [];
    for (const record of await this.helmReleaseRecords(name, namespace)) {
      const secretName = String((record.metadata as Obj | undefined)?.name ?? "");
      await this.run(`delete helm's release record ${namespace}/${secretName}`, async () => {
        try {
          await this.api.call(
            HttpMethod.DELETE,
            `/api/v1/namespaces/${encodeURIComponent(namespace)}/secrets/${encodeURIComponent(secretName)}`,
          );
        } catch (err) {
          if (!(err instanceof ApiException && err.code === 404)) throw err;
        }
      });
      deleted.push(secretName);
    }
    return deleted;
  }

  /** The API server's clock (its `Date` header, second-granular), or the local clock when it sends none. */
  async serverTime(): Promise<number> {
    await this.reachable();
    const t = this.api.lastDate === undefined ? Number.NaN : Date.parse(this.api.lastDate);
    return Number.isNaN(t) ? Date.now() : t;
  }
}
