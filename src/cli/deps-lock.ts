/**
 * helmfile's `deps` lock file, as pure functions (pkg/state/chart_dependency.go): the
 * repository charts of a state become the dependencies of a temporary chart, `helm dependency
 * update` resolves them into its Chart.lock, and that lock, sorted by chart name and without
 * duplicates, becomes `<state name>.lock` (or `lockFilePath:`).
 */
import { parse as parseYaml } from "yaml";
import { ConfigError } from "../shared/errors";
import type { LoadedState } from "../shared/model";
import { encodeYaml } from "../shared/yaml/encode";
import { resolveRemoteChart } from "../render/chart-ref";

/** One dependency of the temporary chart. */
export interface UnresolvedChartDependency {
  readonly name: string;
  readonly repository: string;
  /** The release's version constraint; `*` when it has none. */
  readonly version: string;
  /** `<namespace>-<release>`: helmfile names every dependency so equal charts stay apart. */
  readonly alias: string;
}

/** One entry of the lock file. */
export interface ResolvedChartDependency {
  readonly name: string;
  readonly repository: string;
  readonly version: string;
}

/**
 * The repository charts of `state`'s releases (charts `repo/chart` of a declared repository),
 * grouped by chart name in the order the names first appear. helmfile groups them in a Go map,
 * so its group order (and with it the Chart.lock digest, when there are several chart names)
 * varies from run to run.
 */
export function unresolvedDependencies(state: LoadedState): UnresolvedChartDependency[] {
  const repos = new Map(state.repositories.map((r) => [r.name, r]));
  const groups = new Map<string, UnresolvedChartDependency[]>();
  for (const r of state.releases) {
    const rc = resolveRemoteChart(r.chart);
    const repo = rc.remote ? repos.get(rc.repo) : undefined;
    if (repo === undefined) continue;
    let name = rc.chart;
    let url = repo.url;
    if (repo.oci) {
      // OCI: the path prefix goes into the repository URL, the dependency is the basename (helmfile #954).
      const slash = rc.chart.lastIndexOf("/");
      const base = `oci://${repo.url}`;
      name = slash < 0 ? rc.chart : rc.chart.slice(slash + 1);
      url = slash < 0 ? base : `${base.replace(/\/$/, "")}/${rc.chart.slice(0, slash)}`;
    }
    const list = groups.get(name) ?? [];
    const constraint = r.version ?? "";
    list.push({
      name,
      repository: url,
      version: constraint === "" ? "*" : constraint,
      alias: `${r.namespace}-${r.name}`,
    });
    groups.set(name, list);
  }
  return [...groups.values()].flat();
}

/** The temporary chart's Chart.yaml (helmfile's updateHelm). */
export function temporaryChartYaml(stateName: string, deps: readonly UnresolvedChartDependency[]): string {
  const body = encodeYaml({ dependencies: deps.map((d) => ({ ...d })) }, { version: "v3", sortKeys: false });
  return `name: ${stateName}\nversion: 1.0.0\napiVersion: v2\n${body}`;
}

/** The state name helmfile derives the lock file name from: the base name without `.gotmpl`, `.yaml`, `.yml`. */
export function lockStateName(file: string): string {
  const base = file.split("/").pop() ?? file;
  return base
    .replace(/\.gotmpl$/, "")
    .replace(/\.yaml$/, "")
    .replace(/\.yml$/, "");
}

/**
 * The lock file from helm's Chart.lock: dependencies sorted by name (stable) without
 * duplicates, `version` set to `toolVersion`, helm's `digest` and `generated` kept.
 */
export function lockFileFromChartLock(chartLock: string, toolVersion: string, file: string): string {
  let doc: unknown;
  try {
    doc = parseYaml(chartLock, { version: "1.1" });
  } catch (err) {
    throw new ConfigError("LOCK_FILE_INVALID", `helm's Chart.lock is not valid YAML: ${String(err)}`, {
      file,
      cause: err,
    });
  }
  const m = (doc ?? {}) as { dependencies?: unknown; digest?: unknown; generated?: unknown };
  const raw = Array.isArray(m.dependencies) ? (m.dependencies as unknown[]) : [];
  const seen = new Set<string>();
  const deps: ResolvedChartDependency[] = [];
  for (const d of raw
    .map((x) => x as { name?: unknown; repository?: unknown; version?: unknown })
    .map((x) => ({
      name: String(x.name ?? ""),
      repository: String(x.repository ?? ""),
      version: String(x.version ?? ""),
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const key = `${d.name}|${d.repository}|${d.version}`;
    if (seen.has(key)) continue;
    seen.add(key);
    deps.push(d);
  }
  const generated = m.generated instanceof Date ? m.generated.toISOString() : String(m.generated ?? "");
  return encodeYaml(
    {
      version: toolVersion,
      dependencies: deps.map((d) => ({ ...d })),
      digest: String(m.digest ?? ""),
      generated,
    },
    { version: "v3", sortKeys: false },
  );
}
