/**
 * A release's ad-hoc `dependencies:` as helmfile handles them through chartify: the local
 * chart is copied to a temporary chart named after the release id, the listed charts are
 * appended to its Chart.yaml `dependencies` (name, repository, condition `<alias|name>.enabled`,
 * alias, version), and `helm dependency up` fetches them. The caller then builds and renders
 * the temporary chart like any local chart.
 */
import { posix } from "node:path";
import { parseDocument } from "yaml";
import { RenderError } from "../shared/errors";
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

/** Chart.yaml with the original (file:// made absolute), requirements.yaml and ad-hoc dependencies. */
function chartYamlWithDependencies(
  text: string,
  requirements: string | undefined,
  chartDir: string,
  deps: readonly ChartYamlDependency[],
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
  doc.set("dependencies", [...original(own), ...req].map(absolute).concat(deps));
  return doc.toString();
}

/**
 * Copies the release's local chart to `<tempRoot>/<release id>`, adds the ad-hoc
 * dependencies to its Chart.yaml and runs `helm dependency up` on it (output kept quiet,
 * as chartify logs it at debug level). Returns the temporary chart directory.
 */
export async function chartifyDependencies(
  r: PreparedRelease,
  chartDir: string,
  deps: readonly ChartYamlDependency[],
  ctx: AdhocContext,
  fs: FileSystem,
  scratch: ScratchFileSystem,
  runner: ProcessRunner,
): Promise<string> {
  const temp = posix.join(ctx.tempRoot, ...releaseId(r).split(/[/:]/));
  scratch.remove(temp);
  copyTree(chartDir, temp, fs, scratch);
  const chartYaml = posix.join(chartDir, "Chart.yaml");
  const reqYaml = posix.join(chartDir, "requirements.yaml");
  const text = fs.isFile(chartYaml) ? fs.readFile(chartYaml) : "";
  const requirements = fs.isFile(reqYaml) ? fs.readFile(reqYaml) : undefined;
  scratch.writeFile(
    posix.join(temp, "Chart.yaml"),
    chartYamlWithDependencies(text, requirements, chartDir, deps),
    0o644,
  );
  scratch.remove(posix.join(temp, "requirements.yaml"));
  const args = ["dependency", "up", temp];
  const res = await runner.run(ctx.helm.path, args, { env: ctx.env });
  if (res.exitCode !== 0) {
    throw new RenderError(
      "HELM_DEPENDENCY_UPDATE_FAILED",
      `release "${r.name}": fetching its dependencies failed (a dependency on a remote repository needs the network): helm ${args.join(" ")}\n${res.stderr.trim()}`,
      {
        file: r.stateFile,
        keyPath: ["releases", r.name, "dependencies"],
        expected: "dependencies helm can fetch",
        found: res.stderr.trim(),
      },
    );
  }
  return temp;
}
