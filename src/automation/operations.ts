/** `preview`, `up`, `destroy`, `refresh` and stack outputs for a helmfile, with typed results. */
import { existsSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { EngineEvent, OpMap, UpdateSummary } from "@pulumi/pulumi/automation";
import { AdoptionCollector, helmReleaseImports, managedHelmReleases, type ReleaseAdoption } from "./adoption";
import { ReleaseChangeCollector, type ReleaseChange } from "./change-summary";
import { KubeClient } from "./kube-client";
import type { KubeconfigSource } from "../node/kube-config";
import { AutomationError, toAutomationError } from "./errors";
import { renderColourMarkup } from "./colour-markup";
import { OutputLines } from "./output-lines";
import {
  callerEnvironment,
  resolveStackOptions,
  type HelmfileStackOptions,
  type ResolvedStackOptions,
  type StackProgress,
} from "./options";
import { redactSecretPayloads } from "./redact-events";
import { addValueSources, needsValueSources } from "./value-sources";
import { NodeFileSystem } from "../node/node-file-system";
import { createDefaultPipeline } from "../emit/default-pipeline";
import { silentLogger } from "../shared/io";
import {
  recordedReleaseNames,
  selectionScope,
  unselectedResources,
  stateResources,
  urnName,
  type OperationScope,
} from "./selection";
import { exportDeployment, helmfileArgsOf, HELMFILE_COMPONENT_NAME } from "./stack-args";
import { stateLocation } from "./engine-env";
import type { HelmfileStack } from "./stack";
import {
  lockStack,
  pendingPreviewCopy,
  readDestroyState,
  readPreviewState,
  writeBackCopy,
  writePreviewCopy,
  type DestroyStateCopy,
  type PreviewStateCopy,
} from "./preview-state";
import { makeEngineTempDir } from "./engine-tmp";
import { EarlyPreview } from "./early-preview";
import { namedPipesAvailable } from "./pending-state";
import { isGoTrue } from "../shared/policy";
import { trackFinisher, untrackFinisher } from "../node/process-cleanup";
import { knownNewStack, localStateFile, readLocalDeployment } from "./local-state";
import { readStateSummary, type StateSummary } from "./state-summary";
import {
  compareWithRecord,
  recordedObjectDigests,
  appliedEntries,
  recordedRenders,
  type RecordComparison,
} from "./recorded-preview";
import type { RecordedRender } from "../emit/registration-digest";
import type { OnlyReleases } from "../emit/program-failure";
import { contextProviderName, releaseResourceNames } from "../emit/resource-names";
import { crdsDirResourceKeys, resourceKey } from "../emit/object-keys";
import { narrowedPlan, planHelmfile, reviewedPlan, type HelmfilePlan } from "../emit/plan-helmfile";
import { HandedPlan } from "../emit/handed-plan";
import { holdsComponent, keysToRecord, leftOutOfUp, neededByUnchanged } from "./partial-up";
import type { PlannedOnlyReleases } from "../emit/helmfile";
import { HelmfileMode } from "../emit/helmfile-args";
import type { Logger } from "../shared/io";
import type { Stack } from "@pulumi/pulumi/automation";
import { isSelfManagedBackend, unlockSelfManagedStack } from "./unlock";

/** Result of any operation. */
export interface HelmfileOperationResult {
  readonly stackName: string;
  /** Step counts by kind (`same`, `create`, `update`, `delete`, …) over all resources. */
  readonly resourceChanges: OpMap;
  /** What happened to each release. */
  readonly releases: readonly ReleaseChange[];
  /** Releases whose step is not `same`. */
  readonly changedReleases: readonly ReleaseChange[];
  /**
   * `preview` and `up` applying to a cluster: per release, the objects that already exist and are
   * taken over (adopted) instead of created, and what becomes of helm's release records.
   */
  readonly adoptions: readonly ReleaseAdoption[];
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

/** The step counts of the engine's summary event, once it has come. */
interface EngineSummary {
  changes?: OpMap;
}

/** The operation's step counts: the engine's summary event's, else those the SDK read back. */
function stepCounts(summary: EngineSummary, readBack: UpdateSummary | undefined): OpMap {
  return summary.changes ?? readBack?.resourceChanges ?? {};
}

function streaming(
  options: ResolvedStackOptions,
  collector: ReleaseChangeCollector,
  failures: string[],
  summary: EngineSummary,
  adoption?: AdoptionCollector,
) {
  const output = new OutputLines((text) =>
    options.onProgress?.({ kind: "output", text: renderColourMarkup(text, options.colour === true) }),
  );
  return {
    /** Passes on the output's unfinished last line, once the engine has finished. */
    flushOutput: () => output.flush(),
    engine: {
      // The engine's own text without markup, or with ANSI colours on a terminal.
      color: options.colour === true ? ("always" as const) : ("never" as const),
      onOutput: (text: string) => output.push(text),
      onEvent: (raw: EngineEvent) => {
        // The SDK's debug traces can print secret values in plain text: never pass them on.
        const event = redactSecretPayloads(raw);
        options.onEvent?.(event);
        const diag = event.diagnosticEvent;
        if (diag !== undefined && diag.severity === "error") {
          const where = diag.urn === undefined || diag.urn === "" ? "" : `${urnName(diag.urn)}: `;
          const message = renderColourMarkup(diag.message, false).trim();
          if (message !== "" && !failures.includes(`${where}${message}`)) failures.push(`${where}${message}`);
        }
        if (diag !== undefined) {
          options.onProgress?.({
            kind: "diagnostic",
            severity: diag.severity,
            message: renderColourMarkup(diag.message, options.colour === true),
            ...(diag.urn === undefined ? {} : { urn: diag.urn }),
          });
        }
        if (event.summaryEvent !== undefined) summary.changes = event.summaryEvent.resourceChanges;
        const change = collector.add(event);
        adoption?.add(event);
        if (change === undefined) return;
        const phase =
          event.resOpFailedEvent !== undefined
            ? "failed"
            : event.resOutputsEvent !== undefined
              ? "done"
              : "planned";
        options.onProgress?.({ kind: "release", change, phase });
      },
    },
  };
}

/**
 * With selectors, what the operation may touch (see ./selection.ts): the selected releases are
 * those the loader picks with the same selectors and needs flags; nothing is rendered here.
 */
async function operationScope(
  kind: Kind,
  options: ResolvedStackOptions,
  deployment: () => Promise<unknown>,
): Promise<OperationScope> {
  if (options.selectors === undefined || options.selectors.length === 0) return {};
  const desired = await loadDesired(options);
  const state = stateResources(await deployment());
  return selectionScope(kind, HELMFILE_COMPONENT_NAME, desired.releases, state);
}

/** The stack's last deployment (`pulumi stack export`), read once per operation by whatever needs it. */
function exportedOnce(
  options: ResolvedStackOptions,
  stack: Stack,
  alongside?: Promise<unknown>,
): () => Promise<unknown> {
  let exported: Promise<unknown> | undefined;
  const own = (): Promise<unknown> => exportDeployment(options, () => stack.exportStack());
  // The export made beside the stack's selection, else (it failed: the stack did not exist yet) one now.
  return () => (exported ??= alongside === undefined ? own() : alongside.then((d) => d ?? own()));
}

/** The releases the loader picks with the operation's selectors and needs flags (nothing rendered). */
async function loadDesired(options: ResolvedStackOptions, explain = false) {
  const args = helmfileArgsOf(options);
  const pipeline = options.pipeline ?? createDefaultPipeline();
  return pipeline.loadDesiredState(
    {
      ...(explain ? { explain: true } : {}),
      file: options.file,
      ...(options.selectors === undefined ? {} : { selectors: options.selectors }),
      ...(args.environment === undefined ? {} : { environment: options.environment }),
      ...(options.stateValuesFiles === undefined ? {} : { stateValuesFiles: options.stateValuesFiles }),
      ...(options.stateValuesSet === undefined ? {} : { stateValuesSet: options.stateValuesSet }),
      ...(options.stateValuesSetString === undefined
        ? {}
        : { stateValuesSetString: options.stateValuesSetString }),
      ...(options.namespace === undefined ? {} : { namespace: options.namespace }),
      ...(options.kubeContext === undefined ? {} : { kubeContext: options.kubeContext }),
      ...(options.includeNeeds === undefined ? {} : { includeNeeds: options.includeNeeds }),
      ...(options.includeTransitiveNeeds === undefined
        ? {}
        : { includeTransitiveNeeds: options.includeTransitiveNeeds }),
      ...(options.skipNeeds === undefined ? {} : { skipNeeds: options.skipNeeds }),
    },
    {
      concurrency: 1,
      logger: silentLogger,
      ...(options.helmBinary === undefined ? {} : { helmBinary: options.helmBinary }),
    },
  );
}

/**
 * The stack's module (./stack.ts), which loads the Pulumi SDKs (~0.2 s): imported when the stack is
 * opened, not with this module, so the comparison with the stack's record, and the render it starts,
 * begin without them.
 */
function stackModule(): Promise<typeof import("./stack")> {
  return import("./stack");
}

/** Whether the operation applies to a cluster (not rendering manifests to a directory). */
function appliesToCluster(options: ResolvedStackOptions): boolean {
  return options.renderToDirectory === undefined;
}

/** The kubeconfig as helm and the provider of the program find it: the option, else the program's environment. */
function kubeconfigOf(options: ResolvedStackOptions): KubeconfigSource {
  return {
    ...(options.kubeconfig === undefined ? {} : { kubeconfig: options.kubeconfig }),
    env: callerEnvironment(options),
  };
}

/** Mode `helm-release`: the helm releases of the cluster that the first `up` imports (see ./adoption.ts). */
async function importsOf(
  options: ResolvedStackOptions,
  deployment: () => Promise<unknown>,
): Promise<Set<string>> {
  if (options.mode !== "helm-release" || !appliesToCluster(options)) return new Set();
  const desired = await loadDesired(options);
  const exported = (await deployment()) as { resources?: Record<string, unknown>[] } | undefined;
  const managed = managedHelmReleases(exported?.resources ?? []);
  return helmReleaseImports(
    kubeconfigOf(options),
    desired.releases.map((r) => ({
      name: r.name,
      namespace: r.namespace,
      installed: r.installed,
      ...(r.kubeContext === undefined ? {} : { kubeContext: r.kubeContext }),
    })),
    managed,
  );
}

function scopeArgs(scope: OperationScope): { exclude?: string[]; target?: string[] } {
  return {
    ...(scope.exclude === undefined ? {} : { exclude: [...scope.exclude] }),
    ...(scope.target === undefined ? {} : { target: [...scope.target] }),
  };
}

async function run(kind: Kind, input: HelmfileStackOptions): Promise<HelmfileUpResult> {
  const options = resolveStackOptions(input);
  // An unchanged preview is planned beside the engine's start-up and the state's export, to be
  // compared with the record (./recorded-preview.ts); its diagnostics are said only if it answers.
  // Its renders wait for the renders the stack recorded (the state's export): a release whose
  // render would be the recorded one is not rendered again.
  let settleRecorded: (renders: ReadonlyMap<string, RecordedRender>) => void = () => undefined;
  let refuseRecorded: () => void = () => undefined;
  const renders = new Promise<ReadonlyMap<string, RecordedRender>>((resolve, reject) => {
    settleRecorded = resolve;
    refuseRecorded = () => reject(new Error("the state holds no record to compare with"));
  });
  renders.catch(() => undefined);
  // An `up` is compared only with a state that holds the component (not one emptied by `destroy`):
  // else the comparison's renders fail before helm runs, and the `up` runs every release.
  const settleFrom = (d: unknown): void =>
    kind === "up" && !holdsComponent(d)
      ? refuseRecorded()
      : settleRecorded(recordedRenders(d, HELMFILE_COMPONENT_NAME));
  const adopting = (kind === "preview" || kind === "up") && appliesToCluster(options);
  let local: unknown;
  // Its self-managed backend holds no state for the stack: it is created without being selected first.
  const newStack = knownNewStack(stateLocation(options));
  // The stack, opened once (`pulumi version`; `pulumi stack select` only for a stack whose file is not known).
  let opening: Promise<HelmfileStack> | undefined;
  const open = (): Promise<HelmfileStack> =>
    (opening ??= stackModule().then((m) =>
      m.openHelmfileStack(
        options,
        adopting && local === undefined,
        newStack ? "new" : stackFileExists(options, local),
      ),
    ));
  // With the state read from its file, the stack opens as soon as the comparison renders a
  // release the record does not answer (the engine is then likely to run): beside that render, and
  // the engine of a partial preview starts there too, its state handed over later (./early-preview.ts).
  let earlyEngine: Promise<EarlyPreview | undefined> | undefined;
  // Whether the early engine was taken or dropped: none starts after that.
  let earlyDecided = false;
  // An `up` compares only a stack whose state file is there: a first `up` (or one with another
  // backend) would render every release for the comparison and again for the program.
  const comparing = kind === "preview" || (kind === "up" && stackFileExists(options, undefined));
  // A first `up` of a stack (its self-managed backend holds no state for it) plans every release
  // as the program would, beside the stack's creation and the engine's start-up: the program takes
  // that plan instead of planning once the engine runs it, unless the stack turns out to hold state.
  const firstPlan =
    kind === "up" && adopting && options.mode !== HelmfileMode.HelmRelease && newStack
      ? firstUpPlan(options)
      : undefined;
  const early =
    comparing && appliesToCluster(options) && fromRecordAllowed(options)
      ? planFromRecord(options, renders, () =>
          // After this turn of the event loop, in which the render starts helm: opening the stack
          // loads the Pulumi SDKs (~0.2 s of this thread), which helm's start must not wait for.
          setImmediate(() => {
            if (local === undefined || earlyDecided) return;
            open().catch(() => undefined);
            if (kind === "preview" && earlyEngineAllowed(options))
              earlyEngine ??= open().then(
                (s) => (earlyDecided ? undefined : startEarlyPreview(options, s)),
                () => undefined,
              );
          }),
        )
      : undefined;
  // One the operation does not take reads no state and ends, and the engine's backend is the
  // stack's own again: only then, as the early engine's start read it from the same environment.
  const dropEarly = async (why: string): Promise<void> => {
    if (earlyDecided) return;
    earlyDecided = true;
    const started = await earlyEngine;
    if (started === undefined) return;
    await started.discard();
    (await open()).setEngineBackend(undefined);
    debug(`the engine started beside the comparison's render is not used: ${why}`);
  };
  const debug = (message: string): void =>
    options.onProgress?.({ kind: "diagnostic", severity: "debug", message });
  // With the state read straight from its file (./local-state.ts), the record is compared before
  // the stack is opened: a preview the record answers runs no Pulumi CLI at all unless a render made
  // it open the stack (`pulumi version`), and for a partial one the stack opens beside the changed
  // releases' plan.
  let verdict: RecordVerdict | undefined;
  // The deployment's summary, read by a worker thread (./state-summary.ts): everything this
  // comparison and a partial preview read of the state, which the worker keeps for the copy.
  let stateSummary: StateSummary | undefined;
  if (early !== undefined && adopting) {
    stateSummary = await readStateSummary(stateLocation(options)).catch(() => undefined);
    local =
      stateSummary?.deployment ?? (await readLocalDeployment(stateLocation(options)).catch(() => undefined));
    if (local !== undefined) {
      settleFrom(local);
      // A comparison that fails here is made again, and reported, once the stack is open.
      verdict = await fromRecord(kind, options, early, local).catch(() => undefined);
      if (verdict?.answer !== undefined) {
        stateSummary?.close();
        await dropEarly("the stack's record answers the preview");
        // A stack the comparison opened is closed (its temporary folder removed) before the answer.
        await opening?.then((s) => s.dispose()).catch(() => undefined);
        return verdict.answer;
      }
    }
  }
  // A partial preview's copy of the state is read while the stack opens.
  let copying: Promise<PreviewCopy> | undefined;
  if (kind === "preview" && verdict?.partial !== undefined && local !== undefined) {
    open().catch(() => undefined);
    copying = previewCopy(options, verdict.partial, local, stateSummary);
    // Awaited below; a run that fails before then does not leave it unhandled.
    copying.catch(() => undefined);
  }
  // A destroy of the whole stack runs against a copy of the state without what it only forgets,
  // read beside the stack's opening.
  const forgetting =
    kind === "destroy" &&
    (options.selectors === undefined || options.selectors.length === 0) &&
    copyAllowed(options)
      ? readDestroyState(stateLocation(options)).catch(() => undefined)
      : undefined;
  const {
    stack,
    programError,
    hooksOnly,
    setHelmReleaseImports,
    setRecordedReleases,
    setOnlyReleases,
    setHandedPlan,
    programOutputs,
    exported,
    dispose,
    engineTmp,
    setEngineBackend,
  } = await open().catch((err: unknown) => {
    settleRecorded(new Map());
    stateSummary?.close();
    throw err;
  });
  // Loaded with the stack just opened.
  const { withoutReadBack } = await stackModule();
  const deployment =
    local === undefined ? exportedOnce(options, stack, exported) : () => Promise.resolve(local);
  if (early !== undefined && local === undefined)
    deployment().then(settleFrom, () => settleRecorded(new Map()));
  const collector = new ReleaseChangeCollector(HELMFILE_COMPONENT_NAME);
  const failures: string[] = [];
  const adoption = adopting ? new AdoptionCollector(collector, HELMFILE_COMPONENT_NAME) : undefined;
  const summary: EngineSummary = {};
  const { engine: stream, flushOutput } = streaming(options, collector, failures, summary, adoption);
  const readBack = { outputs: programOutputs, summarised: () => summary.changes !== undefined };
  let partial: PartialPreview | undefined;
  try {
    if (adopting) {
      setHelmReleaseImports(await importsOf(options, deployment));
      // The releases the last deployment recorded render as upgrades at once (one helm render each).
      const recorded = recordedReleaseNames(HELMFILE_COMPONENT_NAME, stateResources(await deployment()));
      setRecordedReleases(recorded);
      if (firstPlan !== undefined && recorded.size === 0 && !holdsComponent(await deployment())) {
        setHandedPlan(firstPlan);
        debug(FIRST_UP_PLANNED);
      }
      if (early !== undefined) {
        verdict ??= await fromRecord(kind, options, early, await deployment());
        if (verdict.answer !== undefined) return verdict.answer;
        partial = verdict.partial;
      }
    }
    let resourceChanges: OpMap = {};
    let stdout = "";
    let outputs: Record<string, StackOutput> = {};
    let scope = scopeArgs(partial?.scope ?? (await operationScope(kind, options, deployment)));
    let said = "";
    // The resources the engine previews against a copy of the state without them (./preview-state.ts).
    let leftOut = 0;
    // The engine started early, when it takes the copy of the state (`text`).
    let taken: { early: EarlyPreview; text: string } | undefined;
    if (partial !== undefined && kind === "up") {
      // Applied as `up -l` applies the selected releases: the others' resources are excluded from
      // the engine, which keeps them as they are (each `same`, as its run over them would find them).
      const left = await upLeftOut(partial, await deployment(), scope.exclude ?? []);
      setOnlyReleases(
        left.size === 0 ? partial.only : { ...partial.only, ...answeredOnly(left, await deployment()) },
      );
      if (left.size > 0) scope = { ...scope, exclude: [...(scope.exclude ?? []), ...left.keys()] };
      const total = partial.order.length;
      const objects =
        left.size === 0 ? "" : `, all but ${left.size} of their resources, which are as it applied them`;
      said = `${total - partial.only.ids.size} of ${total} releases are as the last deployment applied them (the stack's record); the engine applies the others${objects}: ${[...partial.only.ids].join(", ")} (--engine-diff applies them all)\n`;
      options.onProgress?.({ kind: "output", text: said });
    } else if (partial !== undefined) {
      setOnlyReleases(partial.only);
      const total = partial.order.length;
      const { inRecord, gone, copy } = await (copying ??
        previewCopy(options, partial, await deployment(), stateSummary));
      let against = "";
      if (copy !== undefined) {
        if (inRecord.size > 0)
          setOnlyReleases({ ...partial.only, answered: new Set([...inRecord.values()].map((a) => a.key)) });
        leftOut = gone.size;
        const exclude = (scope.exclude ?? []).filter((u) => !gone.has(u));
        scope = exclude.length === 0 ? {} : { exclude };
        against = `, against a copy of the state without the ${leftOut} resources the record answers (counted as unchanged in the summary, not below)`;
        // The engine started early takes the copy when it runs with no other arguments and still waits for it.
        const started = await earlyEngine;
        if (started?.waiting === true && scope.exclude === undefined) {
          taken = { early: started, text: copy.text };
        } else {
          await dropEarly(
            started?.waiting === true
              ? "the preview runs with exclusions"
              : "it ended before the copy of the state",
          );
          setEngineBackend(writePreviewCopy(copy, join(engineTmp, "preview-state")));
        }
      }
      said = `${total - partial.only.ids.size} of ${total} releases are as the last deployment applied them (the stack's record); the engine previews the others${against}: ${[...partial.only.ids].join(", ")} (--engine-diff previews them all)\n`;
      options.onProgress?.({ kind: "output", text: said });
    }
    if (
      (kind === "destroy" || kind === "refresh") &&
      scope.target !== undefined &&
      scope.target.length === 0
    ) {
      // Nothing selected exists in the stack: an empty target list would mean "everything".
      return {
        stackName: options.stackName,
        resourceChanges: {},
        releases: [],
        changedReleases: [],
        adoptions: [],
        stdout: "",
        outputs: {},
      };
    }
    const adoptionOptions = {
      kubeconfig: kubeconfigOf(options),
      kind: kind === "up" ? ("up" as const) : ("preview" as const),
      ...(options.forgetHelmReleases === true ? { forgetHelmReleases: true } : {}),
      ...(options.mode === "helm-release" ? { helmReleaseMode: true } : {}),
    };
    let startedAt: number | undefined;
    if (adoption !== undefined && kind === "up") {
      startedAt = await KubeClient.open(adoptionOptions.kubeconfig, options.kubeContext).serverTime();
    }
    if (kind === "preview") {
      if (taken === undefined)
        await dropEarly(
          partial === undefined
            ? "the engine previews every release"
            : "the preview runs without a copy of the state",
        );
      else {
        earlyDecided = true;
        debug("the engine started beside the comparison's render takes the copy of the state");
      }
      const r =
        taken === undefined
          ? await stack.preview({ ...stream, ...scope, diff: true })
          : await taken.early.adopt(stream, taken.text);
      resourceChanges =
        leftOut === 0 ? r.changeSummary : { ...r.changeSummary, same: (r.changeSummary.same ?? 0) + leftOut };
      stdout = `${said}${r.stdout}`;
    } else if (kind === "up") {
      // No property diff (`pulumi up --diff`): `up` prints each step and the summary, as docs/cli.md says
      // (`preview` is the diff). The engine's diff of a first install printed every object's inputs and
      // outputs: 32 MB of text for the public charts' CRDs, formatted by the engine and read by this process.
      const r = await withoutReadBack(stack, readBack, () => stack.up({ ...stream, ...scope }));
      resourceChanges = stepCounts(summary, r.summary);
      stdout = `${said}${r.stdout}`;
      outputs = toOutputs(r.outputs);
    } else if (kind === "destroy") {
      // The program runs only to register the release hooks, so preuninstall/postuninstall run.
      hooksOnly(true);
      const destroy = () =>
        withoutReadBack(stack, readBack, () => stack.destroy({ ...stream, ...scope, runProgram: true }));
      const copied = scope.target === undefined ? await forgetting : undefined;
      const r =
        copied === undefined
          ? { ...(await destroy()), left: 0 }
          : await againstCopy(options, copied, setEngineBackend, destroy);
      resourceChanges = stepCounts(summary, r.summary);
      if (r.left > 0)
        resourceChanges = { ...resourceChanges, delete: (resourceChanges.delete ?? 0) + r.left };
      stdout = r.stdout;
    } else {
      const r = await withoutReadBack(stack, readBack, () => stack.refresh({ ...stream, ...scope }));
      resourceChanges = stepCounts(summary, r.summary);
      stdout = r.stdout;
    }
    const engineChanges = collector.changes();
    const releases = await withSources(
      kind,
      options,
      partial === undefined ? engineChanges : withRecordedSame(partial, engineChanges),
    );
    const adoptions = adoption === undefined ? [] : await adoption.finish(adoptionOptions, startedAt);
    return {
      stackName: options.stackName,
      resourceChanges,
      releases,
      changedReleases: releases.filter((r) => r.op !== "same"),
      adoptions,
      stdout,
      outputs,
    };
  } catch (err) {
    throw programError() ?? toAutomationError(err, options.stackName, failures);
  } finally {
    flushOutput();
    settleRecorded(new Map());
    stateSummary?.close();
    await dropEarly("the operation ended first");
    // Whatever happened, no engine is left waiting for a state (./pending-state.ts).
    (await earlyEngine)?.close();
    setEngineBackend(undefined);
    dispose();
  }
}

/**
 * Whether a partial preview's engine may start before its copy of the state is known
 * (./early-preview.ts): the stack's state is the plain file of a self-managed backend (which
 * ./preview-state.ts copies; not gzipped), and named pipes exist here.
 */
function earlyEngineAllowed(options: ResolvedStackOptions): boolean {
  return (
    namedPipesAvailable() &&
    !stateGzipped(callerEnvironment(options)) &&
    localStateFile(stateLocation(options)) !== undefined
  );
}

/** Whether the engine writes a self-managed backend's state gzipped (`PULUMI_DIY_BACKEND_GZIP`). */
function stateGzipped(env: NodeJS.ProcessEnv): boolean {
  return isGoTrue(env.PULUMI_DIY_BACKEND_GZIP);
}

/**
 * Starts `pulumi preview` (with no other arguments) against a copy of the state that is handed over
 * later (./pending-state.ts), in the stack's private temporary folder; undefined when no such copy
 * can be made. A signal that ends the operation ends the engine's wait too.
 */
function startEarlyPreview(options: ResolvedStackOptions, opened: HelmfileStack): EarlyPreview | undefined {
  const pending = pendingPreviewCopy(stateLocation(options), join(opened.engineTmp, "preview-early"));
  if (pending === undefined) return undefined;
  opened.setEngineBackend(pending.url);
  const early = new EarlyPreview(pending, options.colour === true ? "always" : "never", (stream) =>
    opened.stack.preview({ ...stream, diff: true }),
  );
  const close = (): void => early.close();
  trackFinisher(close);
  void early.ended.then(() => untrackFinisher(close));
  return early;
}

/**
 * Whether a destroy may run against a copy of the state (./preview-state.ts): not where the engine
 * would write that copy in another form than the stack's file (`PULUMI_DIY_BACKEND_GZIP`), nor
 * with a state written after every step (`PULUMI_SKIP_CHECKPOINTS` set but not true, as Go's
 * ParseBool reads it: a run killed outright would then leave in the copy what it did).
 */
function copyAllowed(options: ResolvedStackOptions): boolean {
  const env = callerEnvironment(options);
  const skip = env.PULUMI_SKIP_CHECKPOINTS;
  return !stateGzipped(env) && (skip === undefined || isGoTrue(skip));
}

/**
 * Runs `destroy` against a copy of the state without the resources it only forgets (retained ones,
 * ./preview-state.ts), with the stack locked in its own backend, and writes what the engine wrote
 * back to the stack's file, also when the run fails or is stopped by a signal (a finisher of
 * ../node/process-cleanup.ts). A stack locked already, or a copy that cannot be locked, destroys
 * as before. `left`: the resources left out, each a deletion of the run.
 */
async function againstCopy<R extends { summary: UpdateSummary | undefined; stdout: string }>(
  options: ResolvedStackOptions,
  copied: DestroyStateCopy,
  setEngineBackend: (url: string | undefined) => void,
  destroy: () => Promise<R>,
): Promise<R & { left: number }> {
  const unlock = lockStack(copied.copy);
  if (unlock === undefined) return { ...(await destroy()), left: 0 };
  let dir: string | undefined;
  let failure: unknown;
  const finish = (): void => {
    try {
      if (dir !== undefined) writeBackCopy(copied, dir);
    } catch (err) {
      failure = err;
    } finally {
      unlock();
      if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
      dir = undefined;
    }
  };
  trackFinisher(finish);
  try {
    dir = makeEngineTempDir(options.envVars?.TMPDIR ?? tmpdir());
    setEngineBackend(writePreviewCopy(copied.copy, dir));
    const r = await destroy();
    return { ...r, left: copied.left };
  } finally {
    untrackFinisher(finish);
    setEngineBackend(undefined);
    finish();
    if (failure !== undefined) {
      const file = localStateFile(stateLocation(options)) ?? "";
      throw new AutomationError(
        "PULUMI_STATE_WRITE_FAILED",
        `destroy of stack "${options.stackName}" ran, but what it wrote could not be written to ${file}: ${failure instanceof Error ? failure.message : String(failure)}`,
        {
          expected: `the stack's file writable; run \`pulumi-helmfile refresh\` (same -f/-e/--stack/--backend) to read what the cluster holds`,
          cause: failure,
        },
      );
    }
  }
}

/**
 * Whether the stack is known to exist: its state was read from its file (`local`), or a
 * self-managed backend in Pulumi's project layout holds its file (./local-state.ts), which is how
 * that backend knows its stacks.
 */
function stackFileExists(options: ResolvedStackOptions, local: unknown): boolean {
  if (local !== undefined) return true;
  const file = localStateFile(stateLocation(options));
  return file !== undefined && existsSync(file);
}

/**
 * Whether an unchanged preview may be answered from the stack's record (./recorded-preview.ts):
 * not with selectors (the scope is the engine's), mode `helm-release` (its releases are diffed by
 * the provider against helm's own record) or `engineDiff`.
 */
function fromRecordAllowed(options: ResolvedStackOptions): boolean {
  return (
    options.engineDiff !== true &&
    (options.selectors === undefined || options.selectors.length === 0) &&
    options.mode !== HelmfileMode.HelmRelease
  );
}

/**
 * The plan an unchanged preview compares with the stack's record: every release rendered as one
 * the state holds (the record matches only if it holds them all), as `up` renders it. A release
 * whose render key is the one the stack recorded (`recordedRenders`, src/render/render-release.ts
 * `renderKey`: the same chart, values, flags, helm, kubeconfig, cluster version and the API
 * versions the chart asks about) is not rendered: the recorded render answers, whatever `lookup`
 * would find now (docs/differences-from-helmfile.md). Undefined when it fails: the engine's run
 * then reports the failure. Its warnings and notes are kept, to be said as the engine's
 * diagnostics would be when the plan answers.
 */
async function planFromRecord(
  options: ResolvedStackOptions,
  recordedRenders: Promise<ReadonlyMap<string, RecordedRender>>,
  onRender: () => void,
): Promise<{ plan: HelmfilePlan; said: StackProgress[] } | undefined> {
  const said: StackProgress[] = [];
  const say = (severity: string) => (message: string) => {
    said.push({ kind: "diagnostic", severity, message });
  };
  // Its debug lines too (each helm run, each render the stack's record answered), said with the rest.
  const logger: Logger = { debug: say("debug"), info: say("info"), warn: say("warning") };
  try {
    const plan = await programPlan(options, logger, "warn", {
      recordedReleases: "all",
      recordedRenders,
      onRender,
      reviewAccess: false,
    });
    return { plan, said };
  } catch {
    return undefined;
  }
}

/** What the stack's record says of a preview: its whole answer, or the releases the engine must preview. */
interface RecordVerdict {
  readonly answer?: HelmfileUpResult;
  readonly partial?: PartialPreview;
}

/**
 * The preview compared with the stack's record (`deployment`): the answer when every release is as
 * recorded; else, when only some differ, the partial preview of those, whose plan is started here.
 * For `up`: the answer when every release is as recorded and none has a render key to record
 * (nothing is applied); else the releases to apply (the changed ones, and those as recorded whose
 * render key the record lacks), whose plan (made as `up` makes it, waiting for a namespace being
 * deleted) is started here.
 */
async function fromRecord(
  kind: Kind,
  options: ResolvedStackOptions,
  early: Promise<{ plan: HelmfilePlan; said: StackProgress[] } | undefined>,
  deployment: unknown,
): Promise<RecordVerdict> {
  const planned = await early;
  if (planned === undefined) return {};
  // An `up` applies with the changed releases those whose render key the record lacks.
  const alsoApply =
    kind === "preview" ? undefined : (changed: readonly string[]) => keysToRecord(planned.plan, changed);
  const compared = previewFromRecord(
    kind === "preview" ? "preview" : "up",
    options,
    planned.plan,
    deployment,
    alsoApply,
  );
  if (compared.answer !== undefined) {
    planned.said.forEach((e) => options.onProgress?.(e));
    return { answer: compared.answer };
  }
  const partial = compared.partial;
  if (partial === undefined) return {};
  if (kind !== "preview" && neededByUnchanged(planned.plan, partial.changedNames)) return {};
  // What the plan of them all said (a chart's impure template, a namespace being deleted) is said
  // here; the plan of the changed releases, made beside the engine's start-up and handed to the
  // program, says only what this one did not.
  planned.said.forEach((e) => options.onProgress?.(e));
  const recorded = recordedReleaseNames(HELMFILE_COMPONENT_NAME, stateResources(deployment));
  // The changed releases as this plan rendered them, when each rendered as the program's plan
  // would render it (an upgrade: the state holds its Release): the same helm runs.
  const reused = partial.changedNames.every((n) => recorded.has(n))
    ? narrowedPlan(planned.plan, partial.only.ids, HELMFILE_COMPONENT_NAME)
    : undefined;
  if (kind !== "preview") {
    const plan = planChanged(options, partial.only, recorded, planned.said, "wait");
    // The objects the record answers are found on that render, before the engine starts
    // (./partial-up.ts `leftOutOfUp`).
    return {
      partial: {
        ...partial,
        only: { ...partial.only, plan },
        ...(reused === undefined ? {} : { digestsFrom: Promise.resolve(reused) }),
      },
    };
  }
  // No second render for the program then.
  const plan =
    reused === undefined
      ? planChanged(options, partial.only, recorded, planned.said, "warn")
      : reviewedPlan(reused, options.pipeline ?? createDefaultPipeline(), silentLogger);
  // The program awaits it and fails with its error; an engine that fails first never asks.
  plan.catch(() => undefined);
  return {
    partial: {
      ...partial,
      only: { ...partial.only, plan },
      // The objects' digests do not wait for the access review (the program does).
      digestsFrom: reused === undefined ? plan : Promise.resolve(reused),
    },
  };
}

/**
 * The plan of the changed releases of a partial preview, as the program's component would make it
 * (src/emit/helmfile.ts `emit`: an automation program's component, which owns its failure, excludes
 * the unselected releases itself and has no provider in its options), when the comparison's plan
 * cannot stand in for it (a changed release the state does not hold yet renders as an install).
 * Started before the engine, so its renders run beside the engine's start-up; the component takes
 * it instead of planning again, and fails the run with its error. What it says is said through the
 * operation's progress, except what `alreadySaid` holds.
 */
function planChanged(
  options: ResolvedStackOptions,
  only: OnlyReleases,
  recorded: ReadonlySet<string>,
  alreadySaid: readonly StackProgress[],
  namespaces: "warn" | "wait",
): Promise<HelmfilePlan> {
  const seen = new Set(
    alreadySaid.map((e) => (e.kind === "diagnostic" ? `${e.severity}\0${e.message}` : "")),
  );
  const say = (severity: string) => (message: string) => {
    if (seen.has(`${severity}\0${message}`)) return;
    seen.add(`${severity}\0${message}`);
    options.onProgress?.({ kind: "diagnostic", severity, message });
  };
  const plan = programPlan(
    options,
    { debug: () => undefined, info: say("info"), warn: say("warning") },
    namespaces,
    {
      refuseSelectors: false,
      ...(recorded.size === 0 ? {} : { recordedReleases: recorded }),
      onlyReleases: only,
    },
  );
  // The program awaits it and fails with its error; an engine that fails first never asks.
  plan.catch(() => undefined);
  return plan;
}

/** Said (debug) when a new stack's `up` takes the plan made before the engine started. */
export const FIRST_UP_PLANNED =
  "a new stack: every release was planned beside the stack's creation and the engine's start-up";

/**
 * The plan of every release of a first `up` (the stack holds nothing: no release is recorded), as
 * the program's component would make it (see {@link planChanged}), started before the stack is
 * created and the engine starts; what it says is said by the component that takes it.
 */
function firstUpPlan(options: ResolvedStackOptions): HandedPlan<HelmfilePlan> {
  return new HandedPlan((logger) => programPlan(options, logger, "wait", { refuseSelectors: false }));
}

/** The options of `planHelmfile` this layer adds to those every plan here shares. */
type PlanExtras = Omit<
  Parameters<typeof planHelmfile>[2],
  "componentName" | "providerInOptions" | "logger" | "commandLine" | "namespaces"
>;

/**
 * The plan of the operation's helmfile as its program's component makes it (src/emit/helmfile.ts
 * `emit`: the automation program's component, named {@link HELMFILE_COMPONENT_NAME}, with no
 * provider in its options and the run's command-line overrides), with `logger`, the namespace
 * deletion mode and `extras`.
 */
function programPlan(
  options: ResolvedStackOptions,
  logger: Logger,
  namespaces: "warn" | "wait",
  extras: PlanExtras,
): Promise<HelmfilePlan> {
  return planHelmfile(helmfileArgsOf(options), options.pipeline ?? createDefaultPipeline(), {
    componentName: HELMFILE_COMPONENT_NAME,
    providerInOptions: false,
    logger,
    ...(options.commandLine === undefined ? {} : { commandLine: options.commandLine }),
    namespaces,
    ...extras,
  });
}

/**
 * A preview of only the releases that changed since the last deployment: the others are as the
 * stack recorded them (their plan, rendered against the cluster now, registers what was applied),
 * so the engine would find every one of their resources `same`. The program plans and registers
 * only the changed releases, and the operation excludes the others' resources from the engine.
 */
interface PartialPreview {
  readonly only: PlannedOnlyReleases;
  readonly scope: OperationScope;
  /** The releases the record answers (`same`). */
  readonly same: readonly ReleaseChange[];
  /** Every release's resource name, in the state's order. */
  readonly order: readonly string[];
  /** The resources of the releases the record answers (each Release and its descendants). */
  readonly answered: readonly string[];
  /** The changed releases' resource names. */
  readonly changedNames: readonly string[];
  /**
   * The changed releases' plan as their objects' registration digests need it
   * ({@link answeredResources}): the comparison's own plan when it stands in for the program's, which
   * is that plan once its access review passed (about 0.1 s of API requests the copy of the state and
   * the engine's start need not wait for); else the program's plan.
   */
  readonly digestsFrom?: Promise<HelmfilePlan>;
}

/**
 * The comparison with the releases `alsoApply` names (of those as recorded) counted among the
 * changed ones (when every release is as recorded, those alone are); as it is without.
 */
function widened(
  compared: RecordComparison,
  alsoApply: ((changed: readonly string[]) => readonly string[]) | undefined,
): RecordComparison {
  if (alsoApply === undefined) return compared;
  if (compared.unchanged) {
    // Every release as recorded: those with a key to record are applied alone.
    const toRecord = alsoApply([]);
    if (toRecord.length === 0) return compared;
    const record = new Set(toRecord);
    return {
      unchanged: false,
      reason: `releases with a render key to record: ${toRecord.join(", ")}`,
      changed: { releases: toRecord, same: compared.releases.filter((r) => !record.has(urnName(r.urn))) },
    };
  }
  if (compared.changed === undefined) return compared;
  const { releases, same } = compared.changed;
  const more = new Set(alsoApply(releases).filter((n) => !releases.includes(n)));
  if (more.size === 0) return compared;
  return {
    ...compared,
    changed: { releases: [...releases, ...more], same: same.filter((s) => !more.has(urnName(s.urn))) },
  };
}

/** The partial preview of a comparison where only some releases differ; undefined: preview them all. */
function partialPreview(
  planned: HelmfilePlan,
  compared: RecordComparison,
  deployment: unknown,
): PartialPreview | undefined {
  if (compared.unchanged || compared.changed === undefined) return undefined;
  const names = new Set(compared.changed.releases);
  const changed = planned.plans.filter((p) => names.has(p.resourceName));
  if (changed.length === 0 || changed.length === planned.plans.length) return undefined;
  // The scope names each release as if alone (as a selection does): not with a name's collision suffix.
  if (changed.some((p) => releaseResourceNames([p.id], HELMFILE_COMPONENT_NAME).get(p.id) !== p.resourceName))
    return undefined;
  const selected = changed.map((p) => ({
    id: p.id,
    namespace: p.namespace,
    ...(p.kubeContext === undefined ? {} : { kubeContext: p.kubeContext }),
  }));
  const state = stateResources(deployment);
  return {
    only: {
      ids: new Set(changed.map((p) => p.id)),
      releaseIds: planned.plans.map((p) => p.id),
      clusterScopedKinds: planned.kinds(),
      shared: planned.shared(),
    },
    scope: selectionScope("preview", HELMFILE_COMPONENT_NAME, selected, state),
    same: compared.changed.same,
    order: planned.plans.map((p) => p.resourceName),
    answered: unselectedResources(HELMFILE_COMPONENT_NAME, selected, state),
    changedNames: changed.map((p) => p.resourceName),
  };
}

/**
 * The resources of the changed releases that the engine would find `same`, by URN (their keys,
 * src/emit/object-resources.ts `resourceKey`, as values), so the preview runs without them
 * (./preview-state.ts) and the program does not register them:
 * - the CRDs of their charts' `crds/` that the state holds, applied through the provider the
 *   release uses now: each is only ever created (`ignoreChanges: ["*"]`). Those the changed
 *   releases no longer render from `crds/` are not among them (the engine plans what happens to
 *   them);
 * - their main objects (neither CRDs nor chart hooks) whose registration digest
 *   (src/emit/release.ts `mainObjectDigests`: type, name, inputs and which of them are secret, the
 *   release, its provider and cluster, the code) is one the release recorded at the last `up`.
 *
 * Waits for the changed releases' plan only when the state holds such candidates at all; none
 * when that plan fails (the program reports it).
 */
async function answeredResources(
  partial: PartialPreview,
  deployment: unknown,
): Promise<Map<string, AnsweredObject>> {
  const out = new Map<string, AnsweredObject>();
  const plan = partial.digestsFrom ?? partial.only.plan;
  const resources = (deployment as { resources?: unknown } | undefined)?.resources;
  if (plan === undefined || !Array.isArray(resources)) return out;
  const changed = new Set(partial.only.ids);
  const groups = partial.changedNames.map((n) => `${n}-crds:`);
  const candidates = new Map<string, { urn: string; provider: string }>();
  for (const r of resources as Array<Record<string, unknown>>) {
    const { urn, type, provider } = r;
    if (typeof urn !== "string" || typeof provider !== "string" || type !== CRD_TYPE) continue;
    const name = urnName(urn);
    if (!groups.some((g) => name.startsWith(g))) continue;
    candidates.set(resourceKey(type, name), {
      urn,
      provider: urnName(provider.slice(0, provider.lastIndexOf("::"))),
    });
  }
  const recorded = recordedObjectDigests(deployment, HELMFILE_COMPONENT_NAME);
  const withDigests = partial.changedNames.filter((n) => recorded.has(n));
  if (candidates.size === 0 && withDigests.length === 0) return out;
  const planned = await plan.catch(() => undefined);
  for (const p of planned?.plans ?? []) {
    if (!changed.has(p.id) || p.unknown || p.recordedRender !== undefined) continue;
    const inRecord = recorded.get(p.resourceName);
    const digests =
      inRecord === undefined ? undefined : planned?.registrations.get(p.resourceName)?.objectDigests;
    if (inRecord !== undefined && digests !== undefined) {
      let now: ReadonlyMap<string, string> | undefined;
      try {
        now = digests();
      } catch {
        now = undefined;
      }
      for (const [key, digest] of now ?? []) {
        const urn = inRecord.children.get(key);
        if (urn !== undefined && inRecord.digests.has(digest))
          out.set(urn, { key, release: p.resourceName, digest });
      }
    }
    const provider = contextProviderName(HELMFILE_COMPONENT_NAME, p.kubeContext);
    let keys: string[];
    try {
      keys = crdsDirResourceKeys(p.manifest, p.resourceName, {
        skipCrds: p.settings.skipCrds,
        secret: p.secret || p.manifestHasSecret,
        valuesSecret: p.secret,
      });
    } catch {
      continue;
    }
    for (const key of keys) {
      const found = candidates.get(key);
      if (found !== undefined && found.provider === provider)
        out.set(found.urn, { key, release: p.resourceName });
    }
  }
  return out;
}

const CRD_TYPE = "kubernetes:apiextensions.k8s.io/v1:CustomResourceDefinition";
const NAMESPACE_TYPE = "kubernetes:core/v1:Namespace";

/**
 * The resources of the changed releases that an `up` of them leaves out of the engine's run, as a
 * partial preview leaves them out ({@link answeredResources}: their step would be `same`), when
 * everything each depends on in the state stays (./partial-up.ts `leftOutOfUp`): a resource of an
 * unchanged release (`exclude`), a Namespace the changed releases use, or a resource of theirs
 * registered again under the same URN (their Release, a main object or CRD their render holds).
 * Only when the comparison's render of the changed releases stands in for the program's
 * (`digestsFrom`): the engine's start does not wait for another render. By URN.
 */
async function upLeftOut(
  partial: PartialPreview,
  deployment: unknown,
  exclude: readonly string[],
): Promise<Map<string, AnsweredObject>> {
  if (partial.digestsFrom === undefined) return new Map();
  const answered = await answeredResources(partial, deployment);
  const planned = answered.size === 0 ? undefined : await partial.digestsFrom.catch(() => undefined);
  if (planned === undefined) return new Map();
  const state = new Map(stateResources(deployment).map((r) => [r.urn, r]));
  const component = [...state.values()].find(
    (r) => r.type === "helmfile:index:Helmfile" && urnName(r.urn) === HELMFILE_COMPONENT_NAME,
  )?.urn;
  // The keys each changed Release (by URN) registers again: its main objects and its CRDs. A
  // Release whose keys cannot be listed is not among them (nothing that depends on it is left out).
  const again = new Map<string, Set<string>>();
  for (const p of planned.plans) {
    const release = [...state.values()].find(
      (r) =>
        r.type === "helmfile:index:Release" && r.parent === component && urnName(r.urn) === p.resourceName,
    );
    if (release === undefined) continue;
    try {
      const main = planned.registrations.get(p.resourceName)?.objectDigests?.() ?? new Map<string, string>();
      const crds = crdsDirResourceKeys(p.manifest, p.resourceName, {
        skipCrds: p.settings.skipCrds,
        secret: p.secret || p.manifestHasSecret,
        valuesSecret: p.secret,
        all: true,
      });
      again.set(release.urn, new Set([...main.keys(), ...crds]));
    } catch {
      continue;
    }
  }
  const excluded = new Set(exclude);
  const namespaces = new Set(planned.namespaceNames);
  const stays = (urn: string): boolean => {
    const r = state.get(urn);
    // A changed Release itself (what the objects of a release that needs it depend on) is
    // registered again.
    if (excluded.has(urn) || again.has(urn)) return true;
    if (r === undefined || r.parent === undefined) return false;
    if (r.type === NAMESPACE_TYPE) return r.parent === component && namespaces.has(urnName(urn));
    return again.get(r.parent)?.has(resourceKey(r.type, urnName(urn))) === true;
  };
  return leftOutOfUp(deployment, answered, stays);
}

/** What the program is told of the resources an `up` leaves out ({@link upLeftOut}). */
function answeredOnly(
  left: ReadonlyMap<string, AnsweredObject>,
  deployment: unknown,
): Pick<PlannedOnlyReleases, "answered" | "answeredApplied"> {
  const entries = appliedEntries(deployment, new Set(left.keys()));
  const byRelease = new Map<
    string,
    { applied: Array<readonly [string, string]>; digests: Map<string, string> }
  >();
  for (const [urn, a] of left) {
    const record = byRelease.get(a.release) ?? { applied: [], digests: new Map<string, string>() };
    byRelease.set(a.release, record);
    const entry = entries.get(urn);
    if (entry !== undefined) record.applied.push(entry);
    if (a.digest !== undefined) record.digests.set(a.key, a.digest);
  }
  return { answered: new Set([...left.values()].map((a) => a.key)), answeredApplied: byRelease };
}

/** A resource of a changed release that the stack's record answers ({@link answeredResources}). */
interface AnsweredObject {
  /** Its key among the Release's children (src/emit/object-keys.ts `resourceKey`). */
  readonly key: string;
  /** The Release's resource name. */
  readonly release: string;
  /** A main object's registration digest (the recorded one); none for a CRD of `crds/`. */
  readonly digest?: string;
}

/** What a partial preview's engine runs against: the state without `gone` (./preview-state.ts). */
interface PreviewCopy {
  /** The changed releases' resources the record answers ({@link answeredResources}). */
  readonly inRecord: Map<string, AnsweredObject>;
  /** Every resource left out of the copy: the unchanged releases' and {@link inRecord}'s. */
  readonly gone: ReadonlySet<string>;
  /** Undefined: no copy can be made; the engine previews the whole state with exclusions. */
  readonly copy?: PreviewStateCopy;
}

/** The partial preview's copy of the state, read and trimmed, to be written into the engine's folder. */
async function previewCopy(
  options: ResolvedStackOptions,
  partial: PartialPreview,
  deployment: unknown,
  summary?: StateSummary,
): Promise<PreviewCopy> {
  try {
    const inRecord = await answeredResources(partial, deployment);
    // The namespaces and providers only the answered releases use are left out too, rather than
    // excluded: the engine then runs with no arguments but the copy (an early engine can take it).
    const gone = new Set([...partial.answered, ...inRecord.keys(), ...(partial.scope.exclude ?? [])]);
    // From the state the summary's worker holds, else (it cannot) read again.
    const copy =
      (await summary?.trimmed(gone)) ?? (await readPreviewState(stateLocation(options), gone, deployment));
    return { inRecord, gone, ...(copy === undefined ? {} : { copy }) };
  } finally {
    summary?.close();
  }
}

/** The releases of a partial preview: the engine's, and those the record answers, in the state's order. */
function withRecordedSame(partial: PartialPreview, changes: readonly ReleaseChange[]): ReleaseChange[] {
  const at = (c: ReleaseChange): number => {
    const i = partial.order.indexOf(urnName(c.urn));
    return i < 0 ? partial.order.length : i;
  };
  // The engine reports the excluded Releases too (each `same`): the record's answer is added only for the others.
  const reported = new Set(changes.map((c) => c.urn));
  return [...changes, ...partial.same.filter((c) => !reported.has(c.urn))].sort((a, b) => at(a) - at(b));
}

/**
 * The preview's (or `up`'s) result when every release is as the stack recorded it (`answer`); else
 * the engine must run, over only the changed releases when `partial` is given. An `up` of releases
 * all as recorded applies nothing, as `helmfile apply` syncs nothing when its diff is empty: the
 * engine would find every step `same` (the Kubernetes provider diffs against the inputs it
 * recorded), and no hook runs on a `same` step. Unless a release has a render key to record
 * (`alsoApply`): then that `up` applies those alone, their steps `same`, for their Release to record it.
 */
function previewFromRecord(
  kind: "preview" | "up",
  options: ResolvedStackOptions,
  planned: HelmfilePlan,
  deployment: unknown,
  alsoApply?: (changed: readonly string[]) => readonly string[],
): { answer?: HelmfileUpResult; partial?: PartialPreview } {
  const compared = widened(
    compareWithRecord(deployment, {
      component: HELMFILE_COMPONENT_NAME,
      componentInputs: JSON.parse(JSON.stringify(helmfileArgsOf(options))) as unknown,
      releaseIds: planned.plans.map((p) => p.id),
      releases: planned.plans.map((p) => {
        const registration = planned.registrations.get(p.resourceName);
        return {
          resourceName: p.resourceName,
          text: registration?.text ?? "",
          objects: registration?.objects ?? (() => ""),
        };
      }),
      namespaceNames: planned.namespaceNames,
      providerNames: planned.providerNames,
    }),
    alsoApply,
  );
  if (!compared.unchanged) {
    // Why the engine runs after all, for whoever follows debug diagnostics.
    options.onProgress?.({
      kind: "diagnostic",
      severity: "debug",
      message: `the stack's record does not answer this preview: ${compared.reason}`,
    });
    const partial = partialPreview(planned, compared, deployment);
    return partial === undefined ? {} : { partial };
  }
  const stdout =
    kind === "preview"
      ? `Previewing update (${options.stackName}) from the stack's record: every release is as the last deployment applied it, so the engine did not run (--engine-diff runs it)
`
      : `Updating (${options.stackName}) from the stack's record: every release is as the last deployment applied it, so nothing was applied and the engine did not run (--engine-diff runs it)
`;
  const text = `${stdout}Resources:
    ${compared.same} unchanged
`;
  options.onProgress?.({ kind: "output", text });
  const phase = kind === "preview" ? "planned" : "done";
  for (const change of compared.releases) options.onProgress?.({ kind: "release", change, phase });
  return {
    answer: {
      stackName: options.stackName,
      resourceChanges: { same: compared.same },
      releases: compared.releases,
      changedReleases: [],
      adoptions: [],
      stdout: text,
      // The stack's outputs, as the comparison found them recorded.
      outputs:
        kind === "preview" ? {} : { releaseIds: { value: planned.plans.map((p) => p.id), secret: false } },
    },
  };
}

/**
 * Preview and up: the source (`file:line`) of each changed value, from a second load with
 * `explain: true`; only when some release has value changes, so other runs pay nothing.
 */
async function withSources(
  kind: Kind,
  options: ResolvedStackOptions,
  changes: ReleaseChange[],
): Promise<ReleaseChange[]> {
  if ((kind !== "preview" && kind !== "up") || !needsValueSources(changes)) return changes;
  let desired;
  try {
    desired = await loadDesired(options, true);
  } catch {
    // The operation itself loaded the state; a failure here only costs the sources.
    return changes;
  }
  return addValueSources(changes, desired, new NodeFileSystem(process.cwd()));
}

function withoutOutputs(result: HelmfileUpResult): HelmfileOperationResult {
  const { stackName, resourceChanges, releases, changedReleases, adoptions, stdout } = result;
  return { stackName, resourceChanges, releases, changedReleases, adoptions, stdout };
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
  const { stack, dispose } = await (await stackModule()).openHelmfileStack(resolved);
  try {
    return toOutputs(await stack.outputs());
  } catch (err) {
    throw toAutomationError(err, resolved.stackName);
  } finally {
    dispose();
  }
}

/**
 * Clears the lock an interrupted update left on the stack (`pulumi cancel`): on a self-managed
 * backend (file, S3, …) it deletes the stack's lock files, also those of a stack whose creation was
 * killed (which `pulumi cancel` cannot reach). Never run it while an update is still running elsewhere.
 */
export async function cancel(options: HelmfileStackOptions): Promise<void> {
  const resolved = resolveStackOptions(options);
  if (isSelfManagedBackend(resolved.backendUrl)) {
    await unlockSelfManagedStack(resolved);
    return;
  }
  const { stack, dispose } = await (await stackModule()).openHelmfileStack(resolved);
  try {
    await stack.cancel();
  } catch (err) {
    throw toAutomationError(err, resolved.stackName);
  } finally {
    dispose();
  }
}
