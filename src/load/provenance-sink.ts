/**
 * Collects, when explaining, the layers each state part merges into `.Values`: which `values:`
 * entry came from which base, its file, its (rendered) text and its own map. Nothing here runs
 * unless the loader context carries a sink.
 */
import type { KeyPath, PartValuesRecord, RecordedLayer } from "../shared/provenance";
import { isMap, newMap, type Value, type ValueMap } from "../shared/value";
import { decodeYamlWithPositions } from "../shared/yaml/index";
import { sameValue } from "../merge/explain/tagged-tree";
import type { LoadedValuesLayer } from "./env-values-loader";
import { mergeEnvironmentSpecs } from "./environment-spec";
import type { StateSpec } from "./schema";

/** A state part as the sink saw it: its file and rendered text. */
export interface SeenPart {
  readonly file: string;
  readonly text: string;
  /** The part's template text when it was rendered to something else. */
  readonly source?: string;
}

/** What is laid over a whole state file from outside its parts. */
export interface OverrideRecord {
  /** `--state-values-file` or the including sub-helmfile's `values:` entries. */
  readonly layers: readonly RecordedLayer[];
  /** Whether the CLI's `--state-values-set` applies (top-level states only). */
  readonly cli: boolean;
  /** A sub-helmfile's `inherits: [environments]`: the parent's environment it starts from. */
  readonly inherited?: InheritedLayers;
}

/** The parent's environment a sub-helmfile inherits, one layer per part of helmfile's Environment. */
export interface InheritedLayers {
  readonly defaults: RecordedLayer;
  readonly values: RecordedLayer;
  readonly cli: RecordedLayer;
}

/** Layers for an inherited environment (no lines: the values were merged in the parent). */
export function inheritedLayers(
  parent: string,
  env: { readonly defaults: ValueMap; readonly values: ValueMap; readonly cliOverrides: ValueMap },
): InheritedLayers {
  const layer = (name: string, values: ValueMap): RecordedLayer => ({
    layer: `inherited ${name}`,
    file: parent,
    values,
    secret: false,
  });
  return {
    defaults: layer("root values", env.defaults),
    values: layer("environment values", env.values),
    cli: layer("CLI values", env.cliOverrides),
  };
}

/** Per-invocation store of recorded parts, by absolute state file. */
export class ProvenanceSink {
  private readonly parts = new Map<string, PartValuesRecord[]>();
  private readonly overrides = new Map<string, OverrideRecord>();
  private readonly texts = new Map<string, string[]>();
  /** The part recorded last (a base's, right after it was loaded). */
  lastPart: SeenPart | undefined;

  /** Forgets what an earlier load of `file` recorded. */
  beginFile(file: string): void {
    this.parts.set(file, []);
    this.texts.set(file, []);
  }

  /** Records what `loadDesired` lays over `file` from outside: override layers, and whether the CLI's `--state-values-set` applies. */
  setOverrides(file: string, record: OverrideRecord): void {
    this.overrides.set(file, record);
  }

  /** What {@link setOverrides} recorded for `file`. */
  overridesOf(file: string): OverrideRecord {
    return this.overrides.get(file) ?? { layers: [], cli: false };
  }

  /** The (rendered) texts of the parts recorded for `file`, each padded to its line in the file. */
  partTexts(file: string): readonly string[] {
    return this.texts.get(file) ?? [];
  }

  /** Records one part of `file`. */
  addPart(seen: SeenPart, record: PartValuesRecord): void {
    const list = this.parts.get(seen.file) ?? [];
    list.push(record);
    this.parts.set(seen.file, list);
    const texts = this.texts.get(seen.file) ?? [];
    texts.push(seen.text);
    this.texts.set(seen.file, texts);
    this.lastPart = seen;
  }

  /** The parts recorded for `file`, in order. */
  partsOf(file: string): readonly PartValuesRecord[] {
    return this.parts.get(file) ?? [];
  }
}

/** Where one entry of a (base-concatenated) `values:`/`secrets:` list was written. */
export interface EntryOrigin {
  /** `""` for the file itself, `base N` (1-based) for a base. */
  readonly owner: string;
  readonly file: string;
  readonly text: string;
  /** The template text of a rendered part (see {@link SeenPart}). */
  readonly source?: string;
  /** Index in its own file's list (0-based). */
  readonly index: number;
  readonly prefix: KeyPath;
}

/** Origins of the root `values:`, the environment's `values:` and `secrets:` after bases are layered. */
export interface EntryOrigins {
  readonly root: readonly EntryOrigin[];
  readonly env: readonly EntryOrigin[];
  readonly secrets: readonly EntryOrigin[];
}

/** One layer of {@link entryOrigins}: a base or the file itself. */
export interface OriginLayer {
  readonly spec: StateSpec;
  readonly part: SeenPart;
  /** Every part's text of a base (its `values:` may sit in an earlier part than the last). */
  readonly texts?: readonly string[];
}

/** The last of `texts` that holds `prefix` (else `fallback`): where a base's entry was written. */
function textHolding(texts: readonly string[] | undefined, prefix: KeyPath, fallback: string): string {
  for (const text of [...(texts ?? [])].reverse()) {
    try {
      if (decodeYamlWithPositions(text).locate(prefix) !== undefined) return text;
    } catch {
      continue;
    }
  }
  return fallback;
}

/** Replays the list concatenation of bases (state-creator's loadBases) on entry origins. */
export function entryOrigins(layers: readonly OriginLayer[], envName: string): EntryOrigins {
  const root: EntryOrigin[] = [];
  const tags: EntryOrigin[] = [];
  let envs: ValueMap = newMap();
  layers.forEach((l, n) => {
    const owner = n === layers.length - 1 ? "" : `base ${n + 1}`;
    const origin = (index: number, prefix: KeyPath): EntryOrigin => ({
      owner,
      file: l.part.file,
      text:
        l.texts === undefined || l.texts.length <= 1
          ? l.part.text
          : textHolding(l.texts, prefix, l.part.text),
      // The file's own part keeps its template (a base's parts are looked up as rendered).
      ...(l.part.source === undefined || l.texts !== undefined ? {} : { source: l.part.source }),
      index,
      prefix,
    });
    (l.spec.values ?? []).forEach((_, i) => root.push(origin(i, ["values", i])));
    const spec = l.spec.environments?.[envName];
    if (spec === undefined) return;
    const tagOf = (kind: string, i: number): string => {
      tags.push(origin(i, ["environments", envName, kind, i]));
      return String(tags.length - 1);
    };
    const shadow = newMap();
    shadow.values = (spec.values ?? []).map((_, i) => tagOf("values", i));
    shadow.secrets = (spec.secrets ?? []).map((_, i) => tagOf("secrets", i));
    if (spec.mergeStrategy !== undefined) shadow.mergeStrategy = spec.mergeStrategy;
    const src = newMap();
    src[envName] = shadow;
    envs = mergeEnvironmentSpecs(envs, src);
  });
  const merged = envs[envName] as ValueMap | undefined;
  const pick = (key: string): EntryOrigin[] => {
    const list = merged?.[key];
    return Array.isArray(list) ? list.map((t: Value) => tags[Number(t)] as EntryOrigin) : [];
  };
  return { root, env: pick("values"), secrets: pick("secrets") };
}

function ownerPrefix(origin: EntryOrigin | undefined): string {
  return origin === undefined || origin.owner === "" ? "" : `${origin.owner} `;
}

/** The recorded layer of a values file, named `name`. */
function fileLayer(name: string, layer: Extract<LoadedValuesLayer, { kind: "file" }>): RecordedLayer {
  return {
    layer: name,
    file: layer.file,
    text: layer.text,
    ...(layer.source === layer.text ? {} : { source: layer.source }),
    values: layer.values,
    secret: false,
  };
}

/** A recorded layer for a loaded `values:` entry. */
export function recordedLayer(
  kind: "root values" | "environment values",
  layer: LoadedValuesLayer,
  origin: EntryOrigin | undefined,
  readText: (file: string) => string,
): RecordedLayer {
  const n = (origin?.index ?? 0) + 1;
  if (layer.kind === "file") {
    const name = kind === "root values" ? `root values file ${n}` : `environment values file ${n}`;
    return fileLayer(ownerPrefix(origin) + name, layer);
  }
  if (layer.kind === "hcl") {
    const hclFiles = layer.files.map((file) => ({ file, text: readText(file) }));
    return {
      layer: "HCL",
      file: layer.files[layer.files.length - 1] ?? "",
      hclFiles,
      values: layer.values,
      secret: false,
    };
  }
  const name = kind === "root values" ? "root values" : `environment values ${n} (inline)`;
  return {
    layer: ownerPrefix(origin) + name,
    file: origin?.file ?? "",
    ...(origin === undefined ? {} : { text: origin.text, prefix: [...origin.prefix] }),
    ...(origin?.source === undefined ? {} : { source: origin.source }),
    values: layer.values,
    secret: false,
  };
}

/** A recorded layer for a decrypted non-HCL `secrets:` file. */
export function recordedSecret(
  file: string,
  text: string,
  values: ValueMap,
  origin: EntryOrigin | undefined,
): RecordedLayer {
  return {
    layer: `${ownerPrefix(origin)}secrets ${(origin?.index ?? 0) + 1}`,
    file,
    text,
    values,
    secret: true,
  };
}

/** Where an inline sub-helmfile `values:` entry sits in its parent's parts: `helmfiles[k].values[j]`. */
function locateInline(
  texts: readonly string[],
  values: ValueMap,
): { text: string; prefix: KeyPath } | undefined {
  for (const text of texts) {
    let doc: Value;
    try {
      doc = decodeYamlWithPositions(text).value as Value;
    } catch {
      continue;
    }
    const list = isMap(doc) ? doc.helmfiles : undefined;
    if (!Array.isArray(list)) continue;
    for (const [k, h] of list.entries()) {
      const entries = isMap(h) ? h.values : undefined;
      if (!Array.isArray(entries)) continue;
      const j = entries.findIndex((e) => sameValue(e, values));
      if (j >= 0) return { text, prefix: ["helmfiles", k, "values", j] };
    }
  }
  return undefined;
}

/** A recorded layer for a `--state-values-file` entry or an including sub-helmfile's `values:` entry. */
export function overrideLayer(
  sink: ProvenanceSink,
  opts: { readonly calleePath?: string },
  index: number,
  layer: LoadedValuesLayer,
): RecordedLayer {
  const parent = opts.calleePath;
  const name =
    parent === undefined ? `CLI --state-values-file ${index + 1}` : `sub-helmfile values ${index + 1}`;
  if (layer.kind === "file") {
    return fileLayer(name, layer);
  }
  if (layer.kind === "hcl") {
    return {
      layer: `${name} (HCL)`,
      file: layer.files[layer.files.length - 1] ?? "",
      values: layer.values,
      secret: false,
    };
  }
  const where = parent === undefined ? undefined : locateInline(sink.partTexts(parent), layer.values);
  return {
    layer: name,
    file: parent ?? "",
    ...(where === undefined ? {} : { text: where.text, prefix: where.prefix }),
    values: layer.values,
    secret: false,
  };
}
