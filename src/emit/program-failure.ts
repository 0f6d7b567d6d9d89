/**
 * How a `Helmfile` that failed to load, template or render fails the Pulumi program it is in,
 * whatever that program does with the component.
 *
 * The engine deletes every resource a program did not register only when the program ends well;
 * a program that fails changes nothing more. In Node.js, Pulumi's runtime fails a program on an
 * unhandled rejection (that is how a rejected Output or a failed registration fails it): its
 * handler logs the error once (deduplicated by identity) and the process exits non-zero. So the
 * component rejects one promise that nobody can handle, with a `pulumi.ResourceError` that hides
 * its stack: the user sees `error: <code>: <message>` on the Helmfile, once, and no deletion is
 * planned, whether the program awaits, exports or ignores `releases`.
 *
 * A caller that fails the run itself with the original error (the automation layer's inline program,
 * the component provider's `construct`) says so with {@link OWNS_FAILURE}; then no unhandled
 * rejection is raised and `releases` rejects with the original error (its class and code).
 */
import * as pulumi from "@pulumi/pulumi";
import { isHelmfileError, type HelmfileError } from "../shared/errors";

/**
 * A `HelmfileOptions` key for callers inside this package that await `releases` and fail the run
 * with its error themselves (not exported from the package).
 */
export const OWNS_FAILURE: unique symbol = Symbol("pulumi-helmfile: the caller fails the run");

/** How a failure reads wherever a user sees it: `CODE: message` (the message names file and key path). */
export function failureText(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return isHelmfileError(err) ? `${err.code}: ${message}` : message;
}

/**
 * The error the component provider's `construct` fails with (the engine prints its message, as
 * `resource '<name>' has a problem: CODE: message`), with the original as its cause.
 */
export function constructFailure(err: unknown): Error {
  const failure = new Error(failureText(err), { cause: err });
  failure.stack = failure.message;
  return failure;
}

/** The error a user's program fails with: the original's code, message and cause, no stack. */
export class HelmfileProgramError extends pulumi.ResourceError {
  /** The original error's code (`HelmfileError.code`), when it has one. */
  readonly code: string | undefined;

  constructor(original: unknown, resource: pulumi.Resource) {
    super(failureText(original), resource, true);
    const code = isHelmfileError(original) ? original.code : undefined;
    this.name = "HelmfileProgramError";
    this.code = code;
    this.cause = original;
    // Pulumi's runtime prints `err.stack` where it does not honour hideStack (a provider's own
    // handler): keep it to the message, which names the file and key path.
    this.stack = this.message;
  }
}

/**
 * A `HelmfileOptions` key for the automation layer, whose operations keep the releases that
 * `selectors` leave out beyond the engine's reach (`exclude`/`target`): only there are `selectors`
 * accepted (not exported from the package).
 */
export const EXCLUDES_UNSELECTED: unique symbol = Symbol(
  "pulumi-helmfile: the caller excludes unselected releases",
);

/**
 * A `HelmfileOptions` key for the automation layer's preview of the releases that changed since the
 * last deployment (src/automation/operations.ts): the component loads every release but renders and
 * registers only those in `ids`, and registers `releaseIds` and the cluster-scoped kinds of the
 * whole state as given (the plan of every release, compared with the stack's record, computed them),
 * so what it registers is what a full run would register for those releases. The operation keeps
 * every other release's resources out of the engine's reach (`exclude`). Not exported from the package.
 */
export const ONLY_RELEASES: unique symbol = Symbol(
  "pulumi-helmfile: the caller previews only these releases",
);

/**
 * A `HelmfileOptions` key for the automation layer's first `up` of a stack: the plan of every
 * release, made by the caller as the component would make it (same arguments, pipeline and
 * options) and started before the engine, so its renders run beside the stack's creation and the
 * engine's start-up. The component takes it instead of planning, and fails with its error. Not
 * exported from the package.
 */
export const HANDED_PLAN: unique symbol = Symbol("pulumi-helmfile: the caller planned every release");

/** What {@link ONLY_RELEASES} gives. */
export interface OnlyReleases {
  /** Ids (`[context/]namespace/name`) of the releases to render and register. */
  readonly ids: ReadonlySet<string>;
  /** The stack's `releaseIds` output: every installed release. */
  readonly releaseIds: readonly string[];
  /** The cluster-scoped kinds of every release's manifest, sorted (HelmfilePlan.kinds). */
  readonly clusterScopedKinds: readonly string[];
  /**
   * What the registration digests of every release share (HelmfilePlan.shared): the digests the
   * releases register (and an `up` records) are then those of a run of every release.
   */
  readonly shared?: { readonly text: string; readonly objects: string };
}

/**
 * An error a user's program fails with before the component registers (a refused argument): a
 * `pulumi.RunError`, which Pulumi's runtime prints as its message alone, with the original's code.
 */
export class HelmfileRunError extends pulumi.RunError {
  /** The original error's code (`HelmfileError.code`). */
  readonly code: string;

  constructor(original: HelmfileError) {
    super(failureText(original));
    this.name = "HelmfileRunError";
    this.code = original.code;
    this.cause = original;
    this.stack = this.message;
  }
}

const failures = new WeakMap<object, HelmfileProgramError>();

/** The one {@link HelmfileProgramError} of `err` (the same object each time: the runtime reports it once). */
export function programFailure(err: unknown, resource: pulumi.Resource): HelmfileProgramError {
  if (err === null || (typeof err !== "object" && typeof err !== "function"))
    return new HelmfileProgramError(err, resource);
  let failure = failures.get(err);
  if (failure === undefined) {
    failure = new HelmfileProgramError(err, resource);
    failures.set(err, failure);
  }
  return failure;
}

/**
 * Fails the program when `data` rejects: a promise rejected with {@link programFailure} that no
 * code can handle, which Pulumi's runtime turns into a failed run (see the top of this file).
 */
export function failProgramOnRejection(data: Promise<unknown>, resource: pulumi.Resource): void {
  void data.catch((err: unknown) => {
    throw programFailure(err, resource);
  });
}
