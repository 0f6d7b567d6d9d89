/**
 * helmfile's path templates, rendered with the Go template engine and helmfile's defaults:
 * `--output-dir-template` of `template` and of `fetch`, and `--output-file-template` of
 * `write-values`. The data mirrors helmfile's structs (`.OutputDir`, `.State.*`,
 * `.Release.*`, `.Environment.*`, `.ChartName`).
 */
import { createHash } from "node:crypto";
import { posix } from "node:path";
import type { LoadedState, PreparedRelease } from "../shared/model";
import { isMap, newMap, type ValueMap } from "../shared/value";
import { confineOutputPath, outputRootOf } from "./output-root";
import { str, sub } from "./spec-access";
import { GoStruct, renderTemplate, type GoValue } from "../template/index";

/** The selected environment as templates see it. */
export interface PathTemplateEnvironment {
  readonly name: string;
  readonly kubeContext: string;
  readonly values: ValueMap;
}

const TEMPLATE_OUTPUT_DIR =
  "{{ .OutputDir }}/{{ .State.BaseName }}-{{ .State.AbsPathSHA1 }}-{{ .Release.Name}}";
const FETCH_OUTPUT_DIR =
  '{{ .OutputDir }}{{ if .Release.Namespace }}/{{ .Release.Namespace }}{{ end }}{{ if .Release.KubeContext }}/{{ .Release.KubeContext }}{{ end }}/{{ .Release.Name }}/{{ .ChartName }}/{{ or .Release.Version "latest" }}';
const WRITE_VALUES_FILE = "{{ .State.BaseName }}-{{ .State.AbsPathSHA1 }}/{{ .Release.Name }}.yaml";

function struct(typeName: string, fields: Record<string, GoValue>): GoStruct {
  return new GoStruct(typeName, new Map(Object.entries(fields)));
}

function releaseStruct(r: PreparedRelease): GoStruct {
  const labels = newMap();
  for (const [k, v] of Object.entries(r.labels)) labels[k] = v;
  return struct("state.ReleaseSpec", {
    Chart: typeof r.spec.chart === "string" ? r.spec.chart : r.chart,
    Name: r.name,
    Namespace: r.namespace,
    Version: r.version ?? "",
    KubeContext: r.kubeContext ?? "",
    Labels: labels as GoValue,
  });
}

function stateStruct(r: PreparedRelease): GoStruct {
  const file = posix.basename(r.stateFile);
  return struct("app.state", {
    BaseName: file.slice(0, file.length - posix.extname(file).length),
    Path: file,
    AbsPath: r.stateFile,
    AbsPathSHA1: createHash("sha1").update(r.stateFile).digest("hex").slice(0, 8),
  });
}

function environmentStruct(env: PathTemplateEnvironment): GoStruct {
  return struct("environment.Environment", {
    Name: env.name,
    KubeContext: env.kubeContext,
    Values: env.values as GoValue,
  });
}

function render(name: string, source: string, data: GoStruct): string {
  return posix.normalize(renderTemplate(source, data, { name, funcs: new Map() }));
}

/** Options of the path template functions. */
export interface PathTemplateOptions {
  /** The directory a relative result resolves against (for the output-root check); default the release's `baseDir`. */
  readonly baseDir?: string;
}

/** The release fields a path template refers to (for naming the one that escapes). */
function stateFields(r: PreparedRelease, source: string, chartName?: string): Record<string, string> {
  const all: Array<[string, string, RegExp]> = [
    ["name", r.name, /\.Release\.Name\b/],
    ["namespace", r.namespace, /\.Release\.Namespace\b/],
    ["kubeContext", r.kubeContext ?? "", /\.Release\.KubeContext\b/],
    ["version", r.version ?? "", /\.Release\.Version\b/],
    ["chart", typeof r.spec.chart === "string" ? r.spec.chart : r.chart, /\.Release\.Chart\b/],
    ["chart name", chartName ?? "", /\.ChartName\b/],
  ];
  const fields: Record<string, string> = {};
  for (const [k, v, re] of all) if (re.test(source)) fields[k] = v;
  return fields;
}

/** `helm template --output-dir` for one release (default `<dir>/<state base>-<sha1[:8]>-<release>`). */
export function templateOutputDir(
  outputDir: string,
  r: PreparedRelease,
  env: PathTemplateEnvironment,
  template = "",
  options: PathTemplateOptions = {},
): string {
  const data = struct("", {
    OutputDir: outputDir,
    State: stateStruct(r),
    Release: releaseStruct(r),
    Environment: environmentStruct(env),
  });
  const source = template === "" ? TEMPLATE_OUTPUT_DIR : template;
  const path = render("output-dir", source, data);
  const what = template === "" ? "--output-dir" : "--output-dir-template";
  return confineDir(path, outputDir, r, template, options, what, stateFields(r, source));
}

/** Confines a rendered output directory to its root (the given `--output-dir`, or the base). */
function confineDir(
  path: string,
  outputDir: string,
  r: PreparedRelease,
  template: string,
  options: PathTemplateOptions,
  what: string,
  fields: ReturnType<typeof stateFields>,
): string {
  const base = options.baseDir ?? r.baseDir;
  const root = outputRootOf(template, base, outputDir, outputDir === "" ? "." : outputDir);
  return confineOutputPath(path, root, base, r, { what, fields });
}

/** Where `fetch` puts a chart (default `<dir>/<ns>/[<ctx>/]<release>/<chart>/<version or latest>`). */
export function fetchOutputDir(
  chartName: string,
  outputDir: string,
  r: PreparedRelease,
  env: PathTemplateEnvironment,
  template = "",
  options: PathTemplateOptions = {},
): string {
  const data = struct("", {
    ChartName: chartName,
    OutputDir: outputDir,
    Release: releaseStruct(r),
    Environment: environmentStruct(env),
  });
  const source = template === "" ? FETCH_OUTPUT_DIR : template;
  const path = render("output-dir-template", source, data);
  const what = template === "" ? "fetch --output-dir" : "fetch --output-dir-template";
  return confineDir(path, outputDir, r, template, options, what, stateFields(r, source, chartName));
}

/** The file `write-values` writes (default `<state base>-<sha1[:8]>/<release>.yaml`). */
export function writeValuesFile(
  r: PreparedRelease,
  env: PathTemplateEnvironment,
  template = "",
  options: PathTemplateOptions = {},
): string {
  const data = struct("", {
    State: stateStruct(r),
    Release: releaseStruct(r),
    Environment: environmentStruct(env),
  });
  const source = template === "" ? WRITE_VALUES_FILE : template;
  const path = render("output-file", source, data);
  const base = options.baseDir ?? r.baseDir;
  return confineOutputPath(path, outputRootOf(template, base, "", "."), base, r, {
    what: template === "" ? "write-values" : "write-values --output-file-template",
    fields: stateFields(r, source),
  });
}

/** The environment of a loaded state as path templates see it. */
export function stateEnvironment(state: LoadedState): PathTemplateEnvironment {
  const envs = sub(state.document, "environments");
  const spec = envs?.[state.environment];
  return {
    name: state.environment,
    kubeContext: isMap(spec) ? (str(spec, "kubeContext") ?? "") : "",
    values: state.values,
  };
}
