/**
 * helmfile's lock file (`lockFilePath:`, default `<state name>.lock`, written by
 * `helmfile deps`): before charts are prepared, every release whose chart is `repo/chart` of
 * a declared repository takes the first locked version of that chart name that satisfies
 * the release's version constraint (none means `*`). Without a lock file nothing changes.
 */
import { posix } from "node:path";
import { parse as parseYaml } from "yaml";
import { RenderError } from "../shared/errors";
import type { FileSystem } from "../shared/io";
import type { LoadedState, PreparedRelease, RepositorySpec } from "../shared/model";
import { checkConstraints, parseConstraints, parseVersion } from "../template/funcs/sprig/semver-core";
import { resolveRemoteChart } from "./chart-ref";
import { str } from "./spec-access";

interface LockedChart {
  readonly name: string;
  readonly version: string;
}

/** Where helmfile looks for the lock file of a state. */
export function lockFileOf(state: LoadedState): string {
  const dir = posix.dirname(state.file);
  const custom = str(state.document, "lockFilePath") ?? "";
  if (custom !== "") return posix.isAbsolute(custom) ? custom : posix.join(dir, custom);
  const base = posix
    .basename(state.file)
    .replace(/\.gotmpl$/, "")
    .replace(/\.yaml$/, "")
    .replace(/\.yml$/, "");
  return posix.join(dir, `${base}.lock`);
}

function readLocked(file: string, fs: FileSystem): LockedChart[] {
  let doc: unknown;
  try {
    doc = parseYaml(fs.readFile(file));
  } catch (err) {
    throw new RenderError("LOCK_FILE_INVALID", `lock file ${file} is not valid YAML`, { file, cause: err });
  }
  const deps = (doc as { dependencies?: unknown } | null)?.dependencies;
  if (!Array.isArray(deps)) return [];
  return deps.flatMap((d: unknown) => {
    const m = d as { name?: unknown; version?: unknown } | null;
    return m === null || typeof m !== "object"
      ? []
      : [{ name: String(m.name ?? ""), version: String(m.version ?? "") }];
  });
}

function satisfying(locked: readonly LockedChart[], chart: string, constraint: string, file: string): string {
  const c = constraint === "" ? "*" : constraint;
  for (const d of locked) {
    if (d.name !== chart) continue;
    try {
      if (checkConstraints(parseConstraints(c), parseVersion(d.version))) return d.version;
    } catch (err) {
      throw new RenderError("LOCK_VERSION_INVALID", `lock file entry ${chart}: ${String(err)}`, {
        file,
        expected: "a semver version and constraint",
        found: `${d.version} / ${c}`,
        cause: err,
      });
    }
  }
  throw new RenderError(
    "LOCK_UNRESOLVED",
    `no resolved dependency found for "${chart}", running "helmfile deps" may resolve the issue`,
    { file, expected: `a locked version of ${chart} matching ${c}` },
  );
}

function withVersion(r: PreparedRelease, version: string): PreparedRelease {
  const spec = Object.assign(Object.create(null) as typeof r.spec, r.spec, { version });
  return { ...r, version, spec };
}

/** The state's releases with repository chart versions taken from its lock file, if any. */
export function applyLockedVersions(state: LoadedState, fs: FileSystem): PreparedRelease[] {
  const repos = new Map<string, RepositorySpec>(state.repositories.map((r) => [r.name, r]));
  const targets = state.releases.filter((r) => {
    const rc = resolveRemoteChart(r.chart);
    return rc.remote && repos.has(rc.repo);
  });
  if (targets.length === 0) return [...state.releases];
  const file = lockFileOf(state);
  if (!fs.isFile(file)) return [...state.releases];
  const locked = readLocked(file, fs);
  return state.releases.map((r) => {
    const rc = resolveRemoteChart(r.chart);
    const repo = rc.remote ? repos.get(rc.repo) : undefined;
    if (repo === undefined) return r;
    // OCI lock entries are named by the chart's last path segment (helmfile issue #954).
    const name = repo.oci ? (rc.chart.split("/").pop() ?? rc.chart) : rc.chart;
    const constraint = str(r.spec, "version") ?? r.version ?? "";
    let version: string;
    try {
      version = satisfying(locked, name, constraint, file);
    } catch (err) {
      if (!repo.oci || name === rc.chart) throw err;
      version = satisfying(locked, rc.chart, constraint, file);
    }
    return withVersion(r, version);
  });
}
