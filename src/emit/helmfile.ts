/**
 * `helmfile:index:Helmfile`: runs a helmfile state through Pulumi. It resolves its Inputs once,
 * loads and renders the state with the core pipeline (real helm), and creates one
 * `helmfile:index:Release` child per installed release, wiring `needs` to `dependsOn`.
 */
import * as pulumi from "@pulumi/pulumi";
import * as k8s from "@pulumi/kubernetes";
import { ConfigError, EmitError } from "../shared/errors";
import type { Logger } from "../shared/io";
import { createDefaultPipeline } from "./default-pipeline";
import { HelmfileMode, type HelmfileArgs } from "./helmfile-args";
import type { HelmfilePipeline } from "./pipeline";
import { planReleases, type ReleasePlan } from "./plan-releases";
import { Release } from "./release";
import { resolveHelmfileArgs, type ResolvedHelmfileArgs } from "./resolve-helmfile-args";

/** The Pulumi type token of {@link Helmfile}. */
export const HELMFILE_TYPE = "helmfile:index:Helmfile";

/** Options of {@link Helmfile} beyond Pulumi's: the core pipeline and a logger (TypeScript only). */
export interface HelmfileOptions extends pulumi.ComponentResourceOptions {
  /** The core operations; default: the real loader, merger and helm renderer with Node IO. */
  readonly pipeline?: HelmfilePipeline;
  /** Receives progress messages; default: Pulumi's log. */
  readonly logger?: Logger;
}

interface HelmfileData {
  readonly releaseIds: string[];
  readonly releases: Record<string, Release>;
}

/** Runs a helmfile state through Pulumi: one `Release` child per installed release. */
export class Helmfile extends pulumi.ComponentResource<HelmfileData> {
  /** Ids (`[kubeContext/]namespace/name`) of the releases created, in helmfile's order. */
  public readonly releaseIds: pulumi.Output<string[]>;

  /**
   * @param name The unique name of the component.
   * @param args The helmfile to run and helmfile's global options.
   * @param opts Resource options.
   */
  constructor(name: string, args: HelmfileArgs, opts?: HelmfileOptions) {
    super(HELMFILE_TYPE, name, args, opts);
    // A failure is reported as an error diagnostic on this resource, which fails the update
    // (inline programs, and `pulumi up` at the end of the run), and through `releases`, which
    // rejects. The outputs never reject: a rejected Output leaks unhandled promise rejections.
    const ids = this.getData().then(
      (d) => d.releaseIds,
      (err: unknown) => {
        void pulumi.log.error(err instanceof Error ? err.message : String(err), this);
        return [] as string[];
      },
    );
    this.releaseIds = pulumi.output(ids);
    this.registerOutputs({ releaseIds: this.releaseIds });
  }

  /** The `Release` children by release id, once created (TypeScript only). */
  public get releases(): Promise<Record<string, Release>> {
    return this.getData().then((d) => d.releases);
  }

  /** Loads, renders and emits; runs once, from the base constructor. */
  protected override async initialize(
    args: pulumi.Inputs,
    opts?: HelmfileOptions,
    name?: string,
  ): Promise<HelmfileData> {
    const resolved = await resolveHelmfileArgs(args as HelmfileArgs);
    const pipeline = opts?.pipeline ?? createDefaultPipeline();
    const logger = opts?.logger ?? pulumiLogger(this);
    const providers = kubernetesProviders(this, name ?? "helmfile", resolved, pipeline, opts);
    const plans = await planReleases(
      pipeline,
      {
        state: resolved.state,
        stateValues: resolved.stateValues,
        unknownPaths: resolved.unknownPaths,
        inputSecret: resolved.secret,
      },
      {
        ...(resolved.helmBinary === undefined ? {} : { helmBinary: resolved.helmBinary }),
        concurrency: resolved.concurrency,
        logger,
      },
    );
    const releases = emitReleases(this, plans, resolved, providers);
    return { releaseIds: plans.map((p) => p.id), releases };
  }
}

/** Creates the Kubernetes provider of the children, if the target needs one of its own. */
function kubernetesProviders(
  parent: Helmfile,
  name: string,
  resolved: ResolvedHelmfileArgs,
  pipeline: HelmfilePipeline,
  opts: HelmfileOptions | undefined,
): pulumi.ProviderResource[] {
  const target = clusterTarget(resolved, hasKubernetesProvider(opts), (ctx) =>
    pipeline.clusterConfigured(ctx),
  );
  const directory = resolved.renderToDirectory;
  if (target === "directory" && directory !== undefined) {
    return [new k8s.Provider(`${name}-render`, { renderYamlToDirectory: directory }, { parent })];
  }
  return target === "provider-arg" && resolved.provider !== undefined ? [resolved.provider] : [];
}

/**
 * Decides where manifests go: a directory, the `provider` argument, a provider from the resource
 * options, or the ambient cluster. Refuses to guess when there is no cluster (never silently renders).
 */
export function clusterTarget(
  resolved: Pick<ResolvedHelmfileArgs, "renderToDirectory" | "mode" | "provider" | "state">,
  providerInOptions: boolean,
  clusterConfigured: (kubeContext: string | undefined) => boolean,
): "directory" | "provider-arg" | "provider-option" | "ambient" {
  if (resolved.renderToDirectory !== undefined) {
    if (resolved.mode === HelmfileMode.HelmRelease) {
      throw new ConfigError(
        "CONFIG_RENDER_HELM_RELEASE",
        'renderToDirectory works only with mode "manifests"',
        {
          keyPath: ["mode"],
          expected: `"${HelmfileMode.Manifests}"`,
          found: `"${resolved.mode}"`,
        },
      );
    }
    return "directory";
  }
  if (resolved.provider !== undefined) return "provider-arg";
  if (providerInOptions) return "provider-option";
  if (!clusterConfigured(resolved.state.kubeContext)) {
    throw new ConfigError(
      "CONFIG_NO_CLUSTER",
      "no Kubernetes cluster is configured (no kubeconfig, KUBECONFIG or in-cluster service account) and renderToDirectory is not set",
      { expected: "renderToDirectory, a provider, or a kubeconfig" },
    );
  }
  return "ambient";
}

function hasKubernetesProvider(opts: HelmfileOptions | undefined): boolean {
  if (opts === undefined) return false;
  if (opts.provider !== undefined) return true;
  const providers = opts.providers;
  if (providers === undefined) return false;
  return Array.isArray(providers) ? providers.length > 0 : Object.keys(providers).includes("kubernetes");
}

/** Creates the Release children in dependency order so `needs` can become `dependsOn`. */
function emitReleases(
  parent: Helmfile,
  plans: readonly ReleasePlan[],
  resolved: ResolvedHelmfileArgs,
  providers: pulumi.ProviderResource[],
): Record<string, Release> {
  const byName = new Map(plans.map((p) => [p.resourceName, p]));
  const created = new Map<string, Release>();
  const visiting = new Set<string>();
  const create = (plan: ReleasePlan): Release => {
    const done = created.get(plan.resourceName);
    if (done !== undefined) return done;
    if (visiting.has(plan.resourceName)) {
      throw new EmitError("EMIT_NEEDS_CYCLE", `release ${plan.id}: its needs form a cycle`, {
        keyPath: ["needs"],
      });
    }
    visiting.add(plan.resourceName);
    const needed = plan.needs.flatMap((n) => {
      const p = byName.get(n);
      return p === undefined ? [] : [create(p)];
    });
    const release = new Release(plan.resourceName, releaseArgs(plan, resolved.mode), {
      parent,
      dependsOn: [...needed, ...resolved.dependencies],
      ...(providers.length > 0 ? { providers } : {}),
    });
    created.set(plan.resourceName, release);
    return release;
  };
  const out: Record<string, Release> = {};
  for (const plan of plans) out[plan.id] = create(plan);
  return out;
}

function releaseArgs(plan: ReleasePlan, mode: HelmfileMode): ConstructorParameters<typeof Release>[1] {
  const text = (value: string, secret: boolean): pulumi.Input<string> => {
    if (plan.unknown) return pulumi.output(pulumi.unknown as unknown as string);
    return secret ? pulumi.secret(value) : value;
  };
  return {
    name: plan.name,
    namespace: plan.namespace,
    chart: plan.chart,
    ...(plan.version === undefined ? {} : { version: plan.version }),
    values: text(plan.values, plan.secret),
    manifest: text(plan.manifest, plan.secret || plan.manifestHasSecret),
    mode,
    ...(mode === HelmfileMode.HelmRelease ? { chartRef: plan.chartRef } : {}),
    ...(mode === HelmfileMode.HelmRelease && plan.repositoryUrl !== undefined
      ? { repositoryUrl: plan.repositoryUrl }
      : {}),
  };
}

function pulumiLogger(resource: pulumi.Resource): Logger {
  return {
    debug: (m) => void pulumi.log.debug(m, resource),
    info: (m) => void pulumi.log.info(m, resource),
    warn: (m) => void pulumi.log.warn(m, resource),
  };
}
