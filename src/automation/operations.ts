/** `preview`, `up`, `destroy`, `refresh` and stack outputs for a helmfile, with typed results. */
import type { EngineEvent, OpMap } from "@pulumi/pulumi/automation";
import { ReleaseChangeCollector, type ReleaseChange } from "./change-summary";
import { toAutomationError } from "./errors";
import { resolveStackOptions, type HelmfileStackOptions, type ResolvedStackOptions } from "./options";
import { redactSecretPayloads } from "./redact-events";
import { openHelmfileStack } from "./stack";

/** Result of any operation. */
export interface HelmfileOperationResult {
  readonly stackName: string;
  /** Step counts by kind (`same`, `create`, `update`, `delete`, …) over all resources. */
  readonly resourceChanges: OpMap;
  /** What happened to each release. */
  readonly releases: readonly ReleaseChange[];
  /** Releases whose step is not `same`. */
  readonly changedReleases: readonly ReleaseChange[];
  /** The CLI's text output. */
  readonly stdout: string;
}

/** Result of `up`: also the stack outputs. */
export interface HelmfileUpResult extends HelmfileOperationResult {
  readonly outputs: Readonly<Record<string, StackOutput>>;
}

/** One stack output. */
export interface StackOutput {
  readonly value: unknown;
  readonly secret: boolean;
}

type Kind = "preview" | "up" | "destroy" | "refresh";

function streaming(options: ResolvedStackOptions, collector: ReleaseChangeCollector) {
  return {
    onOutput: (text: string) => options.onProgress?.({ kind: "output", text }),
    onEvent: (raw: EngineEvent) => {
      // The SDK's debug traces can print secret values in plain text: never pass them on.
      const event = redactSecretPayloads(raw);
      options.onEvent?.(event);
      const diag = event.diagnosticEvent;
      if (diag !== undefined) {
        options.onProgress?.({
          kind: "diagnostic",
          severity: diag.severity,
          message: diag.message,
          ...(diag.urn === undefined ? {} : { urn: diag.urn }),
        });
      }
      const change = collector.add(event);
      if (change === undefined) return;
      const phase =
        event.resOpFailedEvent !== undefined
          ? "failed"
          : event.resOutputsEvent !== undefined
            ? "done"
            : "planned";
      options.onProgress?.({ kind: "release", change, phase });
    },
  };
}

async function run(kind: Kind, input: HelmfileStackOptions): Promise<HelmfileUpResult> {
  const options = resolveStackOptions(input);
  const { stack, programError } = await openHelmfileStack(options);
  const collector = new ReleaseChangeCollector();
  const stream = streaming(options, collector);
  try {
    let resourceChanges: OpMap = {};
    let stdout = "";
    let outputs: Record<string, StackOutput> = {};
    if (kind === "preview") {
      const r = await stack.preview({ ...stream, diff: true });
      resourceChanges = r.changeSummary;
      stdout = r.stdout;
    } else if (kind === "up") {
      const r = await stack.up({ ...stream, diff: true });
      resourceChanges = r.summary.resourceChanges ?? {};
      stdout = r.stdout;
      outputs = toOutputs(r.outputs);
    } else if (kind === "destroy") {
      const r = await stack.destroy(stream);
      resourceChanges = r.summary.resourceChanges ?? {};
      stdout = r.stdout;
    } else {
      const r = await stack.refresh(stream);
      resourceChanges = r.summary.resourceChanges ?? {};
      stdout = r.stdout;
    }
    const releases = collector.changes();
    return {
      stackName: options.stackName,
      resourceChanges,
      releases,
      changedReleases: releases.filter((r) => r.op !== "same"),
      stdout,
      outputs,
    };
  } catch (err) {
    throw programError() ?? toAutomationError(err, options.stackName);
  }
}

function withoutOutputs(result: HelmfileUpResult): HelmfileOperationResult {
  const { stackName, resourceChanges, releases, changedReleases, stdout } = result;
  return { stackName, resourceChanges, releases, changedReleases, stdout };
}

function toOutputs(map: Record<string, { value: unknown; secret: boolean }>): Record<string, StackOutput> {
  return Object.fromEntries(Object.entries(map).map(([k, v]) => [k, { value: v.value, secret: v.secret }]));
}

/** Previews what `up` would change: the Pulumi counterpart of `helmfile diff`. */
export async function preview(options: HelmfileStackOptions): Promise<HelmfileOperationResult> {
  return withoutOutputs(await run("preview", options));
}

/** Applies the helmfile (or renders it to the directory): the counterpart of `helmfile apply`. */
export async function up(options: HelmfileStackOptions): Promise<HelmfileUpResult> {
  return run("up", options);
}

/** Deletes everything the stack created: the counterpart of `helmfile destroy`. */
export async function destroy(options: HelmfileStackOptions): Promise<HelmfileOperationResult> {
  return withoutOutputs(await run("destroy", options));
}

/** Refreshes the stack's state from the cluster. */
export async function refresh(options: HelmfileStackOptions): Promise<HelmfileOperationResult> {
  return withoutOutputs(await run("refresh", options));
}

/** The stack's current outputs (`releaseIds`). */
export async function stackOutputs(options: HelmfileStackOptions): Promise<Record<string, StackOutput>> {
  const resolved = resolveStackOptions(options);
  const { stack } = await openHelmfileStack(resolved);
  try {
    return toOutputs(await stack.outputs());
  } catch (err) {
    throw toAutomationError(err, resolved.stackName);
  }
}
