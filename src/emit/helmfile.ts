/**
 * `helmfile:index:Helmfile`: runs a helmfile state through Pulumi. It resolves its Inputs once,
 * loads and renders the state with the core pipeline (real helm), and creates one
 * `helmfile:index:Release` child per installed release, wiring `needs` to `dependsOn`.
 */
import * as pulumi from "@pulumi/pulumi";
import * as k8s from "@pulumi/kubernetes";
import type { CommandLineOverrides } from "./command-line";
import { ConfigError, EmitError } from "../shared/errors";
import type { Logger } from "../shared/io";
import { createDefaultPipeline } from "./default-pipeline";
import { HelmfileMode, type HelmfileArgs, type ReleaseArgs } from "./helmfile-args";
import type { HelmfilePipeline, PipelineContext } from "./pipeline";
import { formatRefusals } from "../node/release-access";
import { planReleases, type ReleasePlan } from "./plan-releases";
import type { RenderKey } from "../render/cluster-render";
import { hasKeptObjects } from "./chart-hooks";
import {
  clusterScopedKindsOf,
  manifestObjects,
  planKeeping,
  SKIP_AWAIT_ANNOTATION,
  type Keeping,
} from "./manifest-objects";
import { withoutStackTraces } from "./object-resources";
import { sortedKeysJson } from "../shared/value";
import {
  mainObjectDigests,
  Release,
  withAnswered,
  withHookObjectDeleter,
  withRegistration,
  withCrdGate,
  withSecretNeedles,
  type HookObjectDeleter,
} from "./release";
import { collectSecretStrings } from "../secrets/secret-registry";
import { CrdGate, crdGateMembers } from "./crd-gate";
import { registerReleaseHooks, releaseHooksRegistered, scopedHookName } from "./release-hooks";
import { contextProviderName, namespaceResourceName } from "./resource-names";
import { resolveHelmfileArgs, type ResolvedHelmfileArgs } from "./resolve-helmfile-args";
import {
  EXCLUDES_UNSELECTED,
  failProgramOnRejection,
  HelmfileRunError,
  OWNS_FAILURE,
  ONLY_RELEASES,
  type OnlyReleases,
  programFailure,
} from "./program-failure";
import {
  recordedRegistration,
  registrationDigest,
  registrationIsSecret,
  crdTextHash,
  sharedMaterial,
  textHash,
  type RecordedRender,
} from "./registration-digest";
import {
  releaseNamespaces,
  settleDeletedNamespaces,
  SYSTEM_NAMESPACES,
  type NamespaceDeletionMode,
} from "./namespace-deletion";

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
   * against a copy of the state without them.
   */
  readonly answered?: ReadonlySet<string>;
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
    const handed = opts?.[ONLY_RELEASES]?.plan;
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
    );
    return { releaseIds: [...(opts?.[ONLY_RELEASES]?.releaseIds ?? plans.map((p) => p.id))], releases };
  }
}

/**
 * Cluster-scoped kinds (sorted) by the {@link crdTextHash} of the CRD text they are decoded from:
 * the kinds are decoded from that text alone, so a render whose CRDs are those of an earlier
 * render, or of a render the stack recorded, decodes none (kube-prometheus-stack's 7 MB of CRDs
 * took 1.4 s to decode each time).
 */
const KINDS_BY_CRD_TEXT = new Map<string, readonly string[]>();
const KINDS_REMEMBERED = 256;

function rememberKinds(crdText: string, kinds: readonly string[]): void {
  if (crdText === "" || KINDS_BY_CRD_TEXT.has(crdText)) return;
  if (KINDS_BY_CRD_TEXT.size >= KINDS_REMEMBERED)
    KINDS_BY_CRD_TEXT.delete(KINDS_BY_CRD_TEXT.keys().next().value as string);
  KINDS_BY_CRD_TEXT.set(crdText, kinds);
}

/** A release's registration digests (./registration-digest.ts). */
export interface Registration {
  readonly text: string;
  readonly objects: () => string;
  readonly secret: boolean;
  /** What it records of its render (./registration-digest.ts `RecordedRender`); absent: nothing. */
  readonly render?: () => RecordedRender;
  /**
   * Without a render to record: what to record once `up` has applied the release, if an upgrade's
   * render against the cluster then is this render (./upgrade-keys.ts); absent: nothing.
   */
  readonly renderAfterApply?: () => Promise<RecordedRender | undefined>;
  /**
   * Per resource (type and name), the registration digest of each main object (./release.ts
   * `mainObjectDigests`; computed when first asked); absent when it has none to compare (another
   * mode, a render the record answered, an unknown manifest).
   */
  readonly objectDigests?: () => ReadonlyMap<string, string>;
}

/** What a {@link Helmfile} makes its resources of, computed without Pulumi's runtime. */
export interface HelmfilePlan {
  readonly resolved: ResolvedHelmfileArgs;
  readonly target: ClusterTarget;
  readonly plans: readonly ReleasePlan[];
  /** The cluster-scoped kinds of every release's manifest, sorted (decoded when first asked). */
  readonly kinds: () => readonly string[];
  /**
   * Per release resource name: its registration digests (./registration-digest.ts), of the
   * rendered text and of the objects (decoded when first asked), and whether they are secret.
   */
  readonly registrations: ReadonlyMap<string, Registration>;
  /** The resource names of the Namespaces and Kubernetes providers the component makes. */
  readonly namespaceNames: readonly string[];
  readonly providerNames: readonly string[];
}

/**
 * Loads and renders a helmfile as the component does (no resource is made): the plans, what their
 * resources are made of and their registration digests. The component emits from it; an unchanged
 * preview compares it with the stack's record (src/automation/recorded-preview.ts).
 */
export async function planHelmfile(
  args: HelmfileArgs,
  pipeline: HelmfilePipeline,
  options: {
    readonly componentName: string;
    readonly providerInOptions: boolean;
    readonly logger: Logger;
    readonly recordedReleases?: ReadonlySet<string> | "all";
    /** Refuse `selectors` (a user's own program: see {@link refuseSelectorsInProgram}). */
    readonly refuseSelectors?: boolean;
    /** The run's command-line overrides (./command-line.ts). Default none. */
    readonly commandLine?: CommandLineOverrides;
    /**
     * Release namespaces still being deleted (./namespace-deletion.ts): `wait` for them (an
     * `up`), or `warn` that `up` will. Default: not looked at.
     */
    readonly namespaces?: NamespaceDeletionMode;
    /** Plan only these releases, with the whole state's cluster-scoped kinds (./program-failure.ts). */
    readonly onlyReleases?: OnlyReleases;
    /**
     * false: no review of the rights `up` needs (a plan only compared with the stack's record: an
     * engine run, if one follows, reviews them). Default true.
     */
    readonly reviewAccess?: boolean;
    /**
     * By Release resource name, the renders the stack recorded: a release whose render would be the
     * recorded one is not rendered (`PlanOptions.recordedRenders`; with `recordedReleases: "all"`
     * only: a plan compared with the stack's record). Default none.
     */
    readonly recordedRenders?: Promise<ReadonlyMap<string, RecordedRender>>;
    /** Told before a release is rendered against the cluster although the stack recorded renders (`PlanOptions.onRender`). */
    readonly onRender?: (releaseId: string) => void;
  },
): Promise<HelmfilePlan> {
  const resolved = await resolveHelmfileArgs(args);
  if (options.refuseSelectors === true) refuseSelectorsInProgram(resolved);
  const target = clusterTarget(resolved, options.providerInOptions, (ctx) => pipeline.clusterConfigured(ctx));
  const contexts = new ContextCheck(resolved, pipeline, target);
  const pipelineContext = {
    ...(resolved.helmBinary === undefined ? {} : { helmBinary: resolved.helmBinary }),
    concurrency: resolved.concurrency,
    logger: options.logger,
    includeCrds: resolved.mode === HelmfileMode.Manifests,
    ...renderTarget(target, resolved),
  };
  const plans = await planReleases(
    pipeline,
    {
      state: resolved.state,
      stateValues: resolved.stateValues,
      unknownPaths: resolved.unknownPaths,
      inputSecret: resolved.secret,
      ...(resolved.secret ? { inputSecretTexts: [...collectSecretStrings(resolved.stateValues)] } : {}),
      namePrefix: options.componentName,
      skipCrds: resolved.skipCrds,
      beforeRender: (release) => contexts.check(release),
      ...(options.namespaces === undefined || renderTarget(target, resolved).cluster === undefined
        ? {}
        : {
            beforeRenderAll: (releases: ReadonlyArray<{ namespace: string; kubeContext?: string }>) =>
              settleDeletedNamespaces(pipeline, releaseNamespaces(releases), pipelineContext, {
                mode: options.namespaces ?? "warn",
                logger: options.logger,
              }),
          }),
      ...(options.recordedReleases === undefined ? {} : { recordedReleases: options.recordedReleases }),
      ...(options.commandLine === undefined ? {} : { commandLine: options.commandLine }),
      ...(options.onlyReleases === undefined ? {} : { onlyReleases: options.onlyReleases.ids }),
      ...(options.recordedRenders === undefined ? {} : { recordedRenders: options.recordedRenders }),
      ...(options.onRender === undefined ? {} : { onRender: options.onRender }),
    },
    pipelineContext,
  );
  if (target === "ambient" && options.reviewAccess !== false)
    await reviewAccess(pipeline, plans, resolved, pipelineContext);
  // The text digest's stand-in for the kinds: the text of the CRDs they are decoded from (a render
  // the stack's record answered: the recorded one).
  const crdTexts = new Map(
    plans.map((p) => [p, p.recordedRender?.crdText ?? crdTextHash(p.manifest)] as const),
  );
  if (options.recordedRenders !== undefined)
    for (const r of (await options.recordedRenders).values()) rememberKinds(r.crdText, r.kinds);
  // Per plan, the cluster-scoped kinds its manifest's CRDs define (decoded when first asked, unless
  // known for the same CRD text).
  const ownKinds = new Map<ReleasePlan, readonly string[]>();
  const kindsOf = (p: ReleasePlan): readonly string[] => {
    let found = ownKinds.get(p);
    if (found === undefined) {
      const text = crdTexts.get(p) ?? "";
      found =
        p.recordedRender?.kinds ??
        (text === "" ? [] : KINDS_BY_CRD_TEXT.get(text)) ??
        [...clusterScopedKindsOf([p.manifest], planKeeping(p))].sort();
      rememberKinds(text, found);
      ownKinds.set(p, found);
    }
    return found;
  };
  let kindsFound: readonly string[] | undefined = options.onlyReleases?.clusterScopedKinds;
  const kinds = (): readonly string[] => (kindsFound ??= [...new Set(plans.flatMap(kindsOf))].sort());
  const clusters: Record<string, string | undefined> = {};
  if (target === "ambient")
    for (const p of plans) {
      const ctx = p.kubeContext ?? "";
      if (!Object.hasOwn(clusters, ctx))
        clusters[ctx] = pipeline.clusterIdentity?.(resolved.kubeconfig, p.kubeContext);
    }
  let shared: string | undefined;
  const sharedText = sharedMaterial(
    resolved,
    target,
    { crdTexts: [...crdTexts.values()].filter((h) => h !== "") },
    clusters,
  );
  // The shared material of a release's object digests: as the objects digest's (the whole state's
  // cluster-scoped kinds), with only its own cluster, so a plan of some releases (a partial
  // preview's) makes the same as the plan of all of them made at the last `up`.
  const objectsMaterials = new Map<string, string>();
  const objectsMaterial = (p: ReleasePlan): string => {
    const ctx = p.kubeContext ?? "";
    let found = objectsMaterials.get(ctx);
    if (found === undefined) {
      found = sharedMaterial(resolved, target, kinds(), target === "ambient" ? { [ctx]: clusters[ctx] } : {});
      objectsMaterials.set(ctx, found);
    }
    return found;
  };
  // The provider a release's objects are applied through (a provider of the caller's: "given").
  const providerOf = (p: ReleasePlan): string =>
    target === "directory"
      ? `${options.componentName}-render`
      : target === "ambient"
        ? contextProviderName(options.componentName, p.kubeContext ?? "")
        : "given";
  const registrations = new Map(
    plans.map((p) => {
      let objects: string | undefined;
      const renderKey = p.renderKey;
      const keyAfterApply = p.keyAfterApply;
      const renderOf = (key: RenderKey): RecordedRender => ({
        key,
        textHash: p.recordedRender?.textHash ?? textHash(p.manifest),
        crdText: crdTexts.get(p) ?? "",
        manifestHasSecret: p.manifestHasSecret,
        kinds: kindsOf(p),
      });
      let digests: ReadonlyMap<string, string> | undefined;
      const withObjects =
        resolved.mode === HelmfileMode.Manifests && !p.unknown && p.recordedRender === undefined;
      const registration: Registration = {
        ...(withObjects
          ? {
              objectDigests: () =>
                (digests ??= mainObjectDigests(
                  p.manifest,
                  p.resourceName,
                  {
                    namespace: p.namespace,
                    skipCrds: p.settings.skipCrds,
                    clusterScopedKinds: kinds(),
                    secret: p.secret || p.manifestHasSecret,
                    valuesSecret: p.secret,
                    wait: p.settings.wait,
                    waitForJobs: p.settings.waitForJobs,
                    ...(p.settings.timeout === undefined ? {} : { timeout: p.settings.timeout }),
                    needles: p.secretNeedles,
                  },
                  // What else its objects' resources are made with: where they go and what makes them.
                  sortedKeysJson({
                    shared: objectsMaterial(p),
                    release: p.resourceName,
                    target,
                    provider: providerOf(p),
                  }),
                )),
            }
          : {}),
        text: registrationDigest(p, sharedText, true),
        // A render the record answered has no objects to digest: only its text digest can match.
        objects: () =>
          (objects ??=
            p.recordedRender !== undefined
              ? "unavailable"
              : registrationDigest(p, (shared ??= sharedMaterial(resolved, target, kinds(), clusters)))),
        secret: registrationIsSecret(p, resolved),
        ...(renderKey !== undefined
          ? { render: () => renderOf(renderKey) }
          : keyAfterApply === undefined
            ? {}
            : {
                renderAfterApply: async () => {
                  const key = await keyAfterApply();
                  return key === undefined ? undefined : renderOf(key);
                },
              }),
      };
      return [p.resourceName, registration] as const;
    }),
  );
  return {
    resolved,
    target,
    plans,
    kinds,
    registrations,
    ...componentResourceNames(plans, resolved, target, options.componentName),
  };
}

/**
 * `plan`, once the kubeconfig's user is found to have the rights to apply each of its releases
 * (as {@link planHelmfile} reviews them of a plan of its own for the ambient cluster); fails naming
 * what is refused.
 */
export async function reviewedPlan(
  plan: HelmfilePlan,
  pipeline: HelmfilePipeline,
  logger: Logger,
): Promise<HelmfilePlan> {
  if (plan.target === "ambient")
    await reviewAccess(pipeline, plan.plans, plan.resolved, {
      concurrency: plan.resolved.concurrency,
      logger,
      ...(plan.resolved.helmBinary === undefined ? {} : { helmBinary: plan.resolved.helmBinary }),
      ...renderTarget(plan.target, plan.resolved),
    });
  return plan;
}

/** The resource names of the Namespaces and Kubernetes providers a component makes for `plans`. */
function componentResourceNames(
  plans: readonly ReleasePlan[],
  resolved: ResolvedHelmfileArgs,
  target: ClusterTarget,
  componentName: string,
): Pick<HelmfilePlan, "namespaceNames" | "providerNames"> {
  const providerNames =
    target === "directory"
      ? [`${componentName}-render`]
      : target === "ambient"
        ? [...new Set(plans.map((p) => contextProviderName(componentName, p.kubeContext ?? "")))]
        : [];
  const namespaceNames = [...namespacesOf(plans, resolved, false).values()].map((n) =>
    namespaceResourceName(componentName, n.plan.kubeContext, n.plan.namespace),
  );
  return { namespaceNames, providerNames };
}

/**
 * The plan of only the releases `ids`, out of a plan of every release (`plan`, made by
 * {@link planHelmfile} for the component `componentName`): each of them as planned there, with the
 * whole state's cluster-scoped kinds and registration digests (what a run of every release
 * registers for them). Undefined when one of them was not rendered there (the stack's record
 * answered its render), so has no manifest to register.
 */
export function narrowedPlan(
  plan: HelmfilePlan,
  ids: ReadonlySet<string>,
  componentName: string,
): HelmfilePlan | undefined {
  const plans = plan.plans.filter((p) => ids.has(p.id));
  if (plans.length !== ids.size || plans.some((p) => p.recordedRender !== undefined)) return undefined;
  const names = new Set(plans.map((p) => p.resourceName));
  return {
    resolved: plan.resolved,
    target: plan.target,
    plans,
    kinds: plan.kinds,
    registrations: new Map([...plan.registrations].filter(([name]) => names.has(name))),
    ...componentResourceNames(plans, plan.resolved, plan.target, componentName),
  };
}

/**
 * `selectors` in a user's own program: refused. helmfile's `-l` touches only the selected releases,
 * but a program that registers only some of a stack's releases makes the engine delete the others.
 * The CLI and the Automation API keep them out of the engine's reach (docs/component.md, "Selectors").
 */
function refuseSelectorsInProgram(resolved: ResolvedHelmfileArgs): void {
  const refusal = selectorsRefusal(resolved.state.selectors ?? []);
  if (refusal !== undefined) throw refusal;
}

/** The refusal of `selectors` in a user's program, or undefined when they select everything (none). */
function selectorsRefusal(selectors: readonly unknown[]): ConfigError | undefined {
  if (selectors.length === 0) return undefined;
  const shown = selectors.map((s) => (typeof s === "string" ? s : "<output>"));
  return new ConfigError(
    "CONFIG_SELECTORS_IN_PROGRAM",
    "not accepted in a Pulumi program of your own: the engine would delete the releases they leave out " +
      "that the stack holds. Select releases with the CLI (`pulumi-helmfile -l KEY=VALUE up`) or the Automation API " +
      "(`up({ selectors })` from pulumi-helmfile/automation), which leave the other releases untouched",
    { keyPath: ["selectors"], expected: "no selectors", found: JSON.stringify(shown) },
  );
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
 * Renders against the cluster the releases deploy to (helm upgrade's `lookup` and
 * `.Capabilities`) whenever its kubeconfig is known: the ambient cluster, or `kubeconfig`
 * beside a provider. A directory, or a provider alone, renders offline as `helm template`.
 */
function renderTarget(
  target: ClusterTarget,
  resolved: ResolvedHelmfileArgs,
): { cluster?: { kubeconfig?: string } } {
  const kubeconfig = resolved.kubeconfig === undefined ? {} : { kubeconfig: resolved.kubeconfig };
  if (target === "ambient") return { cluster: kubeconfig };
  if (target !== "directory" && resolved.kubeconfig !== undefined) return { cluster: kubeconfig };
  return {};
}

/**
 * Fails before anything is applied when the kubeconfig's user may not apply some release's
 * objects (RBAC), naming each release, object, verb and namespace refused (src/node/release-access.ts).
 * Only for the providers made here from the kubeconfig: a given provider's credentials are its own.
 */
async function reviewAccess(
  pipeline: HelmfilePipeline,
  plans: readonly ReleasePlan[],
  resolved: ResolvedHelmfileArgs,
  context: PipelineContext,
): Promise<void> {
  if (pipeline.refusedAccess === undefined) return;
  const requests = plans.map((plan) => ({
    release: plan.id,
    namespace: plan.namespace,
    ...(plan.kubeContext === undefined ? {} : { kubeContext: plan.kubeContext }),
    objects: objectRefs(plan.manifest, planKeeping(plan)),
    ownsNamespace:
      resolved.mode === HelmfileMode.Manifests &&
      plan.settings.createNamespace &&
      plan.namespace !== "" &&
      !SYSTEM_NAMESPACES.has(plan.namespace),
    helmRecords: resolved.mode === HelmfileMode.HelmRelease,
  }));
  const refusals = await pipeline.refusedAccess(requests, context);
  if (refusals.length > 0)
    throw new EmitError("KUBE_FORBIDDEN", formatRefusals(refusals), {
      expected:
        "RBAC that lets the kubeconfig's user apply every selected release (or select fewer releases)",
    });
}

function objectRefs(
  manifest: string,
  keep: Keeping,
): Array<{ apiVersion: string; kind: string; name: string; namespace?: string }> {
  const out: Array<{ apiVersion: string; kind: string; name: string; namespace?: string }> = [];
  for (const o of manifestObjects(manifest, keep)) {
    const meta = (o.metadata ?? {}) as { name?: unknown; namespace?: unknown };
    if (typeof o.apiVersion !== "string" || typeof o.kind !== "string" || typeof meta.name !== "string")
      continue;
    out.push({
      apiVersion: o.apiVersion,
      kind: o.kind,
      name: meta.name,
      ...(typeof meta.namespace === "string" && meta.namespace !== "" ? { namespace: meta.namespace } : {}),
    });
  }
  return out;
}

/** Where a release's objects go. */
export type ClusterTarget = "directory" | "provider-arg" | "provider-option" | "ambient";

/** Fails a release whose Kubernetes context the kubeconfig lacks (never a silent fallback). */
class ContextCheck {
  private contexts?: readonly string[] | undefined;
  private contextsRead = false;

  constructor(
    private readonly resolved: ResolvedHelmfileArgs,
    private readonly pipeline: HelmfilePipeline,
    private readonly target: ClusterTarget,
  ) {}

  /** Fails when the release's context is not in the kubeconfig (never a silent fallback). */
  check(plan: Pick<ReleasePlan, "id" | "name" | "kubeContext">): void {
    if (this.target !== "ambient" || plan.kubeContext === undefined) return;
    if (!this.contextsRead) {
      this.contexts = this.pipeline.kubeContexts(this.resolved.kubeconfig);
      this.contextsRead = true;
    }
    const known = this.contexts;
    if (known === undefined || known.includes(plan.kubeContext)) return;
    throw new ConfigError(
      "CONFIG_UNKNOWN_KUBE_CONTEXT",
      `release ${plan.id}: kubeContext "${plan.kubeContext}" is not a context of the kubeconfig${this.resolved.kubeconfig === undefined ? "" : ` ${this.resolved.kubeconfig}`}`,
      {
        keyPath: ["releases", plan.name, "kubeContext"],
        expected: known.length === 0 ? "a kubeconfig with contexts" : `one of ${known.join(", ")}`,
        found: plan.kubeContext,
      },
    );
  }
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

/** The namespaces {@link emitNamespaces} makes, by key: the first release in each, and whether it holds kept objects. */
function namespacesOf(
  plans: readonly ReleasePlan[],
  resolved: ResolvedHelmfileArgs,
  kept = true,
): Map<string, { plan: ReleasePlan; holdsKept: boolean }> {
  const out = new Map<string, { plan: ReleasePlan; holdsKept: boolean }>();
  if (resolved.mode !== HelmfileMode.Manifests) return out;
  // Deleting a namespace would delete the `keep` objects in it: one pass, not one per namespace
  // (not looked at when only the names are wanted: `kept` false).
  const holdingKept = new Set<string>();
  if (kept) for (const p of plans) if (hasKeptObjects(p.manifest)) holdingKept.add(namespaceKey(p));
  for (const plan of plans) {
    if (!plan.settings.createNamespace || plan.namespace === "" || SYSTEM_NAMESPACES.has(plan.namespace))
      continue;
    const key = namespaceKey(plan);
    if (!out.has(key)) out.set(key, { plan, holdsKept: holdingKept.has(key) });
  }
  return out;
}

function namespaceKey(plan: ReleasePlan): string {
  return `${plan.kubeContext ?? ""}\u0000${plan.namespace}`;
}

/** Decides where manifests go: a directory, the `provider` argument, a provider from the resource
 * options, or the ambient cluster. Refuses to guess when there is no cluster (never silently renders).
 */
export function clusterTarget(
  resolved: Pick<ResolvedHelmfileArgs, "renderToDirectory" | "mode" | "provider" | "state" | "kubeconfig">,
  providerInOptions: boolean,
  clusterConfigured: (kubeContext: string | undefined) => boolean,
): ClusterTarget {
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
  if (resolved.kubeconfig === undefined && !clusterConfigured(resolved.state.kubeContext)) {
    throw new ConfigError(
      "CONFIG_NO_CLUSTER",
      "no Kubernetes cluster is configured (no kubeconfig, KUBECONFIG or in-cluster service account) and renderToDirectory (the CLI's --render-to-directory) is not set",
      {
        expected:
          "a kubeconfig (--kubeconfig, KUBECONFIG or ~/.kube/config), a provider, or renderToDirectory (--render-to-directory)",
      },
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
                    objectDigestsOf(registrations.get(plan.resourceName)),
                  ),
                  answered,
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

/** The Release's `objectDigests` output: its main objects' registration digests, sorted, joined by commas. */
function objectDigestsOf(registration: Registration | undefined): (() => string) | undefined {
  const digests = registration?.objectDigests;
  return digests === undefined ? undefined : () => [...digests().values()].sort().join(",");
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
