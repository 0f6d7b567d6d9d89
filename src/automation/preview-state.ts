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
 * the engine's private temporary folder (./engine-tmp.ts). The copy is made from the deployment the
 * comparison read (./local-state.ts, which opens its secrets in place and keeps each one's
 * ciphertext): each opened secret is sealed again with its own ciphertext while the copy is
 * serialized, then opened again, and a copy that still holds an opened secret is not used. Without
 * that deployment (the CLI exported the state), or when it cannot be resealed, the file is read again
 * (about 0.15 s for a 14 MB state, on the critical path of a partial preview).
 *
 * A `destroy` of the whole stack runs against such a copy too: without the resources it would only
 * forget ({@link readDestroyState}), with the stack locked in its own backend meanwhile
 * ({@link lockStack}); what the engine wrote then becomes the stack's file ({@link writeBackCopy}).
 * That is the one place this package writes a stack's state itself; docs/component.md, "Destroy
 * against a copy of the state", says when and what a stopped or failed run leaves.
 */
import { randomUUID } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { hostname, userInfo } from "node:os";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { localStateFile, sealedFormOf, type LocalStateLocation, type SealedForm } from "./local-state";
import { pendingState, type PendingState } from "./pending-state";

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

/** The backend's bookkeeping folder (`.pulumi`) of a stack's state file (`.pulumi/stacks/<project>/<stack>.json`). */
function bookkeepingOf(stateFile: string): string {
  return dirname(dirname(dirname(stateFile)));
}

/** The stack's state without some resources, trimmed and serialized, to be written by {@link writePreviewCopy}. */
export interface PreviewStateCopy {
  readonly location: LocalStateLocation;
  readonly meta: string;
  /** The trimmed checkpoint as JSON, its secrets sealed. */
  readonly text: string;
}

/**
 * The stack's state without the resources `drop` names ({@link trimCheckpoint}): from `deployment`
 * when ./local-state.ts read it (see the module's comment), else read from its file; undefined
 * when the state cannot be copied so. Made apart from the writing, so it runs while the stack opens.
 */
export async function readPreviewState(
  location: LocalStateLocation,
  drop: ReadonlySet<string>,
  deployment?: unknown,
): Promise<PreviewStateCopy | undefined> {
  const file = localStateFile(location);
  if (file === undefined || drop.size === 0) return undefined;
  try {
    const meta = readFileSync(join(bookkeepingOf(file), "meta.yaml"), "utf8");
    const sealed = sealedFormOf(deployment);
    const fromRead = sealed === undefined ? undefined : copyOfRead(deployment, sealed, drop);
    if (fromRead !== undefined) return fromRead === false ? undefined : { location, meta, text: fromRead };
    const checkpoint = trimCheckpoint(JSON.parse(await readFile(file, "utf8")) as unknown, drop);
    return checkpoint === undefined ? undefined : { location, meta, text: JSON.stringify(checkpoint) };
  } catch {
    return undefined;
  }
}

/**
 * The trimmed copy of a deployment ./local-state.ts read, serialized with its secrets sealed;
 * false when it cannot be trimmed (as the file could not be either), undefined when it cannot be
 * resealed (the file is read instead). The deployment is left as it was: the copy has its own
 * resource records, and each opened secret is sealed only while the copy is serialized.
 */
function copyOfRead(
  deployment: unknown,
  sealed: SealedForm,
  drop: ReadonlySet<string>,
): string | false | undefined {
  const root = sealed.root as { checkpoint?: Record<string, unknown> } | null;
  const latest = deployment as { resources?: unknown };
  if (root === null || typeof root !== "object" || root.checkpoint?.latest !== deployment) return undefined;
  if (!Array.isArray(latest.resources)) return false;
  const resources = (latest.resources as Record<string, unknown>[]).map((r) => {
    const own = { ...r };
    const deps = r.propertyDependencies;
    if (deps !== null && typeof deps === "object") own.propertyDependencies = { ...deps };
    return own;
  });
  const copy = trimCheckpoint(
    { ...root, checkpoint: { ...root.checkpoint, latest: { ...latest, resources } } },
    drop,
  );
  if (copy === undefined) return false;
  const opened = [...sealed.ciphertexts];
  const plaintexts = opened.map(([envelope]) => envelope.plaintext);
  let text: string;
  try {
    for (const [envelope, ciphertext] of opened) {
      delete envelope.plaintext;
      envelope.ciphertext = ciphertext;
    }
    text = JSON.stringify(copy);
  } finally {
    opened.forEach(([envelope], i) => {
      delete envelope.ciphertext;
      envelope.plaintext = plaintexts[i];
    });
  }
  // Anything that may be an opened secret the read did not seal (none is expected; an object's own
  // `plaintext` key too): the file is read instead.
  return text.includes('"plaintext":') ? undefined : text;
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
  writeFileSync(join(stacks, `${copy.location.stackName}.json`), copy.text, { mode: 0o600 });
  return `file://${dir}`;
}

/**
 * The copy's backend under `dir` as {@link writePreviewCopy} writes it, with the stack's file handed
 * over later (./pending-state.ts); undefined when the stack has no file of its own here, or no
 * named pipe can be made.
 */
export function pendingPreviewCopy(location: LocalStateLocation, dir: string): PendingState | undefined {
  const file = localStateFile(location);
  if (file === undefined) return undefined;
  let meta: string;
  try {
    meta = readFileSync(join(bookkeepingOf(file), "meta.yaml"), "utf8");
  } catch {
    return undefined;
  }
  return pendingState(dir, location, meta);
}

/** Hook types a delete never runs (the CRDs' `beforeCreate`, src/emit/crd-gate.ts). */
const CREATE_OR_UPDATE_HOOKS = new Set(["BeforeCreate", "AfterCreate", "BeforeUpdate", "AfterUpdate"]);

/** What a `destroy` only forgets: a retained custom resource, not protected, with no hook a delete runs. */
function onlyForgotten(r: Record<string, unknown>): boolean {
  const hooks = r.resourceHooks;
  return (
    typeof r.urn === "string" &&
    r.custom === true &&
    r.retainOnDelete === true &&
    r.protect !== true &&
    (hooks === undefined ||
      (typeof hooks === "object" &&
        hooks !== null &&
        Object.keys(hooks).every((type) => CREATE_OR_UPDATE_HOOKS.has(type))))
  );
}

/** The state a `destroy` of the whole stack runs against, and how many resources it leaves out and keeps. */
export interface DestroyStateCopy {
  readonly copy: PreviewStateCopy;
  readonly left: number;
  readonly kept: number;
}

/**
 * For a `destroy` of the whole stack: the state without the resources the engine would only forget
 * (retained, as the CRDs of charts' `crds/` folders and `helm.sh/resource-policy: keep` objects
 * are; their deletion removes them from the state and touches nothing in the cluster). Read from
 * the stack's file; undefined when there is none to leave out or the state cannot be copied so
 * ({@link readPreviewState}). kube-prometheus-stack's CRDs are 10.7 MB of the public charts'
 * 13.9 MB state, which the engine decodes, steps and reports resource by resource.
 */
export async function readDestroyState(location: LocalStateLocation): Promise<DestroyStateCopy | undefined> {
  const file = localStateFile(location);
  if (file === undefined) return undefined;
  try {
    const meta = readFileSync(join(bookkeepingOf(file), "meta.yaml"), "utf8");
    const checkpoint = JSON.parse(await readFile(file, "utf8")) as {
      checkpoint?: { latest?: { resources?: unknown } };
    } | null;
    const resources = checkpoint?.checkpoint?.latest?.resources;
    if (!Array.isArray(resources)) return undefined;
    const drop = new Set(
      (resources as Record<string, unknown>[]).filter(onlyForgotten).map((r) => r.urn as string),
    );
    if (drop.size === 0) return undefined;
    const trimmed = trimCheckpoint(checkpoint, drop);
    return trimmed === undefined
      ? undefined
      : {
          copy: { location, meta, text: JSON.stringify(trimmed) },
          left: drop.size,
          kept: resources.length - drop.size,
        };
  } catch {
    return undefined;
  }
}

/** The stack's lock folder in a self-managed backend (`.pulumi/locks/organization/<project>/<stack>`). */
function lockDir(copy: PreviewStateCopy, stateFile: string): string {
  const { projectName, stackName } = copy.location;
  return join(bookkeepingOf(stateFile), "locks", "organization", projectName, stackName);
}

/**
 * Locks the stack in its own backend while the engine runs against a copy (the engine locks the
 * copy only), as Pulumi's self-managed backend locks it: a lock file in the stack's lock folder,
 * which every Pulumi run on the stack refuses to run beside (`pulumi-helmfile cancel` clears it).
 * Undefined when the stack is locked already: the engine then runs on the stack itself and says so.
 * Answers the function that removes the lock.
 */
export function lockStack(copy: PreviewStateCopy): (() => void) | undefined {
  const file = localStateFile(copy.location);
  if (file === undefined) return undefined;
  const dir = lockDir(copy, file);
  if (existsSync(dir) && readdirSync(dir).length > 0) return undefined;
  mkdirSync(dir, { recursive: true });
  const lock = join(dir, `${randomUUID()}.json`);
  let user = "";
  try {
    user = userInfo().username;
  } catch {
    // no user name
  }
  const content = {
    pid: process.pid,
    username: user,
    hostname: hostname(),
    timestamp: new Date().toISOString(),
  };
  writeFileSync(lock, JSON.stringify(content), { mode: 0o644 });
  return () => rmSync(lock, { force: true });
}

/**
 * After a `destroy` against the copy written in `dir` ({@link writePreviewCopy}): the stack's file
 * becomes what the engine wrote there (the previous one kept as `<stack>.json.bak`, as the backend
 * keeps it), with the run's history entries. Answers false, writing nothing, when the engine wrote
 * nothing or deleted nothing (its file holds every resource of the copy: the stack's file is still
 * right). What the copy left out is not written back: those resources are retained, so the destroy
 * only forgets them, done or stopped half-way (an `up` afterwards takes them over again).
 */
export function writeBackCopy(copied: DestroyStateCopy, dir: string): boolean {
  const { copy, kept } = copied;
  const real = localStateFile(copy.location);
  if (real === undefined) return false;
  const { projectName, stackName } = copy.location;
  const ran = join(dir, ".pulumi", "stacks", projectName, `${stackName}.json`);
  let text: string;
  try {
    text = readFileSync(ran, "utf8");
  } catch {
    return false;
  }
  if (text === copy.text) return false;
  // A destroy only deletes: a state holding as many resources as the copy is one no step changed
  // (the run failed before any), and the stack's own file is still right, the left-out ones with it.
  const resources = (JSON.parse(text) as { checkpoint?: { latest?: { resources?: unknown } } } | null)
    ?.checkpoint?.latest?.resources;
  if ((Array.isArray(resources) ? resources.length : 0) === kept) return false;
  const bookkeeping = bookkeepingOf(real);
  const from = join(dir, ".pulumi", "history", projectName, stackName);
  if (existsSync(from)) {
    const to = join(bookkeeping, "history", projectName, stackName);
    mkdirSync(to, { recursive: true });
    for (const f of readdirSync(from)) copyFileSync(join(from, f), join(to, f));
  }
  copyFileSync(real, `${real}.bak`);
  if (existsSync(`${real}.attrs`)) copyFileSync(`${real}.attrs`, `${real}.bak.attrs`);
  const mode = statSync(real).mode & 0o777;
  const tmp = `${real}.pulumi-helmfile-${process.pid}.tmp`;
  writeFileSync(tmp, text, { mode });
  if (existsSync(`${ran}.attrs`)) copyFileSync(`${ran}.attrs`, `${real}.attrs`);
  renameSync(tmp, real);
  return true;
}
