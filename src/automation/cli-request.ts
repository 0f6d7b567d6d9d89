/**
 * A stack command's request as the CLI parses it, and the options of the operation it runs: kept
 * apart from the operations (./cli-commands.ts), so that the CLI can start reading the stack's
 * state ({@link prefetchStackState}) before it loads them.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { StateOptions } from "../shared/model";
import type { CommandLineOverrides } from "../emit/command-line";
import { stateLocation } from "./engine-env";
import { resolveStackOptions, type HelmfileStackOptions, type StackProgress } from "./options";
import { prefetchStateSummary } from "./state-summary";

/** The stack commands. */
export type StackCommand = "preview" | "up" | "destroy" | "refresh";

/** One stack command invocation, from parsed flags. */
export interface StackCommandRequest {
  readonly command: StackCommand;
  readonly state: StateOptions;
  readonly cwd: string;
  readonly helmBinary?: string;
  readonly stack?: string;
  readonly backend?: string;
  readonly json: boolean;
  readonly renderToDirectory?: string;
  readonly applyToCluster?: boolean;
  readonly projectDir?: string;
  readonly project?: string;
  readonly kubeconfig?: string;
  readonly skipCrds?: boolean;
  /** `preview`/`up --forget-helm-releases`: delete helm's release records of the releases (mode manifests). */
  readonly forgetHelmReleases?: boolean;
  /** `preview --engine-diff`: run the engine even when every release is as the stack recorded it. */
  readonly engineDiff?: boolean;
  /** `preview`/`up --detailed-exitcode`: exit 2 when there are changes, as helmfile's `diff`/`apply`. */
  readonly detailedExitCode?: boolean;
  /** Render the engine's colour markup (stderr is a coloured terminal); default: removed. */
  readonly colour?: boolean;
  /** helmfile's per-run overrides of every release (src/emit/command-line.ts). */
  readonly commandLine?: CommandLineOverrides;
  /** `--concurrency` (> 0). */
  readonly concurrency?: number;
  /** Receives each release's progress (default: none; Pulumi's own output goes to stderr either way). */
  readonly onReleaseProgress?: (progress: StackProgress) => void;
  /**
   * The invocation's environment, when it is not the process's (an in-process CLI): its variables
   * reach the engine and its plugins over the process's. (One the process has and it lacks cannot
   * be taken away.)
   */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** Where the command writes. */
export interface StackCommandOutput {
  writeStdout(text: string): void;
  writeStderr(text: string): void;
}

/** The operation's options for `request`; progress goes to `out`. */
export function stackOptions(request: StackCommandRequest, out: StackCommandOutput): HelmfileStackOptions {
  const s = request.state;
  const set = <K extends string, V>(key: K, v: V | undefined): { [P in K]?: V } =>
    (v === undefined || (Array.isArray(v) && v.length === 0) || v === "" ? {} : { [key]: v }) as {
      [P in K]?: V;
    };
  const envVars = request.env === undefined ? {} : differingEnv(request.env, process.env);
  return {
    file: s.file ?? defaultHelmfile(request.cwd),
    ...(Object.keys(envVars).length === 0 ? {} : { envVars }),
    ...set("environment", s.environment),
    ...set("stateValuesSet", s.stateValuesSet),
    ...set("stateValuesSetString", s.stateValuesSetString),
    ...set("stateValuesFiles", s.stateValuesFiles),
    ...set("selectors", s.selectors),
    ...set("namespace", s.namespace),
    ...set("kubeContext", s.kubeContext),
    ...set("helmBinary", request.helmBinary),
    ...set("stackName", request.stack),
    ...set("backendUrl", request.backend),
    ...set("renderToDirectory", request.renderToDirectory),
    ...set("projectDir", request.projectDir),
    ...set("projectName", request.project),
    ...set("kubeconfig", request.kubeconfig),
    ...(s.includeNeeds === true ? { includeNeeds: true } : {}),
    ...(s.includeTransitiveNeeds === true ? { includeTransitiveNeeds: true } : {}),
    ...(s.skipNeeds === undefined ? {} : { skipNeeds: s.skipNeeds }),
    ...(request.skipCrds === true ? { skipCrds: true } : {}),
    ...(request.forgetHelmReleases === true ? { forgetHelmReleases: true } : {}),
    ...(request.engineDiff === true ? { engineDiff: true } : {}),
    ...(request.applyToCluster === true ? { applyToCluster: true } : {}),
    ...(request.colour === true ? { colour: true } : {}),
    ...(request.commandLine === undefined ? {} : { commandLine: request.commandLine }),
    ...(request.concurrency === undefined ? {} : { concurrency: request.concurrency }),
    ...(request.json
      ? {}
      : {
          onProgress: (p) => (p.kind === "output" ? out.writeStderr(p.text) : request.onReleaseProgress?.(p)),
        }),
  };
}

/** helmfile's default state file in `cwd`: helmfile.yaml, helmfile.yaml.gotmpl, else helmfile.d/. */
function defaultHelmfile(cwd: string): string {
  for (const name of ["helmfile.yaml", "helmfile.yaml.gotmpl", "helmfile.d"]) {
    const p = join(cwd, name);
    if (existsSync(p)) return p;
  }
  return join(cwd, "helmfile.yaml");
}

/**
 * Starts reading the stack's state for `request` (./state-summary.ts) when it is a preview the
 * stack's record may answer (applied to a cluster, no selectors, no `--engine-diff`): the
 * operation takes what was read if it asks for the same state file with the same passphrase.
 * Called before the operations' modules load, which takes about 0.3 s the read runs beside.
 */
export function prefetchStackState(request: StackCommandRequest): void {
  const selectors = request.state.selectors ?? [];
  if (request.command !== "preview" || request.engineDiff === true || selectors.length > 0) return;
  try {
    const silent: StackCommandOutput = { writeStdout: () => undefined, writeStderr: () => undefined };
    const options = resolveStackOptions(stackOptions(request, silent));
    if (options.renderToDirectory !== undefined) return;
    prefetchStateSummary(stateLocation(options));
  } catch {
    // The operation reports what is wrong with its options; it reads the state itself.
  }
}

/** The variables `env` sets to other values than `base` has. */
function differingEnv(
  env: Readonly<Record<string, string | undefined>>,
  base: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && base[k] !== v) out[k] = v;
  return out;
}
