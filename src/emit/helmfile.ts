/**
 * `helmfile:index:Helmfile`: runs a helmfile state through Pulumi. It resolves its Inputs once,
 * loads and renders the state with the core pipeline (real helm), and creates one
 * `helmfile:index:Release` child per installed release, wiring `needs` to `dependsOn`.
 */
import * as pulumi from "@pulumi/pulumi";
import * as k8s from "@pulumi/kubernetes";
import type { CommandLineOverrides } from "./command-line";
import { EmitError } from "../shared/errors";
import type { Logger } from "../shared/io";
import { createDefaultPipeline } from "./default-pipeline";
import { HelmfileMode, type HelmfileArgs, type ReleaseArgs } from "./helmfile-args";
import type { HelmfilePipeline } from "./pipeline";
import type { ReleasePlan } from "./plan-releases";
import { SKIP_AWAIT_ANNOTATION } from "./manifest-objects";
import { withoutStackTraces } from "./object-resources";
import {
  Release,
  withAnswered,
  type AnsweredApplied,
  withHookObjectDeleter,
  withRegistration,
  withCrdGate,
  withSecretNeedles,
  type HookObjectDeleter,
} from "./release";
import { CrdGate, crdGateMembers } from "./crd-gate";
import type { HandedPlan } from "./handed-plan";
import { registerReleaseHooks, releaseHooksRegistered, scopedHookName } from "./release-hooks";
import { contextProviderName, namespaceResourceName } from "./resource-names";
import type { ResolvedHelmfileArgs } from "./resolve-helmfile-args";
import {
  EXCLUDES_UNSELECTED,
  failProgramOnRejection,
  HANDED_PLAN,
  HelmfileRunError,
  OWNS_FAILURE,
  ONLY_RELEASES,
  type OnlyReleases,
  programFailure,
} from "./program-failure";
import { recordedRegistration } from "./registration-digest";
import {
  namespaceKey,
  namespacesOf,
  planHelmfile,
  renderTarget,
  selectorsRefusal,
  type ClusterTarget,
  type HelmfilePlan,
  type Registration,
} from "./plan-helmfile";

export {
  clusterTarget,
  narrowedPlan,
  planHelmfile,
  reviewedPlan,
  type ClusterTarget,
  type HelmfilePlan,
  type Registration,
} from "./plan-helmfile";

/** The Pulumi type token of {@link Helmfile}. */
export const HELMFILE_TYPE = "helmfile:index:Helmfile";

/** Options of {@link Helmfile} beyond Pulumi's: the core pipeline and a logger (TypeScript only). */
export interface HelmfileOptions extends pulumi.ComponentResourceOptions {
  /** The core operations; default: the real loader, merger and helm renderer with Node IO. */
  readonly pipeline?: HelmfilePipeline;
  /** Receives progress messages; default: Pulumi's log. */
  readonly logger?: Logger;
  /**
   * Resource names of this component's Releases that the stack's state holds (the Automation API
   * reads them from the stack before a run): rendering against the cluster, they render as
   * upgrades, as helm renders a release it has a record of (src/render/cluster-render.ts).
   */
  readonly recordedReleases?: ReadonlySet<string>;
  /**
   * The run's command-line overrides of every release (the CLI's `--values`, `--set`, `--args`,
   * `--wait`, `--wait-for-jobs`, `--timeout`; ./command-line.ts). Default none.
   */
  readonly commandLine?: CommandLineOverrides;
  /** Internal to this package: the caller awaits `releases` and fails the run with its error itself (./program-failure.ts). */
  readonly [OWNS_FAILURE]?: true;
  /** Internal to this package: the caller keeps the unselected releases out of the engine's reach, so `selectors` are accepted. */
  readonly [EXCLUDES_UNSELECTED]?: true;
  /** Internal to this package: a preview of only the releases that changed (./program-failure.ts). */
  readonly [ONLY_RELEASES]?: PlannedOnlyReleases;
  /** Internal to this package: the plan of every release, made by the caller (./program-failure.ts). */
  readonly [HANDED_PLAN]?: HandedPlan<HelmfilePlan>;
}

/** {@link OnlyReleases}, with the plan of those releases when the caller made it. */
export interface PlannedOnlyReleases extends OnlyReleases {
  /**
   * The plan of those releases, made by the caller as this component would make it (same
   * arguments, pipeline and options), started before the engine: the component takes
   * it instead of planning again. Its warnings are the caller's to say.
   */
  readonly plan?: Promise<HelmfilePlan>;
  /**
   * Keys (type and name) of objects the releases do not register (./release.ts `withAnswered`): `crds/`
   * CRDs, and main objects whose registration digest is the recorded one. The caller previews
   * against a copy of the state without them, or applies with them excluded from the engine (an
   * `up`, which also gives {@link answeredApplied}).
   */
  readonly answered?: ReadonlySet<string>;
  /**
   * An `up`'s (not a preview's): by Release resource name, what it holds of the `answered` objects
   * it leaves to the state as the last `up` applied them, so that its record counts them
   * (./release.ts `withAnswered`).
   */
  readonly answeredApplied?: ReadonlyMap<string, AnsweredApplied>;
}

/**
 * The components whose caller fails the run itself (./program-failure.ts). Kept out of the class:
 * the provider's schema is read from the class's fields.
 */
const failureOwned = new WeakSet<Helmfile>();

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
    refuseListedSelectors(args, opts);
    super(HELMFILE_TYPE, name, args, opts);
    const ownsFailure = opts?.[OWNS_FAILURE] === true;
    if (ownsFailure) failureOwned.add(this);
    // A failure fails the program (./program-failure.ts): through one unhandled rejection that
    // Pulumi's runtime reports, or, for a caller that owns it, through `releases`. The outputs
    // never reject (a rejected Output would report the same failure a second time).
    if (!ownsFailure) failProgramOnRejection(this.getData(), this);
    this.releaseIds = pulumi.output(
      this.getData().then(
        (d) => d.releaseIds,
        () => [] as string[],
      ),
    );
    // The outputs are registered by initialize, once the releases are emitted: a failed run registers
    // none, so the state keeps the last good `releaseIds` (an empty list would show as a change next time).
  }

  /**
   * The `Release` children by release id, once created (TypeScript only). Rejects when the state
   * fails to load or render: with the original error for a caller that owns the failure, else
   * with the {@link HelmfileProgramError} that already fails the program.
   */
  public get releases(): Promise<Record<string, Release>> {
    return this.getData().then(
      (d) => d.releases,
      (err: unknown) => {
        throw failureOwned.has(this) ? err : programFailure(err, this);
      },
    );
  }

  /**
   * One object of one release, as a resource to build on (TypeScript only): `release` is its id
   * (`[kubeContext/]namespace/name`), the rest as {@link Release.object}. Fails naming the release
   * when the helmfile has none of that id.
   */
  public object<T extends pulumi.Resource = pulumi.CustomResource>(
    release: string,
    kind: string,
    name: string,
    namespace?: string,
    apiVersion?: string,
  ): pulumi.Output<T> {
    return pulumi.output(this.releases).apply((releases) => {
      const r = releases[release];
      if (r === undefined) {
        throw new EmitError("EMIT_NO_SUCH_OBJECT", `no release ${release} in this helmfile`, {
          expected: "the id of a release the helmfile installs",
          found: Object.keys(releases).join(", "),
        });
      }
      return r.object<T>(kind, name, namespace, apiVersion);
    });
  }

  /** Loads, renders and emits; runs once, from the base constructor. */
  protected override async initialize(
    args: pulumi.Inputs,
    opts?: HelmfileOptions,
    name?: string,
  ): Promise<HelmfileData> {
    // Delete hooks of releases no longer in the state run only if this run registers them.
    const hooks = registerReleaseHooks();
    try {
      const data = await this.emit(args, opts, name);
      // Registered as soon as the releases are emitted, before anything of them is applied: an
      // object the API server rejects stops the engine, and an RPC still on its way then would
      // reject unheard ("Resource monitor is terminating") in an Automation API caller's process.
      this.registerOutputs({ releaseIds: data.releaseIds });
      await releaseHooksRegistered(hooks);
      return data;
    } catch (err) {
      // The run fails anyway; a registration still under way must not fail later unheard.
      await releaseHooksRegistered(hooks).catch(() => undefined);
      throw err;
    }
  }

  /** Loads, renders and emits the releases. */
  private async emit(
    args: pulumi.Inputs,
    opts: HelmfileOptions | undefined,
    name: string | undefined,
  ): Promise<HelmfileData> {
    const pipeline = opts?.pipeline ?? createDefaultPipeline();
    const ownLogger = pulumiLogger(this);
    const componentName = name ?? "helmfile";
    let planned: HelmfilePlan;
    const handed = opts?.[ONLY_RELEASES]?.plan ?? opts?.[HANDED_PLAN]?.take(opts?.logger ?? ownLogger);
    try {
      planned =
        handed !== undefined
          ? await handed
          : await planHelmfile(args as HelmfileArgs, pipeline, {
              componentName,
              providerInOptions: hasKubernetesProvider(opts),
              logger: opts?.logger ?? ownLogger,
              refuseSelectors: opts?.[EXCLUDES_UNSELECTED] !== true,
              ...(opts?.recordedReleases === undefined ? {} : { recordedReleases: opts.recordedReleases }),
              ...(opts?.commandLine === undefined ? {} : { commandLine: opts.commandLine }),
              namespaces: pulumi.runtime.isDryRun() ? "warn" : "wait",
              ...(opts?.[ONLY_RELEASES] === undefined ? {} : { onlyReleases: opts[ONLY_RELEASES] }),
            });
    } finally {
      ownLogger.flush();
    }
    const { resolved, plans, target } = planned;
    const kinds = planned.kinds();
    const providers = new ReleaseProviders(this, componentName, resolved, pipeline, target);
    const namespaces = emitNamespaces(this, componentName, plans, resolved, providers, target);
    const releases = emitReleases(
      this,
      componentName,
      plans,
      resolved,
      providers,
      namespaces,
      kinds,
      planned.registrations,
      opts?.[ONLY_RELEASES]?.answered,
      opts?.[ONLY_RELEASES]?.answeredApplied,
    );
    return { releaseIds: [...(opts?.[ONLY_RELEASES]?.releaseIds ?? plans.map((p) => p.id))], releases };
  }
}

/**
 * `selectors` given as a list (not an Output) are refused before the component registers: a failed
 * registration would still record its arguments, so the next preview would show the component's
 * `selectors` going away. Selectors known only later are refused then (./program-failure.ts).
 */
function refuseListedSelectors(args: HelmfileArgs, opts: HelmfileOptions | undefined): void {
  if (opts?.[EXCLUDES_UNSELECTED] === true || !Array.isArray(args.selectors)) return;
  const refusal = selectorsRefusal(args.selectors);
  if (refusal !== undefined) throw new HelmfileRunError(refusal);
}

/**
 * The Kubernetes providers of the children: one render provider for a directory, the
 * `provider` argument, the providers of the resource options, or, for a cluster, one provider
 * per Kubernetes context the releases use (helm's `--kube-context`), from `kubeconfig`.
 */
class ReleaseProviders {
  private readonly byContext = new Map<string, pulumi.ProviderResource>();
  private render?: pulumi.ProviderResource;

  constructor(
    private readonly parent: Helmfile,
    private readonly name: string,
    private readonly resolved: ResolvedHelmfileArgs,
    private readonly pipeline: HelmfilePipeline,
    private readonly target: ClusterTarget,
  ) {}

  /**
   * How the release's chart hook objects are deleted (helm's hook-succeeded / hook-failed), when
   * its cluster is the one the component renders against (the kubeconfig's); else undefined.
   */
  deleterOf(plan: Pick<ReleasePlan, "kubeContext">): HookObjectDeleter | undefined {
    const { pipeline } = this;
    const cluster = renderTarget(this.target, this.resolved).cluster;
    if (pipeline.deleteObjects === undefined || cluster === undefined) return undefined;
    return (objects) => pipeline.deleteObjects?.(objects, plan.kubeContext, { cluster }) ?? Promise.resolve();
  }

  /** The providers a release's children use; empty: inherit (resource options or the default provider). */
  of(plan: ReleasePlan): pulumi.ProviderResource[] {
    if (this.target === "directory") {
      this.render ??= new k8s.Provider(
        `${this.name}-render`,
        { renderYamlToDirectory: this.resolved.renderToDirectory ?? "", ...HELM_LIKE_UPDATES },
        { parent: this.parent },
      );
      return [this.render];
    }
    if (this.target === "provider-arg")
      return this.resolved.provider === undefined ? [] : [this.resolved.provider];
    if (this.target === "provider-option") return [];
    const key = plan.kubeContext ?? "";
    let provider = this.byContext.get(key);
    if (provider === undefined) {
      provider = new k8s.Provider(
        contextProviderName(this.name, key),
        {
          ...(key === "" ? {} : { context: key }),
          ...(this.resolved.kubeconfig === undefined ? {} : { kubeconfig: this.resolved.kubeconfig }),
          ...HELM_LIKE_UPDATES,
        },
        { parent: this.parent },
      );
      this.byContext.set(key, provider);
    }
    return [provider];
  }
}

/**
 * helm upgrades ConfigMaps and Secrets in place; the Kubernetes provider replaces them on a data
 * change unless told otherwise (a replacement would delete and recreate the object).
 */
const HELM_LIKE_UPDATES = { enableConfigMapMutable: true, enableSecretMutable: true } as const;

/**
 * helm's `--create-namespace` for mode `manifests`: one Namespace per context and namespace,
 * shared by the releases that use it and deleted only when none of them remains (never while a
 * release in it has namespaced `helm.sh/resource-policy: keep` objects: they would go with it).
 */
function emitNamespaces(
  parent: Helmfile,
  name: string,
  plans: readonly ReleasePlan[],
  resolved: ResolvedHelmfileArgs,
  providers: ReleaseProviders,
  target: ClusterTarget,
): Map<string, k8s.core.v1.Namespace> {
  const out = new Map<string, k8s.core.v1.Namespace>();
  // `destroy` deletes a namespace without waiting for the namespace controller to empty it, as
  // `helmfile destroy` (which leaves namespaces) never waits; the next `up` waits for a namespace
  // still Terminating before it applies anything (./namespace-deletion.ts). Not written into a
  // directory's manifests: nothing deletes them there.
  const annotations = target === "directory" ? {} : { annotations: { [SKIP_AWAIT_ANNOTATION]: "true" } };
  for (const [key, { plan, holdsKept }] of namespacesOf(plans, resolved)) {
    const ps = providers.of(plan);
    out.set(
      key,
      new k8s.core.v1.Namespace(
        namespaceResourceName(name, plan.kubeContext, plan.namespace),
        { metadata: { name: plan.namespace, ...annotations } },
        {
          parent,
          ...(ps.length > 0 ? { provider: ps[0] } : {}),
          ...(holdsKept ? { retainOnDelete: true } : {}),
        },
      ),
    );
  }
  return out;
}

function hasKubernetesProvider(opts: HelmfileOptions | undefined): boolean {
  if (opts === undefined) return false;
  if (opts.provider !== undefined) return true;
  const providers = opts.providers;
  if (providers === undefined) return false;
  return Array.isArray(providers) ? providers.length > 0 : Object.keys(providers).includes("kubernetes");
}

const withDeleter = (args: ReleaseArgs, deleter: HookObjectDeleter | undefined): ReleaseArgs =>
  deleter === undefined ? args : withHookObjectDeleter(args, deleter);

/** Creates the Release children in dependency order so `needs` can become `dependsOn`. */
function emitReleases(
  parent: Helmfile,
  componentName: string,
  plans: readonly ReleasePlan[],
  resolved: ResolvedHelmfileArgs,
  providers: ReleaseProviders,
  namespaces: ReadonlyMap<string, k8s.core.v1.Namespace>,
  clusterScopedKinds: readonly string[],
  registrations: HelmfilePlan["registrations"],
  answered: ReadonlySet<string> = new Set(),
  answeredApplied?: ReadonlyMap<string, AnsweredApplied>,
): Record<string, Release> {
  const byName = new Map(plans.map((p) => [p.resourceName, p]));
  // The releases that need none of these apply their CRDs together, before any other object.
  const gate = new CrdGate(crdGateMembers(plans), scopedHookName(`${componentName}-crds-checked`));
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
    const namespace = namespaces.get(namespaceKey(plan));
    const ps = providers.of(plan);
    const release = withoutStackTraces(
      () =>
        new Release(
          plan.resourceName,
          withDeleter(
            withCrdGate(
              withSecretNeedles(
                withAnswered(
                  withRegistration(
                    releaseArgs(plan, resolved.mode, clusterScopedKinds),
                    registrationInput(plan, registrations.get(plan.resourceName)),
                    registrationAfterApply(plan, registrations.get(plan.resourceName)),
                    objectDigestsOf(
                      registrations.get(plan.resourceName),
                      answeredApplied?.get(plan.resourceName)?.digests,
                    ),
                  ),
                  answered,
                  answeredApplied?.get(plan.resourceName),
                ),
                plan.secretNeedles,
              ),
              gate,
            ),
            providers.deleterOf(plan),
          ),
          {
            parent,
            dependsOn: [...needed, ...(namespace === undefined ? [] : [namespace]), ...resolved.dependencies],
            ...(ps.length > 0 ? { providers: ps } : {}),
          },
        ),
    );
    created.set(plan.resourceName, release);
    return release;
  };
  const out: Record<string, Release> = {};
  for (const plan of plans) out[plan.id] = create(plan);
  return out;
}

/** The digest a Release records once applied (./registration-digest.ts): secret when it covers one, unknown while the plan is. */
function registrationInput(
  plan: ReleasePlan,
  registration: Registration | undefined,
): pulumi.Input<string> | undefined {
  if (registration === undefined) return undefined;
  if (plan.unknown) return pulumi.output(pulumi.unknown as unknown as string);
  const recorded = recordedRegistration(registration.objects(), registration.text, registration.render?.());
  return registration.secret ? pulumi.secret(recorded) : recorded;
}

/**
 * The Release's `objectDigests` output: its main objects' registration digests, sorted, joined by
 * commas; of those an `up` leaves to the state (`left`, by key), the recorded ones.
 */
function objectDigestsOf(
  registration: Registration | undefined,
  left?: ReadonlyMap<string, string>,
): (() => string) | undefined {
  const digests = registration?.objectDigests;
  if (digests === undefined) return undefined;
  return () => [...new Map([...digests(), ...(left ?? [])]).values()].sort().join(",");
}

/** The registration to record instead once `up` has applied the release (`Registration.renderAfterApply`). */
function registrationAfterApply(
  plan: ReleasePlan,
  registration: Registration | undefined,
): (() => Promise<string | undefined>) | undefined {
  const after = registration?.renderAfterApply;
  if (registration === undefined || after === undefined || plan.unknown) return undefined;
  return async () => {
    const render = await after();
    return render === undefined
      ? undefined
      : recordedRegistration(registration.objects(), registration.text, render);
  };
}

function releaseArgs(
  plan: ReleasePlan,
  mode: HelmfileMode,
  clusterScopedKinds: readonly string[],
): ConstructorParameters<typeof Release>[1] {
  const text = (value: string, secret: boolean): pulumi.Input<string> => {
    if (plan.unknown) return pulumi.output(pulumi.unknown as unknown as string);
    return secret ? pulumi.secret(value) : value;
  };
  const s = plan.settings;
  const common = {
    name: plan.name,
    namespace: plan.namespace,
    chart: plan.chart,
    ...(plan.version === undefined ? {} : { version: plan.version }),
    values: text(plan.values, plan.secret),
    manifest: text(plan.manifest, plan.secret || plan.manifestHasSecret),
    mode,
    ...(s.skipCrds ? { skipCrds: true } : {}),
    ...(s.wait ? { wait: true } : {}),
    ...(s.waitForJobs ? { waitForJobs: true } : {}),
    ...(s.timeout === undefined ? {} : { timeout: s.timeout }),
    ...(plan.hooks === undefined ? {} : { helmfileHooks: text(plan.hooks, plan.secret) }),
  };
  if (mode !== HelmfileMode.HelmRelease) {
    return {
      ...common,
      ...(clusterScopedKinds.length > 0 ? { clusterScopedKinds: [...clusterScopedKinds] } : {}),
    };
  }
  return {
    ...common,
    chartRef: plan.chartRef,
    ...(plan.repositoryUrl === undefined ? {} : { repositoryUrl: plan.repositoryUrl }),
    createNamespace: s.createNamespace,
    historyMax: s.historyMax,
    ...(s.atomic ? { atomic: true } : {}),
    ...(s.cleanupOnFail ? { cleanupOnFail: true } : {}),
  };
}

/**
 * Pulumi's log on `resource`. Debug lines (a render cache hit or a helm command per release) are
 * sent as one message per run of them, not one engine call each: at 500 releases those calls cost
 * more than the lines are worth; an info or warning line, or `flush`, sends what is pending first.
 */
function pulumiLogger(resource: pulumi.Resource): Logger & { flush(): void } {
  let pending: string[] = [];
  const flush = (): void => {
    if (pending.length === 0) return;
    const text = pending.join("\n");
    pending = [];
    void pulumi.log.debug(text, resource);
  };
  return {
    debug: (m) => void pending.push(m),
    info: (m) => {
      flush();
      void pulumi.log.info(m, resource);
    },
    warn: (m) => {
      flush();
      void pulumi.log.warn(m, resource);
    },
    flush,
  };
}
