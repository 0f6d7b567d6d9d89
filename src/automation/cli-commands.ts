/**
 * The `preview`, `up` and `destroy` CLI commands over the automation layer. Kept free of CLI
 * types so the command table in `src/cli/commands` can wrap them without an import cycle.
 */
import { formatErrorMessage, isHelmfileError } from "../shared/errors";
import type { ReleaseChange } from "./change-summary";
import type { ReleaseAdoption } from "./adoption";
import {
  cancel,
  destroy,
  preview,
  refresh,
  stackOutputs,
  up,
  type HelmfileOperationResult,
} from "./operations";
import { resolveStackOptions, type HelmfileStackOptions } from "./options";
import {
  stackOptions,
  type StackCommand,
  type StackCommandOutput,
  type StackCommandRequest,
} from "./cli-request";

export { PREVIEW_FLAGS, STACK_COMMAND_FLAGS } from "./cli-flags";
export type { StackCommand, StackCommandOutput, StackCommandRequest } from "./cli-request";

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
