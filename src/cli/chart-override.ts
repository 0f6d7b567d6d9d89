/**
 * `--chart`: helmfile replaces every release's chart with the flag's value when it prepares
 * the charts (state.go prepareChartForRelease, `release.Chart = st.OverrideChart`), so a
 * relative path resolves against each state's directory like a chart written in the state.
 */
import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import type { DesiredState, PreparedRelease } from "../shared/model";

function withChart(r: PreparedRelease, chart: string): PreparedRelease {
  const copy: PreparedRelease = { ...r, chart };
  delete (copy as { chartPath?: string }).chartPath;
  const local = chart.includes("://") ? undefined : resolve(r.baseDir, chart);
  return local !== undefined && existsSync(local) && statSync(local).isDirectory()
    ? { ...copy, chartPath: local }
    : copy;
}

/** The desired state with `chart` as every release's chart. */
export function overrideChart(desired: DesiredState, chart: string): DesiredState {
  const map = new Map<PreparedRelease, PreparedRelease>();
  const swap = (r: PreparedRelease): PreparedRelease => {
    const done = map.get(r) ?? withChart(r, chart);
    map.set(r, done);
    return done;
  };
  return {
    states: desired.states.map((s) => ({
      ...s,
      releases: s.releases.map(swap),
      ...(s.stateReleases === undefined ? {} : { stateReleases: s.stateReleases.map(swap) }),
    })),
    releases: desired.releases.map(swap),
  };
}
