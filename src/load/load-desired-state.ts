/**
 * The public entry of the load stage: loads helmfile state exactly as helmfile does and
 * returns every visited state with its selected, templated and prepared releases.
 */
import { maskSecretRefQueries, redactError } from "../shared/redact-error";
import { parseCliStateValues, mergeValues } from "../merge/index";
import { HelmfileError, LoadError, isHelmfileError } from "../shared/errors";
import {
  silentLogger,
  type Environment,
  type FileSystem,
  type Logger,
  type ProcessRunner,
  type RemoteFetcher,
} from "../shared/io";
import type {
  DesiredState,
  LoadedState,
  LogLine,
  PreparedRelease,
  RepositorySpec,
  StateOptions,
} from "../shared/model";
import { noSecretsDecryptor, type SecretsDecryptor } from "../shared/secrets";
import type { SecretResolver } from "../template/funcs/helmfile/options";
import type { Value, ValueMap } from "../shared/value";
import type { LoaderContext } from "./loader-context";
import { prepareRelease, releaseId, toValue } from "./release-prepare";
import type { LoadedStateFile } from "./state-file-loader";
import {
  applyOverrides,
  checkDuplicates,
  executeStateTemplates,
  labelReleases,
  needsNotInstalledWarnings,
  selectReleases,
  type ConditionErrorForm,
  type LabelledRelease,
} from "./state-releases";
import { NoMatchingReleaseError, visitStates } from "./visit";
import { absolutePath, baseName } from "./paths";
import type { ReleaseSpec } from "./schema";
import { wrapError } from "./storage";
import { checkNeedsCycles } from "./needs-graph";
import { buildDocument, buildDocumentValue } from "./build-document";
import { builtChartPath } from "./build-chart-path";
import { encodeYaml } from "../shared/yaml/index";
import { resolveLimits } from "../shared/limits";
import { resolvePolicy } from "../shared/policy";
import type { EnvSettings } from "../shared/settings";
import type { RecordedLayer, StateValuesRecord } from "../shared/provenance";
import { ProvenanceSink } from "./provenance-sink";
import { goYamlVersionFromEnv } from "../shared/yaml";

/** Options of {@link loadDesiredState}: helmfile's global flags plus where to start. */
export interface LoadDesiredStateOptions extends StateOptions {
  /** Absolute working directory `-f` and the defaults resolve against. */
  readonly cwd: string;
  /** `--reverse`: sub-helmfiles after their parent, releases reversed; default false. */
  readonly reverse?: boolean;
  /** `--include-transitive-needs` (and `--include-needs`): select what selected releases need; default false. */
  readonly includeTransitiveNeeds?: boolean;
  /** Do not fail when no release matches anywhere; default false (helmfile fails). */
  readonly allowNoMatchingRelease?: boolean;
  /** `--helm-binary`; default none. */
  readonly helmBinary?: string;
  /** `--kustomize-binary`; default none (the state's `kustomizeBinary`, else `kustomize`). */
  readonly kustomizeBinary?: string;
  /**
   * Read, render and decrypt each selected release's `values:` and `secrets:` while loading;
   * default true. `build` and `list` pass false: helmfile's never read them, so a missing or
   * failing values file or an undecryptable secret does not fail them. With false every
   * release's `values` is empty and `hasSecrets` false.
   */
  readonly releaseValues?: boolean;
  /**
   * Keep the lines logged while reading each release's values (`skipping missing values file
   * …`) on the release (`valuesLog`) instead of logging them; default false. `template` prints
   * them just before the release's `Templating` line, where helmfile prints them. The needs
   * warnings of converging each state are kept too, on the state (`loadLog`).
   */
  readonly deferValuesLogs?: boolean;
  /**
   * How a release `condition:` that cannot be evaluated is reported, with and without selectors:
   * helmfile reaches it on different paths per command (see {@link ConditionErrorForm}). Default
   * `"select"` for both.
   */
  readonly conditionErrors?: {
    readonly withSelectors: ConditionErrorForm;
    readonly withoutSelectors: ConditionErrorForm;
  };
  /** Called before each state file read, with the path as helmfile displays it; default none. */
  readonly onStateRead?: (path: string) => void;
  /**
   * Record the layers behind each state's `.Values` (`LoadedState.valuesProvenance`) so that
   * `explainValue` can tell where a value came from; default false (nothing is recorded).
   */
  readonly explain?: boolean;
}

/** The IO the loader may use. */
export interface LoadDesiredStateIo {
  readonly fs: FileSystem;
  readonly env: Environment;
  /** `env` as the edge read it (src/shared/settings.ts); absent: the limits and policy are read from `env` here. */
  readonly settings?: Pick<EnvSettings, "limits" | "policy">;
  readonly processRunner?: ProcessRunner;
  /** Fetches remote (`git::`) states, bases and values files; absent: they are refused. */
  readonly remote?: RemoteFetcher;
  readonly logger?: Logger;
  readonly secrets?: SecretsDecryptor;
  /** Resolves `ref+` secret references (vals); default none (references then fail or pass through). */
  readonly secretResolver?: SecretResolver;
}

/** Resolves options and IO into the loader's context (also used by conformance vectors). */
export function createLoaderContext(options: LoadDesiredStateOptions, io: LoadDesiredStateIo): LoaderContext {
  return {
    fs: io.fs,
    environ: io.env,
    logger: io.logger ?? silentLogger,
    ...(io.processRunner === undefined ? {} : { processRunner: io.processRunner }),
    ...(io.remote === undefined ? {} : { remote: io.remote }),
    secrets: io.secrets ?? noSecretsDecryptor,
    ...(io.secretResolver === undefined ? {} : { secretResolver: io.secretResolver }),
    envName: options.environment ?? "default",
    namespace: options.namespace ?? "",
    kubeContext: options.kubeContext ?? "",
    chart: "",
    yamlVersion: goYamlVersionFromEnv(io.env),
    renderYaml: io.env.HELMFILE_RENDER_YAML === "true",
    explicitSelectorInheritance: (io.env.HELMFILE_EXPERIMENTAL ?? "")
      .split(",")
      .includes("explicit-selector-inheritance"),
    helmBinary: options.helmBinary ?? "",
    kustomizeBinary: options.kustomizeBinary ?? "",
    ...(io.env.CHARTIFY_TEMPDIR
      ? { chartifyTempDir: absolutePath(options.cwd, io.env.CHARTIFY_TEMPDIR) }
      : {}),
    helperCache: new Map(),
    ...(options.onStateRead === undefined ? {} : { onStateRead: options.onStateRead }),
    ...(options.explain === true ? { provenance: new ProvenanceSink() } : {}),
    limits:
      io.settings !== undefined && options.limits === undefined
        ? io.settings.limits
        : resolveLimits(options.limits, io.env),
    policy:
      io.settings !== undefined && options.disableInsecureFeatures === undefined
        ? io.settings.policy
        : resolvePolicy(
            options.disableInsecureFeatures === undefined
              ? {}
              : { disableInsecureFeatures: options.disableInsecureFeatures },
            io.env,
          ),
  };
}

function repositories(st: LoadedStateFile): RepositorySpec[] {
  return (st.spec.repositories ?? []).map((r) => ({
    name: r.name ?? "",
    url: r.url ?? "",
    oci: r.oci === true,
    spec: toValue(r) as ValueMap,
  }));
}

function cliSetValues(options: LoadDesiredStateOptions): ValueMap | undefined {
  const set = options.stateValuesSet ?? [];
  const setString = options.stateValuesSetString ?? [];
  if (set.length === 0 && setString.length === 0 && options.stateValues === undefined) return undefined;
  let m = parseCliStateValues(set, setString);
  if (options.stateValues !== undefined) m = mergeValues(m, options.stateValues);
  return m;
}

/** `--state-values-set-string`, then `--state-values-set` (parseCliStateValues' order), then `stateValues`. */
function cliLayers(options: LoadDesiredStateOptions): RecordedLayer[] {
  const layer = (name: string, flag: string, values: ValueMap): RecordedLayer => ({
    layer: name,
    file: "",
    flag,
    values,
    secret: false,
  });
  return [
    ...(options.stateValuesSetString ?? []).map((e) =>
      layer("CLI --state-values-set-string", `--state-values-set-string ${e}`, parseCliStateValues([], [e])),
    ),
    ...(options.stateValuesSet ?? []).map((e) =>
      layer("CLI --state-values-set", `--state-values-set ${e}`, parseCliStateValues([e], [])),
    ),
    ...(options.stateValues === undefined
      ? []
      : [layer("stateValues option", "stateValues", options.stateValues)]),
  ];
}

/** What was recorded for one state file: its parts, what was laid over it, and the CLI layers when they applied to it. */
function valuesProvenance(
  sink: ProvenanceSink,
  file: string,
  options: LoadDesiredStateOptions,
): StateValuesRecord {
  const over = sink.overridesOf(file);
  // Only top-level states get --state-values-set (helmfile does not pass it to sub-helmfiles).
  return {
    parts: sink.partsOf(file),
    overrides: over.layers,
    ...(over.inherited === undefined ? {} : { inherited: over.inherited }),
    cli: over.cli ? cliLayers(options) : [],
  };
}

/** Processes one loaded state into a {@link LoadedState}: templating, overrides, selection, values. */
export function convergeState(
  ctx: LoaderContext,
  options: LoadDesiredStateOptions,
  st: LoadedStateFile,
  selectors: readonly string[],
  context?: string,
): LoadedState {
  let templated: ReleaseSpec[];
  try {
    templated = executeStateTemplates(ctx, st);
  } catch (err) {
    // pkg/app/app.go visitStates: appError("failed executing release templates in \"<base name>\"", …).
    throw wrapError(`failed executing release templates in "${baseName(st.absFile)}"`, err);
  }
  const overridden = applyOverrides(st, templated);
  // helmfile's GetReleasesWithOverrides (pkg/app/app.go) warns for every release of the state
  // when it converges the state; `template` prints these when it reaches the state.
  const warnings = needsNotInstalledWarnings(overridden);
  const warningsOf = new Map(overridden.map((r, i) => [r, warnings[i] ?? []]));
  const loadLog: LogLine[] = warnings.flat().map((message) => ({ level: "warn", message }));
  if (options.deferValuesLogs !== true) for (const l of loadLog) ctx.logger.warn(l.message);
  checkNeedsCycles(overridden, st.absFile);
  const labelledAll = labelReleases(st, overridden);
  const transitive = options.includeTransitiveNeeds === true;
  // helmfile's processFilteredReleases (pkg/app/app.go) filters the state's releases, by labels
  // and `condition:`, only when selectors apply; otherwise the state keeps every release (build
  // and list show `condition: false` ones) and the commands that act on releases drop the
  // disabled ones themselves (GetSelectedReleases).
  const form =
    selectors.length > 0
      ? (options.conditionErrors?.withSelectors ?? "select")
      : (options.conditionErrors?.withoutSelectors ?? "select");
  const kept =
    selectors.length > 0 ? selectReleases(labelledAll, selectors, st.values, transitive, form) : labelledAll;
  checkDuplicates(
    kept.map((r) => r.spec),
    st.absFile,
  );
  const selected = selectors.length > 0 ? kept : selectReleases(kept, [], st.values, transitive, form);
  const view = {
    loc: st.loc,
    absFile: st.absFile,
    spec: st.spec,
    env: st.env,
    values: st.values,
    overrides: {
      kubeContext: st.spec.kubeContext ?? "",
      namespace: st.spec.namespace ?? "",
      chart: st.spec.chart ?? "",
    },
  };
  const skipDeps = options.skipDeps === true;
  const withWarnings = (r: LabelledRelease, p: PreparedRelease): PreparedRelease => {
    const w = warningsOf.get(r.spec) ?? [];
    return w.length === 0 ? p : { ...p, needsWarnings: w };
  };
  const prepared = new Map(
    selected.map((r) => [
      r,
      withWarnings(
        r,
        prepareRelease(ctx, view, r.spec, r.labels, {
          skipDeps,
          values: options.releaseValues !== false,
          deferLogs: options.deferValuesLogs === true,
        }),
      ),
    ]),
  );
  const releases: PreparedRelease[] = [...prepared.values()];
  const stateReleases = kept.map(
    (r) =>
      prepared.get(r) ??
      withWarnings(r, prepareRelease(ctx, view, r.spec, r.labels, { skipDeps, values: false })),
  );
  const labelled = kept.map((r) => {
    const chartPath = prepared.has(r)
      ? builtChartPath(ctx.fs, st.loc, r.spec, ctx.chartifyTempDir)
      : undefined;
    const { chartPath: _declared, ...spec } = r.spec;
    void _declared;
    return { ...spec, labels: r.labels, ...(chartPath === undefined ? {} : { chartPath }) };
  });
  // The document is what `helmfile build` prints: the state's releases with their selector labels.
  const built = buildDocument(st.spec, labelled, st.loc.displayFile, st.values);
  const document = buildDocumentValue(built, ctx.yamlVersion);
  return {
    file: st.absFile,
    dagNodes: labelledAll.map((r) => ({ id: releaseId(r.spec), needs: r.spec.needs ?? [] })),
    displayPath: st.loc.displayFile,
    ...(context === undefined || context === "" ? {} : { errorContext: context }),
    ...(options.deferValuesLogs === true && loadLog.length > 0 ? { loadLog } : {}),
    environment: st.env.name,
    values: st.values,
    helmDefaults: toValue(st.spec.helmDefaults ?? {}) as ValueMap,
    repositories: repositories(st),
    releases,
    stateReleases,
    document,
    buildYaml: encodeYaml(built, { version: ctx.yamlVersion, indent: 2 }),
    ...(ctx.provenance === undefined
      ? {}
      : { valuesProvenance: valuesProvenance(ctx.provenance, st.absFile, options) }),
  };
}

/**
 * Loads the desired state: `-f` (or the default files), bases, `---` parts, environments,
 * sub-helmfiles (visited before their parent), selectors and release templating.
 * Throws a {@link HelmfileError} subclass with a stable `code` on bad input.
 */
export function loadDesiredState(options: LoadDesiredStateOptions, io: LoadDesiredStateIo): DesiredState {
  const ctx = createLoaderContext(options, io);
  const states: LoadedState[] = [];
  const selectors = options.selectors ?? [];
  const files: Value[] = [...(options.stateValuesFiles ?? [])];
  const set = cliSetValues(options);
  try {
    visitStates(
      ctx,
      options.cwd,
      options.file ?? "",
      {
        overrideValues: files,
        ...(set === undefined ? {} : { cliSetValues: set }),
        selectors,
        reverse: options.reverse === true,
      },
      selectors,
      (st, sel, context) => {
        const loaded = convergeState(ctx, options, st, sel, context);
        states.push(loaded);
        // helmfile counts a state as processed when it keeps any release (processFilteredReleases).
        return (loaded.stateReleases ?? loaded.releases).length > 0;
      },
    );
  } catch (err) {
    if (!(err instanceof NoMatchingReleaseError && options.allowNoMatchingRelease === true))
      throw redactError(err, maskSecretRefQueries);
    return { states, releases: states.flatMap((s) => s.releases), noMatchingRelease: err.message };
  }
  return { states, releases: states.flatMap((s) => s.releases) };
}

/** Result of {@link tryLoadDesiredState}. */
export type TryLoadDesiredStateResult =
  { readonly ok: true; readonly state: DesiredState } | { readonly ok: false; readonly error: HelmfileError };

/** Like {@link loadDesiredState} but returns errors instead of throwing them. */
export function tryLoadDesiredState(
  options: LoadDesiredStateOptions,
  io: LoadDesiredStateIo,
): TryLoadDesiredStateResult {
  try {
    return { ok: true, state: loadDesiredState(options, io) };
  } catch (err) {
    if (isHelmfileError(err)) return { ok: false, error: err };
    const message = err instanceof Error ? err.message : String(err);
    return { ok: false, error: new LoadError("LOAD_INTERNAL", message, { cause: err }) };
  }
}
