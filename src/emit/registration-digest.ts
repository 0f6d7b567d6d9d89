/**
 * The record a Release keeps of what it registered: one `sha256:` digest of everything its
 * resources are made from (the release's plan: merged values, rendered manifest, settings, needs,
 * hooks, secret fields; the component's resolved arguments, where the objects go (each Kubernetes
 * context's name, API server, namespace and user), the cluster-scoped kinds of all releases; this
 * package's version and the code that turns a plan into resources).
 *
 * A Release registers it as an output only once every resource it made has been applied (see
 * ./release.ts), so the state holds a release's digest exactly when the last deployment applied all
 * of that plan. An unchanged `preview` compares the digests it computes with those recorded (as
 * `helmfile diff` compares with helm's record) and needs no engine run when they all agree
 * (src/automation/recorded-preview.ts).
 *
 * Over-inclusion is safe (a digest that changes without reason only means the engine runs); what a
 * registration depends on must all be in it.
 */
import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { EmitError } from "../shared/errors";
import { ownVersion } from "../shared/own-version";
import { sortedKeysJson } from "../shared/value";
import { manifestDigest } from "./manifest-digest";
import { definesCrds, planKeeping } from "./manifest-objects";
import type { ReleasePlan } from "./plan-releases";
import type { ResolvedHelmfileArgs } from "./resolve-helmfile-args";
import type { RenderKey } from "../render/cluster-render";

/** Bumped when what a digest covers changes meaning. */
const FORMAT = 2;

let codeDigest: string | undefined;

/**
 * The code that turns plans into resources (this folder's modules, compiled or not) and the
 * Kubernetes SDK's version: a change to either changes every digest.
 */
function code(): string {
  if (codeDigest !== undefined) return codeDigest;
  const h = createHash("sha256");
  for (const f of readdirSync(__dirname).sort()) {
    if (!/\.(js|ts)$/.test(f) || /\.test\.|\.d\.ts$/.test(f)) continue;
    h.update(f)
      .update("\0")
      .update(readFileSync(join(__dirname, f)))
      .update("\0");
  }
  let k8s = "unknown";
  try {
    const file = require.resolve("@pulumi/kubernetes/package.json");
    k8s = (JSON.parse(readFileSync(file, "utf8")) as { version?: string }).version ?? k8s;
  } catch {
    // not resolvable as a file: the version stays unknown, which is part of the digest as well
  }
  codeDigest = `${ownVersion()}\0${k8s}\0${h.digest("hex")}`;
  return codeDigest;
}

/**
 * What every release's digest shares: the component's arguments and where the objects go. The
 * cluster-scoped kinds are those of every release's manifest; the text digest has, in their
 * place, the text of the manifests they are decoded from (`{ manifests }`: those naming a CRD), so
 * a change to a release without CRDs leaves the others' text digests as they were.
 */
export function sharedMaterial(
  resolved: ResolvedHelmfileArgs,
  target: string,
  clusterScopedKinds: readonly string[] | { readonly crdTexts: readonly string[] },
  // `crdTexts`: the {@link crdTextHash} of each manifest that defines CRDs.
  clusters: Readonly<Record<string, string | undefined>>,
): string {
  // A cluster whose identity is unknown (or a provider of the caller's) gets a digest no later
  // run computes again: the engine always runs for it.
  const unknown =
    target === "provider-arg" || target === "provider-option" || Object.values(clusters).includes(undefined);
  return sortedKeysJson({
    format: FORMAT,
    code: code(),
    target,
    clusters: unknown ? randomUUID() : clusters,
    ...("crdTexts" in clusterScopedKinds
      ? { crdTexts: [...clusterScopedKinds.crdTexts].sort() }
      : { clusterScopedKinds }),
    state: resolved.state,
    stateValues: resolved.stateValues,
    unknownPaths: resolved.unknownPaths,
    helmBinary: resolved.helmBinary,
    mode: resolved.mode,
    renderToDirectory: resolved.renderToDirectory,
    provider: resolved.provider === undefined ? undefined : "given",
    kubeconfig: resolved.kubeconfig,
    skipCrds: resolved.skipCrds,
    secret: resolved.secret,
    dependencies: resolved.dependencies.length,
  });
}

/** The hex SHA-256 of a manifest's text, as the text digests take it. */
export const textHash = (text: string): string => createHash("sha256").update(text).digest("hex");

/**
 * The hex SHA-256 of the text of a manifest's documents that name a CRD (what its cluster-scoped
 * kinds are decoded from), or "" when it names none: the text digests' stand-in for the kinds, so
 * another change to a release with CRDs leaves the other releases' text digests as they were.
 */
export function crdTextHash(manifest: string): string {
  if (!definesCrds(manifest)) return "";
  const docs = manifest.split(/^---[ \t]*$/m).filter((d) => definesCrds(d));
  return textHash(docs.join("\n---\n"));
}

/**
 * `sha256:<hex>` of one release's plan with the shared material; `text`: with the manifest's text
 * in place of its objects (and the shared material's `{ manifests }`), which takes no decoding.
 */
export function registrationDigest(plan: ReleasePlan, shared: string, text = false): string {
  const h = createHash("sha256");
  // The manifest as its objects (./manifest-digest.ts): what a render writes around them, and helm
  // test hooks (never applied), make no resource, so they make no difference here either. How long
  // the release is waited for (`wait`, `waitForJobs`, `timeout`, of the state or of the run's
  // `--wait`) is no part of what it deploys: helmfile's diff never shows it, and neither does an
  // unchanged preview (a `diff` after `apply --wait` finds nothing, as helmfile's).
  const deployed: Record<string, unknown> = { ...plan.settings };
  for (const key of ["wait", "waitForJobs", "timeout"]) delete deployed[key];
  // How the manifest was had (rendered now, or the stack's record of the same render) is no part of it.
  const { recordedRender } = plan;
  const made: Record<string, unknown> = { ...plan };
  delete made.renderKey;
  delete made.recordedRender;
  // (a function: JSON would leave it out anyway)
  delete made.keyAfterApply;
  if (recordedRender !== undefined && !text)
    throw new EmitError(
      "INTERNAL",
      `release ${plan.id}: a render the stack's record answered has no objects to digest`,
    );
  h.update(shared)
    .update("\0")
    .update(text ? "text\0" : "")
    .update(
      sortedKeysJson({
        ...made,
        settings: deployed,
        manifest: text
          ? `text:${recordedRender?.textHash ?? textHash(plan.manifest)}`
          : manifestDigest(plan.manifest, planKeeping(plan)),
      }),
    );
  return `sha256:${h.digest("hex")}`;
}

/**
 * What a Release records of its render beside its registration (src/render/render-release.ts
 * `renderKey`): the key, and what the plan takes from the manifest, so a later preview whose render
 * of the release has the same key needs neither render nor manifest (the state holds only the
 * manifest's digest): the manifest's text digest, that of its CRDs' text, whether it holds a
 * Secret, and the cluster-scoped kinds its CRDs define.
 */
export interface RecordedRender {
  readonly key: RenderKey;
  readonly textHash: string;
  /** Its {@link crdTextHash} ("" when it names no CRD). */
  readonly crdText: string;
  readonly manifestHasSecret: boolean;
  readonly kinds: readonly string[];
}

/** {@link RecordedRender} as one word of the recorded `registration` (no spaces). */
export function formatRecordedRender(r: RecordedRender): string {
  return [
    `render:${r.key.key}`,
    r.textHash,
    r.crdText === "" ? "-" : r.crdText,
    r.manifestHasSecret ? "1" : "0",
    r.kinds.join(","),
    r.key.mode,
    r.key.apis === undefined ? "*" : r.key.apis.map(encodeURIComponent).join(","),
  ].join(";");
}

const RECORDED_RENDER =
  /^render:(sha256:[0-9a-f]{64});([0-9a-f]{64});([0-9a-f]{64}|-);([01]);([^;\s]*);(any|install|upgrade);([^;\s]*)$/;

/** The {@link RecordedRender} of a recorded `registration`; undefined when it has none (or another format). */
export function recordedRenderOf(recorded: unknown): RecordedRender | undefined {
  if (typeof recorded !== "string") return undefined;
  const word = recorded.split(" ")[2];
  const m = word === undefined ? null : RECORDED_RENDER.exec(word);
  if (m === null) return undefined;
  const list = (text: string | undefined): string[] =>
    text === undefined || text === "" ? [] : text.split(",");
  try {
    return {
      key: {
        key: m[1] ?? "",
        mode: m[6] as RenderKey["mode"],
        ...(m[7] === "*" ? {} : { apis: list(m[7]).map(decodeURIComponent) }),
      },
      textHash: m[2] ?? "",
      crdText: m[3] === "-" || m[3] === undefined ? "" : m[3],
      manifestHasSecret: m[4] === "1",
      kinds: list(m[5]),
    };
  } catch {
    // A malformed escape: not a record this code wrote.
    return undefined;
  }
}

/**
 * What a Release records as its `registration`: the digest of its objects, a space, and the
 * digest of the same plan with the rendered text in their place. A render of the same text (the
 * usual unchanged preview) is then matched without decoding any manifest (kube-prometheus-stack's
 * 5 MB: 1.5 s); a render whose text differs but whose objects do not (other comments, document
 * order, a test hook's random name) is matched by the objects.
 */
export function recordedRegistration(objects: string, text: string, render?: RecordedRender): string {
  return render === undefined ? `${objects} ${text}` : `${objects} ${text} ${formatRecordedRender(render)}`;
}

/** Whether a recorded `registration` is the one computed now (`objects` is computed only if the text differs). */
export function registrationMatches(recorded: unknown, text: string, objects: () => string): boolean {
  if (typeof recorded !== "string") return false;
  const [recordedObjects, recordedText] = recorded.split(" ");
  if (recordedText !== undefined && recordedText === text) return true;
  return recordedObjects === objects();
}

/**
 * What a release's resources were when last applied: `sha256:` of each resource's URN with its id
 * and, for a Kubernetes object, the `resourceVersion` the API server gave it (empty for a
 * component), in URN order. The Release records it with its digest from the resources' outputs;
 * the state's outputs of the same resources give the same fingerprint until something rewrites
 * them (a `refresh` that found an object changed), when an unchanged preview runs the engine
 * again (src/automation/recorded-preview.ts).
 */
export function appliedFingerprint(
  resources: ReadonlyArray<readonly [urn: string, version: string]>,
): string {
  const h = createHash("sha256");
  const sorted = [...resources].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [urn, version] of sorted) h.update(urn).update("\0").update(version).update("\0");
  return `sha256:${h.digest("hex")}`;
}

/** A custom resource's version as {@link appliedFingerprint} takes it: its id, `@`, its `resourceVersion`. */
export function appliedVersion(id: string | undefined, resourceVersion: unknown): string {
  return `${id ?? ""}@${typeof resourceVersion === "string" ? resourceVersion : ""}`;
}

/** Whether the digest covers a secret (then it is stored as one). */
export function registrationIsSecret(plan: ReleasePlan, resolved: ResolvedHelmfileArgs): boolean {
  return plan.secret || plan.manifestHasSecret || plan.secretNeedles.length > 0 || resolved.secret;
}
