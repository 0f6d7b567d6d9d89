/**
 * helmfile's chartify step (pkg/state/helmx.go PrepareChartify, pkg/state/state.go
 * processChartification): a release with patches, transformers, `forceNamespace`, or a local
 * directory without Chart.yaml (a kustomization or plain manifests) is turned into a temporary
 * chart by helmfile's own chartify library, run through `pulumi-helmfile-chartify`
 * (tools/chartify, scripts/build-chartify.sh) with the `kustomize` binary. That chart is then
 * rendered by helm like any local chart.
 *
 * {@link chartifyRequest} is the pure part: the request helmfile would hand chartify.
 */
import { posix } from "node:path";
import { RenderError } from "../shared/errors";
import type { FileSystem, ProcessRunner } from "../shared/io";
import type { PreparedRelease, ValuesSource } from "../shared/model";
import { isMap, type Value } from "../shared/value";
import { releaseId, tempChartDir } from "./adhoc-dependencies";
import type { ScratchFileSystem } from "./render-io";
import type { HelmBinary } from "./render-types";
import { str } from "./spec-access";

/** The programs chartify needs: our wrapper of the chartify library and kustomize. */
export interface ChartifyTools {
  /** `pulumi-helmfile-chartify`; undefined when it was not found (releases that need it fail). */
  readonly chartify: string | undefined;
  /** The kustomize binary (`--kustomize-binary`, the state's `kustomizeBinary`, else `kustomize`). */
  readonly kustomize: string;
}

/** What a release's chartify run depends on besides the release. */
export interface ChartifyInput {
  readonly helm: HelmBinary;
  readonly kustomize: string;
  /** The chart chartify starts from: an absolute directory, or a `repo/chart` reference. */
  readonly chart: string;
  /** Values files in helm's order (written to disk by the caller). */
  readonly valuesFiles: readonly string[];
  /** `--set`-style flags, as helm takes them (`["--set", "a=b", …]`). */
  readonly setFlags: readonly string[];
  readonly jsonPatches: readonly string[];
  readonly strategicMergePatches: readonly string[];
  readonly transformers: readonly string[];
  /** Ad-hoc dependencies, local ones as absolute directories. */
  readonly dependencies: readonly {
    readonly alias: string;
    readonly chart: string;
    readonly version: string;
  }[];
  readonly skipDeps: boolean;
  readonly includeCrds: boolean;
  readonly validate: boolean;
  readonly kubeVersion: string;
  readonly apiVersions: readonly string[];
  readonly ociPlainHttp: boolean;
}

/** The JSON request `pulumi-helmfile-chartify` reads (chartify.ChartifyOpts by Go field names). */
export interface ChartifyRequest {
  readonly release: string;
  readonly chart: string;
  readonly helm: string;
  readonly kustomize: string;
  /** Where the program writes `{"dir": …}` (its stdout is chartify's own output). */
  readonly result: string;
  readonly opts: Readonly<Record<string, Value>>;
}

/** The request helmfile v1.8.0 makes for the release (PrepareChartify + processChartification). */
export function chartifyRequest(r: PreparedRelease, input: ChartifyInput, result: string): ChartifyRequest {
  const forceNamespace = str(r.spec, "forceNamespace") ?? "";
  return {
    release: r.name,
    chart: input.chart,
    helm: input.helm.path,
    kustomize: input.kustomize,
    result,
    opts: {
      WorkaroundOutputDirIssue: true,
      EnableKustomizeAlphaPlugins: true,
      ChartVersion: r.version ?? str(r.spec, "version") ?? "",
      Namespace: r.namespace,
      ID: releaseId(r),
      AdhocChartDependencies: input.dependencies.map((d) => ({
        Alias: d.alias,
        Chart: d.chart,
        Version: d.version,
      })),
      JsonPatches: [...input.jsonPatches],
      StrategicMergePatches: [...input.strategicMergePatches],
      Transformers: [...input.transformers],
      OverrideNamespace: forceNamespace,
      ValuesFiles: [...input.valuesFiles],
      SetFlags: [...input.setFlags],
      SkipDeps: input.skipDeps,
      OCIPlainHTTP: input.ociPlainHttp,
      IncludeCRDs: input.includeCrds,
      Validate: input.validate,
      KubeVersion: input.kubeVersion,
      ApiVersions: [...input.apiVersions],
      TemplateArgs: "",
    },
  };
}

/** The release's ad-hoc `dependencies:` as PrepareChartify passes them (local charts made absolute). */
export function adhocChartDependencies(r: PreparedRelease, fs: FileSystem): ChartifyInput["dependencies"] {
  const list = r.spec.dependencies;
  if (!Array.isArray(list)) return [];
  return list.filter(isMap).map((d) => {
    const chart = str(d, "chart") ?? "";
    const local = chart.includes("://") ? undefined : posix.resolve(r.baseDir, chart);
    return {
      alias: str(d, "alias") ?? "",
      chart: local !== undefined && fs.isDirectory(local) ? local : chart,
      version: str(d, "version") ?? "",
    };
  });
}

/** Where {@link runChartify} writes and runs. */
export interface ChartifyContext {
  readonly tools: ChartifyTools;
  readonly env: Readonly<Record<string, string>>;
  readonly scratch: ScratchFileSystem;
  /** CHARTIFY_TEMPDIR: the temporary chart is `<tempRoot>/<release id>`. */
  readonly tempRoot: string;
  /** A private folder for the values and patch files handed to chartify. */
  readonly filesDir: string;
  readonly runner: ProcessRunner;
  /** Reads the program's result file. */
  readonly fs: FileSystem;
  /** What chartify printed on stdout, also when it failed (helmfile's stdout). */
  readonly onStdout?: (text: string) => void;
}

/**
 * Writes the release's inline values and patches to files, runs chartify and returns the
 * temporary chart's directory. The written files are removed before it returns.
 */
export async function runChartify(
  r: PreparedRelease,
  input: Omit<ChartifyInput, "valuesFiles" | "jsonPatches" | "strategicMergePatches" | "transformers">,
  ctx: ChartifyContext,
  index: number,
  /** `--values` of the command line, before the release's own (processChartification). */
  commandValues: readonly string[] = [],
): Promise<string> {
  const tool = ctx.tools.chartify;
  if (tool === undefined) {
    throw new RenderError(
      "CHARTIFY_NOT_FOUND",
      `release "${r.name}": its patches, transformers, forceNamespace or kustomize directory need pulumi-helmfile-chartify, which was not found`,
      {
        file: r.stateFile,
        expected: "scripts/build-chartify.sh run once (or PULUMI_HELMFILE_CHARTIFY naming the binary)",
      },
    );
  }
  const written: string[] = [];
  const toFiles = (sources: readonly ValuesSource[], what: string): string[] =>
    sources.map((s, j) => {
      if (s.kind === "file") return s.path;
      const path = posix.join(ctx.filesDir, `${index}-${what}-${j}.yaml`);
      ctx.scratch.writeFile(path, s.content, 0o600);
      written.push(path);
      return path;
    });
  try {
    const patches = r.patches;
    const resultFile = posix.join(ctx.filesDir, `${index}-chartify-result.json`);
    written.push(resultFile);
    const request = chartifyRequest(
      r,
      {
        ...input,
        valuesFiles: [...commandValues, ...toFiles(r.values, "values")],
        jsonPatches: toFiles(patches?.jsonPatches ?? [], "json-patch"),
        strategicMergePatches: toFiles(patches?.strategicMergePatches ?? [], "strategic-merge-patch"),
        transformers: toFiles(patches?.transformers ?? [], "transformer"),
      },
      resultFile,
    );
    const res = await ctx.runner.run(tool, [], {
      env: { ...ctx.env, CHARTIFY_TEMPDIR: ctx.tempRoot },
      input: JSON.stringify(request),
    });
    if (res.stdout !== "") ctx.onStdout?.(res.stdout);
    if (res.exitCode !== 0) {
      // chartify's own error, as helmfile prints it (the CLI adds helmfile's `in <file>: [...]`).
      throw new RenderError("CHARTIFY_FAILED", res.stderr.replace(/\n$/, ""), {
        file: r.stateFile,
        locationLine: true,
      });
    }
    const dir = (JSON.parse(ctx.fs.readFile(resultFile)) as { dir?: unknown }).dir;
    if (typeof dir !== "string" || dir !== tempChartDir(r, ctx.tempRoot)) {
      throw new RenderError(
        "CHARTIFY_FAILED",
        `release "${r.name}": chartify made ${String(dir)}, expected ${tempChartDir(r, ctx.tempRoot)}`,
        { file: r.stateFile },
      );
    }
    return dir;
  } finally {
    for (const f of written) ctx.scratch.remove(f);
  }
}
