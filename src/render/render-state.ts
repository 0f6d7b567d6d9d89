/**
 * Renders the releases of a desired state with the real helm, state by state in helmfile's
 * order: repositories, chart preparation (dependency builds), then `helm template` for every
 * installed release, up to `concurrency` at a time, results kept in helmfile's order.
 */
import { posix } from "node:path";
import { isHelmfileError, RenderError, type HelmfileError } from "../shared/errors";
import type { FileSystem, Logger, ProcessRunner } from "../shared/io";
import type { DesiredState, LoadedState, PreparedRelease } from "../shared/model";
import { isMap } from "../shared/value";
import { extraHelmArgs } from "./collect-args";
import { createHelmHome, syncRepositories, type HelmHome } from "./helm-home";
import { applyLockedVersions } from "./locked-versions";
import { planReleases } from "./plan-releases";
import { localArchive, prepareCharts, type PreparedChart, type PrepareChartsOptions } from "./prepare-charts";
import { CapabilitiesProbe } from "./cluster-render";
import { chartCrdKinds, isCrdFile } from "./chart-crds";
import { readChart, tarGzEntries, type ChartFile, type ChartReading } from "./chart-purity";
import { RenderCache } from "./render-cache";
import { redactError } from "./redact-error";
import type { ScratchFileSystem } from "./render-io";
import { hashChartDirectory, renderRelease, type ReleaseRenderContext } from "./render-release";
import type { RenderedRelease, RenderOptions } from "./render-types";
import { bool, str, strList, sub } from "./spec-access";

/** The IO the render stage uses. */
export interface RenderIo {
  readonly fs: FileSystem;
  readonly runner: ProcessRunner;
  readonly scratch: ScratchFileSystem;
  /** Receives helmfile's log lines (`Adding repo …`, `Building dependency …`). */
  readonly logger: Logger;
}

/** Result of rendering one state: the releases rendered in order, and the error that stopped it. */
export interface RenderStateResult {
  readonly state: LoadedState;
  readonly rendered: readonly RenderedRelease[];
  /** Set when a release failed; `rendered` then holds only the releases before it. */
  readonly error?: HelmfileError;
  /** The release whose `helm template` failed, when a release failed (not chart preparation). */
  readonly failed?: { readonly release: PreparedRelease; readonly displayChart: string };
}

/** A render session shares one private helm home (and repository list) across states. */
export interface RenderSession {
  /** `onChartsPrepared`: called once the state's charts are prepared, before any release renders. */
  renderState(state: LoadedState, onChartsPrepared?: () => void): Promise<RenderStateResult>;
  /** Removes the private helm home. */
  dispose(): void;
}

/** Opens a render session; call `dispose()` when done (also after failures). */
export function openRenderSession(options: RenderOptions, io: RenderIo): RenderSession {
  const home: HelmHome | undefined =
    options.isolateHelmHome === false ? undefined : createHelmHome(io.scratch, options.seedRepositories);
  const env = { ...(options.env ?? {}), ...(home?.env ?? {}) };
  const cache = options.cache === undefined ? undefined : new RenderCache(options.cache, io.fs, io.scratch);
  const chartHashes = new Map<string, string>();
  // Repositories are added once per session, even when several states (or single-release renders) declare them.
  const syncedRepos = new Set<string>();
  const chartHash = (dir: string): string => {
    let h = chartHashes.get(dir);
    if (h === undefined) {
      h = hashChartDirectory(dir, io.fs, io.scratch);
      chartHashes.set(dir, h);
    }
    return h;
  };
  const { chartReading, chartReadingAhead } = chartReadingOf(env, io);
  const chartCrds = chartCrdsOf(env, io);
  const cluster =
    options.cluster === undefined
      ? undefined
      : {
          options: options.cluster,
          probe: new CapabilitiesProbe(options.helm, io.runner, io.scratch, env, options.cluster),
        };
  return {
    renderState: async (state, onChartsPrepared) => {
      try {
        const result = await renderOneState(
          state,
          options,
          io,
          {
            env,
            cache,
            chartHash,
            chartReading,
            chartReadingAhead,
            chartCrds,
            syncedRepos,
            ...(cluster === undefined ? {} : { cluster }),
          },
          onChartsPrepared,
        );
        const redact = options.redact;
        if (result.error === undefined || redact === undefined) return result;
        return { ...result, error: redactError(result.error, redact) as HelmfileError };
      } finally {
        cache?.prune();
      }
    },
    dispose: () => {
      cluster?.probe.dispose();
      home?.dispose();
    },
  };
}

/** Renders every state of a desired state; throws the first error (after removing temp files). */
export async function renderDesiredState(
  desired: DesiredState,
  options: RenderOptions,
  io: RenderIo,
): Promise<RenderedRelease[]> {
  const session = openRenderSession(options, io);
  try {
    const out: RenderedRelease[] = [];
    for (const state of desired.states) {
      const r = await session.renderState(state);
      if (r.error !== undefined) throw r.error;
      out.push(...r.rendered);
    }
    return out;
  } finally {
    session.dispose();
  }
}

/** Session-wide pieces shared by every state render. */
interface SessionShared {
  readonly env: Readonly<Record<string, string>>;
  readonly cache: RenderCache | undefined;
  readonly chartHash: (dir: string) => string;
  readonly chartReading: NonNullable<ReleaseRenderContext["chartReading"]>;
  readonly chartReadingAhead: NonNullable<ReleaseRenderContext["chartReadingAhead"]>;
  readonly chartCrds: NonNullable<ReleaseRenderContext["chartCrds"]>;
  readonly cluster?: NonNullable<ReleaseRenderContext["cluster"]>;
  readonly syncedRepos: Set<string>;
}

/**
 * One chart of a session, for the per-chart memos below: an archive file by its path (`./app.tgz`
 * of two folders is two charts).
 */
function chartKey(chart: PreparedChart, release: PreparedRelease, fs: RenderIo["fs"]): string {
  const archive = localArchive(chart, release, fs);
  if (archive !== undefined) return `archive\u0000${archive}`;
  return `${chart.isLocal ? "local" : "remote"}\u0000${chart.chartArg}\u0000${release.version ?? ""}`;
}

/**
 * A remote chart's archive as helm downloaded it into the session's private cache: named
 * `<name>-<version>.tgz` (a chart repository's), or, helm 4's content cache of OCI charts,
 * `content/<xx>/<digest>.chart`, found by the name and version of the `Chart.yaml` inside;
 * undefined when it is not there (yet) or the cache cannot be read.
 */
function cachedArchive(
  env: Readonly<Record<string, string>>,
  io: RenderIo,
  chart: PreparedChart,
  release: PreparedRelease,
): string | undefined {
  const cacheHome = env.HELM_CACHE_HOME;
  const version = release.version ?? "";
  if (cacheHome === undefined || version === "") return undefined;
  const base = posix.basename(chart.chartArg);
  const bare = version.replace(/^v(?=\d)/, "");
  const names = [`${base}-${bare}.tgz`, `${base}-${version}.tgz`];
  let files: string[];
  try {
    files = io.scratch.listFilesRecursive(cacheHome);
  } catch {
    return undefined;
  }
  const found =
    files.find((f) => names.includes(posix.basename(f))) ??
    files.find((f) => {
      if (!/\.chart$/.test(f)) return false;
      const meta = archiveMetadata(io, posix.join(cacheHome, f));
      return meta?.name === base && meta.version.replace(/^v(?=\d)/, "") === bare;
    });
  return found === undefined ? undefined : posix.join(cacheHome, found);
}

/** The name and version of a chart archive's `Chart.yaml`, memoised per file (content-addressed). */
const metadataOf = new Map<string, { name: string; version: string } | undefined>();
function archiveMetadata(io: RenderIo, path: string): { name: string; version: string } | undefined {
  if (metadataOf.has(path)) return metadataOf.get(path);
  let meta: { name: string; version: string } | undefined;
  try {
    const entry = tarGzEntries(io.fs.readBytes(path)).find((e) => /^[^/]+\/Chart\.yaml$/.test(e.path));
    const text = entry === undefined ? "" : Buffer.from(entry.content).toString("utf8");
    const field = (key: string): string | undefined =>
      new RegExp(`^${key}:[ \\t]*["']?([^"'\\s#]+)`, "m").exec(text)?.[1];
    const name = field("name");
    const version = field("version");
    meta = name === undefined || version === undefined ? undefined : { name, version };
  } catch {
    meta = undefined;
  }
  if (metadataOf.size > 256) metadataOf.clear();
  metadataOf.set(path, meta);
  return meta;
}

/**
 * A release's chart files, as the per-chart readers below read them: a local chart from its folder
 * (only the files `wanted` names) or archive, a remote one from the archive helm downloaded into the
 * session's private cache; undefined when it is not there (yet). `archive`: the paths are an
 * archive's (`<chart>/…`). Read lazily: the caller catches a failure to read.
 */
function chartFiles(
  env: Readonly<Record<string, string>>,
  io: RenderIo,
  chart: PreparedChart,
  release: PreparedRelease,
  wanted: (path: string) => boolean = () => true,
): { files: Iterable<ChartFile>; archive: boolean } | undefined {
  const local =
    chart.adhoc?.sourceDir ?? (chart.isLocal ? chart.chartArg : localArchive(chart, release, io.fs));
  if (local !== undefined && !io.fs.isFile(local))
    return {
      files: (function* () {
        for (const rel of io.scratch.listFilesRecursive(local))
          if (wanted(rel)) yield { path: rel, content: io.fs.readBytes(posix.join(local, rel)) };
      })(),
      archive: false,
    };
  const archive = local ?? cachedArchive(env, io, chart, release);
  return archive === undefined ? undefined : { files: tarGzEntries(io.fs.readBytes(archive)), archive: true };
}

/**
 * What a release's chart's templates tell (src/render/chart-purity.ts: the impure templates, and
 * whether it reads `.Release.IsInstall`/`IsUpgrade`), memoised per chart; undefined when the chart
 * cannot be read (a remote chart not found in helm's cache): its output is then taken as impure.
 * `chartReadingAhead` reads it before the render ends, only when the chart's files are there
 * already (a remote chart helm is still downloading is read once its render is done).
 */
function chartReadingOf(
  env: Readonly<Record<string, string>>,
  io: RenderIo,
): Pick<SessionShared, "chartReading" | "chartReadingAhead"> {
  const memo = new Map<string, ChartReading | undefined>();
  const read = (chart: PreparedChart, release: PreparedRelease): ChartReading | undefined => {
    try {
      const found = chartFiles(env, io, chart, release);
      return found === undefined ? undefined : readChart(found.files);
    } catch {
      return undefined;
    }
  };
  // `keepMissing`: remember a chart that cannot be read (asked after its render, it never will be).
  const lookup = (chart: PreparedChart, release: PreparedRelease, keepMissing: boolean) => {
    const key = chartKey(chart, release, io.fs);
    if (memo.has(key)) return memo.get(key);
    const r = read(chart, release);
    if (r !== undefined || keepMissing) memo.set(key, r);
    return r;
  };
  return {
    chartReading: (chart, release) => lookup(chart, release, true),
    chartReadingAhead: (chart, release) => {
      try {
        lookup(chart, release, false);
      } catch {
        // Read again when asked.
      }
    },
  };
}

/**
 * The kinds of the CRDs in a release's chart's `crds/` folders (./chart-crds.ts), memoised per
 * chart, read before its first render ({@link chartFiles}); undefined when the chart cannot be read
 * yet (the render then goes as if the chart had none).
 */
function chartCrdsOf(
  env: Readonly<Record<string, string>>,
  io: RenderIo,
): NonNullable<ReleaseRenderContext["chartCrds"]> {
  const memo = new Map<string, string[] | undefined>();
  const read = (chart: PreparedChart, release: PreparedRelease): string[] | undefined => {
    try {
      const found = chartFiles(env, io, chart, release, (rel) => isCrdFile(rel, false));
      return found === undefined ? undefined : chartCrdKinds(found.files, found.archive);
    } catch {
      return undefined;
    }
  };
  return (chart, release) => {
    const key = chartKey(chart, release, io.fs);
    if (memo.has(key)) return memo.get(key);
    const r = read(chart, release);
    // A remote chart not yet in helm's cache is asked again by its next release.
    if (r !== undefined || chart.isLocal) memo.set(key, r);
    return r;
  };
}

async function renderOneState(
  state: LoadedState,
  options: RenderOptions,
  io: RenderIo,
  shared: SessionShared,
  onChartsPrepared?: () => void,
): Promise<RenderStateResult> {
  const { env, cache, chartHash } = shared;
  let releases: PreparedRelease[] = [];
  // helmfile prepares charts (`helm dependency build`) in declaration order
  // (pkg/state/state.go PrepareCharts over st.Releases), then templates in DAG order.
  let declared: PreparedRelease[] = [];
  // helmfile plans a state's releases only when it has any selected (pkg/app/app.go withNeeds),
  // so a state whose releases were all left out never fails on their needs.
  if (state.releases.length > 0) {
    try {
      declared = applyLockedVersions(state, io.fs).filter((r) => r.installed);
      releases = planReleases(declared, state.dagNodes, {
        selected: state.releases.map((r) => r.id),
        requireSelectedNeeds: options.requireSelectedNeeds === true,
      });
    } catch (err) {
      return { state, rendered: [], error: inStateContext(state, asError(err)) };
    }
  }
  const d = state.helmDefaults;
  const skipRepos =
    options.skipDeps === true ||
    options.skipRefresh === true ||
    bool(d, "skipDeps") === true ||
    bool(d, "skipRefresh") === true;
  const valuesDir = io.scratch.makeTempDir("pulumi-helmfile-values-");
  const tempCharts: string[] = [];
  try {
    // helmfile syncs repositories before it selects releases: a state with none selected still adds its
    // repositories; each name/url pair only once per session.
    if (!skipRepos) {
      const key = (r: { name: string; url: string }): string => `${r.name}\0${r.url}`;
      const fresh = state.repositories.filter((r) => !shared.syncedRepos.has(key(r)));
      await syncRepositories(fresh, options.helm, io.runner, env, io.logger);
      for (const r of fresh) shared.syncedRepos.add(key(r));
    }
    const charts = await prepareCharts(
      declared,
      {
        helm: options.helm,
        helmDefaults: d,
        skipDeps: options.skipDeps === true,
        skipRefresh: options.skipRefresh === true,
        env,
        repositories: state.repositories,
        absoluteDisplay: posix.isAbsolute(state.displayPath),
        chartify: {
          scratch: io.scratch,
          tempRoot: options.chartifyTempDir ?? posix.join(valuesDir, "chartify"),
          created: tempCharts,
          ...(options.chartifyTools === undefined ? {} : { run: chartifyRun(state, options, valuesDir) }),
        },
      },
      io.fs,
      io.runner,
      io.logger,
    );
    onChartsPrepared?.();
    const ctx: ReleaseRenderContext = {
      helm: options.helm,
      env,
      fs: io.fs,
      runner: io.runner,
      scratch: io.scratch,
      valuesDir,
      flagsBase: flagsBaseOf(state, options),
      template: options.template ?? {},
      extraArgs: extraHelmArgs(options.template?.args ?? "", strList(d, "args")),
      cache,
      chartHash,
      chartReading: shared.chartReading,
      chartReadingAhead: shared.chartReadingAhead,
      chartCrds: shared.chartCrds,
      ...(options.chartValues === undefined ? {} : { chartValues: options.chartValues }),
      ...(shared.cluster === undefined ? {} : { cluster: shared.cluster }),
      ...(options.warnRegenerated === true ? { warnedRegenerated: new Set<string>() } : {}),
      logger: io.logger,
      environment: {
        name: state.environment,
        kubeContext: flagsBaseOf(state, options).environmentKubeContext ?? "",
        values: state.values,
      },
    };
    const results = await runPool(releases, options.concurrency ?? 0, (r, i) => {
      const chart = charts.get(r);
      if (chart === undefined) throw new RenderError("INTERNAL", `no prepared chart for release ${r.name}`);
      return renderRelease(r, chart, ctx, i);
    });
    const rendered: RenderedRelease[] = [];
    for (const [i, res] of results.entries()) {
      if (res.ok) {
        rendered.push(res.value);
        continue;
      }
      const release = releases[i] as PreparedRelease;
      const displayChart = charts.get(release)?.displayChart ?? release.chart;
      return { state, rendered, error: asError(res.error), failed: { release, displayChart } };
    }
    return { state, rendered };
  } catch (err) {
    return { state, rendered: [], error: asError(err) };
  } finally {
    for (const dir of tempCharts) io.scratch.remove(dir);
    io.scratch.remove(valuesDir);
  }
}

/** What chartify gets besides the release (pkg/state/state.go processChartification). */
function chartifyRun(
  state: LoadedState,
  options: RenderOptions,
  valuesDir: string,
): NonNullable<NonNullable<PrepareChartsOptions["chartify"]>["run"]> {
  const tools = options.chartifyTools as NonNullable<RenderOptions["chartifyTools"]>;
  const fromState = str(state.document, "kustomizeBinary") ?? "kustomize";
  const t = options.template ?? {};
  return {
    tools: fromState === "kustomize" ? tools : { ...tools, kustomize: fromState },
    filesDir: valuesDir,
    kubeVersion: t.kubeVersion || (str(state.document, "kubeVersion") ?? ""),
    apiVersions: strList(state.document, "apiVersions"),
    includeCrds: t.includeCrds === true,
    validate: t.validate === true,
    ociPlainHttp: false,
    values: t.values ?? [],
    set: t.set ?? [],
    ...(options.onChartifyStdout === undefined ? {} : { onStdout: options.onChartifyStdout }),
  };
}

function flagsBaseOf(state: LoadedState, options: RenderOptions): ReleaseRenderContext["flagsBase"] {
  const doc = state.document;
  const envs = sub(doc, "environments");
  const envSpec = envs === undefined ? undefined : envs[state.environment];
  const envKubeContext =
    options.environmentKubeContext ?? (isMap(envSpec) ? str(envSpec, "kubeContext") : undefined);
  const kubeVersion = str(doc, "kubeVersion");
  return {
    helmDefaults: state.helmDefaults,
    repositories: state.repositories.map((r) => r.spec),
    apiVersions: strList(doc, "apiVersions"),
    ...(kubeVersion === undefined ? {} : { kubeVersion }),
    ...(envKubeContext === undefined ? {} : { environmentKubeContext: envKubeContext }),
  };
}

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Runs `fn` over `items` with at most `limit` in flight (0 = all at once). Once an item
 * fails, items after it are not started: their output could never be shown.
 */
async function runPool<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<Settled<R>[]> {
  const results: Settled<R>[] = new Array<Settled<R>>(items.length);
  let next = 0;
  let firstFailure = Number.POSITIVE_INFINITY;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      if (i > firstFailure) {
        results[i] = { ok: false, error: new RenderError("SKIPPED", "skipped after an earlier failure") };
        continue;
      }
      try {
        results[i] = { ok: true, value: await fn(items[i] as T, i) };
      } catch (error) {
        results[i] = { ok: false, error };
        firstFailure = Math.min(firstFailure, i);
      }
    }
  };
  const n = limit <= 0 ? items.length : Math.min(limit, items.length);
  await Promise.all(Array.from({ length: n }, worker));
  return results;
}

/** helmfile prefixes an error met while processing a state with the state's chain of files. */
export function inStateContext(state: LoadedState, err: HelmfileError): HelmfileError {
  if (state.errorContext === undefined) return err;
  return new RenderError(err.code, `${state.errorContext}: ${err.detail}`, { cause: err });
}

function asError(err: unknown): HelmfileError {
  if (isHelmfileError(err)) return err;
  return new RenderError("RENDER_FAILED", err instanceof Error ? err.message : String(err), { cause: err });
}
