/**
 * Chart preparation before `helm template`, as helmfile's PrepareCharts does it: decide
 * whether each release's chart is a local directory, reject `version: latest` on OCI
 * charts, and run `helm dependency build` once per local chart (sequentially, in release
 * order, logging `Building dependency release=…, chart=…`).
 */
import { posix } from "node:path";
import { parse as parseYaml } from "yaml";
import { isHelmfileError, RenderError, type HelmfileError } from "../shared/errors";
import type { FileSystem, Logger, ProcessRunner } from "../shared/io";
import type { PreparedRelease, RepositorySpec } from "../shared/model";
import type { ValueMap } from "../shared/value";
import { isOciChart, normalizeChart } from "./chart-ref";
import { adhocDependencies, chartifyDependencies, pullChart, tempChartDir } from "./adhoc-dependencies";
import { needsChartify } from "./chartify-guard";
import { inReleaseOnTimeout } from "./helm-limit";
import { adhocChartDependencies, runChartify, type ChartifyTools } from "./chartify";
import type { Value } from "../shared/value";
import type { ScratchFileSystem } from "./render-io";
import type { HelmBinary } from "./render-types";
import { bool, str } from "./spec-access";

/** Where helm finds a release's chart. */
export interface PreparedChart {
  /** The chart argument for helm: an absolute directory for local charts, else the reference. */
  readonly chartArg: string;
  /** The chart as helmfile prints it in its log lines. */
  readonly displayChart: string;
  readonly isLocal: boolean;
  /** For a temporary chart with ad-hoc `dependencies`: its source chart and the added entries (cache key). */
  readonly adhoc?: { readonly sourceDir: string; readonly dependencies: string };
  /** A temporary chart made by chartify (src/render/chartify.ts). */
  readonly chartified?: boolean;
}

/** Options of {@link prepareCharts}. */
export interface PrepareChartsOptions {
  readonly helm: HelmBinary;
  readonly helmDefaults: ValueMap;
  readonly skipDeps: boolean;
  readonly skipRefresh: boolean;
  readonly env: Readonly<Record<string, string>>;
  /** The state's repositories (OCI ones qualify `repo/chart` references). Default none. */
  readonly repositories?: readonly RepositorySpec[];
  /** Where temporary charts for ad-hoc `dependencies` go; every one created is appended to `created`. */
  readonly chartify?: {
    readonly scratch: ScratchFileSystem;
    readonly tempRoot: string;
    readonly created: string[];
    /** The chartify programs and what helmfile hands chartify besides the release (src/render/chartify.ts). */
    readonly run?: {
      readonly tools: ChartifyTools;
      /** A private folder for the values and patch files chartify reads. */
      readonly filesDir: string;
      /** `--kube-version`, else the state's `kubeVersion` (a release's own wins). */
      readonly kubeVersion: string;
      /** The state's `apiVersions` (a release's own win). */
      readonly apiVersions: readonly string[];
      readonly includeCrds: boolean;
      readonly validate: boolean;
      readonly ociPlainHttp: boolean;
      /** `--values` and `--set` of the command line. */
      readonly values: readonly string[];
      readonly set: readonly string[];
      /** What chartify prints on stdout (helmfile's stdout, before the state's manifests). */
      readonly onStdout?: (text: string) => void;
    };
  };
  /**
   * Name local charts by their absolute path in log lines: helmfile does so for the files of a
   * `helmfile.d` folder (it loads them without changing folder; the state's displayPath is then
   * absolute). Default false: the path as written.
   */
  readonly absoluteDisplay?: boolean;
}

/** Resolves every release's chart and builds local chart dependencies. */
export async function prepareCharts(
  releases: readonly PreparedRelease[],
  options: PrepareChartsOptions,
  fs: FileSystem,
  runner: ProcessRunner,
  logger: Logger,
): Promise<Map<PreparedRelease, PreparedChart>> {
  const out = new Map<PreparedRelease, PreparedChart>();
  // helmfile prepares every release's chart first (a chartify failure does not stop the others,
  // which still print what chartify prints), then builds dependencies one release after another.
  const chartifyFailures: HelmfileError[] = [];
  for (const [index, r] of releases.entries()) {
    const found = resolveChart(r, fs, options.repositories ?? []);
    const resolved =
      options.absoluteDisplay === true && found.isLocal ? { ...found, displayChart: found.chartArg } : found;
    if (isOciChart(resolved.chartArg)) rejectLatest(r);
    try {
      const chart = needsChartify(r, fs)
        ? await chartified(r, resolved, options, fs, runner, index)
        : await withAdhocDependencies(r, resolved, options, fs, runner);
      out.set(r, chart);
    } catch (err) {
      if (!isHelmfileError(err) || err.code !== "CHARTIFY_FAILED") throw err;
      chartifyFailures.push(err);
    }
  }
  // helmfile lists the first preparation error only.
  const failure = chartifyFailures[0];
  if (failure !== undefined) throw failure;
  for (const r of releases) {
    const chart = out.get(r) as PreparedChart;
    if (!chart.isLocal || skipDepsFor(r, options)) continue;
    logger.info(`Building dependency release=${r.name}, chart=${chart.displayChart}`);
    // helmfile v1.8.0 builds once per release, also when releases share a chart (pkg/state/state.go
    // runHelmDepBuilds over every prepared release, one after another); so do we, never at once.
    if (!hasDependencies(chart.chartArg, fs)) continue;
    const args = ["dependency", "build", chart.chartArg];
    if (skipRefreshFor(r, options)) args.push("--skip-refresh");
    const res = await runner.run(options.helm.path, args, { env: options.env }).catch((e: unknown) => {
      throw inReleaseOnTimeout(r, chart.displayChart, e);
    });
    if (res.exitCode !== 0) {
      throw new RenderError(
        "HELM_DEPENDENCY_BUILD_FAILED",
        `release "${r.name}": building dependencies of local chart ${chart.displayChart} failed: helm ${args.join(" ")}\n${res.stderr.trim()}`,
        { file: r.stateFile, found: res.stderr.trim() },
      );
    }
    const text = res.stdout.replace(/\n+$/, "");
    if (text !== "") logger.info(text);
  }
  return out;
}

/** The temporary chart chartify makes of the release (src/render/chartify.ts). */
async function chartified(
  r: PreparedRelease,
  chart: PreparedChart,
  options: PrepareChartsOptions,
  fs: FileSystem,
  runner: ProcessRunner,
  index: number,
): Promise<PreparedChart> {
  const where = options.chartify;
  const run = where?.run;
  if (where === undefined || run === undefined) {
    throw new RenderError(
      "UNSUPPORTED_CHARTIFY",
      `release "${r.name}": this command does not run chartify (kustomize directories, patches, transformers, forceNamespace); template, write-values, preview and up do`,
      { file: r.stateFile, expected: "a release helm renders alone, for lint" },
    );
  }
  const version = (r.version ?? str(r.spec, "version") ?? "").split("@")[0] ?? "";
  if (chart.isLocal && !fs.exists(posix.join(chart.chartArg, "Chart.yaml"))) {
    const templated = gotmplFiles(chart.chartArg, fs);
    if (templated.length > 0) {
      throw new RenderError(
        "UNSUPPORTED_CHARTIFY",
        `release "${r.name}": ${chart.displayChart} holds ${templated.join(", ")}: helmfile renders *.gotmpl files of a kustomization or manifest directory with its template functions before kustomize runs, which pulumi-helmfile does not support`,
        {
          file: r.stateFile,
          keyPath: ["releases", r.name, "chart"],
          expected: "a directory without *.gotmpl files (render them beforehand)",
          found: templated.join(", "),
        },
      );
    }
  }
  // helmfile pulls an OCI chart before chartify sees it (pkg/state/state.go getOCIChart).
  let source = chart.chartArg;
  if (!chart.isLocal && isOciChart(chart.chartArg)) {
    const pulledRoot = posix.join(run.filesDir, `pulled-${index}`);
    source = await pullChart(
      r,
      chart.chartArg,
      version,
      {
        helm: options.helm,
        env: options.env,
        repositories: options.repositories ?? [],
        tempRoot: pulledRoot,
      },
      fs,
      where.scratch,
      runner,
    );
  }
  const strings = (v: Value | undefined): string[] =>
    Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  // Registered before it exists: a failed run must not leave it behind.
  where.created.push(tempChartDir(r, where.tempRoot));
  const dir = await runChartify(
    r,
    {
      helm: options.helm,
      kustomize: run.tools.kustomize,
      chart: source,
      setFlags: [
        ...r.setFlags.flatMap((s) => [`--${s.kind}`, s.expression]),
        ...run.set.flatMap((s) => ["--set", s]),
      ],
      dependencies: adhocChartDependencies(r, fs),
      skipDeps: !chart.isLocal || skipDepsFor(r, options),
      includeCrds: run.includeCrds,
      validate: run.validate,
      kubeVersion: str(r.spec, "kubeVersion") || run.kubeVersion,
      apiVersions: strings(r.spec.apiVersions).length > 0 ? strings(r.spec.apiVersions) : run.apiVersions,
      ociPlainHttp: run.ociPlainHttp,
    },
    {
      tools: run.tools,
      env: options.env,
      scratch: where.scratch,
      tempRoot: where.tempRoot,
      filesDir: run.filesDir,
      runner,
      fs,
      ...(run.onStdout === undefined ? {} : { onStdout: run.onStdout }),
    },
    index,
    run.values,
  );
  return { chartArg: dir, displayChart: dir, isLocal: chart.isLocal, chartified: true };
}

/** The `*.gotmpl` files under `dir`, relative to it. */
function gotmplFiles(dir: string, fs: FileSystem, rel = ""): string[] {
  const out: string[] = [];
  for (const name of fs.readDir(posix.join(dir, rel))) {
    const path = rel === "" ? name : `${rel}/${name}`;
    if (fs.isDirectory(posix.join(dir, path))) out.push(...gotmplFiles(dir, fs, path));
    else if (name.endsWith(".gotmpl")) out.push(path);
  }
  return out;
}

/** The release's chart, or a temporary copy with its ad-hoc `dependencies` fetched. */
async function withAdhocDependencies(
  r: PreparedRelease,
  chart: PreparedChart,
  options: PrepareChartsOptions,
  fs: FileSystem,
  runner: ProcessRunner,
): Promise<PreparedChart> {
  const deps = adhocDependencies(r, fs, options.repositories ?? []);
  if (deps.length === 0) return chart;
  const where = options.chartify;
  if (where === undefined) {
    throw new RenderError(
      "UNSUPPORTED_CHARTIFY",
      `release "${r.name}": ad-hoc dependencies need a temp dir`,
      {
        file: r.stateFile,
        keyPath: ["releases", r.name, "dependencies"],
      },
    );
  }
  const ctx = {
    helm: options.helm,
    env: options.env,
    repositories: options.repositories ?? [],
    tempRoot: where.tempRoot,
  };
  // Registered before it exists: a failed helm command must not leave it behind.
  where.created.push(tempChartDir(r, where.tempRoot));
  const version = (r.version ?? str(r.spec, "version") ?? "").split("@")[0] ?? "";
  const source = chart.isLocal
    ? { dir: chart.chartArg, pulled: false }
    : { dir: await pullChart(r, chart.chartArg, version, ctx, fs, where.scratch, runner), pulled: true };
  const temp = await chartifyDependencies(r, source, deps, ctx, fs, where.scratch, runner);
  // A pulled chart stays "remote": helmfile builds no dependencies for it, and the render
  // cache keys it by version (exact versions only) plus the pulled content.
  return {
    chartArg: temp,
    displayChart: temp,
    isLocal: chart.isLocal,
    adhoc: {
      sourceDir: source.dir,
      dependencies: JSON.stringify({ chart: chart.chartArg, version, deps }),
    },
  };
}

/**
 * Local when the chart names an existing directory relative to the release's base dir.
 * `repo/chart` of a repository declared with `oci: true` becomes `oci://<url>/<chart>`,
 * as helmfile qualifies it (helm has no named OCI repositories).
 */
export function resolveChart(
  r: PreparedRelease,
  fs: FileSystem,
  repositories: readonly RepositorySpec[] = [],
): PreparedChart {
  // helmfile asks the file system, not the reference syntax: `charts/app` is local when it exists.
  const abs = r.chartPath ?? (r.chart.includes("://") ? undefined : posix.resolve(r.baseDir, r.chart));
  const isLocal = abs !== undefined && fs.isDirectory(abs);
  if (!isLocal)
    return {
      chartArg: ociQualified(r.chart, repositories),
      displayChart: redactUrl(r.chart),
      isLocal: false,
    };
  const display = r.chart.startsWith("/") ? posix.normalize(r.chart) : normalizeChart(".", r.chart);
  return { chartArg: abs, displayChart: display.replace(/\/$/, "") || ".", isLocal: true };
}

/** Credentials in a chart URL (`https://user:pass@host/…`) never reach a log line. */
function redactUrl(chart: string): string {
  return chart.replace(/^([a-zA-Z][a-zA-Z0-9+.-]*:\/\/)[^/@]*@/, "$1***@");
}

function ociQualified(chart: string, repositories: readonly RepositorySpec[]): string {
  const slash = chart.indexOf("/");
  if (slash <= 0 || chart.includes("://")) return chart;
  const repo = repositories.find((x) => x.name === chart.slice(0, slash));
  if (repo === undefined || !repo.oci) return chart;
  const base = repo.url.replace(/^oci:\/\//, "").replace(/\/+$/, "");
  return `oci://${base}/${chart.slice(slash + 1)}`;
}

function skipDepsFor(r: PreparedRelease, o: PrepareChartsOptions): boolean {
  const own = bool(r.spec, "skipDeps");
  return (
    o.skipDeps ||
    r.skipDeps ||
    own === true ||
    (own === undefined && bool(o.helmDefaults, "skipDeps") === true)
  );
}

function skipRefreshFor(r: PreparedRelease, o: PrepareChartsOptions): boolean {
  const own = bool(r.spec, "skipRefresh");
  return o.skipRefresh || own === true || (own === undefined && bool(o.helmDefaults, "skipRefresh") === true);
}

/** helm treats `latest` as a tag, which OCI charts do not have (helmfile issue #2247). */
function rejectLatest(r: PreparedRelease): void {
  const version = (str(r.spec, "version") ?? r.version ?? "").split("@")[0];
  if (version === "latest") {
    throw new RenderError(
      "OCI_VERSION_LATEST",
      `release "${r.name}": the version for OCI charts should be semver compliant, the latest tag is not supported`,
      {
        file: r.stateFile,
        keyPath: ["releases", r.name, "version"],
        expected: "a semver version or none",
        found: "latest",
      },
    );
  }
}

/** True when Chart.yaml (or a helm 2 requirements.yaml) declares dependencies. */
function hasDependencies(chartDir: string, fs: FileSystem): boolean {
  if (fs.isFile(posix.join(chartDir, "requirements.yaml"))) return true;
  const chartYaml = posix.join(chartDir, "Chart.yaml");
  if (!fs.isFile(chartYaml)) return true; // let helm report the broken chart
  try {
    const doc: unknown = parseYaml(fs.readFile(chartYaml));
    if (typeof doc !== "object" || doc === null) return true;
    const deps = (doc as Record<string, unknown>).dependencies;
    return Array.isArray(deps) && deps.length > 0;
  } catch {
    return true;
  }
}

/**
 * A chart given as an archive file (`chart: ./charts/app-1.0.0.tgz`, relative to the release's
 * folder), which helm reads as it is; undefined for a directory or a reference to a repository.
 */
export function localArchive(
  chart: PreparedChart,
  release: PreparedRelease,
  fs: FileSystem,
): string | undefined {
  if (chart.isLocal || chart.chartArg.includes("://")) return undefined;
  const path = posix.resolve(release.baseDir, chart.chartArg);
  try {
    return fs.isFile(path) ? path : undefined;
  } catch {
    return undefined;
  }
}
