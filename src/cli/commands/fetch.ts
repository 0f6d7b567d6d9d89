/**
 * `fetch`: copies (local) or pulls (remote) every release's chart into
 * `<output-dir>/<namespace>/[<kubeContext>/]<release>/<chart name>/<version or "latest">`,
 * helmfile's default fetch layout. `--write-output` prints the state with chart references
 * rewritten to the fetched directories.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, isAbsolute, join, relative, resolve } from "node:path";
import {
  chartDownloadTlsFlags,
  createHelmHome,
  fetchOutputDir,
  repositoryOf,
  resolveChart,
  stateEnvironment,
  syncRepositories,
} from "../../render";
import { ConfigError, RenderError } from "../../shared/errors";
import type { LoadedState, PreparedRelease } from "../../shared/model";
import { isMap, newMap, type Value, type ValueMap } from "../../shared/value";
import type { CliContext } from "../cli-context";
import { withStateHooks } from "../hook-io";
import { flagBool, flagString } from "../parse-args";
import { formatBuiltState } from "./build";
import { stateBaseDir } from "./render-options";
import type { CommandSpec } from "./command-spec";

async function fetchRelease(
  ctx: CliContext,
  r: PreparedRelease,
  out: string,
  env: Readonly<Record<string, string>>,
  state: LoadedState,
): Promise<string> {
  const template = flagString(ctx.flags, "output-dir-template") ?? "";
  const chartDirFor = (chartName: string): string =>
    fetchOutputDir(chartName, out, r, stateEnvironment(state), template, { baseDir: stateBaseDir(ctx) });
  const local = resolve(r.baseDir, r.chart);
  if (!r.chart.includes("://") && ctx.fs.isDirectory(local)) {
    const dest = chartDirFor(basename(local));
    mkdirSync(dest, { recursive: true });
    cpSync(local, dest, { recursive: true });
    return dest;
  }
  // helmfile's `.ChartName` of a repository chart is the reference as written (`myrepo/other`,
  // pkg/state/state.go forcedDownloadChart); of an OCI chart, the chart's name.
  const chartName = r.chart.startsWith("oci://") ? r.chart.slice(r.chart.lastIndexOf("/") + 1) : r.chart;
  ctx.logger.info(`Fetching ${r.chart}`);
  return pullChart(ctx, r, chartDirFor(chartName), env, state);
}

/**
 * Pulls a release's repository or OCI chart into `dest` (`helm pull --untar`); returns the chart's
 * folder. `repo/chart` of a repository declared with `oci: true` is pulled as `oci://<url>/<chart>`
 * (helm has no named OCI repositories), with `--plain-http` when the release, helmDefaults or the
 * repository asks for it, as helmfile pulls OCI charts.
 */
export async function pullChart(
  ctx: CliContext,
  r: PreparedRelease,
  dest: string,
  env: Readonly<Record<string, string>>,
  state?: Pick<LoadedState, "repositories" | "helmDefaults">,
): Promise<string> {
  const helm = await ctx.helm();
  mkdirSync(dest, { recursive: true });
  const repositories = state?.repositories ?? [];
  const chart = resolveChart(r, ctx.fs, repositories).chartArg;
  const args = ["pull", chart, "--untar", "--destination", dest];
  if (r.version !== undefined && r.version !== "") args.push("--version", r.version);
  const repo = repositoryOf(
    r.chart,
    repositories.map((x) => x.spec),
  );
  const tls = chartDownloadTlsFlags(r.spec, state?.helmDefaults ?? newMap(), repo);
  if (chart.startsWith("oci://") && tls[0] === "--plain-http") args.push(...tls);
  const res = await ctx.runner.run(helm.path, args, { env });
  if (res.exitCode !== 0) {
    throw new RenderError(
      "HELM_PULL_FAILED",
      `release "${r.name}": fetching chart ${r.chart} failed: helm ${args.join(" ")}\n${res.stderr.trim()}`,
      {
        file: r.stateFile,
      },
    );
  }
  const sub = readdirSync(dest).find((n) => ctx.fs.isDirectory(join(dest, n)));
  return sub === undefined ? dest : join(dest, sub);
}

/** True when the release's chart is a local directory (copied, not pulled). */
export function isLocalCopy(ctx: CliContext, r: PreparedRelease): boolean {
  return !r.chart.includes("://") && ctx.fs.isDirectory(resolve(r.baseDir, r.chart));
}

async function buildCopiedDeps(
  ctx: CliContext,
  r: PreparedRelease,
  dest: string,
  given: string,
  env: Readonly<Record<string, string>>,
): Promise<void> {
  const shown = given === "" || isAbsolute(given) ? dest : relative(stateBaseDir(ctx), dest);
  ctx.logger.info(`Building dependency release=${r.name}, chart=${shown}`);
  if (!declaresDependencies(ctx, dest)) return;
  const helm = await ctx.helm();
  const args = ["dependency", "build", dest];
  const res = await ctx.runner.run(helm.path, args, { env });
  if (res.exitCode !== 0)
    throw new RenderError(
      "HELM_DEPENDENCY_BUILD_FAILED",
      `release "${r.name}": building dependencies of ${shown} failed: helm ${args.join(" ")}\n${res.stderr.trim()}`,
      { file: r.stateFile, found: res.stderr.trim() },
    );
  const text = res.stdout.replace(/\n+$/, "");
  if (text !== "") ctx.logger.info(text);
}

/** True when the chart's Chart.yaml lists dependencies (or a helm 2 requirements.yaml exists). */
function declaresDependencies(ctx: CliContext, dir: string): boolean {
  if (ctx.fs.isFile(join(dir, "requirements.yaml"))) return true;
  const text = ctx.fs.isFile(join(dir, "Chart.yaml")) ? ctx.fs.readFile(join(dir, "Chart.yaml")) : "";
  return /^dependencies:\s*\n\s*-/m.test(text);
}

/** The state document with each fetched release's `chart` replaced by its local directory. */
function rewriteCharts(state: LoadedState, fetched: ReadonlyMap<string, string>): LoadedState {
  const doc: ValueMap = Object.assign(newMap(), state.document);
  const releases = doc.releases;
  if (Array.isArray(releases)) {
    doc.releases = releases.map((rel: Value) => {
      if (!isMap(rel) || typeof rel.name !== "string") return rel;
      const path = fetched.get(rel.name);
      const copy: ValueMap = Object.assign(newMap(), rel);
      // helmfile's Fetch moves each ChartPath into Chart and clears it (pkg/app/app.go); the
      // loader's document carries the chartPath `build` prints.
      delete copy.chartPath;
      if (path !== undefined) copy.chart = path;
      return copy;
    });
  }
  return { ...state, document: doc };
}

async function runFetch(ctx: CliContext): Promise<number> {
  const writeOutput = flagBool(ctx.flags, "write-output");
  const given = flagString(ctx.flags, "output-dir") ?? "";
  if (writeOutput && given === "")
    throw new ConfigError("FETCH_OUTPUT_DIR_REQUIRED", "--output-dir is required when --write-output is set");
  const desired = await ctx.loadDesiredState();
  if (writeOutput && desired.states.length > 1) {
    throw new ConfigError(
      "FETCH_SINGLE_STATE",
      "--write-output requires a single helmfile state file, but multiple were found; use -f to specify a single helmfile instead of a directory or a helmfile with nested helmfiles: entries",
    );
  }
  const out =
    given === ""
      ? mkdtempSync(join(ctx.host.env.TMPDIR || tmpdir(), "helmfile"))
      : resolve(stateBaseDir(ctx), given);
  const home = createHelmHome(ctx.scratch);
  try {
    const printed: string[] = [];
    for (const state of desired.states) {
      if (!ctx.settings.skipDeps && !ctx.settings.skipRefresh) {
        await syncRepositories(state.repositories, await ctx.helm(), ctx.runner, home.env, ctx.logger);
      }
      // helmfile (pkg/app/run.go WithPreparedCharts): per state, after its repositories, before its hooks.
      if (given !== "") ctx.host.writeStderr(`Charts will be downloaded to: ${given}\n`);
      await withStateHooks(ctx, "fetch", state, async () => {
        const fetched = new Map<string, string>();
        const copied: [PreparedRelease, string][] = [];
        for (const r of state.releases.filter((x) => x.installed)) {
          const dest = await fetchRelease(ctx, r, out, home.env, state);
          fetched.set(r.name, dest);
          if (isLocalCopy(ctx, r)) copied.push([r, dest]);
        }
        // helmfile then builds the dependencies of the copied local charts (pkg/state/state.go
        // runHelmDepBuilds), naming each copy as the output folder was given.
        if (!ctx.settings.skipDeps)
          for (const [r, dest] of copied) await buildCopiedDeps(ctx, r, dest, given, home.env);
        if (writeOutput) printed.push(formatBuiltState(rewriteCharts(state, fetched), ctx.host.env));
      });
    }
    // Nothing reaches stdout until every chart was fetched: no partial YAML on failure.
    for (const p of printed) ctx.host.writeStdout(p);
  } finally {
    home.dispose();
    if (given === "") rmSync(out, { recursive: true, force: true });
  }
  return 0;
}

/** The `fetch` command. */
export const fetchCommand: CommandSpec = {
  name: "fetch",
  summary: "Fetch charts from state file",
  flags: [
    { name: "concurrency", type: "int" },
    { name: "output-dir", type: "string" },
    { name: "output-dir-template", type: "string" },
    { name: "write-output", type: "bool" },
  ],
  run: runFetch,
};
