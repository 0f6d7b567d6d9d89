/**
 * Opens the Pulumi stack that runs a helmfile: an inline program creating the `Helmfile`
 * component, the user's Pulumi CLI (else the engine we build: ./pulumi-cli.ts), and by default the
 * user's backend (else a file backend beside the helmfile) and a passphrase secrets provider.
 */
import { forgetReleaseHooks, registerReleaseHooks, releaseHooksRegistered } from "../emit/release-hooks";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { randomBytes } from "node:crypto";
import { stringify } from "yaml";
import { join } from "node:path";
import { makeEngineTempDir } from "./engine-tmp";
import * as pulumi from "@pulumi/pulumi";
import { LocalWorkspace, Stack, StackAlreadyExistsError } from "@pulumi/pulumi/automation";
import type { OutputMap, UpdateSummary, Workspace } from "@pulumi/pulumi/automation";
import { HELM_RELEASE_TYPE } from "./adoption";
import { Helmfile, type PlannedOnlyReleases } from "../emit/helmfile";
import type { HelmfilePlan } from "../emit/plan-helmfile";
import type { HandedPlan } from "../emit/handed-plan";
import { EXCLUDES_UNSELECTED, HANDED_PLAN, ONLY_RELEASES, OWNS_FAILURE } from "../emit/program-failure";
import { toAutomationError } from "./errors";
import { findPulumiCli } from "./pulumi-cli";
import { engineEnvironment } from "./engine-env";
import { exportDeployment, HELMFILE_COMPONENT_NAME, helmfileArgsOf } from "./stack-args";
import type { ResolvedStackOptions } from "./options";
import { trimSdkOverhead } from "../emit/sdk-traces";
import { trackTempPath, untrackTempPath } from "../node/process-cleanup";

export {
  engineEnvironment,
  stateLocation,
  UNBOUNDED_PARALLELISM,
  K8S_CLIENT_QPS,
  K8S_CLIENT_BURST,
} from "./engine-env";
export { exportDeployment, HELMFILE_COMPONENT_NAME, helmfileArgsOf };

/** A stack and the error its inline program raised, if any (kept with its own class and code). */
export interface HelmfileStack {
  readonly stack: Stack;
  programError(): Error | undefined;
  /** For `destroy --run-program`: the program then only registers the release hooks (src/emit/release-hooks.ts). */
  hooksOnly(on: boolean): void;
  /**
   * Mode `helm-release`: the Helm releases (`<namespace>/<name>`) the next run imports (adopts)
   * instead of installing, see ./adoption.ts.
   */
  setHelmReleaseImports(ids: ReadonlySet<string>): void;
  /** Resource names of the component's Releases the stack's state holds (`HelmfileOptions.recordedReleases`). */
  setRecordedReleases(names: ReadonlySet<string>): void;
  /** A preview of only the releases that changed (`HelmfileOptions[ONLY_RELEASES]`); undefined: every release. */
  setOnlyReleases(only: PlannedOnlyReleases | undefined): void;
  /**
   * The plan of every release, made as the program would make it (`HelmfileOptions[HANDED_PLAN]`),
   * which the program takes instead of planning; undefined: the program plans.
   */
  setHandedPlan(plan: HandedPlan<HelmfilePlan> | undefined): void;
  /** The outputs the program's last run returned (`releaseIds`), once known; undefined before. */
  programOutputs(): OutputMap | undefined;
  /** Removes the engine's private temporary folder: call it once the operation is over. */
  dispose(): void;
  /** The engine's private temporary folder (0700), removed by {@link dispose}. */
  readonly engineTmp: string;
  /**
   * The backend the engine's next runs use instead of the stack's (`PULUMI_BACKEND_URL`); undefined:
   * the stack's again. For a preview against a copy of the state (./preview-state.ts).
   */
  setEngineBackend(url: string | undefined): void;
  /**
   * With `exportAlongside`: the stack's last deployment (`pulumi stack export --show-secrets`, run
   * beside the stack's selection); undefined when that export failed (a stack not created yet).
   */
  readonly exported?: Promise<unknown>;
}

/**
 * Creates or selects the stack; the program builds one `Helmfile` named `helmfile`.
 * `exportAlongside`: also export the stack's state at the same time as it is selected (the
 * operation reads it anyway; one engine start-up less on its way). `exists`: true, the stack's
 * state file is there (./local-state.ts: read, or found in a self-managed backend's project
 * layout), so the stack exists and is taken without `pulumi stack select` ({@link selectExisting});
 * `"new"`, its self-managed backend holds no state for it (./local-state.ts `knownNewStack`), so it
 * is created without that command first and nothing is exported ({@link createNew}); false: not
 * known, selected or else created.
 */
export async function openHelmfileStack(
  options: ResolvedStackOptions,
  exportAlongside = false,
  exists: boolean | "new" = false,
): Promise<HelmfileStack> {
  const cli = await findPulumiCli(options.explicitPulumiRoot, {
    ...process.env,
    ...(options.envVars ?? {}),
  }).catch((err: unknown) => {
    throw toAutomationError(err, options.stackName);
  });
  mkdirSync(options.workDir, { recursive: true });
  if (options.backendUrl.startsWith("file://"))
    mkdirSync(options.backendUrl.slice("file://".length), { recursive: true });
  // The Kubernetes provider writes the kubeconfig it is configured with (credentials included) to
  // a temporary file for every provider it configures, and never removes it (pulumi-kubernetes,
  // provider/pkg/provider/util.go writeKubeconfigToFile). The engine and its plugins get a private
  // temporary folder (0700), removed when the operation ends (and by the CLI's signal cleanup); the
  // folders of runs killed outright are removed by the next operation (./engine-tmp.ts).
  const engineTmp = makeEngineTempDir(options.envVars?.TMPDIR ?? tmpdir());
  trackTempPath(engineTmp);
  const dispose = (): void => {
    rmSync(engineTmp, { recursive: true, force: true });
    untrackTempPath(engineTmp);
  };
  try {
    const pulumiCommand = cli.command;
    const args = helmfileArgsOf(options);
    const pipeline = options.pipeline;
    let failure: Error | undefined;
    let onlyHooks = false;
    let imports: ReadonlySet<string> = new Set();
    let recorded: ReadonlySet<string> = new Set();
    let only: PlannedOnlyReleases | undefined;
    let handed: HandedPlan<HelmfilePlan> | undefined;
    let outputs: OutputMap | undefined;
    const program = async (): Promise<Record<string, unknown>> => {
      trimSdkOverhead();
      // A run of its own: its engine knows none of the hooks an earlier run of this process registered.
      forgetReleaseHooks();
      if (onlyHooks) {
        await releaseHooksRegistered(registerReleaseHooks());
        return {};
      }
      if (imports.size > 0) pulumi.runtime.registerResourceTransform((a) => importExisting(a, imports));
      const helmfile = new Helmfile(HELMFILE_COMPONENT_NAME, args, {
        // This program awaits `releases` and fails with its error (below); the operation keeps the
        // unselected releases out of the engine's reach (./selection.ts).
        [OWNS_FAILURE]: true,
        [EXCLUDES_UNSELECTED]: true,
        ...(pipeline === undefined ? {} : { pipeline }),
        ...(recorded.size === 0 ? {} : { recordedReleases: recorded }),
        ...(options.commandLine === undefined ? {} : { commandLine: options.commandLine }),
        ...(only === undefined ? {} : { [ONLY_RELEASES]: only }),
        ...(handed === undefined ? {} : { [HANDED_PLAN]: handed }),
      });
      try {
        await helmfile.releases;
      } catch (err) {
        // The original error is kept so the operation rethrows it with its class, code and release.
        // The program must fail too: a program that returns makes the engine delete every resource
        // it did not register (the releases that were not emitted), where a failed one changes nothing more.
        failure = err instanceof Error ? err : new Error(String(err));
        quietStackOutputs();
        throw failure;
      }
      outputs = undefined;
      return {
        releaseIds: helmfile.releaseIds.apply((ids) => {
          outputs = { releaseIds: { value: ids, secret: false } };
          return ids;
        }),
      };
    };
    // The SDK rewrites Pulumi.yaml in place on every operation; a second operation on the same project
    // folder (two CLI runs at once) could then read it empty. It is written here once, atomically, and
    // the SDK reads it.
    writeProjectFile(options.workDir, {
      name: options.projectName,
      runtime: "nodejs",
      backend: { url: options.backendUrl },
    });
    // As LocalWorkspace.createOrSelectStack does (the project file is there), with the export beside.
    const workspace = await LocalWorkspace.create({
      workDir: options.workDir,
      program,
      pulumiCommand,
      ...(cli.home === undefined ? {} : { pulumiHome: cli.home }),
      envVars: { ...engineEnvironment(options, cli.builtEngine), TMPDIR: engineTmp },
      secretsProvider: options.secretsProvider,
    });
    const ownBackend = workspace.envVars.PULUMI_BACKEND_URL;
    const exported =
      exportAlongside && exists !== "new"
        ? exportDeployment(options, () => workspace.exportStack(options.stackName)).catch(() => undefined)
        : undefined;
    const stack =
      exists === true
        ? await selectExisting(options.stackName, workspace)
        : exists === "new"
          ? await createNew(options.stackName, workspace)
          : await Stack.createOrSelect(options.stackName, workspace);
    return {
      stack,
      programError: () => failure,
      hooksOnly: (on) => {
        onlyHooks = on;
      },
      setHelmReleaseImports: (ids) => {
        imports = ids;
      },
      setRecordedReleases: (names) => {
        recorded = names;
      },
      setOnlyReleases: (o) => {
        only = o;
      },
      setHandedPlan: (plan) => {
        handed = plan;
      },
      programOutputs: () => outputs,
      dispose,
      engineTmp,
      setEngineBackend: (url) => {
        const env = workspace.envVars;
        if (url !== undefined) env.PULUMI_BACKEND_URL = url;
        else if (ownBackend === undefined) delete env.PULUMI_BACKEND_URL;
        else env.PULUMI_BACKEND_URL = ownBackend;
      },
      ...(exported === undefined ? {} : { exported }),
    };
  } catch (err) {
    dispose();
    throw toAutomationError(err, options.stackName);
  }
}

/** Writes the project file when its content differs, by rename (readers never see it half-written). */
function writeProjectFile(workDir: string, settings: Record<string, unknown>): void {
  const path = join(workDir, "Pulumi.yaml");
  const text = stringify(settings);
  try {
    if (readFileSync(path, "utf8") === text) return;
  } catch {
    // not there yet
  }
  const tmp = `${path}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  writeFileSync(tmp, text, { mode: 0o644 });
  renameSync(tmp, path);
}

/**
 * The SDK's stack resource derives its outputs' `isKnown`/`isSecret` promises from the program's
 * result; a failed program leaves them rejected with nobody listening, which Node reports as
 * unhandled rejections (and by default ends the process). The failure itself is reported by the
 * engine and rethrown by the operation: those two copies are not news.
 */
function quietStackOutputs(): void {
  const outputs = (pulumi.runtime.getStackResource() as { outputs?: unknown } | undefined)?.outputs as
    { isKnown?: Promise<unknown>; isSecret?: Promise<unknown> } | undefined;
  for (const p of [outputs?.isKnown, outputs?.isSecret]) p?.catch(() => undefined);
}

/**
 * Imports an existing Helm release instead of installing it (the provider's install would fail
 * with "cannot re-use a name that is still in use"). The engine fails an import whose inputs
 * differ from the release helm has: the first `up` adopts only a release deployed from the same
 * chart and values; later changes are helm upgrades.
 */
function importExisting(
  a: pulumi.ResourceTransformArgs,
  imports: ReadonlySet<string>,
): pulumi.ResourceTransformResult | undefined {
  if (a.type !== HELM_RELEASE_TYPE) return undefined;
  const id = `${String(a.props.namespace)}/${String(a.props.name)}`;
  if (!imports.has(id)) return undefined;
  // `import` is a custom resource's option: the SDK passes it on from a transform's result.
  const opts = { ...a.opts, import: id } as pulumi.ResourceOptions;
  return { props: a.props, opts };
}

/**
 * Runs `operation` (the stack's `up`, `destroy` or `refresh`) without what the SDK reads back
 * after the engine has finished: the outputs (`pulumi stack output`, twice) and the summary
 * (`pulumi stack history`), CLI runs one after another that took about a second. The program's
 * own result stands for the outputs; with `summarised` true (the caller has the engine's summary
 * event, which holds the same step counts) the operation's `summary` is left undefined. Where
 * either is missing (a program of another's, no summary event), the SDK reads them back as before.
 */
export async function withoutReadBack<T>(
  stack: Stack,
  known: { outputs: () => OutputMap | undefined; summarised: () => boolean },
  operation: () => Promise<T>,
): Promise<T> {
  const s = stack as unknown as {
    outputs: () => Promise<OutputMap>;
    info: (showSecrets?: boolean) => Promise<UpdateSummary | undefined>;
  };
  const own = { outputs: s.outputs, info: s.info };
  s.outputs = async () => known.outputs() ?? own.outputs.call(stack);
  s.info = async (showSecrets) => (known.summarised() ? undefined : own.info.call(stack, showSecrets));
  try {
    return await operation();
  } finally {
    s.outputs = own.outputs;
    s.info = own.info;
  }
}

/**
 * `Stack.create` of a stack its backend held no state for when the operation began: `pulumi stack
 * init` straight away, where `Stack.createOrSelect` first runs a `pulumi stack select` that fails
 * (~0.2 s of the engine's start-up, before the init can start). A stack created meanwhile by
 * another run is selected, as `createOrSelect` would have.
 */
export async function createNew(name: string, workspace: Workspace): Promise<Stack> {
  try {
    return await Stack.create(name, workspace);
  } catch (err) {
    if (err instanceof StackAlreadyExistsError) return Stack.select(name, workspace);
    throw err;
  }
}

/**
 * `Stack.select` of a stack known to exist, without its `pulumi stack select`. That command only
 * checks that the stack exists and makes it the workspace's current stack (the SDK skips the
 * latter for remote workspaces, as global state); every operation of the stack names it with
 * `--stack`. The check is the state file read, so the command would only cost its start-up.
 */
export async function selectExisting(name: string, workspace: LocalWorkspace): Promise<Stack> {
  const own = workspace as { selectStack: LocalWorkspace["selectStack"] };
  own.selectStack = () => Promise.resolve();
  try {
    return await Stack.select(name, workspace);
  } finally {
    delete (own as { selectStack?: unknown }).selectStack;
  }
}
