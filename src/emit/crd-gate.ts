/**
 * The CRDs of a run's releases are applied before any other object, together.
 *
 * Why: the Kubernetes provider validates every object against the cluster's `/openapi/v2`
 * document in its `Check`, and it drops the document it holds each time it creates a CRD, so the
 * next `Check` fetches it again (5.9 MB with kube-prometheus-stack's CRDs; the API server takes
 * 0.2–1.4 s to serve each). The engine checks registrations one at a time while it applies them
 * side by side, so releases whose CRDs were created while other objects (or the next CRDs) were
 * checked made it fetch the document once per CRD: 15 times in a first `up` of the public charts.
 *
 * How:
 * - the CRDs' creates wait (a `beforeCreate` resource hook) until every CRD the releases register
 *   has been checked: its create reached the hook, or its registration came back (a CRD that
 *   exists is not created); so the CRDs are checked against one document, then created at once;
 * - the releases' other objects are registered once every CRD registration has come back, so they
 *   are checked against one document that holds every new kind.
 *
 * The members ({@link crdGateMembers}) are the releases without `needs` and without helmfile hooks:
 * a release that needs another registers its CRDs only once that one is applied, so holding for
 * them would wait forever, and one with a `presync` hook registers them once the hook has run, which
 * the other releases would wait for (helmfile runs each release's hooks beside the others'). A
 * member that fails before it registers its CRDs counts as having none. The engine runs at most its
 * `--parallel` steps at once (4 per core by default when a user's `pulumi` runs the program; the
 * CLI and the Automation API run it unbounded): once that many creates are held, no other CRD can be
 * checked, so they go at once. A hook holds no longer than {@link QUIET_MS} after the last CRD was
 * checked or came back (a member whose CRDs register late, or steps of others filling the engine).
 */
import * as pulumi from "@pulumi/pulumi";
import { resourceHooksSupported } from "./release-hooks";
import { resolveInput } from "./resolve-inputs";

/** How long a held create waits once no CRD has been checked or has come back. */
const QUIET_MS = 3_000;

/**
 * How many steps the engine runs at once, as it told the program: the Node.js language host passes
 * `--parallel` as `PULUMI_NODEJS_PARALLEL`; undefined when not told (an inline or component
 * provider program, whose engine the CLI and the Automation API start unbounded).
 */
export function engineParallelism(
  env: Readonly<Record<string, string | undefined>> = process.env,
): number | undefined {
  const n = Number(env.PULUMI_NODEJS_PARALLEL);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

interface Deferred {
  readonly promise: Promise<void>;
  readonly resolve: () => void;
}

function deferred(): Deferred {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** What {@link crdGateMembers} reads of a planned release. */
export interface GatedRelease {
  readonly resourceName: string;
  readonly needs: readonly string[];
  /** Its helmfile hooks (src/emit/release-hooks.ts); absent without. */
  readonly hooks?: string;
}

/**
 * The resource names of the releases whose CRDs the others wait for: those that need none of
 * `releases` (a need outside them is not waited for) and have no helmfile hooks.
 */
export function crdGateMembers(releases: readonly GatedRelease[]): string[] {
  const names = new Set(releases.map((r) => r.resourceName));
  return releases
    .filter((r) => r.hooks === undefined && !r.needs.some((n) => names.has(n)))
    .map((r) => r.resourceName);
}

/** A Helmfile component's releases' CRDs, applied before their other objects; see the module's comment. */
export class CrdGate {
  private readonly unreported: Set<string>;
  /** How many CRD resources the members registered. */
  private total = 0;
  /** URNs of CRDs whose create reached the hook. */
  private readonly entered = new Set<string>();
  /** Per CRD whose registration came back: its URN, or a key of its own when it failed. */
  private readonly settled = new Set<string>();
  private readonly checked = deferred();
  private readonly applied = deferred();
  private quiet: NodeJS.Timeout | undefined;
  private isOpen = false;
  private heldHook: pulumi.ResourceHook | undefined;

  /**
   * @param members The resource names of the releases whose CRDs the others wait for.
   * @param hookName The name of the hook (unique in the engine run), registered on first use.
   * @param quietMs How long a held create waits once nothing moves. Default {@link QUIET_MS}.
   * @param parallel How many steps the engine runs at once. Default {@link engineParallelism}.
   */
  constructor(
    members: Iterable<string>,
    private readonly hookName: string,
    private readonly quietMs: number = QUIET_MS,
    private readonly parallel: number | undefined = engineParallelism(),
  ) {
    this.unreported = new Set(members);
    this.update();
  }

  /**
   * The hook that holds a CRD's create until every CRD is checked; undefined when the engine
   * takes no resource hooks (Pulumi's mocks).
   */
  hook(): pulumi.ResourceHook | undefined {
    if (this.heldHook !== undefined) return this.heldHook;
    if (!resourceHooksSupported()) return undefined;
    this.heldHook = new pulumi.ResourceHook(this.hookName, (args) => this.held(args.urn));
    return this.heldHook;
  }

  /** The hook's work: the create of the CRD `urn` has been reached; resolves when it may go. */
  held(urn: string): Promise<void> {
    this.entered.add(urn);
    this.update();
    return this.checked.promise;
  }

  /**
   * The CRD resources a member registered (none: it has none, or failed before registering
   * them). A second report of the same member is ignored.
   */
  report(release: string, crds: readonly pulumi.Resource[]): void {
    if (!this.unreported.delete(release)) return;
    this.total += crds.length;
    crds.forEach((crd, i) => {
      void resolveInput(crd.urn).then(
        (urn) => this.settle(typeof urn.value === "string" ? urn.value : `${release}#${i}`),
        () => this.settle(`${release}#${i}`),
      );
    });
    this.update();
  }

  /** Resolves once every member has reported and each CRD registration has come back. */
  opened(): Promise<void> {
    return this.applied.promise;
  }

  private settle(key: string): void {
    this.settled.add(key);
    this.update();
  }

  private update(): void {
    const reported = this.unreported.size === 0;
    if (reported && this.settled.size >= this.total) this.applied.resolve();
    if (this.isOpen) return;
    if (reported && new Set([...this.entered, ...this.settled]).size >= this.total) {
      this.open();
      return;
    }
    if (this.entered.size === 0) return;
    // The engine runs no more steps: no other CRD can reach the hook.
    if (this.parallel !== undefined && this.entered.size >= this.parallel) {
      this.open();
      return;
    }
    // Something moved: a held create waits at most quietMs more.
    if (this.quiet !== undefined) clearTimeout(this.quiet);
    this.quiet = setTimeout(() => this.open(), this.quietMs);
    this.quiet.unref();
  }

  private open(): void {
    this.isOpen = true;
    if (this.quiet !== undefined) clearTimeout(this.quiet);
    this.quiet = undefined;
    this.checked.resolve();
  }
}
