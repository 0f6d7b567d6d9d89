/**
 * `helmfile:index:Release`: one helmfile release. Its inputs (name, namespace, chart, version,
 * merged values as canonical JSON, rendered manifest) are what `pulumi preview` diffs, so a
 * preview reads like `helmfile diff`. Its children apply the release: in mode `manifests`,
 * `kubernetes:yaml/v2:ConfigGroup`s of the manifest's objects (the CRDs first, in a group of
 * their own, as `helm install` installs `crds/` before the templates; namespaced objects without
 * a namespace in the release namespace), in mode `helm-release` a `kubernetes:helm.sh/v3:Release`
 * with the merged values and helmfile's install settings.
 */
import * as pulumi from "@pulumi/pulumi";
import * as k8s from "@pulumi/kubernetes";
import { ConfigError, EmitError, HelmfileError } from "../shared/errors";
import { HelmfileMode, type ReleaseArgs } from "./helmfile-args";
import {
  appliedWithoutWaiting,
  chartHookPhases,
  deletedOnFailure,
  deletedOnSuccess,
  isKept,
  objectRef,
  recreatedOnUpgrade,
  runsInPhase,
  runsOnUpgrade,
  type HookObject,
  type ObjectRef,
} from "./chart-hooks";
import { manifestDigest } from "./manifest-digest";
import { appliedFingerprint, appliedVersion } from "./registration-digest";
import { releaseObjects, type KubeObject } from "./manifest-objects";
import {
  objectDigests,
  objectIdentity,
  objectResources,
  toArray,
  type ObjectIdentity,
} from "./object-resources";
import type { CrdGate } from "./crd-gate";
import { anchorInput, resourceHooksSupported, scopedHookName, withReleaseHooks } from "./release-hooks";
import { resolveInput, UNKNOWN } from "./resolve-inputs";
import { RELEASE_TYPE } from "./resource-names";
import { crdsGroupOf, groupChildName, objectTypeToken, resourceKey } from "./object-keys";

export { RELEASE_TYPE };

/** The full arguments of each Release, keyed by the inputs it stores (see {@link storedInputs}). */
const FULL_ARGS = new WeakMap<object, ReleaseArgs>();

/** The secret needles of a Release's manifest (see src/emit/secret-leaves.ts), keyed by its arguments; never stored. */
const SECRET_NEEDLES = new WeakMap<object, readonly string[]>();

/**
 * `args`, with the texts whose presence makes a field of the manifest's objects secret. Without
 * them (a Release constructed on its own), a secret manifest makes every field of every object
 * secret, since which of its parts are secret is not known.
 */
export function withSecretNeedles(args: ReleaseArgs, needles: readonly string[]): ReleaseArgs {
  SECRET_NEEDLES.set(args, needles);
  return args;
}

/** The gate of the Release's component (./crd-gate.ts), keyed by the Release's arguments; never stored. */
const CRD_GATES = new WeakMap<object, CrdGate>();

/**
 * `args`, with the gate its CRDs are applied through and its other objects wait for: every
 * release of a Helmfile component applies its CRDs together with the others' (./crd-gate.ts).
 */
export function withCrdGate(args: ReleaseArgs, gate: CrdGate): ReleaseArgs {
  CRD_GATES.set(args, gate);
  return args;
}

/** The resources a preview or an `up` leaves to the stack's record, keyed by the Release's arguments; never stored. */
const ANSWERED = new WeakMap<object, ReadonlySet<string>>();

/**
 * `args`, with the keys (src/emit/object-resources.ts `resourceKey`: type and name) of objects
 * this run does not register, which the engine would find `same`: a preview against a copy of the
 * state without them (src/automation/preview-state.ts), or an `up` with them excluded from the
 * engine (`applied`: what its record counts of them, {@link AnsweredApplied}). Two kinds: CRDs of the
 * chart's `crds/` (only ever created, `ignoreChanges: ["*"]`, whatever the chart holds now), and
 * main objects (neither CRDs nor hooks) whose registration digest ({@link mainObjectDigests}) is
 * the one the last `up` recorded. A key this run would not register there is registered as usual.
 */
export function withAnswered(
  args: ReleaseArgs,
  keys: ReadonlySet<string>,
  applied?: AnsweredApplied,
): ReleaseArgs {
  if (keys.size > 0) ANSWERED.set(args, keys);
  if (applied !== undefined && applied.applied.length > 0) ANSWERED_APPLIED.set(args, applied);
  return args;
}

/**
 * What an `up` that leaves some of a Release's objects to the state (src/automation/operations.ts:
 * excluded from the engine, as the last `up` applied them) tells the Release of them, so that its
 * record is the one of everything it holds: they count among its `resources`, their entries of the
 * state among its `applied` fingerprint, and their recorded digests among its `objectDigests`.
 */
export interface AnsweredApplied {
  /** Each one's entry of the `applied` fingerprint, from the state: its URN, then its id and `resourceVersion`. */
  readonly applied: ReadonlyArray<readonly [string, string]>;
  /** The registration digest the last `up` recorded of each main object among them, by key. */
  readonly digests: ReadonlyMap<string, string>;
}

/** The objects an `up` leaves to the state, keyed by the Release's arguments; never stored. */
const ANSWERED_APPLIED = new WeakMap<object, AnsweredApplied>();

/** What a Release's main objects (neither CRDs nor chart hooks) are made with, as {@link applyManifests} makes them. */
export interface MainObjectSettings {
  readonly namespace: string;
  readonly skipCrds: boolean;
  readonly clusterScopedKinds: readonly string[];
  /** The manifest is secret (its values or a Secret in it). */
  readonly secret: boolean;
  /** Its values are secret; absent: taken to be when {@link secret} is. */
  readonly valuesSecret?: boolean;
  readonly wait: boolean;
  readonly waitForJobs: boolean;
  readonly timeout?: number;
  /** The secret needles (./secret-leaves.ts); undefined: a secret manifest makes every field secret. */
  readonly needles?: readonly string[];
}

/** The main objects' groups, as {@link applyManifests} registers them: `keep` ones (retained on delete) and the others. */
function mainGroups(
  main: readonly KubeObject[],
  childName: string,
): Array<{ group: string; objs: KubeObject[] }> {
  return [
    { group: `${childName}-keep`, objs: main.filter(isKept) },
    { group: childName, objs: main.filter((o) => !isKept(o)) },
  ];
}

/**
 * Per resource (src/emit/object-resources.ts `resourceKey`), the registration digest
 * (`objectDigests`) of each main object a Release named `childName` registers from `manifest`
 * (neither CRDs, which are only created, nor chart hooks, which follow the whole manifest), with
 * `context`.
 */
export function mainObjectDigests(
  manifest: string,
  childName: string,
  settings: MainObjectSettings,
  context: string,
): Map<string, string> {
  const split = releaseObjects(manifest, childName, {
    namespace: settings.namespace,
    skipCrds: settings.skipCrds,
    clusterScopedKinds: new Set(settings.clusterScopedKinds),
    storable: !settings.secret,
    documentsStorable: !(settings.valuesSecret ?? settings.secret),
  });
  const { main } = chartHookPhases(split.objects, childName);
  const timeoutSeconds =
    settings.timeout !== undefined && settings.timeout > 0 ? settings.timeout : undefined;
  const out = new Map<string, string>();
  for (const { group, objs } of mainGroups(main, childName))
    for (const [name, digest] of objectDigests(
      group,
      objs,
      {
        skipAwait: !settings.wait,
        ...(settings.waitForJobs ? {} : { skipAwaitJobs: true }),
        ...(timeoutSeconds === undefined ? {} : { timeoutSeconds }),
        releaseId: childName,
        secretNeedles: settings.needles ?? [],
        allSecret: settings.secret && settings.needles === undefined,
      },
      context,
    ))
      out.set(name, digest);
  return out;
}

interface RegistrationRecord {
  readonly digest: pulumi.Input<string>;
  readonly afterApply?: () => Promise<string | undefined>;
  /** Its main objects' registration digests ({@link mainObjectDigests}), sorted and joined by commas. */
  readonly objectDigests?: () => string;
}

const REGISTRATIONS = new WeakMap<object, RegistrationRecord>();

/**
 * `args`, with the digest of what the release registers (./registration-digest.ts). The Release
 * records it as its `registration` output once every resource it made has been applied, with
 * `resources`, how many it made: the stack's state then holds it exactly when the last deployment
 * applied all of it. `afterApply` (an `up`, not a preview): the registration to record instead,
 * asked once everything is applied (undefined: `digest`; ./upgrade-keys.ts).
 */
export function withRegistration(
  args: ReleaseArgs,
  digest: pulumi.Input<string> | undefined,
  afterApply?: () => Promise<string | undefined>,
  objectDigests?: () => string,
): ReleaseArgs {
  if (digest !== undefined)
    REGISTRATIONS.set(args, {
      digest,
      ...(afterApply === undefined ? {} : { afterApply }),
      ...(objectDigests === undefined ? {} : { objectDigests }),
    });
  return args;
}

/** Deletes objects from the release's cluster; ignores those already gone. */
export type HookObjectDeleter = (objects: readonly ObjectRef[]) => Promise<void>;

/** How the chart hooks' delete policies reach the release's cluster, keyed by its arguments; never stored. */
const HOOK_DELETERS = new WeakMap<object, HookObjectDeleter>();

/**
 * `args`, with the means to delete chart hook objects from the release's cluster, so that
 * `helm.sh/hook-delete-policy: hook-succeeded` and `hook-failed` are honoured as helm honours them.
 * Without it (a Release constructed on its own, a Kubernetes provider of the caller's), hook
 * objects stay until the release is deleted.
 */
export function withHookObjectDeleter(args: ReleaseArgs, deleter: HookObjectDeleter): ReleaseArgs {
  HOOK_DELETERS.set(args, deleter);
  return args;
}

/**
 * What the state stores as the Release's inputs: the arguments with `manifest` replaced by its
 * `sha256:` digest. The objects (the children's inputs and outputs) already hold the manifest;
 * the digest still makes `preview` list `manifest` among a release's changed inputs.
 */
function storedInputs(args: ReleaseArgs): ReleaseArgs {
  const stored: ReleaseArgs = { ...args, manifest: manifestDigestInput(args.manifest) };
  FULL_ARGS.set(stored, args);
  return stored;
}

/** Each Release's resource name, for messages (kept out of the class: its fields are the provider's schema). */
const RELEASE_NAMES = new WeakMap<Release, string>();

/** One helmfile release, applied as manifests or as a Helm release. */
export class Release extends pulumi.ComponentResource {
  /** The merged user values (canonical JSON), as passed in (not a registered output). */
  public readonly values: pulumi.Output<string>;
  /** The rendered manifest, as passed in (the state stores only its digest; not a registered output). */
  public readonly manifest: pulumi.Output<string>;

  /**
   * @param name The unique resource name (the component's name and the sanitised helmfile release id).
   * @param args The release's inputs.
   * @param opts Resource options; `dependsOn` carries the release's `needs`.
   */
  constructor(name: string, args: ReleaseArgs, opts?: pulumi.ComponentResourceOptions) {
    super(RELEASE_TYPE, name, storedInputs(args), opts);
    RELEASE_NAMES.set(this, name);
    this.values = pulumi.output(args.values);
    this.manifest = pulumi.output(args.manifest);
    // Only the record of what was applied: echoing the inputs stored every manifest once more.
    const registration = REGISTRATIONS.get(args);
    this.registerOutputs(
      registration === undefined
        ? {}
        : (this.getData() as Promise<pulumi.Resource[] | undefined>).then((made) =>
            recordOf(registration, made, ANSWERED_APPLIED.get(args)?.applied ?? []),
          ),
    );
  }

  /**
   * What the release applied, to build on (a Service's cluster IP, a Secret's name): in mode
   * `manifests` one resource per Kubernetes object, in the order they are applied, as
   * `helm.v4.Chart`'s `resources`, each of the Kubernetes SDK's class for its kind where it has one
   * (`k8s.core.v1.Service`); in mode `helm-release` the one `helm.sh/v3:Release`. Empty when the
   * release could not be made into objects (the run fails). Programs in other languages read it as
   * `releases[id].resources` of the Helmfile (provider/helmfile-provider.ts).
   */
  public get resources(): pulumi.Output<pulumi.Resource[]> {
    return pulumi.output(
      (this.getData() as Promise<pulumi.Resource[] | undefined>).then((made) => made ?? []),
    );
  }

  /**
   * The resource of one object of the release (mode `manifests`), found by kind, name and namespace
   * as the manifest has them (an object without a namespace lands in the release's); fails naming the
   * object when the release has none such. `apiVersion` narrows when two groups share a kind.
   */
  public object<T extends pulumi.Resource = pulumi.CustomResource>(
    kind: string,
    name: string,
    namespace?: string,
    apiVersion?: string,
  ): pulumi.Output<T> {
    return this.resources.apply((made) => {
      const found = made.find((r) => {
        const id = objectIdentity(r);
        return (
          id !== undefined &&
          id.kind === kind &&
          id.name === name &&
          (namespace === undefined || id.namespace === namespace) &&
          (apiVersion === undefined || id.apiVersion === apiVersion)
        );
      });
      if (found === undefined) {
        const what = `${apiVersion === undefined ? "" : `${apiVersion} `}${kind} ${namespace === undefined ? "" : `${namespace}/`}${name}`;
        throw new EmitError(
          "EMIT_NO_SUCH_OBJECT",
          `release ${RELEASE_NAMES.get(this) ?? ""}: no ${what} among its objects`,
          {
            expected: "an object of the release's manifest",
            found: made
              .map(objectIdentity)
              .filter((id): id is ObjectIdentity => id !== undefined)
              .map((id) => `${id.kind} ${id.namespace === "" ? "" : `${id.namespace}/`}${id.name}`)
              .join(", "),
          },
        );
      }
      return found as T;
    });
  }

  /** Creates the children once the inputs are known (they are Inputs when constructed remotely). */
  protected override async initialize(
    args: pulumi.Inputs,
    opts?: pulumi.ComponentResourceOptions,
    name?: string,
  ): Promise<pulumi.Resource[] | undefined> {
    try {
      return await this.applyRelease(args, opts, name);
    } catch (err) {
      // A manifest the objects cannot be made of fails the run with its message on this release
      // (an error diagnostic), not as an unhandled rejection with a stack trace.
      if (!(err instanceof HelmfileError)) throw err;
      pulumi.log.error(err.message, this).catch(() => undefined);
    }
    return undefined;
  }

  private async applyRelease(
    args: pulumi.Inputs,
    opts: pulumi.ComponentResourceOptions | undefined,
    name: string | undefined,
  ): Promise<pulumi.Resource[]> {
    const releaseArgs = FULL_ARGS.get(args) ?? (args as ReleaseArgs);
    const resolvedMode = await resolveInput(releaseArgs.mode);
    const mode = resolvedMode.value ?? HelmfileMode.Manifests;
    const childName = name ?? "release";
    // Children do not inherit the parent's dependsOn; the release's needs must hold for what it applies.
    const childOpts: pulumi.CustomResourceOptions = {
      parent: this,
      ...(opts?.dependsOn === undefined ? {} : { dependsOn: opts.dependsOn }),
    };
    // A release that registers no CRDs (helm mode, an unknown manifest, a failure) reports none.
    try {
      return await this.applyReleaseOf(releaseArgs, mode, childName, childOpts);
    } finally {
      CRD_GATES.get(releaseArgs)?.report(childName, []);
    }
  }

  private async applyReleaseOf(
    releaseArgs: ReleaseArgs,
    mode: unknown,
    childName: string,
    childOpts: pulumi.CustomResourceOptions,
  ): Promise<pulumi.Resource[]> {
    const hooks = await resolveInput(releaseArgs.helmfileHooks);
    const apply = async (opts: pulumi.CustomResourceOptions): Promise<pulumi.Resource[]> =>
      mode === HelmfileMode.Manifests
        ? applyManifests(this, childName, releaseArgs, opts)
        : [helmRelease(childName, releaseArgs, mode, opts)];
    if (typeof hooks.value !== "string") return apply(childOpts);
    const payload = hooks.value;
    const input = pulumi
      .all([releaseArgs.values, releaseArgs.manifest])
      .apply(([values, manifest]) => anchorInput(values, manifest, payload));
    return withReleaseHooks(childName, input, childOpts, (pre) =>
      apply({ ...childOpts, dependsOn: [...toArray(childOpts.dependsOn), pre] }),
    );
  }
}

/**
 * The Release's outputs: `registration`, known once every resource it made is (a custom resource
 * once applied: its id; a component once registered), `resources`, how many it holds, and
 * `applied`, the fingerprint of what they were once applied (./registration-digest.ts): those it
 * made, and those an `up` `left` to the state as they were (their entries). Nothing when it made
 * none (its manifest could not be split into objects: the run fails).
 */
function recordOf(
  { digest, afterApply, objectDigests }: RegistrationRecord,
  made: readonly pulumi.Resource[] | undefined,
  left: ReadonlyArray<readonly [string, string]>,
): pulumi.Inputs {
  if (made === undefined) return {};
  const late = afterApply === undefined || pulumi.runtime.isDryRun() ? undefined : afterApply;
  const settled = made.map((r) => (pulumi.CustomResource.isInstance(r) ? r.id : r.urn));
  const versions = made.map((r) => {
    if (!pulumi.CustomResource.isInstance(r)) return pulumi.all([r.urn, ""]);
    const metadata = (r as unknown as { metadata?: pulumi.Output<{ resourceVersion?: unknown } | undefined> })
      .metadata;
    return pulumi
      .all([r.urn, r.id, metadata ?? undefined])
      .apply(([urn, id, m]) => [urn, appliedVersion(id, m?.resourceVersion)] as const);
  });
  return {
    registration: pulumi.all([digest, ...settled]).apply(([d]) =>
      late === undefined
        ? (d as string)
        : late().then(
            (r) => r ?? (d as string),
            () => d as string,
          ),
    ),
    resources: made.length + left.length,
    applied: pulumi.all(versions).apply((vs) => appliedFingerprint([...vs, ...left])),
    // Secret as the registration is (a digest of a Secret's object covers its data); not computed
    // for a preview, whose outputs are never stored.
    ...(objectDigests === undefined || pulumi.runtime.isDryRun()
      ? {}
      : { objectDigests: pulumi.all([digest, ...settled]).apply(() => objectDigests()) }),
  };
}

/** Mode `helm-release`: a `kubernetes:helm.sh/v3:Release` with the merged values and helmfile's install settings. */
function helmRelease(
  childName: string,
  releaseArgs: ReleaseArgs,
  mode: unknown,
  childOpts: pulumi.CustomResourceOptions,
): pulumi.Resource {
  if (mode !== HelmfileMode.HelmRelease) {
    throw new ConfigError("CONFIG_BAD_MODE", `release ${childName}: unknown mode`, {
      keyPath: ["mode"],
      expected: `"${HelmfileMode.Manifests}" or "${HelmfileMode.HelmRelease}"`,
      found: JSON.stringify(mode),
    });
  }
  const repositoryUrl = releaseArgs.repositoryUrl;
  const a = releaseArgs;
  const optional = <T>(key: string, v: pulumi.Input<T> | undefined): Record<string, pulumi.Input<T>> =>
    v === undefined ? {} : { [key]: v };
  return new k8s.helm.v3.Release(
    childName,
    {
      name: a.name,
      namespace: a.namespace,
      chart: a.chartRef ?? a.chart,
      ...(a.version === undefined ? {} : { version: a.version }),
      values: pulumi.output(a.values).apply((json) => JSON.parse(json) as Record<string, unknown>),
      ...(repositoryUrl === undefined ? {} : { repositoryOpts: { repo: repositoryUrl } }),
      // helm waits only with --wait; Pulumi's await is the same switch.
      skipAwait: pulumi.output(a.wait ?? false).apply((w) => !w),
      ...optional("waitForJobs", a.waitForJobs),
      ...optional("timeout", a.timeout),
      ...optional("atomic", a.atomic),
      ...optional("createNamespace", a.createNamespace),
      ...optional("maxHistory", a.historyMax),
      ...optional("cleanupOnFail", a.cleanupOnFail),
      ...optional("skipCrds", a.skipCrds),
    },
    childOpts,
  );
}

/**
 * Mode `manifests`: the manifest's objects as resources of the Release (src/emit/object-resources.ts),
 * by phase: the CRDs first (every other object depends on them), the pre hooks one by one in helm's
 * order, the release's objects, the post hooks; each phase depends on the one before. When the
 * manifest is unknown (preview with unknown inputs): one ConfigGroup of the unknown text.
 */
async function applyManifests(
  parent: pulumi.Resource,
  childName: string,
  args: ReleaseArgs,
  childOpts: pulumi.CustomResourceOptions,
): Promise<pulumi.Resource[]> {
  const [manifest, values, namespace, skipCrds, wait, kinds, waitForJobs, timeout] = await Promise.all([
    resolveInput(args.manifest),
    resolveInput(args.values),
    resolveInput(args.namespace),
    resolveInput(args.skipCrds),
    resolveInput(args.wait),
    resolveInput(args.clusterScopedKinds),
    resolveInput(args.waitForJobs),
    resolveInput(args.timeout),
  ]);
  const skipAwait = wait.value !== true;
  // helm waits at most --timeout for each hook, and with --wait for the release: Pulumi's await gets the
  // same bound when the state sets one (else Pulumi's own per-kind defaults, 10 minutes for most).
  const timeoutSeconds = typeof timeout.value === "number" && timeout.value > 0 ? timeout.value : undefined;
  const needles = SECRET_NEEDLES.get(args);
  const known = [manifest, namespace, skipCrds, kinds].every((r) => r.unknownPaths.length === 0);
  if (!known || typeof manifest.value !== "string" || manifest.value === (UNKNOWN as unknown)) {
    return [new k8s.yaml.v2.ConfigGroup(childName, { yaml: args.manifest, skipAwait }, childOpts)];
  }
  const split = releaseObjects(manifest.value, childName, {
    namespace: typeof namespace.value === "string" ? namespace.value : "",
    skipCrds: skipCrds.value === true,
    clusterScopedKinds: new Set(Array.isArray(kinds.value) ? (kinds.value as string[]) : []),
    storable: !manifest.secret,
    // Secret only for its Secret objects: the component's releases (which have needles) with values not secret.
    documentsStorable: !manifest.secret || (!values.secret && needles !== undefined),
  });
  let deps: pulumi.CustomResourceOptions["dependsOn"] = childOpts.dependsOn;
  const created: pulumi.Resource[] = [];
  /** One group's objects, depending on the previous phase; `chain`: the next phase depends on them. */
  const phase = (
    group: string,
    objs: readonly KubeObject[],
    await_: boolean,
    chain: boolean,
    jobs: "await" | "skip" = "await",
    extra: pulumi.CustomResourceOptions = {},
    leftOut?: ReadonlySet<string>,
  ): pulumi.Resource[] => {
    const rs = objectResources(
      parent,
      group,
      objs,
      {
        ...childOpts,
        ...extra,
        ...(deps === undefined ? {} : { dependsOn: deps }),
        secretNeedles: needles ?? [],
        allSecret: manifest.secret && needles === undefined,
        skipAwait: !await_,
        ...(jobs === "skip" ? { skipAwaitJobs: true } : {}),
        ...(timeoutSeconds === undefined ? {} : { timeoutSeconds }),
        releaseId: childName,
      },
      leftOut,
    );
    created.push(...rs);
    if (chain && rs.length > 0) deps = rs;
    return rs;
  };
  // helm creates a chart's `crds/` on install and never upgrades or deletes them (`helm upgrade`
  // and `helm uninstall` leave them); CRDs of templates are objects like any other.
  const crdsGroup = crdsGroupOf(childName);
  const answered = ANSWERED.get(args);
  const gate = CRD_GATES.get(args);
  const held = split.crds.length === 0 ? undefined : gate?.hook();
  const together: pulumi.CustomResourceOptions =
    held === undefined ? {} : { hooks: { beforeCreate: [held] } };
  phase(
    crdsGroup,
    split.crds.filter(
      (c) =>
        split.crdsDir.has(c) &&
        (answered === undefined ||
          !answered.has(resourceKey(objectTypeToken(c), groupChildName(crdsGroup, c)))),
    ),
    true,
    false,
    "await",
    {
      ignoreChanges: ["*"],
      retainOnDelete: true,
      ...together,
    },
  );
  phase(
    crdsGroup,
    split.crds.filter((c) => !split.crdsDir.has(c)),
    true,
    false,
    "await",
    together,
  );
  if (created.length > 0) deps = [...toArray(childOpts.dependsOn), ...created];
  if (gate !== undefined) {
    gate.report(childName, created);
    await gate.opened();
  }
  const phases = chartHookPhases(split.objects, childName);
  for (const w of phases.warnings) void pulumi.log.warn(w, parent);
  // helm applies hooks one by one in weight order and waits for each Job and Pod (with or without
  // --wait), on every upgrade: a hook with an upgrade event is replaced (deleted, then created: its
  // before-hook-creation) whenever the release's manifest changes, as `helmfile apply` upgrades a
  // release whenever its diff is not empty. hook-succeeded / hook-failed delete what helm deletes.
  const trigger = manifestDigestInput(args.manifest);
  const deleter = resourceHooksSupported() ? HOOK_DELETERS.get(args) : undefined;
  // releaseObjects gave every namespaced object its namespace.
  const refs = (hooks: readonly HookObject[]): ObjectRef[] => hooks.map((h) => objectRef(h.obj));
  // A hook of both phases (ingress-nginx's webhook ServiceAccount and RBAC) is applied once, in the
  // pre phase; helm creates it again for the post hooks, so it may go only after those.
  const bothPhases = (h: HookObject): boolean => runsInPhase(h, "post");
  const runHooks = (
    which: "pre" | "post",
    hooks: readonly HookObject[],
    succeeded: readonly HookObject[],
  ): void => {
    // helm creates a hook it does not wait for (a ServiceAccount, a Role) and goes straight on to
    // the next one: a run of such hooks is applied at once, and what follows waits for all of it.
    let unwaited: pulumi.Resource[] = [];
    const closeRun = (): void => {
      if (unwaited.length > 0) deps = unwaited;
      unwaited = [];
    };
    hooks.forEach((h, i) => {
      const name = hookResourceName(childName, which, h.obj);
      const onFailure = deletedOnFailure(hooks, i);
      const inRun = appliedWithoutWaiting(h);
      if (!inRun) closeRun();
      const rs = phase(name, [h.obj], true, !inRun, "await", {
        deleteBeforeReplace: true,
        // An install-only hook is left alone by upgrades, as helm leaves it.
        ...(recreatedOnUpgrade(h, which)
          ? { replacementTrigger: trigger }
          : runsOnUpgrade(h, which)
            ? {}
            : { ignoreChanges: ["*"] }),
        ...(deleter === undefined || onFailure.length === 0
          ? {}
          : {
              hooks: {
                onError: [
                  new pulumi.ErrorHook(scopedHookName(`${name}-hook-failed`), async () => {
                    // The hook's own failure is the error reported; a failed deletion only warns.
                    await deleter(refs(onFailure)).catch((err: unknown) =>
                      pulumi.log.warn(
                        `release ${childName}: deleting hooks after ${name} failed: ${String(err)}`,
                      ),
                    );
                    return false;
                  }),
                ],
              },
            }),
      });
      if (inRun) unwaited.push(...rs);
    });
    closeRun();
    if (deleter === undefined || succeeded.length === 0 || deps === undefined) return;
    // Once every hook of the phase has succeeded (each run of them: the anchor's input is the
    // manifest's digest), the hook-succeeded ones go, before the next phase starts.
    const done = async (): Promise<void> => deleter(refs(succeeded));
    const anchor = new pulumi.Stash(
      `${childName}-${which}-hooks-succeeded`,
      { input: trigger },
      { ...childOpts, dependsOn: deps, hooks: { afterCreate: [done], afterUpdate: [done] } },
    );
    created.push(anchor);
    deps = [anchor];
  };
  runHooks(
    "pre",
    phases.pre,
    deletedOnSuccess(phases.pre).filter((h) => !bothPhases(h)),
  );
  // `helm.sh/resource-policy: keep` objects (retained on delete) keep the names of the group they had.
  // --wait leaves Jobs of the release alone unless --wait-for-jobs.
  const mainJobs = waitForJobs.value === true ? "await" : "skip";
  // (the same groups as mainObjectDigests digests; objects a preview answered are not registered)
  const [kept, others] = mainGroups(phases.main, childName);
  if (kept !== undefined) phase(kept.group, kept.objs, !skipAwait, false, mainJobs, {}, answered);
  if (others !== undefined) phase(others.group, others.objs, !skipAwait, true, mainJobs, {}, answered);
  runHooks("post", phases.post, [
    ...deletedOnSuccess(phases.post),
    ...deletedOnSuccess(phases.pre).filter(bothPhases),
  ]);
  return created;
}

/** `<release>-pre-<kind>-<name>`: stable per hook object, so a weight change does not rename it. */
function hookResourceName(childName: string, phase: string, obj: KubeObject): string {
  const metadata = (obj.metadata ?? {}) as Record<string, unknown>;
  const name = typeof metadata.name === "string" ? metadata.name : "";
  const kind = typeof obj.kind === "string" ? obj.kind.toLowerCase() : "object";
  return `${childName}-${phase}-${kind}-${name}`;
}

/** The digest of a manifest input (./manifest-digest.ts); secret when the manifest is, unknown while it is. */
function manifestDigestInput(manifest: pulumi.Input<string>): pulumi.Output<string> {
  return pulumi.output(manifest).apply(manifestDigest);
}
