/**
 * `helm lint` for the releases of one state, as helmfile's lint does it: the chart is
 * prepared like for `template`, then `helm lint <chart> [--namespace N] --values … --set …`
 * runs per installed release, and helm's report goes to `onOutput`. Failures are collected.
 */
import { posix } from "node:path";
import { RenderError } from "../shared/errors";
import type { LoadedState, PreparedRelease } from "../shared/model";
import { fetchOutputDir, stateEnvironment } from "./path-templates";
import { extraHelmArgs } from "./collect-args";
import { prepareCharts, resolveChart } from "./prepare-charts";
import { planReleases } from "./plan-releases";
import type { RenderOptions } from "./render-types";
import type { RenderIo } from "./render-state";
import { bool, strList } from "./spec-access";

/** Lints every installed release of `state`; returns the errors (empty when all passed). */
export async function lintState(
  state: LoadedState,
  options: RenderOptions,
  io: RenderIo,
  env: Readonly<Record<string, string>>,
  onOutput: (text: string) => void,
): Promise<RenderError[]> {
  // Charts are prepared in declaration order, then linted in DAG order (helmfile's withNeeds).
  const declared = state.releases.filter((r) => r.installed);
  // helmfile downloads the remote charts before it builds local charts' dependencies.
  const pulled = io.scratch.makeTempDir("helmfile");
  const downloads = new Map<PreparedRelease, string>();
  try {
    for (const r of declared) {
      const chart = resolveChart(r, io.fs, state.repositories);
      if (chart.isLocal) continue;
      downloads.set(r, await downloadChart(r, chart.chartArg, pulled, state, options, io, env));
    }
  } catch (err) {
    io.scratch.remove(pulled);
    throw err;
  }
  let charts: Awaited<ReturnType<typeof prepareCharts>>;
  try {
    charts = await prepareCharts(
      declared,
      {
        helm: options.helm,
        helmDefaults: state.helmDefaults,
        skipDeps: options.skipDeps === true || bool(state.helmDefaults, "skipDeps") === true,
        skipRefresh: options.skipRefresh === true,
        env,
        absoluteDisplay: posix.isAbsolute(state.displayPath),
      },
      io.fs,
      io.runner,
      io.logger,
    );
  } catch (err) {
    io.scratch.remove(pulled);
    throw err;
  }
  const releases = planReleases(declared, state.dagNodes);
  const dir = io.scratch.makeTempDir("pulumi-helmfile-values-");
  const errors: RenderError[] = [];
  try {
    for (const [i, r] of releases.entries()) {
      const prepared = charts.get(r);
      const download = downloads.get(r);
      const chart =
        prepared === undefined || download === undefined
          ? prepared
          : { ...prepared, chartArg: download, displayChart: download };
      if (chart === undefined) continue;
      // helmfile runs helm in the state's folder with the chart path as written (`charts/app`),
      // which helm lint prints (`==> Linting charts/app`): a local chart is passed so too.
      const asWritten =
        chart.isLocal &&
        !posix.isAbsolute(chart.displayChart) &&
        posix.resolve(r.baseDir, chart.displayChart) === chart.chartArg;
      const args = ["lint", asWritten ? chart.displayChart : chart.chartArg];
      if (r.namespace !== "") args.push("--namespace", r.namespace);
      r.values.forEach((v, j) => {
        if (v.kind === "file") args.push("--values", v.path);
        else {
          const path = posix.join(dir, `${i}-${j}-values.yaml`);
          io.scratch.writeFile(path, v.content, 0o600);
          args.push("--values", path);
        }
      });
      for (const s of r.setFlags) args.push(`--${s.kind}`, s.expression);
      for (const v of options.template?.values ?? []) args.push("--values", v);
      for (const s of options.template?.set ?? []) args.push("--set", s);
      args.push(...extraHelmArgs(options.template?.args ?? "", strList(state.helmDefaults, "args")));
      io.logger.info(`Linting release=${r.name}, chart=${chart.displayChart}`);
      const res = await io.runner.run(options.helm.path, args, asWritten ? { env, cwd: r.baseDir } : { env });
      if (res.stdout !== "") onOutput(`${res.stdout}\n`);
      if (res.exitCode !== 0) {
        errors.push(
          new RenderError(
            "HELM_LINT_FAILED",
            `release "${r.name}" (chart ${chart.displayChart}): helm lint failed\n${res.stderr.trim()}`,
            { file: r.stateFile },
          ),
        );
      }
    }
  } finally {
    io.scratch.remove(pulled);
    io.scratch.remove(dir);
  }
  return errors;
}

/**
 * `helm pull --untar` of a remote chart into `root` (helm lint reads only chart directories:
 * helmfile's forceDownload, in fetch's layout), in fetch's layout; the chart's folder. */
async function downloadChart(
  r: PreparedRelease,
  chartArg: string,
  root: string,
  state: LoadedState,
  options: RenderOptions,
  io: RenderIo,
  env: Readonly<Record<string, string>>,
): Promise<string> {
  const name = r.chart.startsWith("oci://") ? r.chart.slice(r.chart.lastIndexOf("/") + 1) : r.chart;
  const dest = fetchOutputDir(name, root, r, stateEnvironment(state), "", { baseDir: root });
  io.scratch.makeDir(dest);
  io.logger.info(`Fetching ${r.chart}`);
  const args = ["pull", chartArg, "--untar", "--destination", dest];
  if (r.version !== undefined && r.version !== "") args.push("--version", r.version);
  const res = await io.runner.run(options.helm.path, args, { env });
  if (res.exitCode !== 0)
    throw new RenderError(
      "HELM_PULL_FAILED",
      `release "${r.name}": fetching chart ${r.chart} for lint failed: helm ${args.join(" ")}\n${res.stderr.trim()}`,
      { file: r.stateFile, found: res.stderr.trim() },
    );
  const sub = io.fs.readDir(dest).find((n) => io.fs.isDirectory(posix.join(dest, n)));
  return sub === undefined ? dest : posix.join(dest, sub);
}
