/**
 * The pieces both explainers share: the result shape, key paths, lines of a layer (looked up
 * only now, never while loading) and the chain built from the layers that set a key.
 */
import type { KeyPath, RecordedLayer } from "../../shared/provenance";
import { toPlain, type Value } from "../../shared/value";
import { decodeYamlWithPositions } from "../../shared/yaml/index";
import { listDepth, valueAt } from "./tagged-tree";

/** Where a value came from. */
export interface ExplainSource {
  /** The file, relative to the state file's directory; or the flag (`--state-values-set a=1`). */
  readonly file: string;
  /** 1-based line of the key in that file (in the rendered text of a `.gotmpl`); null when unknown. */
  readonly line: number | null;
  /** The layer (`root values`, `base 1 …`, `environment values file 2`, `HCL`, `secrets 1`, `set`, …). */
  readonly layer: string;
}

/** One layer that set the key, as the chain lists it. */
export interface ExplainStep extends ExplainSource {
  /** That layer's value for the key (plain JSON; `"[secret]"` for secrets). */
  readonly value: unknown;
  /** The rule that applied it: `override`, `array replace`, `array sparse`, `array element-wise`, `mergeStrategy: fallback`, `null deletes a key`, `null ignored`, `chart default`. */
  readonly rule: string;
}

/** What {@link explainValue} found. */
export interface ExplainResult {
  /** `namespace/name` of the release, or null for state values. */
  readonly release: string | null;
  readonly key: string;
  /** False when no layer sets the key. */
  readonly found: boolean;
  /** The merged value (plain JSON, `"[secret]"` when a secret won); null when not found. */
  readonly value: unknown;
  /** The winning layer; for a key no layer sets, an empty source. */
  readonly source: ExplainSource;
  /** Every layer that set the key, loser first, winner last. */
  readonly chain: readonly ExplainStep[];
  /** Close existing keys, when not found. */
  readonly suggestions: readonly string[];
  /** True when replaying the recorded layers gave exactly the loaded value (a self-check). */
  readonly exact: boolean;
}

/** Parses `a.b[0].c` (also `a.b.0`) into a key path. */
export function parseKeyPath(key: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const part of key.split(".")) {
    const m = /^([^[\]]*)((?:\[\d+\])*)$/.exec(part);
    if (m === null) {
      out.push(part);
      continue;
    }
    if ((m[1] ?? "") !== "")
      out.push(/^\d+$/.test(m[1] ?? "") && out.length > 0 ? Number(m[1]) : (m[1] ?? ""));
    for (const idx of (m[2] ?? "").matchAll(/\[(\d+)\]/g)) out.push(Number(idx[1]));
  }
  return out;
}

/** A layer plus how it was merged, numbered by its position in the replay. */
export interface ReplayLayer {
  readonly recorded: RecordedLayer;
  /** How its lists and nulls were applied. */
  readonly kind: "mergo" | "sparse" | "merge" | "fallback" | "helm" | "set" | "chart";
}

/** Path of `file` relative to `dir` (both absolute, `/`-separated). */
export function relativeTo(dir: string, file: string): string {
  if (!file.startsWith("/") || dir === "") return file;
  const a = dir.split("/").filter((s) => s !== "");
  const b = file.split("/").filter((s) => s !== "");
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return [...a.slice(i).map(() => ".."), ...b.slice(i)].join("/") || ".";
}

function hclAttribute(name: string): RegExp {
  return new RegExp(`^[ \\t]*"?${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"?[ \\t]*=`, "m");
}

const positionsCache = new WeakMap<RecordedLayer, ReturnType<typeof decodeYamlWithPositions> | null>();

/** The line that sets `path` in a layer, or null. */
export function lineOf(layer: RecordedLayer, path: KeyPath): number | null {
  if (layer.hclFiles !== undefined) {
    const name = String(path[0] ?? "");
    const re = hclAttribute(name);
    let found: number | null = null;
    // HCL's own precedence among its files is last-file-wins.
    for (const f of layer.hclFiles) {
      const m = re.exec(f.text);
      if (m !== null) found = f.text.slice(0, m.index).split("\n").length;
    }
    return found;
  }
  if (layer.text === undefined) return null;
  let positioned = positionsCache.get(layer);
  if (positioned === undefined) {
    try {
      positioned = decodeYamlWithPositions(layer.text);
    } catch {
      positioned = null;
    }
    positionsCache.set(layer, positioned);
  }
  const pos = positioned?.locate([...(layer.prefix ?? []), ...path]);
  return pos === undefined ? null : pos.line;
}

/** The file of a HCL layer that sets the path's top-level attribute (last one), else the layer's file. */
export function fileOf(layer: RecordedLayer, path: KeyPath): string {
  if (layer.flag !== undefined) return layer.flag;
  if (layer.hclFiles === undefined) return layer.file;
  const name = String(path[0] ?? "");
  const hit = [...layer.hclFiles].reverse().find((f) => hclAttribute(name).test(f.text));
  return hit?.file ?? layer.file;
}

/** A value for display: secrets hidden. */
export function shown(v: Value | undefined, secret: boolean): unknown {
  if (secret) return "[secret]";
  return v === undefined ? null : toPlain(v);
}

function ruleOf(l: ReplayLayer, own: Value, path: KeyPath, won: boolean): string {
  if (l.kind === "chart") return "chart default";
  // A null that did not win was dropped where layers meet (MergeMaps keeps an existing key, helmfile #1154).
  if (own === null && !won && l.kind !== "helm" && l.kind !== "set") return "null ignored (key kept)";
  if (own === null) {
    if (l.kind === "helm" || l.kind === "set") return "null deletes a key";
    if (l.kind === "mergo") return "null overrides";
    return "null ignored (key kept)";
  }
  const depth = listDepth(l.recorded.values, path);
  if (depth >= 0) {
    const list = valueAt(l.recorded.values, path.slice(0, depth));
    if (l.kind === "merge" || l.kind === "set") return "array element-wise";
    // mergo replaces lists inside the environment group, but the group meets the root values with MergeMaps' sparse rule.
    if ((l.kind === "sparse" || l.kind === "mergo") && Array.isArray(list) && list.some((x) => x === null))
      return "array sparse";
    return "array replace";
  }
  if (l.kind === "fallback") return "mergeStrategy: fallback";
  return "override";
}

/** The chain for `path`: every layer whose own values hold the key, winner moved last. */
export function chainOf(
  layers: readonly ReplayLayer[],
  order: readonly number[],
  winner: number | undefined,
  path: KeyPath,
  dir: string,
): ExplainStep[] {
  const steps: { tag: number; step: ExplainStep }[] = [];
  for (const tag of order) {
    const l = layers[tag] as ReplayLayer;
    const own = valueAt(l.recorded.values, path);
    if (own === undefined) continue;
    steps.push({
      tag,
      step: {
        ...sourceOf(l, path, dir),
        value: shown(own, l.recorded.secret),
        rule: ruleOf(l, own, path, tag === winner),
      },
    });
  }
  const w = steps.findIndex((s) => s.tag === winner);
  if (w >= 0) steps.push(...steps.splice(w, 1));
  return steps.map((s) => s.step);
}

/** The source of a layer for `path`. */
export function sourceOf(l: ReplayLayer, path: KeyPath, dir: string): ExplainSource {
  const file = fileOf(l.recorded, path);
  return {
    file: l.recorded.flag !== undefined ? file : relativeTo(dir, file),
    line: l.recorded.flag !== undefined ? null : lineOf(l.recorded, path),
    layer: l.recorded.layer,
  };
}
