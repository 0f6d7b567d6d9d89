/**
 * Per-release change summary from Pulumi engine events: for every `helmfile:index:Release`
 * the step the engine plans (same, create, update, replace, delete), which inputs changed,
 * the key paths of the merged values that changed, and the steps of its Kubernetes children.
 */
import type { EngineEvent, OpMap, OpType, StepEventMetadata } from "@pulumi/pulumi/automation";
import { RELEASE_TYPE } from "../emit/resource-names";

/** One changed key of a release's merged values. */
export interface ValuesChange {
  /** Dotted key path, e.g. `image.tag` (array items as `[0]`; a key holding dots quoted: `annotations."a.b/c"`). */
  readonly path: string;
  /** Old value; absent when added. `"[secret]"` when the engine filtered a secret. A created or deleted release has one entry with path `.` holding all its values. */
  readonly old?: unknown;
  /** New value; absent when removed. */
  readonly new?: unknown;
  /** Where the new value was set (`values/app.yaml.gotmpl:3`), when known (see {@link withValueSources}). */
  readonly source?: string;
}

/**
 * Adds to each change the source of its new value, given a lookup (e.g. built on
 * `explainValue` over a state loaded with `explain: true`); changes it cannot place are kept as they are.
 */
export function withValueSources(
  changes: readonly ValuesChange[],
  sourceOf: (path: string) => { readonly file: string; readonly line: number | null } | undefined,
): ValuesChange[] {
  return changes.map((c) => {
    if (c.new === undefined || c.path === ".") return c;
    const s = sourceOf(c.path);
    return s === undefined || s.file === ""
      ? c
      : { ...c, source: s.line === null ? s.file : `${s.file}:${s.line}` };
  });
}

/** What the engine does to one release. */
export interface ReleaseChange {
  /** The release's resource name (its sanitised helmfile id, `namespace/name`). */
  readonly release: string;
  readonly urn: string;
  readonly op: OpType;
  /** Inputs of the Release that differ (`values`, `manifest`, `chart`, …). */
  readonly changedInputs: readonly string[];
  /** Key paths of the merged values that differ. */
  readonly valuesChanges: readonly ValuesChange[];
  /** Steps of the release's descendants (ConfigGroup, Kubernetes objects), by kind. */
  readonly childSteps: OpMap;
}

/** Incrementally folds engine events into per-release changes. */
export class ReleaseChangeCollector {
  private readonly releases = new Map<
    string,
    { release: string; meta: StepEventMetadata; childSteps: Record<string, number> }
  >();
  private readonly parents = new Map<string, string>();

  /** @param component The Helmfile component's name: release names lose its `<component>-` prefix. */
  constructor(private readonly component?: string) {}

  private releaseName(urn: string): string {
    const name = nameOf(urn);
    const prefix = this.component === undefined ? "" : `${this.component}-`;
    return prefix !== "" && name.startsWith(prefix) ? name.slice(prefix.length) : name;
  }

  /** Feeds one event; returns the release change when the event is the Release's own step. */
  add(event: EngineEvent): ReleaseChange | undefined {
    const meta =
      event.resourcePreEvent?.metadata ?? event.resOutputsEvent?.metadata ?? event.resOpFailedEvent?.metadata;
    if (meta === undefined) return undefined;
    const parent = meta.new?.parent ?? meta.old?.parent;
    if (parent !== undefined && parent !== "") this.parents.set(meta.urn, parent);
    if (meta.type === RELEASE_TYPE) {
      if (event.resourcePreEvent === undefined && this.releases.has(meta.urn)) return this.changeOf(meta.urn);
      const existing = this.releases.get(meta.urn);
      this.releases.set(meta.urn, {
        release: this.releaseName(meta.urn),
        meta,
        childSteps: existing?.childSteps ?? {},
      });
      return this.changeOf(meta.urn);
    }
    if (event.resourcePreEvent === undefined || meta.op === "same") return undefined;
    const owner = this.releaseOf(meta.urn);
    if (owner === undefined) return undefined;
    const entry = this.releases.get(owner);
    if (entry === undefined) return undefined;
    entry.childSteps[meta.op] = (entry.childSteps[meta.op] ?? 0) + 1;
    // Child steps only update the counts; progress is reported for the Release's own events.
    return undefined;
  }

  /** Every release seen, in first-seen order. */
  changes(): ReleaseChange[] {
    return [...this.releases.keys()]
      .map((urn) => this.changeOf(urn))
      .filter((c): c is ReleaseChange => c !== undefined);
  }

  /** The URN of the Release a resource belongs to (itself or an ancestor), if any. */
  releaseOf(urn: string): string | undefined {
    let current: string | undefined = urn;
    for (let depth = 0; current !== undefined && depth < 64; depth++) {
      if (this.releases.has(current)) return current;
      current = this.parents.get(current);
    }
    return undefined;
  }

  private changeOf(urn: string): ReleaseChange | undefined {
    const entry = this.releases.get(urn);
    if (entry === undefined) return undefined;
    const { meta } = entry;
    const changedInputs = changedInputsOf(meta);
    return {
      release: entry.release,
      urn,
      op: meta.op,
      changedInputs,
      valuesChanges: valuesChanges(meta.old?.inputs?.values, meta.new?.inputs?.values),
      childSteps: { ...entry.childSteps },
    };
  }
}

/** Summarises a finished list of engine events. */
export function summarizeReleaseChanges(events: readonly EngineEvent[]): ReleaseChange[] {
  const collector = new ReleaseChangeCollector();
  for (const e of events) collector.add(e);
  return collector.changes();
}

/**
 * Inputs that differ. The engine sends no `diffs` for component steps (they have no provider to
 * diff), so old and new inputs are compared here.
 */
function changedInputsOf(meta: StepEventMetadata): string[] {
  const detailed =
    meta.detailedDiff === undefined || meta.detailedDiff === null ? [] : Object.keys(meta.detailedDiff);
  const fromEngine = meta.diffs ?? detailed;
  if (fromEngine.length > 0) return [...new Set(fromEngine.map((k) => k.split(/[.[]/)[0] ?? k))];
  // The engine sends `null` (not absent) for the missing side of a create or delete.
  if (meta.old === undefined || meta.old === null || meta.new === undefined || meta.new === null) return [];
  const before: Record<string, unknown> = meta.old.inputs ?? {};
  const after: Record<string, unknown> = meta.new.inputs ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k])).sort();
}

function nameOf(urn: string): string {
  const i = urn.lastIndexOf("::");
  return i < 0 ? urn : urn.slice(i + 2);
}

/** Key paths whose values differ between two canonical-JSON values strings. */
export function valuesChanges(oldJson: unknown, newJson: unknown): ValuesChange[] {
  if (oldJson === newJson) return [];
  const parse = (v: unknown): unknown => {
    if (typeof v !== "string") return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  };
  const out: ValuesChange[] = [];
  diffInto(parse(oldJson), parse(newJson), "", out);
  return out;
}

function diffInto(a: unknown, b: unknown, path: string, out: ValuesChange[]): void {
  if (isObject(a) && isObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const k of keys) {
      // Keys holding dots, brackets or quotes are quoted, as explain's key paths read them.
      const seg = k !== "" && !/[.[\]"'\\]/.test(k) ? k : JSON.stringify(k);
      const sub =
        Array.isArray(a) && Array.isArray(b) ? `${path}[${k}]` : path === "" ? seg : `${path}.${seg}`;
      diffInto((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], sub, out);
    }
    return;
  }
  if (JSON.stringify(a) === JSON.stringify(b)) return;
  out.push({
    path: path === "" ? "." : path,
    ...(a === undefined ? {} : { old: a }),
    ...(b === undefined ? {} : { new: b }),
  });
}

function isObject(v: unknown): v is object {
  return typeof v === "object" && v !== null;
}
