/**
 * What a {@link Helmfile} (./helmfile.ts) makes its resources of, computed without Pulumi's runtime
 * and without loading the Pulumi SDKs: the releases' plans, their registration digests, where
 * their objects go and the names of the Namespaces and providers the component makes. The
 * component emits from it; the automation layer compares it with the stack's record
 * (src/automation/recorded-preview.ts) before any SDK is loaded.
 */
import type { CommandLineOverrides } from "./command-line";
import { ConfigError, EmitError } from "../shared/errors";
import type { Logger } from "../shared/io";
import { HelmfileMode, type HelmfileArgs } from "./helmfile-args";
import type { HelmfilePipeline, PipelineContext } from "./pipeline";
import { formatRefusals } from "../node/release-access";
import { planReleases, type ReleasePlan } from "./plan-releases";
import type { RenderKey } from "../render/cluster-render";
import { hasKeptObjects } from "./chart-hooks";
import { clusterScopedKindsOf, manifestObjects, planKeeping, type Keeping } from "./manifest-objects";
import { sortedKeysJson } from "../shared/value";
import { collectSecretStrings } from "../secrets/secret-registry";
import { contextProviderName, namespaceResourceName } from "./resource-names";
import { resolveHelmfileArgs, type ResolvedHelmfileArgs } from "./resolve-helmfile-args";
import type { OnlyReleases } from "./program-failure";
import {
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

/**
 * ./release.ts, loaded when a release's object digests are first asked for: its digests follow the
 * Kubernetes SDK's typed resource classes, and loading it loads the Pulumi SDKs. This module's own
 * `require`, so a test runner's module registry serves it as it serves the rest.
 */
const releaseModule = (): typeof import("./release") =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, synchronously
  require("./release") as typeof import("./release");

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
  /** What every release's registration digests share (of the text and of the objects), for a plan of some. */
  readonly shared: () => SharedMaterials;
}

/**
 * What the registration digests of a plan's releases share besides each release (./registration-digest.ts
 * `sharedMaterial`: the CRD texts, or the cluster-scoped kinds, and the clusters of every release).
 */
export interface SharedMaterials {
  readonly text: string;
  readonly objects: string;
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
  // In "warn" mode (a preview) the check of namespaces being deleted only warns: helm renders beside
  // it, and the plan waits for it only before it is done (its failure is the plan's).
  let namespacesChecked: Promise<void> | undefined;
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
            beforeRenderAll: (releases: ReadonlyArray<{ namespace: string; kubeContext?: string }>) => {
              const mode = options.namespaces ?? "warn";
              const settled = settleDeletedNamespaces(
                pipeline,
                releaseNamespaces(releases),
                pipelineContext,
                {
                  mode,
                  logger: options.logger,
                },
              );
              if (mode !== "warn") return settled;
              namespacesChecked = settled;
              // Awaited below; a plan that fails first does not leave it unhandled.
              settled.catch(() => undefined);
              return Promise.resolve();
            },
          }),
      ...(options.recordedReleases === undefined ? {} : { recordedReleases: options.recordedReleases }),
      ...(options.commandLine === undefined ? {} : { commandLine: options.commandLine }),
      ...(options.onlyReleases === undefined ? {} : { onlyReleases: options.onlyReleases.ids }),
      ...(options.recordedRenders === undefined ? {} : { recordedRenders: options.recordedRenders }),
      ...(options.onRender === undefined ? {} : { onRender: options.onRender }),
    },
    pipelineContext,
  );
  await namespacesChecked;
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
  // A plan of some releases (a partial preview's or `up`'s) takes what the plan of all of them
  // shares, so each release's digests are the ones that plan makes, and records.
  let shared: string | undefined = options.onlyReleases?.shared?.objects;
  const sharedText =
    options.onlyReleases?.shared?.text ??
    sharedMaterial(resolved, target, { crdTexts: [...crdTexts.values()].filter((h) => h !== "") }, clusters);
  const sharedObjects = (): string => (shared ??= sharedMaterial(resolved, target, kinds(), clusters));
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
                (digests ??= releaseModule().mainObjectDigests(
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
            p.recordedRender !== undefined ? "unavailable" : registrationDigest(p, sharedObjects())),
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
    shared: () => ({ text: sharedText, objects: sharedObjects() }),
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
    shared: plan.shared,
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
export function selectorsRefusal(selectors: readonly unknown[]): ConfigError | undefined {
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
 * Renders against the cluster the releases deploy to (helm upgrade's `lookup` and
 * `.Capabilities`) whenever its kubeconfig is known: the ambient cluster, or `kubeconfig`
 * beside a provider. A directory, or a provider alone, renders offline as `helm template`.
 */
export function renderTarget(
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

/** The namespaces {@link emitNamespaces} makes, by key: the first release in each, and whether it holds kept objects. */
export function namespacesOf(
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

export function namespaceKey(plan: ReleasePlan): string {
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
