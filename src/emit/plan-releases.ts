/**
 * Computes, without Pulumi, what the `Helmfile` component creates: one plan per installed
 * release with its merged values, rendered manifest, needs and secretness.
 *
 * Unknown state values (preview): each unknown leaf is replaced by a placeholder and the state is
 * loaded and rendered twice with two different placeholders. A release whose values or
 * manifest differ between the two runs, or contain a placeholder, depends on an unknown and is
 * marked unknown; every other release is exact.
 */
import { releaseHookPayload } from "./release-hook-payload";
import { EmitError, isHelmfileError } from "../shared/errors";
import type { DesiredState, PreparedRelease, StateOptions } from "../shared/model";
import { canonicalJson, fromPlain, isMap, newMap, type Value, type ValueMap } from "../shared/value";
import { mapConcurrent } from "./map-concurrent";
import { UNKNOWN } from "./resolve-inputs";
import type { HelmfilePipeline, PipelineContext } from "./pipeline";
import { releaseResourceNames } from "./resource-names";
import { deploySettings, type DeploySettings } from "./deploy-settings";
import { secretNeedles } from "./secret-leaves";
import { applyCommandLineValues, type CommandLineOverrides } from "./command-line";
import type { RecordedRender } from "./registration-digest";
import type { RenderKey } from "../render/cluster-render";
import { UpgradeKeys } from "./upgrade-keys";
import { sameManifestObjects } from "./manifest-digest";

/** Everything the component needs to emit one release. */
export interface ReleasePlan {
  readonly id: string;
  readonly resourceName: string;
  readonly name: string;
  readonly namespace: string;
  readonly chart: string;
  readonly version?: string;
  /** helm's merged user values as canonical (sorted-key) JSON. */
  readonly values: string;
  readonly manifest: string;
  /** Resource names of the planned releases this one needs. */
  readonly needs: readonly string[];
  /** Values come from a secret source (or a secret input): values and manifest become secrets. */
  readonly secret: boolean;
  /** The manifest holds a Kubernetes Secret: the manifest becomes a secret. */
  readonly manifestHasSecret: boolean;
  /**
   * The known secrets and their encodings: the fields of the manifest's objects that carry one
   * are secret (src/emit/secret-leaves.ts). Held in memory only.
   */
  readonly secretNeedles: readonly string[];
  /** The release depends on a state value unknown at preview. */
  readonly unknown: boolean;
  /** Chart reference for a `helm.sh/v3:Release` (local path, `oci://…` or chart name). */
  readonly chartRef: string;
  readonly repositoryUrl?: string;
  /** The release's Kubernetes context (release, environment, helmDefaults); absent: the default one. */
  readonly kubeContext?: string;
  /** How helm would install it (createNamespace, wait, timeout, skipCRDs, …). */
  readonly settings: DeploySettings;
  /** Its presync/postsync/preuninstall/postuninstall hooks as JSON (src/emit/release-hooks.ts); absent without. */
  readonly hooks?: string;
  /**
   * The key of its render against the cluster, recorded with the registration so a later preview
   * may take that render instead of rendering (src/render/render-release.ts `renderKey`); absent
   * when it cannot be recorded.
   */
  readonly renderKey?: RenderKey;
  /**
   * Set when the stack's record answered the render (`PlanOptions.recordedRenders`): `manifest` is
   * empty, and what the plan needs of it is the record's.
   */
  readonly recordedRender?: RecordedRender;
  /**
   * An install's render that recorded no key only because the chart keeps a value through `lookup`
   * (./upgrade-keys.ts): once `up` has applied the release, its key from an upgrade's render against
   * the cluster, if that render is this manifest. Absent otherwise.
   */
  readonly keyAfterApply?: () => Promise<RenderKey | undefined>;
}

/** Inputs of {@link planReleases}. */
export interface PlanOptions {
  readonly state: StateOptions;
  /** State values as plain JSON-like data from Pulumi. */
  readonly stateValues: Record<string, unknown>;
  /** Key paths inside `stateValues` that were unknown. */
  readonly unknownPaths: ReadonlyArray<ReadonlyArray<string | number>>;
  /** True when any component input was secret. */
  readonly inputSecret: boolean;
  /** The plaintexts of the secret component inputs (their string and number leaves). Default none. */
  readonly inputSecretTexts?: readonly string[];
  /** Prefix of every release resource name (the component's name), so two components never collide. Default none. */
  readonly namePrefix?: string;
  /** `--skip-crds` for every release. Default false. */
  readonly skipCrds?: boolean;
  /**
   * Called for each installed release once the state is loaded, before anything renders (a
   * render against the cluster would fail on a context the kubeconfig lacks first). Default none.
   */
  readonly beforeRender?: (release: Pick<ReleasePlan, "id" | "name" | "kubeContext">) => void;
  /**
   * Called once the state is loaded, after {@link beforeRender}, with the installed releases'
   * namespaces (the namespace and context of each); the render starts when it settles. Default none.
   */
  readonly beforeRenderAll?: (
    releases: ReadonlyArray<{ readonly namespace: string; readonly kubeContext?: string }>,
  ) => Promise<void>;
  /**
   * Resource names of the Releases the stack's state holds (`HelmfileOptions.recordedReleases`);
   * `"all"`: every release renders as one the state holds (a plan only compared with the stack's
   * record, which it can only match if the state holds them all).
   */
  readonly recordedReleases?: ReadonlySet<string> | "all";
  /** The run's command-line overrides (`--values`, `--set`, `--wait`, …; ./command-line.ts). Default none. */
  readonly commandLine?: CommandLineOverrides;
  /**
   * Ids of the only releases to render and plan (the others are loaded, and name their resources
   * as in a full run, but neither render nor get a plan). Default: every release.
   */
  readonly onlyReleases?: ReadonlySet<string>;
  /**
   * By release resource name, the renders the stack recorded (src/emit/registration-digest.ts
   * `RecordedRender`): a release whose render key is the recorded one is not rendered. Taken only
   * with {@link recordedReleases} `"all"` and no unknown state values. Default none.
   */
  readonly recordedRenders?: Promise<ReadonlyMap<string, RecordedRender>>;
  /** Told before a release the stack's record does not answer is rendered against the cluster. Default none. */
  readonly onRender?: (releaseId: string) => void;
}

interface Rendered {
  readonly release: PreparedRelease;
  readonly values: string;
  readonly manifest: string;
  readonly renderKey?: RenderKey;
  readonly recordedRender?: RecordedRender;
  readonly keyAfterApply?: () => Promise<RenderKey | undefined>;
}

const PLACEHOLDER_PREFIX = "pulumi-helmfile-unknown";

/** Loads and renders the desired state; see the module comment for unknown handling. */
export async function planReleases(
  pipeline: HelmfilePipeline,
  options: PlanOptions,
  pipelineContext: PipelineContext,
): Promise<ReleasePlan[]> {
  const helmArgs = options.commandLine?.helmArgs;
  const context = helmArgs === undefined ? pipelineContext : { ...pipelineContext, helmArgs };
  const first = await loadAndRender(pipeline, options, "a", context);
  let changed = new Set<string>();
  const everythingUnknown = options.unknownPaths.some((path) => path.length === 0);
  if (everythingUnknown) changed = new Set(first.rendered.map((r) => r.release.id));
  else if (options.unknownPaths.length > 0) {
    const second = await loadAndRender(pipeline, options, "b", context);
    changed = changedReleases(first.rendered, second.rendered);
  }
  const installed = first.rendered.filter((r) => r.release.installed);
  // Named over every installed release, rendered or not: a name's collision suffix depends on them all.
  const names = releaseResourceNames(
    first.state.releases.filter((r) => r.installed).map((r) => r.id),
    options.namePrefix,
  );
  // Known once everything is loaded and rendered: sops values, resolved `ref+` references.
  const needles = secretNeedles([...(pipeline.knownSecrets?.() ?? []), ...(options.inputSecretTexts ?? [])]);
  const helmDefaultsOf = new Map(first.state.states.map((s) => [s.file, s.helmDefaults]));
  const stateOf = new Map(first.state.states.map((s) => [s.file, s]));
  return installed.map((r) => {
    const chart = chartSource(r.release, first.state);
    const hooks = releaseHookPayload(r.release, stateOf.get(r.release.stateFile));
    const needs = r.release.needs.flatMap((id) => {
      const name = names.get(id);
      return name === undefined ? [] : [name];
    });
    return {
      id: r.release.id,
      resourceName: names.get(r.release.id) ?? r.release.id,
      name: r.release.name,
      namespace: r.release.namespace,
      chart: r.release.chart,
      ...(r.release.version === undefined || r.release.version === "" ? {} : { version: r.release.version }),
      values: r.values,
      manifest: r.manifest,
      needs,
      secret: options.inputSecret || r.release.hasSecrets,
      manifestHasSecret: r.recordedRender?.manifestHasSecret ?? manifestHoldsSecret(r.manifest),
      // Not narrowed to the needles in the manifest's text: YAML may escape or fold a secret there.
      secretNeedles: needles,
      unknown:
        changed.has(r.release.id) ||
        r.values.includes(PLACEHOLDER_PREFIX) ||
        r.manifest.includes(PLACEHOLDER_PREFIX),
      chartRef: chart.ref,
      ...(chart.repositoryUrl === undefined ? {} : { repositoryUrl: chart.repositoryUrl }),
      ...kubeContextField(releaseKubeContext(r.release, options)),
      settings: deploySettings(
        r.release,
        helmDefaultsOf.get(r.release.stateFile) ?? newMap(),
        options.skipCrds,
        options.commandLine,
      ),
      ...(hooks === undefined ? {} : { hooks }),
      ...(r.renderKey === undefined ? {} : { renderKey: r.renderKey }),
      ...(r.recordedRender === undefined ? {} : { recordedRender: r.recordedRender }),
      ...(r.keyAfterApply === undefined ? {} : { keyAfterApply: r.keyAfterApply }),
    };
  });
}

/** The manifest holds a Kubernetes Secret. */
export function manifestHoldsSecret(manifest: string): boolean {
  return /^kind:\s*["']?Secret["']?\s*$/m.test(manifest);
}

/** The context, with the ids of the releases whose Release resource the stack's state holds. */
function withRecorded(state: DesiredState, options: PlanOptions, context: PipelineContext): PipelineContext {
  const recorded = options.recordedReleases;
  if (context.cluster === undefined || recorded === undefined || (recorded !== "all" && recorded.size === 0))
    return context;
  // Named as planReleases names them: the installed releases, in order (collisions get suffixes).
  const installed = state.releases.filter((r) => r.installed).map((r) => r.id);
  if (recorded === "all")
    return { ...context, cluster: { ...context.cluster, recorded: new Set(installed) } };
  const names = releaseResourceNames(installed, options.namePrefix);
  const ids = new Set(installed.filter((id) => recorded.has(names.get(id) ?? "")));
  return { ...context, cluster: { ...context.cluster, recorded: ids } };
}

/**
 * The context with the render record (src/render/cluster-render.ts `RenderRecord`) of a render
 * against the cluster: each release's render key goes to `keys`; with `options.recordedRenders`,
 * the recorded keys answer renders, and what they recorded goes to `recordedOf` (by release id).
 */
function withRenderRecord(
  context: PipelineContext,
  state: DesiredState,
  options: PlanOptions,
  keys: Map<string, RenderedKey>,
  recordedOf: Map<string, RecordedRender>,
): PipelineContext {
  if (context.cluster === undefined) return context;
  const answering =
    options.recordedRenders !== undefined &&
    options.recordedReleases === "all" &&
    options.unknownPaths.length === 0;
  const recorded = !answering
    ? undefined
    : (options.recordedRenders ?? Promise.resolve(new Map<string, RecordedRender>())).then((byName) => {
        const installed = state.releases.filter((r) => r.installed).map((r) => r.id);
        const names = releaseResourceNames(installed, options.namePrefix);
        const byId = new Map<string, RenderKey>();
        for (const id of installed) {
          const r = byName.get(names.get(id) ?? "");
          if (r === undefined) continue;
          recordedOf.set(id, r);
          byId.set(id, r.key);
        }
        return byId;
      });
  return {
    ...context,
    cluster: {
      ...context.cluster,
      record: {
        ...(recorded === undefined ? {} : { recorded }),
        onKey: (id, key, fromRecord, afterInstall = false) => keys.set(id, { key, fromRecord, afterInstall }),
        ...(options.onRender === undefined ? {} : { onRender: options.onRender }),
      },
    },
  };
}

async function loadAndRender(
  pipeline: HelmfilePipeline,
  options: PlanOptions,
  variant: string,
  context: PipelineContext,
): Promise<{ state: DesiredState; rendered: Rendered[] }> {
  const stateValues = withPlaceholders(options.stateValues, variant);
  const state = applyCommandLineValues(
    await pipeline.loadDesiredState(
      { ...options.state, ...(Object.keys(stateValues).length > 0 ? { stateValues } : {}) },
      context,
    ),
    options.commandLine,
  );
  for (const release of state.releases) {
    if (!release.installed) continue;
    options.beforeRender?.({
      id: release.id,
      name: release.name,
      ...kubeContextField(releaseKubeContext(release, options)),
    });
  }
  if (options.beforeRenderAll !== undefined)
    await options.beforeRenderAll(
      state.releases
        .filter((r) => r.installed)
        .map((r) => ({ namespace: r.namespace, ...kubeContextField(releaseKubeContext(r, options)) })),
    );
  const only = options.onlyReleases;
  const toRender = only === undefined ? state : narrowed(state, only);
  const keys = new Map<string, RenderedKey>();
  const recordedOf = new Map<string, RecordedRender>();
  const manifests = await pipeline.renderReleases(
    toRender,
    withRenderRecord(withRecorded(state, options, context), state, options, keys, recordedOf),
  );
  const rendered = await mapConcurrent(toRender.releases, context.concurrency, async (release) => {
    if (!release.installed) return { release, values: "{}", manifest: "" };
    try {
      const values = canonicalJson(await pipeline.releaseValues(release, context));
      const manifest = manifests.get(release.id);
      if (manifest === undefined)
        throw new EmitError("EMIT_NOT_RENDERED", "helm rendered no manifest for this release");
      const keyed = keys.get(release.id);
      const recordedRender = keyed?.fromRecord === true ? recordedOf.get(release.id) : undefined;
      if (keyed?.fromRecord === true && recordedRender === undefined)
        throw new EmitError("EMIT_NOT_RENDERED", "the stack's record answered a render it does not hold");
      const after = keyed?.afterInstall === true ? upgradeKeys(pipeline, state, context) : undefined;
      return {
        release,
        values,
        manifest,
        ...(keyed?.key === undefined ? {} : { renderKey: keyed.key }),
        ...(recordedRender === undefined ? {} : { recordedRender }),
        ...(after === undefined ? {} : { keyAfterApply: () => after.keyFor(release.id, manifest) }),
      };
    } catch (err) {
      throw releaseError(release, err);
    }
  });
  return { state, rendered };
}

/** A release's render key as the render told it (src/render/cluster-render.ts `RenderRecord.onKey`). */
interface RenderedKey {
  readonly key: RenderKey | undefined;
  readonly fromRecord: boolean;
  readonly afterInstall: boolean;
}

/** The state with only the releases of `ids` (each state's list too: the renderer renders state by state). */
function narrowed(state: DesiredState, ids: ReadonlySet<string>): DesiredState {
  return {
    ...state,
    releases: state.releases.filter((r) => ids.has(r.id)),
    states: state.states.map((s) => ({ ...s, releases: s.releases.filter((r) => ids.has(r.id)) })),
  };
}

const UPGRADE_KEYS = new WeakMap<DesiredState, UpgradeKeys>();

/**
 * The upgrade renders of `state`'s releases once applied (./upgrade-keys.ts), one batcher per
 * loaded state: as the next preview renders them, against the cluster as upgrades, with helm's
 * validation as this render had it.
 */
function upgradeKeys(pipeline: HelmfilePipeline, state: DesiredState, context: PipelineContext): UpgradeKeys {
  let found = UPGRADE_KEYS.get(state);
  if (found === undefined) {
    found = new UpgradeKeys(
      async (ids) => {
        const keys = new Map<string, RenderKey | undefined>();
        const cluster = context.cluster;
        const manifests = await pipeline.renderReleases(narrowed(state, ids), {
          ...context,
          ...(cluster === undefined
            ? {}
            : { cluster: { ...cluster, recorded: ids, record: { onKey: (id, key) => keys.set(id, key) } } }),
        });
        return { manifests, keys };
      },
      sameManifestObjects,
      (ids, err) =>
        context.logger?.debug(
          `releases ${ids.join(", ")}: no render key recorded after up (${err instanceof Error ? err.message : String(err)})`,
        ),
    );
    UPGRADE_KEYS.set(state, found);
  }
  return found;
}

const kubeContextField = (kubeContext: string | undefined): { kubeContext?: string } =>
  kubeContext === undefined ? {} : { kubeContext };

/** The release's Kubernetes context: its own, else the state's (`--kube-context`); absent: the default one. */
function releaseKubeContext(release: PreparedRelease, options: PlanOptions): string | undefined {
  if (release.kubeContext !== undefined && release.kubeContext !== "") return release.kubeContext;
  const fromState = options.state.kubeContext;
  return fromState === undefined || fromState === "" ? undefined : fromState;
}

function releaseError(release: PreparedRelease, err: unknown): Error {
  const message = err instanceof Error ? err.message : String(err);
  if (isHelmfileError(err) && message.includes(release.name)) return err;
  return new EmitError("EMIT_RELEASE_FAILED", `release ${release.id}: ${message}`, {
    file: release.stateFile,
    cause: err,
  });
}

function changedReleases(a: readonly Rendered[], b: readonly Rendered[]): Set<string> {
  const byId = new Map(b.map((r) => [r.release.id, r]));
  const changed = new Set<string>();
  for (const r of a) {
    const other = byId.get(r.release.id);
    if (other === undefined || other.values !== r.values || other.manifest !== r.manifest)
      changed.add(r.release.id);
  }
  return changed;
}

/** Converts the plain state values to the Go-typed tree, with a placeholder for each unknown part. */
function withPlaceholders(stateValues: Record<string, unknown>, variant: string): ValueMap {
  let counter = 0;
  const substitute = (node: unknown): unknown => {
    if (node === UNKNOWN) return `${PLACEHOLDER_PREFIX}-${variant}-${counter++}`;
    if (Array.isArray(node)) return node.map(substitute);
    if (typeof node === "object" && node !== null) {
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, substitute(v)]));
    }
    return node;
  };
  const converted: Value = fromPlain(substitute(stateValues));
  return isMap(converted) ? converted : newMap();
}

function chartSource(release: PreparedRelease, state: DesiredState): { ref: string; repositoryUrl?: string } {
  if (release.chartPath !== undefined) return { ref: release.chartPath };
  if (release.chart.startsWith("oci://")) return { ref: release.chart };
  const slash = release.chart.indexOf("/");
  if (slash > 0) {
    const repoName = release.chart.slice(0, slash);
    const chartName = release.chart.slice(slash + 1);
    for (const s of state.states) {
      const repo = s.repositories.find((r) => r.name === repoName);
      if (repo === undefined) continue;
      if (repo.oci) return { ref: `oci://${repo.url.replace(/^oci:\/\//, "")}/${chartName}` };
      return { ref: chartName, repositoryUrl: repo.url };
    }
  }
  return { ref: release.chart };
}
