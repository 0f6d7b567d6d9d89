/**
 * Collects, when explaining, the layers each state part merges into `.Values`: which `values:`
 * entry came from which base, its file, its (rendered) text and its own map. Nothing here runs
 * unless the loader context carries a sink.
 */
import type { KeyPath, PartValuesRecord, RecordedLayer } from "../shared/provenance";
import { newMap, type Value, type ValueMap } from "../shared/value";
import type { LoadedValuesLayer } from "./env-values-loader";
import { mergeEnvironmentSpecs } from "./environment-spec";
import type { StateSpec } from "./schema";

/** A state part as the sink saw it: its file and rendered text. */
export interface SeenPart {
  readonly file: string;
  readonly text: string;
}

/** Per-invocation store of recorded parts, by absolute state file. */
export class ProvenanceSink {
  private readonly parts = new Map<string, PartValuesRecord[]>();
  /** The part recorded last (a base's, right after it was loaded). */
  lastPart: SeenPart | undefined;

  /** Forgets what an earlier load of `file` recorded. */
  beginFile(file: string): void {
    this.parts.set(file, []);
  }

  /** Records one part of `file`. */
  addPart(seen: SeenPart, record: PartValuesRecord): void {
    const list = this.parts.get(seen.file) ?? [];
    list.push(record);
    this.parts.set(seen.file, list);
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
      text: l.part.text,
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
    return {
      layer: ownerPrefix(origin) + name,
      file: layer.file,
      text: layer.text,
      values: layer.values,
      secret: false,
    };
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
