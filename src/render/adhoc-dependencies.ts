/**
 * A release's ad-hoc `dependencies:` as helmfile handles them through chartify: the local
 * chart is copied to a temporary chart named after the release id, the listed charts are
 * appended to its Chart.yaml `dependencies` (name, repository, condition `<alias|name>.enabled`,
 * alias, version), and `helm dependency up` fetches them. The caller then builds and renders
 * the temporary chart like any local chart.
 */
import { posix } from "node:path";
import { confineOutputPath } from "./output-root";
import { parseDocument } from "yaml";
import { RenderError } from "../shared/errors";
import type { ErrorCode } from "../shared/errors";
import type { FileSystem, ProcessRunner } from "../shared/io";
import type { PreparedRelease, RepositorySpec } from "../shared/model";
import { isMap, type Value } from "../shared/value";
import type { ScratchFileSystem } from "./render-io";
import type { HelmBinary } from "./render-types";

/** One Chart.yaml dependency entry as chartify writes it (empty fields omitted). */
export interface ChartYamlDependency {
  readonly name: string;
  readonly repository: string;
  readonly condition: string;
  readonly alias?: string;
  readonly version?: string;
}

/** Where and how {@link chartifyDependencies} works. */
export interface AdhocContext {
  readonly helm: HelmBinary;
  readonly env: Readonly<Record<string, string>>;
  readonly repositories: readonly RepositorySpec[];
  /** The directory temporary charts go under (CHARTIFY_TEMPDIR or the session's temp dir). */
  readonly tempRoot: string;
}

function fail(r: PreparedRelease, index: number, message: string, found: string): never {
  throw new RenderError(
    "ADHOC_DEPENDENCY_INVALID",
    `release "${r.name}": dependencies[${index}]: ${message}`,
    {
      file: r.stateFile,
      keyPath: ["releases", r.name, "dependencies", String(index)],
      expected: "a local chart directory, an oci:// chart or <repository>/<chart> of a declared repository",
      found,
    },
  );
}

function field(entry: Value, key: string): string {
  if (!isMap(entry)) return "";
  const v = entry[key];
  return typeof v === "string" ? v : v === undefined || v === null ? "" : String(v);
}

/**
 * The Chart.yaml entries for the release's `dependencies`, resolved as helmfile and chartify
 * do: an existing directory (relative to the state file) becomes `file://<absolute>`, an
 * `oci://` chart (or `repo/chart` of an OCI repository) is split into registry and name,
 * and `repo/chart` takes the URL of the declared repository.
 */
export function adhocDependencies(
  r: PreparedRelease,
  fs: FileSystem,
  repositories: readonly RepositorySpec[],
): ChartYamlDependency[] {
  const list = r.spec.dependencies;
  if (!Array.isArray(list)) return [];
  return list.map((entry, i) => {
    if (!isMap(entry)) fail(r, i, "each entry must be a map with chart, version and alias", typeof entry);
    const chart = field(entry, "chart");
    const alias = field(entry, "alias");
    const version = field(entry, "version");
    if (chart === "") fail(r, i, "the chart is empty", "no chart");
    let name: string;
    let repository: string;
    const dir = posix.resolve(r.baseDir, chart);
    const [repoName, ...rest] = chart.split("/");
    const repo = repositories.find((x) => x.name === repoName);
    if (!chart.includes("://") && fs.isDirectory(dir)) {
      name = posix.basename(dir);
      repository = `file://${dir}`;
    } else if (chart.startsWith("oci://") || (repo?.oci === true && rest.length > 0)) {
      const ref = chart.startsWith("oci://")
        ? chart
        : `oci://${(repo as RepositorySpec).url.replace(/^oci:\/\//, "").replace(/\/+$/, "")}/${rest.join("/")}`;
      name = posix.basename(ref);
      repository = ref.slice(0, ref.length - name.length - 1);
    } else if (chart.includes("://") || rest.length === 0) {
      fail(r, i, `unsupported chart "${chart}"`, chart);
    } else {
      if (repo === undefined)
        fail(
          r,
          i,
          `no repository "${repoName ?? ""}" is declared for chart "${chart}"; add it under repositories`,
          chart,
        );
      name = rest.join("/");
      repository = repo.url;
    }
    return {
      name,
      repository,
      condition: `${alias === "" ? name : alias}.enabled`,
      ...(alias === "" ? {} : { alias }),
      ...(version === "" ? {} : { version }),
    };
  });
}

/** helmfile's release id (`[kubeContext/][namespace/]name`, `ctx//name` without a namespace). */
export function releaseId(r: PreparedRelease): string {
  let id = "";
  const kc = r.kubeContext ?? "";
  if (kc !== "") id += `${kc}/`;
  if (r.namespace !== "") id += `${r.namespace}/`;
  else if (kc !== "") id += "/";
  return id + r.name;
}

/** `<tempRoot>/<release id>`, as chartify names the temporary chart (`/` and `:` become directories). */
export function tempChartDir(r: PreparedRelease, tempRoot: string): string {
  const dir = posix.join(tempRoot, ...releaseId(r).split(/[/:]/));
  const fields: Record<string, string> = { name: r.name, namespace: r.namespace };
  if (r.kubeContext !== undefined) fields.kubeContext = r.kubeContext;
  // The temporary chart is removed and recreated: it must never resolve outside its root.
  return confineOutputPath(dir, posix.resolve(tempRoot), tempRoot, r, {
    what: "the temporary chart directory (release dependencies)",
    fields,
    allowRoot: false,
  });
}

function copyTree(from: string, to: string, fs: FileSystem, scratch: ScratchFileSystem): void {
  scratch.makeDir(to);
  for (const name of fs.readDir(from)) {
    const src = posix.join(from, name);
    const dst = posix.join(to, name);
    if (fs.isDirectory(src)) copyTree(src, dst, fs, scratch);
    else if (scratch.writeBytes !== undefined) scratch.writeBytes(dst, fs.readBytes(src), 0o644);
    else scratch.writeFile(dst, fs.readFile(src), 0o644);
  }
}

/** Chart.yaml with the original (file:// made absolute), requirements.yaml and ad-hoc dependencies, or the ad-hoc ones only. */
function chartYamlWithDependencies(
  text: string,
  requirements: string | undefined,
  chartDir: string,
  deps: readonly ChartYamlDependency[],
  adhocOnly = false,
): string {
  const doc = parseDocument(text);
  const own: unknown = doc.toJS();
  const original = (o: unknown): unknown[] =>
    typeof o === "object" && o !== null && Array.isArray((o as Record<string, unknown>).dependencies)
      ? ((o as Record<string, unknown>).dependencies as unknown[])
      : [];
  const req = requirements === undefined ? [] : original(parseDocument(requirements).toJS());
  const absolute = (d: unknown): unknown => {
    if (typeof d !== "object" || d === null) return d;
    const repo = (d as Record<string, unknown>).repository;
    if (typeof repo !== "string" || !repo.startsWith("file://") || repo.startsWith("file:///")) return d;
    return { ...d, repository: `file://${posix.resolve(chartDir, repo.slice("file://".length))}` };
  };
  doc.set("dependencies", adhocOnly ? [...deps] : [...original(own), ...req].map(absolute).concat(deps));
  return doc.toString();
}

/** Runs helm; a failure becomes a `RenderError` with the release, the command and helm's stderr. */
async function helm(
  r: PreparedRelease,
  args: readonly string[],
  ctx: AdhocContext,
  runner: ProcessRunner,
  code: ErrorCode,
  what: string,
): Promise<void> {
  const res = await runner.run(ctx.helm.path, args, { env: ctx.env });
  if (res.exitCode === 0) return;
  throw new RenderError(code, `release "${r.name}": ${what}: helm ${args.join(" ")}\n${res.stderr.trim()}`, {
    file: r.stateFile,
    keyPath: ["releases", r.name, "dependencies"],
    expected: "charts helm can fetch",
    found: res.stderr.trim(),
  });
}

/**
 * Pulls a remote chart (`helm pull --untar`, as chartify does before adding dependencies)
 * into `<tempRoot>/<release id>` and returns the unpacked chart directory.
 */
export async function pullChart(
  r: PreparedRelease,
  chartArg: string,
  version: string,
  ctx: AdhocContext,
  fs: FileSystem,
  scratch: ScratchFileSystem,
  runner: ProcessRunner,
): Promise<string> {
  const base = tempChartDir(r, ctx.tempRoot);
  scratch.remove(base);
  scratch.makeDir(base);
  const args = ["pull", chartArg, "--untar", "-d", base, ...(version === "" ? [] : ["--version", version])];
  await helm(
    r,
    args,
    ctx,
    runner,
    "HELM_PULL_FAILED",
    `pulling chart ${chartArg} to add its dependencies failed`,
  );
  // helm leaves an extra empty directory named after the archive when pulling by URL.
  const charts = fs.readDir(base).filter((e) => fs.isFile(posix.join(base, e, "Chart.yaml")));
  const only = charts.length === 1 ? charts[0] : undefined;
  if (only === undefined)
    throw new RenderError(
      "HELM_PULL_FAILED",
      `release "${r.name}": helm pull left ${charts.length} charts in ${base}, expected one`,
      { file: r.stateFile },
    );
  return posix.join(base, only);
}

/**
 * Adds the ad-hoc dependencies to a chart and runs `helm dependency up` on it (output kept
 * quiet, as chartify logs it at debug level); returns the chart directory to render.
 * A local chart is first copied to `<tempRoot>/<release id>` and keeps its own dependencies;
 * a pulled chart already holds its own in `charts/`, so only the ad-hoc ones are fetched.
 */
export async function chartifyDependencies(
  r: PreparedRelease,
  source: { readonly dir: string; readonly pulled: boolean },
  deps: readonly ChartYamlDependency[],
  ctx: AdhocContext,
  fs: FileSystem,
  scratch: ScratchFileSystem,
  runner: ProcessRunner,
): Promise<string> {
  const chartDir = source.dir;
  const temp = source.pulled ? chartDir : tempChartDir(r, ctx.tempRoot);
  const chartYaml = posix.join(chartDir, "Chart.yaml");
  const reqYaml = posix.join(chartDir, "requirements.yaml");
  const text = fs.isFile(chartYaml) ? fs.readFile(chartYaml) : "";
  const requirements = fs.isFile(reqYaml) ? fs.readFile(reqYaml) : undefined;
  const all = chartYamlWithDependencies(text, requirements, chartDir, deps);
  if (!source.pulled) {
    scratch.remove(temp);
    copyTree(chartDir, temp, fs, scratch);
  }
  const target = posix.join(temp, "Chart.yaml");
  scratch.writeFile(
    target,
    source.pulled ? chartYamlWithDependencies(text, undefined, chartDir, deps, true) : all,
    0o644,
  );
  scratch.remove(posix.join(temp, "requirements.yaml"));
  const what = "fetching its dependencies failed (a dependency on a remote repository needs the network)";
  await helm(r, ["dependency", "up", temp], ctx, runner, "HELM_DEPENDENCY_UPDATE_FAILED", what);
  // helm template still needs every entry (conditions, aliases) once charts/ is complete.
  if (source.pulled) scratch.writeFile(target, all, 0o644);
  return temp;
}
