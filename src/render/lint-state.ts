/**
 * `helm lint` for the releases of one state, as helmfile's lint does it: the chart is
 * prepared like for `template`, then `helm lint <chart> [--namespace N] --values … --set …`
 * runs per installed release, and helm's report goes to `onOutput`. Failures are collected.
 */
import { posix } from "node:path";
import { RenderError } from "../shared/errors";
import type { LoadedState } from "../shared/model";
import { extraHelmArgs } from "./collect-args";
import { prepareCharts } from "./prepare-charts";
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
  const charts = await prepareCharts(
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
  const releases = planReleases(declared, state.dagNodes);
  const dir = io.scratch.makeTempDir("pulumi-helmfile-values-");
  const errors: RenderError[] = [];
  try {
    for (const [i, r] of releases.entries()) {
      const chart = charts.get(r);
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
    io.scratch.remove(dir);
  }
  return errors;
}
