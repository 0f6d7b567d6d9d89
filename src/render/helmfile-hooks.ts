/**
 * helmfile's `hooks:` (pkg/event/bus.go): a hook names `events`, a `command` and `args`, each
 * rendered as a Go template with `.Event` (`.Event.Name`, `.Event.Error`), `.Environment`,
 * `.Namespace` (the `--namespace` override), `.HelmfileCommand` and, for release hooks,
 * `.Release` and `.Values`. Every hook whose events contain the event runs in declaration
 * order, without a shell, in the state's directory; the first failure stops the event.
 * `showlogs: true` logs the command's stdout as helmfile does (`hook[<event>] logs | …`).
 *
 * The runner is pure: processes go through the injected {@link ProcessRunner}, output through the
 * {@link Logger}, and the insecure-features policy is asked before anything starts.
 */
import { renderGoTemplate } from "../load/template-bridge";
import { HelmfileError } from "../shared/errors";
import type { Environment, FileSystem, Logger, ProcessRunner } from "../shared/io";
import type { Limits } from "../shared/limits";
import type { LoadedState, PreparedRelease } from "../shared/model";
import { checkHookAllowed, isGoTrue, resolvePolicy, type SecurityPolicy } from "../shared/policy";
import { isMap, type ValueMap } from "../shared/value";
import { GoStruct, newGoMap, typedMap, type GoValue } from "../template/types";

/** The events helmfile triggers. */
export const HOOK_EVENTS = [
  "prepare",
  "preapply",
  "presync",
  "postsync",
  "preuninstall",
  "postuninstall",
  "cleanup",
] as const;

/** One of {@link HOOK_EVENTS}. */
export type HookEvent = (typeof HOOK_EVENTS)[number];

/** helmfile's environment variable that makes every trigger of a state or release with hooks fail. */
export const DISABLE_HOOKS_ENV = "HELMFILE_DISABLE_HOOKS";

/** Stable codes of hook failures. */
export const HOOK_CODES = {
  failed: "HOOK_FAILED",
  template: "HOOK_TEMPLATE_FAILED",
  invalid: "HOOK_INVALID",
  disabled: "HOOK_DISABLED",
} as const;

/** Raised when a hook cannot be rendered or its command fails. */
export class HookError extends HelmfileError {}

/** One entry of `hooks:` (event.Hook). */
export interface HelmfileHook {
  readonly name: string;
  readonly events: readonly string[];
  readonly command: string;
  readonly args: readonly string[];
  readonly showlogs: boolean;
  /** `kubectlApply: {filename: …}` or `{kustomize: …}`; absent when not set. */
  readonly kubectlApply?: Readonly<Record<string, string>>;
}

/** The IO and settings hooks run with. */
export interface HookIo {
  readonly runner: ProcessRunner;
  readonly fs: FileSystem;
  readonly logger: Logger;
  /** The environment templates see (`env`, `requiredEnv`) and {@link DISABLE_HOOKS_ENV} is read from. */
  readonly environ: Environment;
  /** Default: from `HELMFILE_DISABLE_INSECURE_FEATURES` in {@link environ}. */
  readonly policy?: SecurityPolicy;
  readonly limits?: Limits;
}

/** What an event is about: a state (global hooks) or one of its releases. */
export interface HookTarget {
  readonly state: LoadedState;
  /** Set for release events; absent for the state's own `hooks:`. */
  readonly release?: PreparedRelease;
  /** helmfile's command name as `.HelmfileCommand` sees it (`template`, `sync`, `pull`, …). */
  readonly helmfileCommand: string;
  /** `--namespace`, as `.Namespace`; default empty. */
  readonly overrideNamespace?: string;
}

const str = (v: unknown): string =>
  typeof v === "string" ? v : v === undefined || v === null ? "" : String(v);
const strList = (v: unknown): string[] => (Array.isArray(v) ? v.map(str) : []);

/** The hooks of a `hooks:` list as loaded (release `spec.hooks` or the state document's `hooks`). */
export function parseHooks(value: unknown): HelmfileHook[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isMap).map((h) => {
    const kubectl = h.kubectlApply;
    return {
      name: str(h.name),
      events: strList(h.events),
      command: str(h.command),
      args: strList(h.args),
      showlogs: h.showlogs === true,
      ...(isMap(kubectl)
        ? { kubectlApply: Object.fromEntries(Object.entries(kubectl).map(([k, v]) => [k, str(v)])) }
        : {}),
    };
  });
}

/** The hooks an event of `target` considers: the release's, else the state's. */
export function hooksOf(target: Pick<HookTarget, "state" | "release">): HelmfileHook[] {
  return target.release === undefined
    ? parseHooks(target.state.document.hooks)
    : parseHooks(target.release.spec.hooks);
}

/** Where a hook failure happened, for messages: `release ns/a` or `state helmfile.yaml`. */
function whereOf(target: HookTarget): string {
  return target.release === undefined ? `state ${target.state.displayPath}` : `release ${target.release.id}`;
}

function environmentData(state: LoadedState): GoStruct {
  const envs = state.document.environments;
  const spec = isMap(envs) ? envs[state.environment] : undefined;
  return new GoStruct(
    "environment.Environment",
    new Map<string, GoValue>([
      ["Name", state.environment],
      ["KubeContext", isMap(spec) ? str(spec.kubeContext) : ""],
      ["Values", state.values],
      ["Defaults", newGoMap()],
      ["CLIOverrides", newGoMap()],
    ]),
  );
}

/** `.Release`: the release spec (`*state.ReleaseSpec`) with the fields hooks commonly read. */
function releaseData(release: PreparedRelease): GoStruct {
  const labels = newGoMap();
  for (const [k, v] of Object.entries(release.labels)) labels[k] = v;
  const spec: ValueMap = release.spec;
  return new GoStruct(
    "state.ReleaseSpec",
    new Map<string, GoValue>([
      ["Chart", release.chart],
      ["Version", release.version ?? ""],
      ["Name", release.name],
      ["Namespace", release.namespace],
      ["Labels", typedMap(labels, "string")],
      ["KubeContext", release.kubeContext ?? ""],
      ["Installed", release.installed],
      ["Needs", [...release.needs]],
      ["Values", Array.isArray(spec.values) ? (spec.values as GoValue) : []],
    ]),
    new Map(),
    true,
  );
}

function templateData(event: HookEvent, target: HookTarget, error: string | undefined): GoValue {
  const data = newGoMap();
  data.Environment = environmentData(target.state);
  data.Namespace = target.overrideNamespace ?? "";
  data.Event = new GoStruct(
    "event.event",
    new Map<string, GoValue>([
      ["Name", event],
      // A nil error prints as <nil>, as Go prints a nil interface.
      ["Error", error ?? null],
    ]),
  );
  data.HelmfileCommand = target.helmfileCommand;
  if (target.release !== undefined) {
    data.Values = target.state.values;
    data.Release = releaseData(target.release);
  }
  return data;
}

/** The command and args of a hook before templating (kubectlApply becomes `kubectl apply`). */
function commandOf(
  hook: HelmfileHook,
  name: string,
  io: HookIo,
): { command: string; args: readonly string[] } {
  const k = hook.kubectlApply;
  if (k === undefined) return { command: hook.command, args: hook.args };
  if (hook.command !== "")
    io.logger.warn(`warn: ignoring command '${hook.command}' given within a kubectlApply hook`);
  if (k.filename !== undefined) {
    if (k.kustomize !== undefined)
      throw new HookError(HOOK_CODES.invalid, `hook[${name}]: kustomize & filename cannot be used together`);
    return { command: "kubectl", args: ["apply", "-f", k.filename] };
  }
  if (k.kustomize !== undefined) return { command: "kubectl", args: ["apply", "-k", k.kustomize] };
  throw new HookError(HOOK_CODES.invalid, `hook[${name}]: either kustomize or filename must be given`);
}

/**
 * Triggers `event` on `target` (bus.Trigger): runs each hook listing it, in order. Resolves to
 * true when at least one ran. `error` is the operation's failure, as `.Event.Error`.
 */
export async function triggerHooks(
  event: HookEvent,
  target: HookTarget,
  io: HookIo,
  error?: unknown,
): Promise<boolean> {
  const hooks = hooksOf(target);
  const where = whereOf(target);
  if (hooks.length > 0 && isGoTrue(io.environ[DISABLE_HOOKS_ENV])) {
    throw new HookError(HOOK_CODES.disabled, `${where}: ${DISABLE_HOOKS_ENV} is active, hooks are disabled`);
  }
  const policy = io.policy ?? resolvePolicy({}, io.environ);
  const errorText =
    error === undefined || error === null
      ? undefined
      : error instanceof Error
        ? error.message
        : String(error);
  let executed = false;
  for (const hook of hooks) {
    if (!hook.events.includes(event)) continue;
    await runHook(hook, event, target, io, policy, errorText);
    executed = true;
  }
  return executed;
}

async function runHook(
  hook: HelmfileHook,
  event: HookEvent,
  target: HookTarget,
  io: HookIo,
  policy: SecurityPolicy,
  errorText: string | undefined,
): Promise<void> {
  const name = hook.name !== "" ? hook.name : hook.kubectlApply !== undefined ? "kubectlApply" : hook.command;
  const where = whereOf(target);
  const raw = commandOf(hook, name, io);
  checkHookAllowed(policy, raw.command, { file: target.state.file });
  const data = templateData(event, target, errorText);
  const basePath = target.release?.baseDir ?? dirOf(target.state.file);
  const render = (source: string): string => {
    try {
      return renderGoTemplate(source, data, {
        name: `hook[${name}]`,
        basePath,
        fs: io.fs,
        environ: io.environ,
        processRunner: io.runner,
        logger: io.logger,
        policy,
        ...(io.limits === undefined ? {} : { limits: io.limits }),
      });
    } catch (err) {
      throw new HookError(
        HOOK_CODES.template,
        `${where}: hook[${name}] (event ${event}): ${err instanceof Error ? err.message : String(err)}`,
        { file: target.state.file, cause: err },
      );
    }
  };
  const command = render(raw.command);
  const args = raw.args.map(render);
  io.logger.debug(`hook[${name}]: triggered by event "${event}"`);
  const result = await io.runner.run(command, args, { cwd: basePath });
  io.logger.debug(`hook[${name}]: ${result.stdout}`);
  if (hook.showlogs) {
    const prefix = `\nhook[${event}] logs | `;
    io.logger.info(prefix + result.stdout.replaceAll("\n", prefix));
  }
  if (result.exitCode !== 0) {
    const stderr = result.stderr.trim();
    throw new HookError(
      HOOK_CODES.failed,
      `${where}: hook[${name}] (event ${event}): command \`${command}\` failed: exit status ${result.exitCode}${stderr === "" ? "" : `\n${stderr}`}`,
      { file: target.state.file },
    );
  }
}

function dirOf(file: string): string {
  const i = file.lastIndexOf("/");
  return i <= 0 ? "/" : file.slice(0, i);
}
