/**
 * The `preview`, `up` and `destroy` CLI commands over the automation layer. Kept free of CLI
 * types so the command table in `src/cli/commands` can wrap them without an import cycle.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { formatErrorMessage, isHelmfileError } from "../shared/errors";
import type { StateOptions } from "../shared/model";
import type { ReleaseChange } from "./change-summary";
import type { ReleaseAdoption } from "./adoption";
import type { CommandLineOverrides } from "../emit/command-line";
import {
  cancel,
  destroy,
  preview,
  refresh,
  stackOutputs,
  up,
  type HelmfileOperationResult,
} from "./operations";
import { resolveStackOptions, type HelmfileStackOptions, type StackProgress } from "./options";

/** The stack commands. */
export type StackCommand = "preview" | "up" | "destroy" | "refresh";

export { PREVIEW_FLAGS, STACK_COMMAND_FLAGS } from "./cli-flags";

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

const OPERATIONS = { preview, up, destroy, refresh } as const;

/** Runs one stack command; returns the exit code. */
export async function runStackCommand(
  request: StackCommandRequest,
  out: StackCommandOutput,
): Promise<number> {
  const options = stackOptions(request, out);
  try {
    const result: HelmfileOperationResult = await OPERATIONS[request.command](options);
    if (request.json) {
      const { stackName, resourceChanges, releases, changedReleases, adoptions } = result;
      out.writeStdout(
        `${JSON.stringify({ stackName, resourceChanges, releases, changedReleases, adoptions }, null, 2)}\n`,
      );
    } else {
      out.writeStdout(formatSummary(request.command, result));
      if (request.command === "up") out.writeStdout(`${destinationOf(options)}\n`);
    }
    return request.detailedExitCode === true && hasChanges(result) ? 2 : 0;
  } catch (err) {
    const message = isHelmfileError(err) ? err.message : err instanceof Error ? err.message : String(err);
    if (request.json) {
      const code = isHelmfileError(err) ? err.code : "ERROR";
      out.writeStdout(`${JSON.stringify({ error: { code, message } }, null, 2)}\n`);
    } else {
      out.writeStderr(`${isHelmfileError(err) ? message : formatErrorMessage(message, {})}\n`);
    }
    return 1;
  }
}

function stackOptions(request: StackCommandRequest, out: StackCommandOutput): HelmfileStackOptions {
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

/** The variables `env` sets to other values than `base` has. */
function differingEnv(
  env: Readonly<Record<string, string | undefined>>,
  base: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && base[k] !== v) out[k] = v;
  return out;
}

/** Where `up` put the releases: the cluster (and its context) or the manifests directory. */
function destinationOf(options: HelmfileStackOptions): string {
  const resolved = resolveStackOptions(options);
  if (resolved.applyToCluster === true) {
    const context =
      options.kubeContext === undefined
        ? "the kubeconfig's current context"
        : `context "${options.kubeContext}"`;
    const config = options.kubeconfig === undefined ? "" : ` of ${options.kubeconfig}`;
    return `applied to the cluster of ${context}${config}`;
  }
  return `manifests written to ${resolved.renderToDirectory ?? ""} (nothing applied to a cluster: --render-to-directory was given)`;
}

/**
 * `status`: what the stack holds now (its `releaseIds` output), without running the program.
 * Prints one release id per line, or JSON with `--json`.
 */
export async function runStatusCommand(
  request: StackCommandRequest,
  out: StackCommandOutput,
): Promise<number> {
  const options = stackOptions(request, out);
  try {
    const outputs = await stackOutputs(options);
    const ids = outputs.releaseIds?.value;
    const releases = Array.isArray(ids) ? ids.map(String) : [];
    const stackName = resolveStackOptions(options).stackName;
    if (request.json) out.writeStdout(`${JSON.stringify({ stackName, releases }, null, 2)}\n`);
    else {
      const head = `stack "${stackName}": ${releases.length} release${releases.length === 1 ? "" : "s"}`;
      out.writeStdout(`${[head, ...releases.map((r) => `  ${r}`)].join("\n")}\n`);
    }
    return 0;
  } catch (err) {
    out.writeStderr(
      `${isHelmfileError(err) ? err.message : formatErrorMessage(String(err instanceof Error ? err.message : err), {})}\n`,
    );
    return 1;
  }
}

/** `cancel`: clears the lock a killed `up` left on the stack (`pulumi cancel`). */
export async function runCancelCommand(
  request: StackCommandRequest,
  out: StackCommandOutput,
): Promise<number> {
  const options = stackOptions(request, out);
  try {
    await cancel(options);
    out.writeStdout(`stack "${resolveStackOptions(options).stackName}": lock cleared\n`);
    return 0;
  } catch (err) {
    out.writeStderr(`${isHelmfileError(err) ? err.message : String(err)}\n`);
    return 1;
  }
}

/** helmfile's default state file in `cwd`: helmfile.yaml, helmfile.yaml.gotmpl, else helmfile.d/. */
function defaultHelmfile(cwd: string): string {
  for (const name of ["helmfile.yaml", "helmfile.yaml.gotmpl", "helmfile.d"]) {
    const p = join(cwd, name);
    if (existsSync(p)) return p;
  }
  return join(cwd, "helmfile.yaml");
}

/** True when the operation changed (or would change) any resource. */
export function hasChanges(result: HelmfileOperationResult): boolean {
  return Object.entries(result.resourceChanges).some(([op, n]) => op !== "same" && (n ?? 0) > 0);
}

/** Human summary: one line per changed release, with its changed value paths. */
export function formatSummary(command: StackCommand, result: HelmfileOperationResult): string {
  const lines = [`${command} of stack "${result.stackName}": ${formatCounts(result.resourceChanges)}`];
  if (result.changedReleases.length === 0) lines.push("no release changes");
  for (const r of result.changedReleases) lines.push(formatRelease(r));
  for (const a of result.adoptions) lines.push(...formatAdoption(command, a));
  return `${lines.join("\n")}\n`;
}

function formatCounts(counts: Readonly<Record<string, number | undefined>>): string {
  const parts = Object.entries(counts)
    .filter(([, n]) => n !== undefined && n > 0)
    .map(([op, n]) => `${op} ${n}`);
  return parts.length === 0 ? "nothing to do" : parts.join(", ");
}

function formatRelease(r: ReleaseChange): string {
  const head = `  ${r.op} ${r.release}${r.changedInputs.length > 0 ? ` (${r.changedInputs.join(", ")})` : ""}`;
  // A created or deleted release would print all its values; only changes are worth a line.
  const shown = r.op === "update" || r.op === "replace" ? r.valuesChanges : [];
  const values = shown.map(
    (v) =>
      `      ${v.path}: ${show(v.old)} => ${show(v.new)}${v.source === undefined ? "" : ` (${v.source})`}`,
  );
  return [head, ...values].join("\n");
}

function show(v: unknown): string {
  return v === undefined ? "(none)" : JSON.stringify(v);
}

const HELM_RECORDS: Readonly<Record<string, string>> = {
  kept: "helm's release record kept (`helm list` still shows it; --forget-helm-releases removes it)",
  removed: "helm's release record removed (`helm list` no longer shows it)",
  imported: "helm release imported: managed by the stack from now on, not reinstalled",
};

/** Lines of one release's adoptions: each existing object taken over, and what changes on it. */
function formatAdoption(command: StackCommand, a: ReleaseAdoption): string[] {
  const verb = command === "preview" ? "adopt" : "adopted";
  const where = a.release === "" ? "outside the releases" : a.release;
  const lines: string[] = [];
  if (a.objects.length > 0)
    lines.push(
      `  ${verb} ${where}: ${a.objects.length} existing object${a.objects.length === 1 ? "" : "s"} taken over in place`,
    );
  for (const o of a.objects) {
    const id = `${o.kind} ${o.namespace === undefined ? "" : `${o.namespace}/`}${o.name}`;
    const change = o.differences.length === 0 ? "unchanged" : `update ${o.differences.join(", ")}`;
    lines.push(`      ${id}: ${command === "preview" ? change : "kept its uid"}`);
  }
  const fate = HELM_RECORDS[a.helmRecords];
  if (fate !== undefined && a.release !== "") {
    const text =
      command === "preview" && a.helmRecords === "removed"
        ? fate.replace("removed", "would be removed")
        : fate;
    lines.push(`  ${where}: ${text}`);
  }
  return lines;
}
