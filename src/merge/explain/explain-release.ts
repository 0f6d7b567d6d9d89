/**
 * Explains a key of a release's values as helm computes them: the chart's values.yaml <
 * the `-f` files in helmfile's order (valuesTemplate entries first, since helmfile prepends
 * them to `values:`, then `values:`, then `secrets:`; helm's MergeMaps: later file wins) <
 * `--set-json`, `--set`, `--set-string`, `--set-file`, `--set-literal` (helm's fixed turns);
 * then coalescing with the chart defaults, where a user null deletes the key.
 */
import type { PreparedRelease } from "../../shared/model";
import type { FileSystem } from "../../shared/io";
import type { KeyPath, RecordedLayer } from "../../shared/provenance";
import { cloneValue, isMap, newMap, type Value, type ValueMap } from "../../shared/value";
import { coalesceValuesTree } from "../helm-values/coalesce";
import { parseHelmValuesText } from "../helm-values/helm-values-file";
import { mergeMaps } from "../helm-values/merge-maps";
import { applyFlag } from "../helm-values/user-values";
import {
  chainOf,
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
  let chart = newMap();
  const chartDir = options.chart?.dir ?? release.chartPath;
  const chartFile = chartDir === undefined ? undefined : `${chartDir}/values.yaml`;
  if (chartFile !== undefined && fs.exists(chartFile)) {
    const text = fs.readFile(chartFile);
    const values = float64(parseHelmValuesText(text, major)) as ValueMap;
    // A pulled chart is named as the state names it (its folder is temporary).
    const file = options.chart === undefined ? chartFile : `${options.chart.label}: values.yaml`;
    chart = add({ layer: "chart default", file, text, values, secret: false }, "chart");
  }
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
  const merged = coalesceValuesTree(
    { printf: () => undefined, major },
    { name: release.name, values: chart, dependencies: [], metadataDeps: null },
    user,
  );
  const order = layers.map((_, i) => i);
  const id = `${release.namespace}/${release.name}`;
  const dir = release.baseDir;
  const node = valueAt(merged, path);
  if (node === undefined) {
    const deleted = [...order].reverse().find((t) => valueAt(layers[t]?.recorded.values, path) === null);
    const chain = chainOf(layers, order, deleted, path, dir);
    return {
      release: id,
      key,
      found: chain.length > 0,
      value: null,
      source:
        deleted === undefined
          ? { file: "", line: null, layer: "" }
          : sourceOf(layers[deleted] as ReplayLayer, path, dir),
      chain,
      suggestions: chain.length > 0 ? [] : suggestKeys(key, leafPaths(untagTree(merged))),
      exact: true,
    };
  }
  const setters = order.filter((t) => valueAt(layers[t]?.recorded.values, path) !== undefined);
  const winner = node instanceof TaggedLeaf ? node.tag : setters[setters.length - 1];
  const w = winner === undefined ? undefined : (layers[winner] as ReplayLayer);
  return {
    release: id,
    key,
    found: true,
    value: shown(
      untagTree(node),
      w?.recorded.secret === true || hasSecretLeaf({ layers }, node),
      w === undefined ? undefined : referenceAt(w.recorded, path),
    ),
    source: w === undefined ? { file: "", line: null, layer: "" } : sourceOf(w, path, dir),
    chain: chainOf(layers, order, winner, path, dir),
    suggestions: [],
    exact: true,
  };
}
