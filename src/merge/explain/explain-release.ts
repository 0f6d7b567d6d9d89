/**
 * Explains a key of a release's values as helm computes them: the chart's values.yaml <
 * the `-f` files in helmfile's order (valuesTemplate entries first, since helmfile prepends
 * them to `values:`, then `values:`, then `secrets:`; helm's MergeMaps: later file wins) <
 * `--set-json`, `--set`, `--set-string`, `--set-file`, `--set-literal` (helm's fixed turns);
 * then coalescing with the chart defaults, where a user null deletes the key. The chart's
 * subcharts (`charts/`, folders and archives) take part as helm loads them: their values.yaml
 * under their (aliased) names, `condition`/`tags` switching them off, `global` copied down and
 * `import-values` copied up, by helm's own dependency processing and coalescing.
 */
import type { PreparedRelease } from "../../shared/model";
import type { FileSystem } from "../../shared/io";
import type { KeyPath, RecordedLayer } from "../../shared/provenance";
import { MergeError } from "../../shared/errors";
import { cloneValue, isMap, newMap, type Value, type ValueMap } from "../../shared/value";
import type { ChartNode, DependencySpec, ImportValue } from "../helm-values/chart-node";
import { CoalesceError, coalesceValuesTree, type CoalesceContext } from "../helm-values/coalesce";
import { processDependencies } from "../helm-values/dependencies";
import { parseHelmValuesText } from "../helm-values/helm-values-file";
import { mergeMaps } from "../helm-values/merge-maps";
import { applyFlag } from "../helm-values/user-values";
import {
  chainOf,
  ownPath,
  positionedYaml,
  referenceAt,
  shown,
  sourceOf,
  type ExplainResult,
  type ReplayLayer,
} from "./explain-steps";
import { hasSecretLeaf } from "./explain-state";
import { suggestKeys } from "./suggest";
import { leafPaths, tagNewLeaves, tagTree, TaggedLeaf, untagTree, valueAt } from "./tagged-tree";

const FLAG_ORDER = ["set-json", "set", "set-string", "set-file", "set-literal"] as const;
const FLAG_LAYER: Record<(typeof FLAG_ORDER)[number], string> = {
  "set-json": "setJson",
  set: "set",
  "set-string": "setString",
  "set-file": "set (file)",
  "set-literal": "setLiteral",
};

function float64(v: Value): Value {
  if (typeof v === "bigint") return Number(v);
  if (Array.isArray(v)) return v.map(float64);
  if (isMap(v)) {
    const out = newMap();
    for (const k of Object.keys(v)) out[k] = float64(v[k] as Value);
    return out;
  }
  return v;
}

function templatesOf(release: PreparedRelease): number {
  return Array.isArray(release.spec.valuesTemplate) ? release.spec.valuesTemplate.length : 0;
}

function sourceLayer(release: PreparedRelease, origin: string): { layer: string; entry: Value | undefined } {
  const m = /\.(values|secrets)\[(\d+)\]$/.exec(origin);
  const i = Number(m?.[2] ?? 0);
  if (m?.[1] === "secrets") return { layer: `secrets[${i}]`, entry: undefined };
  const templates = templatesOf(release);
  const entry = Array.isArray(release.spec.values) ? release.spec.values[i] : undefined;
  return { layer: i < templates ? `valuesTemplate[${i}]` : `values[${i - templates}]`, entry };
}

/** The index of the release named `name` under the part's `releases:`, or -1. */
function releaseIndex(text: string, name: string): number {
  const doc = positionedYaml(text)?.value as Value | undefined;
  const list = isMap(doc) ? doc.releases : undefined;
  return Array.isArray(list) ? list.findIndex((r) => isMap(r) && r.name === name) : -1;
}

/** The release's inline entry position in its state file: `releases[n].values[i]`. */
function inlinePrefix(
  release: PreparedRelease,
  origin: string,
  stateText: string | undefined,
): Pick<RecordedLayer, "text" | "prefix"> {
  const m = /\.values\[(\d+)\]$/.exec(origin);
  if (stateText === undefined || m === null) return {};
  const template = /\.gotmpl$/.test(release.stateFile);
  // The release may sit in a later `---` part; blank lines keep the part's lines where they are.
  let offset = 0;
  for (const part of stateText.split("\n---\n")) {
    const text = "\n".repeat(offset) + (template ? yamlSkeleton(part) : part);
    const n = releaseIndex(text, release.name);
    if (n >= 0) return { text, prefix: ["releases", n, "values", Number(m[1]) - templatesOf(release)] };
    offset += part.split("\n").length + 1;
  }
  return {};
}

/**
 * A template's text as YAML with its lines kept: a line holding only template actions becomes
 * blank, an action inside a line becomes a plain word. Good enough to find where a key is
 * written in a `.gotmpl` state file whose raw text is not YAML.
 */
export function yamlSkeleton(template: string): string {
  const marked = template.replace(
    /\{\{[\s\S]*?\}\}/g,
    (m) => "\u0001" + "\n".repeat(m.split("\n").length - 1),
  );
  return marked
    .split("\n")
    .map((line) => (line.replace(/\u0001/g, "").trim() === "" ? "" : line.replace(/\u0001/g, "tmpl")))
    .join("\n");
}

function joinPath(dir: string, p: string): string {
  return p.startsWith("/") ? p : `${dir.replace(/\/$/, "")}/${p}`;
}

/** Options of {@link explainReleaseValue}. */
export interface ExplainReleaseOptions {
  readonly fs: FileSystem;
  /** helm's major version; default 4. */
  readonly helmVersion?: 3 | 4;
  /** The release's chart when it is not a local directory: its pulled folder and its name (`repo/chart@version`). */
  readonly chart?: { readonly dir: string; readonly label: string };
  /**
   * Unpacks a subchart archive (`charts/x-1.0.0.tgz`) and returns the chart folder it holds, or
   * undefined when it cannot. Default none: archived subcharts are left out.
   */
  readonly unpack?: (archive: string) => string | undefined;
}

/** How a chart's files are named in the chain: a local folder by path, a pulled chart by its label. */
type Namer = (file: string) => string;

/**
 * The layer of a chart's own values.yaml, kept on its node: helm's dependency processing copies
 * nodes (one per alias) with their own properties, so the copies keep it too.
 */
const CHART_LAYER = Symbol("chart layer");
type LayeredChart = ChartNode & { [CHART_LAYER]?: number };

/** A chart folder's `Chart.yaml` (or, for an apiVersion v1 chart, `requirements.yaml`) dependencies. */
function declaredDependencies(fs: FileSystem, dir: string, major: 3 | 4): DependencySpec[] | null {
  const read = (file: string): ValueMap | undefined => {
    const p = `${dir}/${file}`;
    if (!fs.exists(p)) return undefined;
    try {
      return parseHelmValuesText(fs.readFile(p), major);
    } catch {
      return undefined; // helm fails the render on it; explain has nothing more to say of it
    }
  };
  let list = read("Chart.yaml")?.dependencies;
  if (!Array.isArray(list) || list.length === 0) list = read("requirements.yaml")?.dependencies;
  if (!Array.isArray(list) || list.length === 0) return null;
  const str = (v: Value | undefined): string => (typeof v === "string" ? v : "");
  return list.filter(isMap).map((d) => {
    const imports: ImportValue[] = [];
    const raw = d["import-values"];
    for (const iv of Array.isArray(raw) ? raw : []) {
      if (typeof iv === "string") imports.push(iv);
      else if (isMap(iv)) imports.push({ child: str(iv.child), parent: str(iv.parent) });
    }
    const alias = str(d.alias);
    return {
      name: str(d.name),
      alias: alias === "" ? undefined : alias,
      condition: str(d.condition),
      tags: Array.isArray(d.tags) ? d.tags.filter((t): t is string => typeof t === "string") : [],
      importValues: imports,
      enabled: true,
    };
  });
}

/**
 * The chart at `dir` as helm loads it, its values.yaml and its subcharts' a layer each (tagged):
 * a subchart is a folder of `charts/` with a Chart.yaml, or an archive there (through `unpack`).
 */
function chartTree(
  fs: FileSystem,
  dir: string,
  name: Namer,
  major: 3 | 4,
  add: (recorded: RecordedLayer) => { values: ValueMap; layer: number },
  unpack: ExplainReleaseOptions["unpack"],
): ChartNode {
  let meta = newMap();
  try {
    if (fs.exists(`${dir}/Chart.yaml`)) meta = parseHelmValuesText(fs.readFile(`${dir}/Chart.yaml`), major);
  } catch {
    // helm fails the render on an unreadable Chart.yaml; explain names the chart by its folder
  }
  const chartName = typeof meta.name === "string" ? meta.name : (dir.split("/").pop() ?? "");
  let values = newMap();
  let layer: number | undefined;
  if (fs.exists(`${dir}/values.yaml`)) {
    const text = fs.readFile(`${dir}/values.yaml`);
    const own = float64(parseHelmValuesText(text, major)) as ValueMap;
    ({ values, layer } = add({
      layer: "chart default",
      file: name("values.yaml"),
      text,
      values: own,
      secret: false,
    }));
  }
  const dependencies: ChartNode[] = [];
  const charts = `${dir}/charts`;
  if (fs.isDirectory(charts)) {
    for (const entry of fs.readDir(charts)) {
      const p = `${charts}/${entry}`;
      let sub: { dir: string; name: Namer } | undefined;
      if (fs.isDirectory(p) && fs.exists(`${p}/Chart.yaml`)) {
        sub = { dir: p, name: (f) => name(`charts/${entry}/${f}`) };
      } else if (/\.(tgz|tar\.gz)$/.test(entry) && fs.isFile(p)) {
        const unpacked = unpack?.(p);
        if (unpacked !== undefined) sub = { dir: unpacked, name: (f) => `${name(`charts/${entry}`)}: ${f}` };
      }
      if (sub === undefined) continue;
      dependencies.push(chartTree(fs, sub.dir, sub.name, major, add, unpack));
    }
  }
  const node: LayeredChart = {
    name: chartName,
    values,
    dependencies,
    metadataDeps: declaredDependencies(fs, dir, major),
  };
  if (layer !== undefined) node[CHART_LAYER] = layer;
  return node;
}

/** Where each chart's values.yaml layer sits after helm's dependency processing, by layer. */
function placements(chart: LayeredChart, at: KeyPath, out: Map<number, KeyPath[]>): void {
  const layer = chart[CHART_LAYER];
  if (layer !== undefined) out.set(layer, [...(out.get(layer) ?? []), at]);
  for (const d of chart.dependencies) placements(d, [...at, d.name], out);
}

/**
 * Where else a key of the merged tree may come from: a subchart's `global.x` from each ancestor's
 * `global.x` (helm copies globals down), and an imported key from the subchart value it was
 * imported from (`import-values`, string form `exports.<name>` or `child`/`parent` pairs).
 */
function copiedFrom(chart: ChartNode, at: KeyPath, path: KeyPath): KeyPath[] {
  const out: KeyPath[] = [];
  const startsWith = (p: KeyPath, prefix: KeyPath): boolean =>
    p.length >= prefix.length && prefix.every((s, i) => p[i] === s);
  const visit = (c: ChartNode, here: KeyPath, ancestors: KeyPath[]): void => {
    const g = [...here, "global"];
    if (here.length > 0 && startsWith(path, g))
      for (const a of ancestors) out.push([...a, "global", ...path.slice(g.length)]);
    for (const r of c.metadataDeps ?? []) {
      for (const iv of r.importValues) {
        const child = (typeof iv === "string" ? `exports.${iv}` : iv.child)
          .split(".")
          .filter((x) => x !== "");
        const parent =
          typeof iv === "string" || iv.parent === "." ? [] : iv.parent.split(".").filter((x) => x !== "");
        const to = [...here, ...parent];
        if (startsWith(path, to)) out.push([...here, r.name, ...child, ...path.slice(to.length)]);
      }
    }
    for (const d of c.dependencies) visit(d, [...here, d.name], [...ancestors, here]);
  };
  visit(chart, at, []);
  return out;
}

/** Explains `path` of `release`'s merged values (chart defaults of a local chart included). */
export function explainReleaseValue(
  release: PreparedRelease,
  path: KeyPath,
  key: string,
  options: ExplainReleaseOptions,
): ExplainResult {
  const major = options.helmVersion ?? 4;
  const fs = options.fs;
  const layers: ReplayLayer[] = [];
  const add = (recorded: RecordedLayer, kind: ReplayLayer["kind"]): ValueMap => {
    layers.push({ recorded, kind });
    return tagTree(recorded.values, layers.length - 1) as ValueMap;
  };
  const chartDir = options.chart?.dir ?? release.chartPath;
  const label = options.chart?.label;
  // A pulled chart is named as the state names it (its folder is temporary).
  const namer: Namer = label === undefined ? (f) => `${chartDir ?? ""}/${f}` : (f) => `${label}: ${f}`;
  const chart: ChartNode =
    chartDir !== undefined && fs.isDirectory(chartDir)
      ? chartTree(
          fs,
          chartDir,
          namer,
          major,
          (recorded) => {
            layers.push({ recorded, kind: "chart" });
            return {
              values: tagTree(recorded.values, layers.length - 1) as ValueMap,
              layer: layers.length - 1,
            };
          },
          options.unpack,
        )
      : { name: release.name, values: newMap(), dependencies: [], metadataDeps: null };
  const stateText = fs.exists(release.stateFile) ? fs.readFile(release.stateFile) : undefined;
  let user = newMap();
  for (const src of release.values) {
    const text = src.kind === "inline" ? src.content : fs.readFile(src.path);
    const { layer, entry } = sourceLayer(release, src.origin);
    const file =
      src.kind === "file"
        ? src.path
        : typeof entry === "string"
          ? joinPath(release.baseDir, entry)
          : release.stateFile;
    // A rendered `.gotmpl` entry: its lines are mapped back to the template's.
    const template =
      src.kind === "inline" && typeof entry === "string" && /\.gotmpl$/.test(entry) && fs.exists(file)
        ? { source: fs.readFile(file) }
        : {};
    const where =
      src.kind === "inline" && typeof entry !== "string" && !src.secret
        ? inlinePrefix(release, src.origin, stateText)
        : { text, ...template };
    const values = parseHelmValuesText(text, major);
    // A map whose references were resolved keeps them beside it: explain names a reference, never its value.
    const references =
      src.kind === "inline" && src.references !== undefined
        ? { references: parseHelmValuesText(src.references, major) }
        : {};
    user = mergeMaps(user, add({ layer, file, ...where, values, secret: src.secret, ...references }, "helm"));
  }
  for (const kind of FLAG_ORDER) {
    for (const flag of release.setFlags) {
      if (flag.kind !== kind) continue;
      const own = applyFlag(newMap(), flag, { readFile: (p) => fs.readFile(p), major });
      layers.push({
        recorded: {
          layer: FLAG_LAYER[kind],
          file: "",
          flag: flag.secret ? `--${kind} [secret]` : `--${kind} ${flag.expression}`,
          values: own,
          secret: flag.secret,
        },
        kind: "set",
      });
      user = applyFlag(cloneValue(user) as ValueMap, flag, { readFile: (p) => fs.readFile(p), major });
      tagNewLeaves(user, layers.length - 1);
    }
  }
  const ctx: CoalesceContext = {
    printf: () => undefined,
    major,
    scalar: (v) => (v instanceof TaggedLeaf ? v.leaf : v),
  };
  let merged: ValueMap;
  try {
    processDependencies(ctx, chart, user);
    merged = coalesceValuesTree(ctx, chart, user);
  } catch (err) {
    if (!(err instanceof CoalesceError)) throw err;
    throw new MergeError("HELM_SUBCHART_TYPE", err.message, { cause: err });
  }
  // A chart's layer sits where processing left its chart: under its aliased name, once per alias,
  // nowhere when switched off.
  const placed = new Map<number, KeyPath[]>();
  placements(chart, [], placed);
  for (let i = 0; i < layers.length; i++) {
    const l = layers[i] as ReplayLayer;
    if (l.kind === "chart") layers[i] = { ...l, at: placed.get(i) ?? [] };
  }
  const candidates = [path, ...copiedFrom(chart, [], path)];
  const order = layers.map((_, i) => i);
  const id = `${release.namespace}/${release.name}`;
  const dir = release.baseDir;
  const node = valueAt(merged, path);
  if (node === undefined) {
    const deleted = [...order].reverse().find((t) => {
      const l = layers[t] as ReplayLayer;
      const p = ownPath(l, candidates);
      return p !== undefined && valueAt(l.recorded.values, p) === null;
    });
    const chain = chainOf(layers, order, deleted, path, dir, candidates);
    return {
      release: id,
      key,
      found: chain.length > 0,
      value: null,
      source:
        deleted === undefined
          ? { file: "", line: null, layer: "" }
          : sourceOf(
              layers[deleted] as ReplayLayer,
              ownPath(layers[deleted] as ReplayLayer, candidates) ?? path,
              dir,
            ),
      chain,
      suggestions: chain.length > 0 ? [] : suggestKeys(key, leafPaths(untagTree(merged))),
      exact: true,
    };
  }
  const setters = order.filter((t) => ownPath(layers[t] as ReplayLayer, candidates) !== undefined);
  const winner = node instanceof TaggedLeaf ? node.tag : setters[setters.length - 1];
  const w = winner === undefined ? undefined : (layers[winner] as ReplayLayer);
  const wPath = w === undefined ? path : (ownPath(w, candidates) ?? path);
  return {
    release: id,
    key,
    found: true,
    value: shown(
      untagTree(node),
      w?.recorded.secret === true || hasSecretLeaf({ layers }, node),
      w === undefined ? undefined : referenceAt(w.recorded, wPath),
    ),
    source: w === undefined ? { file: "", line: null, layer: "" } : sourceOf(w, wPath, dir),
    chain: chainOf(layers, order, winner, path, dir, candidates),
    suggestions: [],
    exact: true,
  };
}
