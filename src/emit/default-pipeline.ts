/**
 * The default {@link HelmfilePipeline}: the real state loader, helm's values merge and the real
 * helm renderer, with Node IO. The component is the program's edge, so this module reads the
 * process environment (for `KUBECONFIG`, `HOME`, `HELM_BINARY`) once, when created.
 */
import { homedir } from "node:os";
import { withProcessLimits } from "../shared/limits";
import { readEnvSettings } from "../shared/settings";
import { join, resolve as resolvePath } from "node:path";
import { RenderCache, redactError, renderDesiredState, type HelmBinary } from "../render";
import { NodeFileSystem, NodeProcessRunner, NodeScratchFileSystem, findHelm } from "../node";
import { loadDesiredState } from "../load";
import type { Environment, FileSystem, ProcessRunner } from "../shared/io";
import type { SecretsDecryptor } from "../shared/secrets";
import { createNodeSecrets, type NodeSecrets } from "../node/secrets-node";
import {
  kubeContextNames,
  kubeconfigPresent,
  loadKubeTarget,
  type KubeconfigSource,
} from "../node/kube-config";
import { KubeApi } from "../node/kube-api";
import { gitRemoteFetcher } from "../node/git-fetcher";
import { chartifyTools } from "../node/chartify-tools";
import { refusedReleaseAccess } from "../node/release-access";
import { redactingLogger } from "../secrets/redacting-logger";
import { computeHelmValues } from "../merge/helm-values/compute-helm-values";
import { useDecodedManifestStore } from "./manifest-objects";
import type { HelmfilePipeline, PipelineContext } from "./pipeline";

/** The IO a {@link createDefaultPipeline} pipeline uses. */
export interface DefaultPipelineIo {
  /** Default: Node's file system rooted at `cwd`. */
  readonly fs?: FileSystem;
  /** Default: real processes with `env`. */
  readonly runner?: ProcessRunner;
  /** Default: this process's environment. */
  readonly env?: Environment;
  /** Directory relative helmfile paths resolve against. Default: the current directory. */
  readonly cwd?: string;
  /** Decrypts `secrets:` files (sops / helm-secrets). Default: the real sops (`SOPS_BINARY` or PATH). */
  readonly secrets?: SecretsDecryptor;
  /**
   * Render cache directory, shared with the CLI's `template`; `false` turns it off. Releases
   * with secret values are never cached. Default: `PULUMI_HELMFILE_CACHE_DIR`, else
   * `${XDG_CACHE_HOME:-~/.cache}/pulumi-helmfile/render`; off when `PULUMI_HELMFILE_CACHE` is `0` or `false`.
   */
  readonly cacheDir?: string | false;
}

/** Creates the pipeline the components use when none is injected. */
export function createDefaultPipeline(io?: DefaultPipelineIo): HelmfilePipeline {
  const env: Environment = io?.env ?? { ...process.env };
  // Every variable this project interprets, read here once (the component's edge).
  const settings = readEnvSettings(env, homedir());
  const cwd = io?.cwd ?? process.cwd();
  const fs = io?.fs ?? new NodeFileSystem(cwd);
  const runner =
    io?.runner ?? withProcessLimits(new NodeProcessRunner({ baseEnv: env, cwd }), settings.limits);
  // helm-secrets/sops and ref+ resolution like helmfile; created on first load (sops is found lazily).
  let secretsEdge: NodeSecrets | undefined;
  const nodeSecrets = (): NodeSecrets =>
    (secretsEdge ??= createNodeSecrets({
      cwd,
      env,
      resolverModules: settings.secretResolverModules,
      insecureRefs: settings.insecureRefs,
      policy: settings.policy,
    }));
  // Preview and up re-render every release each run: unchanged ones come from the cache (its key covers every input of helm template).
  const cacheDir = io?.cacheDir ?? (settings.renderCache.disabled ? false : settings.renderCache.dir);
  // Decoded manifests (not secret ones) are kept beside the rendered ones, under the same size bound.
  useDecodedManifestStore(
    cacheDir === false
      ? undefined
      : new RenderCache({ dir: join(cacheDir, "decoded") }, fs, new NodeScratchFileSystem()),
    cacheDir === false ? "none" : join(cacheDir, "decoded"),
  );
  const helms = new Map<string, Promise<HelmBinary>>();
  const helm = (explicit: string | undefined): Promise<HelmBinary> => {
    const key = explicit ?? "";
    let found = helms.get(key);
    if (found === undefined) {
      found = findHelm(runner, {
        env,
        cwd,
        ...(explicit === undefined ? {} : { explicit }),
        // As the CLI's commands remember it (src/cli/cli-context.ts): beside the render cache.
        ...(cacheDir === false ? {} : { versionCacheFile: join(cacheDir, "..", "helm-versions.json") }),
      });
      helms.set(key, found);
    }
    return found;
  };
  // Errors can quote decrypted secrets (helm echoes values); they leave the pipeline redacted.
  const redact = (text: string): string => nodeSecrets().registry.redact(text);
  const redacted = async <T>(work: () => T | Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      throw redactError(err, redact);
    }
  };
  const kubeSource = (cluster: PipelineContext["cluster"]): KubeconfigSource => ({
    ...(cluster?.kubeconfig === undefined ? {} : { kubeconfig: resolvePath(cwd, cluster.kubeconfig) }),
    env,
  });
  // One client per kubeconfig and context, shared by the reachability check and the access review, so
  // an exec credential plugin runs once.
  const clients = new Map<string, KubeApi>();
  const clientFor = (cluster: PipelineContext["cluster"], kubeContext: string | undefined): KubeApi => {
    const key = `${cluster?.kubeconfig ?? ""}\u0000${kubeContext ?? ""}`;
    let client = clients.get(key);
    if (client === undefined) {
      client = KubeApi.open(kubeSource(cluster), kubeContext);
      clients.set(key, client);
    }
    return client;
  };
  // One `/version` per context before helm runs: a cluster that cannot be reached, or credentials
  // that cannot be had, fail in seconds with the context and the cause.
  const reach = (cluster: PipelineContext["cluster"], kubeContext: string | undefined): Promise<void> =>
    clientFor(cluster, kubeContext).reachable();
  return {
    loadDesiredState: (options, context) =>
      redacted(() =>
        loadDesiredState(
          {
            ...options,
            cwd,
            ...(context.helmBinary === undefined ? {} : { helmBinary: context.helmBinary }),
          },
          {
            fs,
            env,
            settings,
            processRunner: runner,
            remote: gitRemoteFetcher(env, settings.helmfileCacheHome),
            logger: redactingLogger(context.logger, nodeSecrets().registry),
            secrets: io?.secrets ?? nodeSecrets().decryptor,
            secretResolver: nodeSecrets().resolver,
          },
        ),
      ),
    renderReleases: (state, context: PipelineContext) =>
      redacted(async () => {
        const rendered = await renderDesiredState(
          state,
          {
            helm: await helm(context.helmBinary),
            chartifyTools: chartifyTools(settings, process.cwd()),
            concurrency: context.concurrency,
            redact,
            warnRegenerated: true,
            chartValues: (input) =>
              computeHelmValues({
                chartValues: input.chartValues,
                files: input.files,
                flags: input.flags,
                readFile: input.readFile,
                helmVersion: input.helmVersion,
              }).values,
            ...(context.cluster === undefined
              ? {}
              : {
                  cluster: {
                    ...context.cluster,
                    reach: (kubeContext) => reach(context.cluster, kubeContext),
                  },
                }),
            ...(cacheDir === false ? {} : { cache: { dir: cacheDir } }),
            template: {
              ...(context.includeCrds === true ? { includeCrds: true } : {}),
              ...(context.helmArgs === undefined || context.helmArgs === ""
                ? {}
                : { args: context.helmArgs }),
            },
          },
          {
            fs,
            runner,
            scratch: new NodeScratchFileSystem(),
            logger: redactingLogger(context.logger, nodeSecrets().registry),
          },
        );
        return new Map(rendered.map((r) => [r.release.id, r.manifest]));
      }),
    releaseValues: async (release, context) => {
      const major = (await helm(context.helmBinary)).major === 3 ? 3 : 4;
      const files = release.values.map((v) =>
        v.kind === "inline" ? { name: v.origin, content: v.content } : { name: v.path },
      );
      const result = computeHelmValues({
        files,
        flags: release.setFlags,
        readFile: (path) => fs.readFile(path),
        helmVersion: major,
      });
      return result.userValues;
    },
    clusterConfigured: () => kubeconfigPresent({ env }),
    clusterIdentity: (kubeconfig, kubeContext) => {
      try {
        const t = loadKubeTarget(
          { ...(kubeconfig === undefined ? {} : { kubeconfig: resolvePath(cwd, kubeconfig) }), env },
          kubeContext,
        );
        return JSON.stringify([t.context, t.server, t.namespace, t.user]);
      } catch {
        return undefined;
      }
    },
    kubeContexts: (kubeconfig) =>
      kubeContextNames({
        ...(kubeconfig === undefined ? {} : { kubeconfig: resolvePath(cwd, kubeconfig) }),
        env,
      }),
    knownSecrets: () => secretsEdge?.registry.values() ?? new Set<string>(),
    refusedAccess: (requests, context) =>
      refusedReleaseAccess(requests, (kubeContext) => clientFor(context.cluster, kubeContext)),
    deleteObjects: async (objects, kubeContext, context) => {
      const client = clientFor(context.cluster, kubeContext);
      for (const o of objects) await client.deleteObject(o.apiVersion, o.kind, o.name, o.namespace);
    },
    deletingNamespaces: async (namespaces, context) => {
      // An advisory probe: a user whose RBAC cannot read Namespaces (or an unreachable context)
      // gets the render's own errors and access review, not a failed read here.
      const live = await Promise.all(
        namespaces.map((n) =>
          clientFor(context.cluster, n.kubeContext)
            .getObject("v1", "Namespace", n.namespace)
            .catch(() => undefined),
        ),
      );
      return namespaces.filter((_, i) => isBeingDeleted(live[i]));
    },
  };
}

/** The object is being deleted: the API server set its `deletionTimestamp` (a Terminating namespace). */
function isBeingDeleted(live: Record<string, unknown> | undefined): boolean {
  const meta = live?.metadata as { deletionTimestamp?: unknown } | undefined;
  return typeof meta?.deletionTimestamp === "string" && meta.deletionTimestamp !== "";
}
