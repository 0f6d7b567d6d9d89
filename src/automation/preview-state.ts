/**
 * The state a preview of only the changed releases runs the engine against: a copy of the stack's
 * state without the resources of the releases the stack's record answers.
 *
 * Why: excluding those resources (`--exclude`) leaves them in the engine's hands all the same. It
 * decodes the whole state into its property model, steps every excluded resource as `same` and
 * sends each one's full state in an event, and the program's SDK decodes it again. For the five
 * public charts of the bench (a 13.8 MB state, most of it CRDs), a preview of ingress-nginx's one
 * changed value spent 8.9 s of the engine's CPU; against a copy holding the changed release alone
 * (60 KB) the whole preview took 5.6 s instead of 11.3–13.5 s.
 *
 * What the engine sees for the changed releases is what it would see in the whole state: their
 * resources, their parents, the component's providers and namespaces, as they are recorded. Only
 * references to the left-out resources are dropped from theirs (`dependencies`,
 * `propertyDependencies`, `deletedWith`): a preview plans nothing by them, as nothing the engine
 * plans touches a left-out resource. A preview writes no state, so the copy is read and removed.
 *
 * Only for the plain `file://` backend whose file ./local-state.ts reads, and a state without
 * pending operations; anything else answers `undefined` and the engine previews the whole state
 * with the exclusions, as before. The copy holds the state's secrets sealed, as the file does, in
 * the engine's private temporary folder (./engine-tmp.ts). That is why the file is read again here
 * rather than the deployment the comparison read (./local-state.ts opens its secrets in place):
 * no plaintext can reach the copy (about 0.15 s for a 14 MB state, on a partial preview only).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { localStateFile, type LocalStateLocation } from "./local-state";

interface CheckpointResource {
  readonly urn?: unknown;
  readonly parent?: unknown;
  dependencies?: unknown;
  propertyDependencies?: unknown;
  deletedWith?: unknown;
}

/**
 * The checkpoint (`{version, checkpoint: {latest: {resources}}}`) without the resources `drop`
 * names, references to them dropped from the others; undefined when that cannot be done: not a
 * checkpoint, pending operations, a name in `drop` the state does not hold, or a kept resource
 * whose parent is left out. Changes `checkpoint` in place.
 */
export function trimCheckpoint(checkpoint: unknown, drop: ReadonlySet<string>): unknown {
  const latest = (checkpoint as { checkpoint?: { latest?: unknown } } | null)?.checkpoint?.latest as
    { resources?: unknown; pending_operations?: unknown } | null | undefined;
  if (latest === null || typeof latest !== "object" || !Array.isArray(latest.resources)) return undefined;
  if (Array.isArray(latest.pending_operations) && latest.pending_operations.length > 0) return undefined;
  const resources = latest.resources as CheckpointResource[];
  const urns = new Set(resources.map((r) => r.urn));
  for (const u of drop) if (!urns.has(u)) return undefined;
  const kept = resources.filter((r) => typeof r.urn === "string" && !drop.has(r.urn));
  const left = (u: unknown): boolean => typeof u === "string" && drop.has(u);
  for (const r of kept) {
    if (left(r.parent)) return undefined;
    if (Array.isArray(r.dependencies)) r.dependencies = r.dependencies.filter((u) => !left(u));
    if (r.propertyDependencies !== null && typeof r.propertyDependencies === "object") {
      const deps = r.propertyDependencies as Record<string, unknown>;
      for (const [k, v] of Object.entries(deps)) if (Array.isArray(v)) deps[k] = v.filter((u) => !left(u));
    }
    if (left(r.deletedWith)) delete r.deletedWith;
  }
  latest.resources = kept;
  return checkpoint;
}

/** The stack's state without some resources, read and trimmed, to be written by {@link writePreviewCopy}. */
export interface PreviewStateCopy {
  readonly location: LocalStateLocation;
  readonly meta: string;
  readonly checkpoint: unknown;
}

/**
 * The stack's state without the resources `drop` names, read from its file and trimmed
 * ({@link trimCheckpoint}); undefined when the state cannot be copied so (see the module's
 * comment). Read apart from the writing, so the read runs while the stack opens.
 */
export async function readPreviewState(
  location: LocalStateLocation,
  drop: ReadonlySet<string>,
): Promise<PreviewStateCopy | undefined> {
  const file = localStateFile(location);
  if (file === undefined || drop.size === 0) return undefined;
  try {
    const meta = readFileSync(join(dirname(dirname(dirname(file))), "meta.yaml"), "utf8");
    const checkpoint = trimCheckpoint(JSON.parse(await readFile(file, "utf8")) as unknown, drop);
    return checkpoint === undefined ? undefined : { location, meta, checkpoint };
  } catch {
    return undefined;
  }
}

/**
 * Writes a copy of the state as a `file://` backend of its own under `dir` (Pulumi's project
 * layout: `.pulumi/meta.yaml`, `.pulumi/stacks/<project>/<stack>.json`) and answers its URL.
 */
export function writePreviewCopy(copy: PreviewStateCopy, dir: string): string {
  const bookkeeping = join(dir, ".pulumi");
  const stacks = join(bookkeeping, "stacks", copy.location.projectName);
  mkdirSync(stacks, { recursive: true, mode: 0o700 });
  writeFileSync(join(bookkeeping, "meta.yaml"), copy.meta, { mode: 0o600 });
  writeFileSync(join(stacks, `${copy.location.stackName}.json`), JSON.stringify(copy.checkpoint), {
    mode: 0o600,
  });
  return `file://${dir}`;
}
