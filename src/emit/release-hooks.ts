/**
 * helmfile's release hooks around Pulumi's apply of a release (like `helmfile apply`/`sync`):
 * `presync` before the release's objects are created or updated, `postsync` after,
 * `preuninstall` before they are deleted and `postuninstall` after. They are Pulumi resource
 * hooks on two `pulumi:index:Stash` anchors per release (built-in, no provider, nothing in the
 * cluster): the first, which every object of the release depends on, carries presync
 * (beforeCreate/beforeUpdate) and postuninstall (afterDelete); the second, which depends on every
 * object, carries postsync (afterCreate/afterUpdate) and preuninstall (beforeDelete). The anchors'
 * input is a digest of the release's values and manifest, so they update exactly when the
 * release changes, plus everything the hooks render with, so a delete hook runs from the state
 * even when the release is gone from the program. Resource hooks never run during a preview.
 *
 * Delete hooks run only when the program registers the named hooks in the run that deletes:
 * every Helmfile component does ({@link releaseHooks}), and the automation layer's `destroy`
 * runs the program with `runProgram` and only {@link registerReleaseHooks}.
 */
import { createHash } from "node:crypto";
import * as pulumi from "@pulumi/pulumi";
import { NodeFileSystem, NodeProcessRunner } from "../node";
import { triggerHooks, type HookEvent } from "../render/helmfile-hooks";
import { targetOf } from "./release-hook-payload";

/** The names Pulumi stores for the hooks (stable: delete hooks are found by name). */
export const RELEASE_HOOK_NAMES = {
  presync: "helmfile-presync",
  postsync: "helmfile-postsync",
  preuninstall: "helmfile-preuninstall",
  postuninstall: "helmfile-postuninstall",
} as const;

async function run(event: HookEvent, args: pulumi.ResourceHookArgs): Promise<void> {
  const inputs = event === "preuninstall" || event === "postuninstall" ? args.oldInputs : args.newInputs;
  const payload = (inputs?.input as { hooks?: unknown } | undefined)?.hooks;
  if (typeof payload !== "string") return;
  const target = targetOf(payload);
  const env = { ...process.env };
  await triggerHooks(
    event,
    {
      ...target,
      helmfileCommand: event === "preuninstall" || event === "postuninstall" ? "destroy" : "apply",
    },
    {
      runner: new NodeProcessRunner({ baseEnv: env, cwd: target.release.baseDir }),
      fs: new NodeFileSystem(target.release.baseDir),
      logger: { debug: () => {}, info: (m) => void pulumi.log.info(m), warn: (m) => void pulumi.log.warn(m) },
      environ: env,
    },
  );
}

type Hooks = Record<keyof typeof RELEASE_HOOK_NAMES, pulumi.ResourceHook>;

/** Suffix of the hook names registered by this process (see {@link setReleaseHookScope}). */
let hookScope = "";

/**
 * Names this process's hooks apart from those of other processes of the same engine run: the
 * component provider calls it with `provider`, so a program that uses the library and the
 * provider side by side registers each name once (the engine refuses a name twice). Default none.
 */
export function setReleaseHookScope(scope: string): void {
  hookScope = scope === "" ? "" : `-${scope}`;
}
/**
 * What this process registered, per engine run. The engine refuses a hook name twice in one run,
 * and a run that never registered a name refuses every resource that binds it ("hook … was not
 * registered"): each run must register the names exactly once.
 */
export class RunRegistry<T> {
  private readonly byRun = new Map<unknown, T>();
  /** The run's entry, made on first use. */
  get(run: unknown, make: () => T): T {
    let entry = this.byRun.get(run);
    if (entry === undefined) {
      entry = make();
      this.byRun.set(run, entry);
    }
    return entry;
  }
  /** Forgets every run: the next `get` makes its entry again. */
  forget(): void {
    this.byRun.clear();
  }
}

const registered = new RunRegistry<Hooks>();

/** The address a gRPC client of the SDK talks to; undefined when it has none. */
function clientTarget(client: unknown): string | undefined {
  const channel = (client as { getChannel?: () => { getTarget?: () => string } } | undefined)?.getChannel?.();
  const target = channel?.getTarget?.();
  return typeof target === "string" && target !== "" ? target : undefined;
}

/**
 * One key per engine run: the resource monitor's and the engine's addresses. A component provider
 * gets new clients for every `construct` of the same run (same addresses), and one process can
 * serve several runs in turn (the Automation API's inline programs): each run's engine listens on
 * ports of its own choosing, so a later run on the very same pair of ports is what a key could
 * still confuse. The automation layer forgets at the start of each run ({@link forgetReleaseHooks}).
 */
function runKey(monitor: object): unknown {
  const m = clientTarget(monitor);
  if (m === undefined) return monitor;
  return `${m} ${clientTarget(pulumi.runtime.getEngine()) ?? ""}`;
}

/**
 * Forgets the hooks registered so far: for a process that runs its program once per engine run
 * (an inline Automation API program), called as each run starts, so the run registers them again.
 */
export function forgetReleaseHooks(): void {
  registered.forget();
}

/** True when the engine's monitor can register resource hooks (not with Pulumi's mocks). */
export function resourceHooksSupported(): boolean {
  const monitor = pulumi.runtime.getMonitor() as { registerResourceHook?: unknown } | undefined;
  return monitor !== undefined && typeof monitor.registerResourceHook === "function";
}

/** `base` with this process's scope (see {@link setReleaseHookScope}): a hook name the engine takes once. */
export function scopedHookName(base: string): string {
  return `${base}${hookScope}`;
}

/**
 * The four named hooks of this program run, registered on first use (once per run); undefined
 * when the monitor cannot register resource hooks (Pulumi's mocks).
 */
export function registerReleaseHooks(): Hooks | undefined {
  const key = pulumi.runtime.getMonitor() as { registerResourceHook?: unknown } | undefined;
  if (key === undefined || !resourceHooksSupported()) return undefined;
  return registered.get(runKey(key), () => {
    const make = (event: keyof typeof RELEASE_HOOK_NAMES): pulumi.ResourceHook =>
      new pulumi.ResourceHook(`${RELEASE_HOOK_NAMES[event]}${hookScope}`, (args) => run(event, args));
    return {
      presync: make("presync"),
      postsync: make("postsync"),
      preuninstall: make("preuninstall"),
      postuninstall: make("postuninstall"),
    };
  });
}

/**
 * Waits until the engine has the hooks. The SDK registers a hook asynchronously and counts the
 * call as pending only once it is under way, so a program that ends right after creating them (a
 * `destroy`'s program, a state that fails to load) could end the run before the engine knows them:
 * a delete hook would not run, and the registration would fail later with no one to hear it.
 */
export async function releaseHooksRegistered(hooks: Hooks | undefined): Promise<void> {
  if (hooks === undefined) return;
  await Promise.all(
    Object.values(hooks).map(
      (h) => (h as { __registered?: Promise<void> }).__registered ?? Promise.resolve(),
    ),
  );
}

/** The anchors' input: changes exactly when the release's values or manifest do. */
export function anchorInput(values: string, manifest: string, hooks: string): Record<string, string> {
  const digest = createHash("sha256").update(values).update("\0").update(manifest).digest("hex");
  return { digest, hooks };
}

/**
 * Creates the two anchors of a release; `objects` returns the release's resources given the first.
 * Resolves to every resource made: the anchors and the release's.
 */
export function withReleaseHooks(
  name: string,
  input: pulumi.Input<Record<string, string>>,
  opts: pulumi.CustomResourceOptions,
  objects: (pre: pulumi.Resource) => Promise<pulumi.Resource[]>,
): Promise<pulumi.Resource[]> {
  const hooks = registerReleaseHooks();
  const pre = new pulumi.Stash(
    `${name}-presync`,
    { input },
    {
      ...opts,
      ...(hooks === undefined
        ? {}
        : {
            hooks: {
              beforeCreate: [hooks.presync],
              beforeUpdate: [hooks.presync],
              afterDelete: [hooks.postuninstall],
            },
          }),
    },
  );
  return objects(pre).then((resources) => {
    const post = new pulumi.Stash(
      `${name}-postsync`,
      { input },
      {
        ...opts,
        dependsOn: resources,
        ...(hooks === undefined
          ? {}
          : {
              hooks: {
                afterCreate: [hooks.postsync],
                afterUpdate: [hooks.postsync],
                beforeDelete: [hooks.preuninstall],
              },
            }),
      },
    );
    return [pre, ...resources, post];
  });
}
