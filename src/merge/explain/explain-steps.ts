/**
 * The pieces both explainers share: the result shape, key paths, lines of a layer (looked up
 * only now, never while loading) and the chain built from the layers that set a key.
 */
import type { KeyPath, RecordedLayer } from "../../shared/provenance";
import { maskSecretRefQueries } from "../../shared/redact-error";
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

/**
 * Parses `a.b[0].c` (also `a.b.0`) into a key path. A key holding dots or brackets is quoted:
 * `annotations."example.com/name"` or `annotations["example.com/name"]` (single quotes too).
 */
export function parseKeyPath(key: string): (string | number)[] {
  const out: (string | number)[] = [];
  let i = 0;
  const quoted = (): string => {
    const q = key[i];
    let s = "";
    for (i++; i < key.length && key[i] !== q; i++) {
      if (key[i] === "\\" && i + 1 < key.length) i++;
      s += key[i];
    }
    i++; // the closing quote
    return s;
  };
  while (i < key.length) {
    const c = key[i];
    if (c === ".") {
      i++;
      continue;
    }
    if (c === '"' || c === "'") {
      out.push(quoted());
      continue;
    }
    if (c === "[") {
      i++;
      if (key[i] === '"' || key[i] === "'") out.push(quoted());
      else {
        const close = key.indexOf("]", i);
        const inner = key.slice(i, close < 0 ? key.length : close);
        out.push(/^\d+$/.test(inner) ? Number(inner) : inner);
        i = close < 0 ? key.length : close;
      }
      if (key[i] === "]") i++;
      continue;
    }
    let j = i;
    while (j < key.length && key[j] !== "." && key[j] !== "[") j++;
    const word = key.slice(i, j);
    // `a.0` indexes a list; a leading number is a map key.
    out.push(/^\d+$/.test(word) && out.length > 0 ? Number(word) : word);
    i = j;
  }
  return out;
}

/** A key path in the dotted form {@link parseKeyPath} reads (keys with dots, brackets or quotes quoted). */
export function formatKeyPath(path: readonly (string | number)[]): string {
  let out = "";
  for (const step of path) {
    if (typeof step === "number") out += `[${step}]`;
    else {
      const plain = step !== "" && !/[.[\]"'\\]/.test(step);
      const seg = plain ? step : JSON.stringify(step);
      out += out === "" ? seg : `.${seg}`;
    }
  }
  return out;
}

/** A layer plus how it was merged, numbered by its position in the replay. */
export interface ReplayLayer {
  readonly recorded: RecordedLayer;
  /** How its lists and nulls were applied. */
  readonly kind: "mergo" | "sparse" | "merge" | "fallback" | "helm" | "set" | "chart";
  /**
   * Where its values sit in the merged tree: a subchart's defaults under the subchart's (aliased)
   * name, at each place helm put that subchart (none when its condition or tags switched it off).
   * Default: the top.
   */
  readonly at?: readonly KeyPath[];
}

/**
 * The path, among `candidates` (the key first, then where helm copied it from: a parent's
 * `global`, a subchart's `import-values`), at which the layer's own values hold a value, relative
 * to the layer's own values; undefined when it holds none of them.
 */
export function ownPath(l: ReplayLayer, candidates: readonly KeyPath[]): KeyPath | undefined {
  for (const c of candidates) {
    for (const at of l.at ?? [[]]) {
      if (c.length < at.length || at.some((s, i) => c[i] !== s)) continue;
      const own = c.slice(at.length);
      if (valueAt(l.recorded.values, own) !== undefined) return own;
    }
  }
  return undefined;
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

type Positioned = ReturnType<typeof decodeYamlWithPositions>;
/** The last texts decoded with positions (a preview explains many keys of the same files). */
const positionsCache = new Map<string, Positioned | null>();
const POSITIONS_CACHED = 16;

/** `text` decoded with positions (null when it is not YAML), from a small cache. */
export function positionedYaml(text: string): Positioned | null {
  const hit = positionsCache.get(text);
  if (hit !== undefined) {
    positionsCache.delete(text);
    positionsCache.set(text, hit);
    return hit;
  }
  let decoded: Positioned | null;
  try {
    decoded = decodeYamlWithPositions(text);
  } catch {
    decoded = null;
  }
  positionsCache.set(text, decoded);
  if (positionsCache.size > POSITIONS_CACHED)
    positionsCache.delete(positionsCache.keys().next().value as string);
  return decoded;
}

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
  const pos = positionedYaml(layer.text)?.locate([...(layer.prefix ?? []), ...path]);
  if (pos === undefined) return null;
  return layer.source === undefined ? pos.line : sourceLine(layer.source, layer.text, pos.line);
}

/** The key of a YAML line (`  - name: x` → `name`), if it has one. */
function keyOfLine(line: string): string | undefined {
  const m = /^\s*(?:-\s+)*("[^"]*"|'[^']*'|[^\s:#"'][^:#]*?)\s*:(?:\s|$)/.exec(line);
  return m?.[1]?.replace(/^["']|["']$/g, "");
}

/**
 * Maps a line of a template's rendered text back to the template's own line: lines the
 * template kept as they were are matched (a longest common subsequence of lines); a line the
 * template produced maps to the source line between the surrounding kept lines that holds the
 * same key, else to the only template line there, else to the first one there.
 */
export function sourceLine(source: string, rendered: string, line: number): number {
  // Blank lines are no anchors: templates add and trim them freely.
  const a = source.split("\n").map((l, i) => (l.trim() === "" ? `\u0000s${i}` : l.trimEnd()));
  const b = rendered.split("\n").map((l, i) => (l.trim() === "" ? `\u0000r${i}` : l.trimEnd()));
  const n = a.length;
  const m = b.length;
  // lcs[i][j]: longest common subsequence of a[i..] and b[j..].
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    const row = lcs[i] as Uint32Array;
    const next = lcs[i + 1] as Uint32Array;
    for (let j = m - 1; j >= 0; j--)
      row[j] =
        a[i] === b[j] ? (next[j + 1] as number) + 1 : Math.max(next[j] as number, row[j + 1] as number);
  }
  const toSource = new Map<number, number>();
  for (let i = 0, j = 0; i < n && j < m;) {
    if (a[i] === b[j]) toSource.set(j++, i++);
    else if (((lcs[i + 1] as Uint32Array)[j] as number) >= ((lcs[i] as Uint32Array)[j + 1] as number)) i++;
    else j++;
  }
  const r = line - 1;
  const hit = toSource.get(r);
  if (hit !== undefined) return hit + 1;
  let lo = -1;
  for (let j = r - 1; j >= 0; j--) {
    const s = toSource.get(j);
    if (s !== undefined) {
      lo = s;
      break;
    }
  }
  let hi = n;
  for (let j = r + 1; j < m; j++) {
    const s = toSource.get(j);
    if (s !== undefined) {
      hi = s;
      break;
    }
  }
  const candidates: number[] = [];
  for (let i = lo + 1; i < hi; i++) candidates.push(i);
  if (candidates.length === 0) return Math.min(lo + 2, n);
  const key = keyOfLine(b[r] ?? "");
  const indentOf = (l: string): number => /^\s*/.exec(l)?.[0].length ?? 0;
  const indent = indentOf(b[r] ?? "");
  const best = (found: number[]): number | undefined =>
    found.find((i) => indentOf(a[i] ?? "") === indent) ?? found[0];
  // The same key, else a templated key that can produce it (`k{{ $i }}` for `k2`).
  const sameKey = candidates.filter((i) => key !== undefined && keyOfLine(a[i] ?? "") === key);
  const pattern = (i: number): RegExp | undefined => {
    const k = keyOfLine((a[i] ?? "").replace(/\{\{[^}]*\}\}/g, "\u0002"));
    if (k === undefined || !k.includes("\u0002")) return undefined;
    return new RegExp(
      `^${k
        .split("\u0002")
        .map((x) => x.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
        .join(".*")}$`,
    );
  };
  const templatedKey = candidates.filter((i) => key !== undefined && pattern(i)?.test(key) === true);
  // Else a line writing text besides its actions (not a bare `{{ range }}` / `{{ end }}`).
  const contentful = candidates.filter((i) => (a[i] ?? "").replace(/\{\{[\s\S]*?\}\}/g, "").trim() !== "");
  const pick = best(sameKey) ?? best(templatedKey) ?? best(contentful) ?? (candidates[0] as number);
  return pick + 1;
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
export function shown(v: Value | undefined, secret: boolean, reference?: string): unknown {
  if (secret) return reference === undefined ? "[secret]" : `[secret: ${reference}]`;
  return v === undefined ? null : toPlain(v);
}

/** The secret reference a layer resolved at `path` (as written in the state, its query masked), if any. */
export function referenceAt(layer: RecordedLayer, path: KeyPath): string | undefined {
  const r = layer.references === undefined ? undefined : valueAt(layer.references, path);
  return typeof r === "string" && r.includes("ref+") ? maskSecretRefQueries(r) : undefined;
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

/**
 * The chain for `path`: every layer whose own values hold the key, winner moved last.
 * `candidates` are the paths a layer may hold it at (default the key alone; see {@link ownPath}).
 */
export function chainOf(
  layers: readonly ReplayLayer[],
  order: readonly number[],
  winner: number | undefined,
  path: KeyPath,
  dir: string,
  candidates: readonly KeyPath[] = [path],
): ExplainStep[] {
  const steps: { tag: number; step: ExplainStep }[] = [];
  for (const tag of order) {
    const l = layers[tag] as ReplayLayer;
    const p = ownPath(l, candidates);
    if (p === undefined) continue;
    const own = valueAt(l.recorded.values, p) as Value;
    steps.push({
      tag,
      step: {
        ...sourceOf(l, p, dir),
        value: shown(own, l.recorded.secret, referenceAt(l.recorded, p)),
        rule: ruleOf(l, own, p, tag === winner),
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
