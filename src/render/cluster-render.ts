/**
 * Rendering against a release's cluster, as `helm upgrade --install` (helmfile's sync and apply)
 * renders: `lookup` reads the cluster, and `.Capabilities` are the cluster's own (its version and
 * the API versions and kinds it serves), so a chart that keeps a generated secret through
 * `lookup`, or branches on a CRD the cluster has, renders what helm would install.
 *
 * `.Release.IsUpgrade` is set (`--is-upgrade`) when the caller's own record holds the release
 * ({@link ClusterRenderOptions.recorded}: a Pulumi stack that deployed the release is its record,
 * as helm's is for helm; helm's own record is then not asked for), or when helm has a record of it
 * on the cluster (`helm history`), as `helm upgrade --install` upgrades it then.
 *
 * helm 4: `helm template --dry-run=server` is that render (it also builds the objects against
 * the cluster; on a cluster that validates fields itself, without helm's OpenAPI validation, which
 * checks nothing there: {@link serverValidatesFields}). Two of its checks are an install's, not an upgrade's, and are answered as helm
 * upgrade would: objects that already exist without helm's ownership labels (applied by Pulumi)
 * make it render again with `--is-upgrade`; objects of kinds the cluster does not serve yet (the
 * chart's CRDs are applied with the release) make it render client-side with the cluster's
 * capabilities given as flags (nothing of those kinds exists for `lookup` to find). An install
 * whose chart's `crds/` define such a kind renders client-side first, and keeps that render when
 * it holds an object of a kind not served (./chart-crds.ts): the failed server-side render is spared.
 *
 * helm 3: `helm template --dry-run=server` reads the cluster for `lookup` only; the cluster's
 * capabilities are read once per context (a chart of our own rendered with `--validate`) and given
 * as `--kube-version` / `--api-versions`. helm 3 adds those to its built-in API list: a chart
 * testing for an API version the cluster no longer serves may still find it (documented).
 */
import { RenderError } from "../shared/errors";
import { holdsUnservedKind, servedKinds } from "./chart-crds";
import type { ProcessRunner } from "../shared/io";
import type { ScratchFileSystem } from "./render-io";
import type { HelmBinary } from "./render-types";

/** What a release renders against. */
export interface ClusterRenderOptions {
  /** The kubeconfig file helm reads (`--kubeconfig`); absent: helm's own (`KUBECONFIG`, `~/.kube/config`). */
  readonly kubeconfig?: string;
  /**
   * Fails, naming the context and the cause, when the cluster of a context cannot be reached or
   * its credentials cannot be had (called once per context, before helm is). Default: helm finds out.
   */
  readonly reach?: (kubeContext: string | undefined) => Promise<void>;
  /**
   * Ids of the releases the caller's own record holds (the Pulumi stack's state of the last
   * deployment): with no helm record, such a release renders as an upgrade at once. Without it, a
   * release deployed by Pulumi renders first as an install, which fails on its own objects (not
   * owned by helm) and renders again as an upgrade: two renders where one does. Default none.
   */
  readonly recorded?: ReadonlySet<string>;
  /** The render keys to record and the recorded ones that answer a render. Default none. */
  readonly record?: RenderRecord;
}

/**
 * A release's render key (./render-release.ts `renderKey`): the render against the cluster is a
 * function of it, `lookup` aside. `apis` and `mode` say how it was made, so that a later render's key
 * can be made the same way: the API versions whose presence it holds (undefined: all the cluster
 * serves), and whether the chart's output may depend on being installed or upgraded.
 */
export interface RenderKey {
  readonly key: string;
  readonly apis?: readonly string[];
  readonly mode: "any" | "install" | "upgrade";
}

/**
 * The render keys of a stack's record: what each release's render against the cluster was made
 * of, recorded with what the last deployment applied, so a later preview may take that render as
 * it was instead of rendering again.
 */
export interface RenderRecord {
  /**
   * Per release id, the render key the stack recorded; awaited before a render. A release whose
   * key, made the same way, is the same now is not rendered: its render is the recorded one.
   * Default none.
   */
  readonly recorded?: Promise<ReadonlyMap<string, RenderKey>>;
  /**
   * Told each release's render key once it is known (undefined: no key can be recorded for it)
   * and whether the recorded render answered it (then nothing was rendered). `afterInstall`: no
   * key only because this was an install's render of a chart that keeps a value through `lookup`;
   * an upgrade's render, once the release's objects exist, may record one.
   */
  readonly onKey: (
    releaseId: string,
    key: RenderKey | undefined,
    fromRecord: boolean,
    afterInstall?: boolean,
  ) => void;
  /** Told before a release the record does not answer is rendered. Default none. */
  readonly onRender?: (releaseId: string) => void;
}

/** The cluster's view helm builds `.Capabilities` from. */
export interface ClusterCapabilities {
  readonly kubeVersion: string;
  readonly apiVersions: readonly string[];
}

/** The helm invocation of one release's render, and how it is run. */
export type RunHelm = (
  args: readonly string[],
) => Promise<{ exitCode: number; stdout: string; stderr: string }>;

const PROBE_TEMPLATE =
  '# {{ dict "kubeVersion" .Capabilities.KubeVersion.Version "apiVersions" .Capabilities.APIVersions | toJson }}\n';

/** The `--kube-context` value among helm's arguments, if any. */
export function kubeContextOf(args: readonly string[]): string | undefined {
  return flagValue(args, "--kube-context");
}

/** Reads clusters' capabilities through helm, once per context and session. */
export class CapabilitiesProbe {
  private readonly byContext = new Map<string, Promise<ClusterCapabilities>>();
  private readonly reached = new Map<string, Promise<void>>();
  private chartDir: string | undefined;

  constructor(
    private readonly helm: HelmBinary,
    private readonly runner: ProcessRunner,
    private readonly scratch: ScratchFileSystem,
    private readonly env: Readonly<Record<string, string>>,
    private readonly options: ClusterRenderOptions,
  ) {}

  /** The capabilities of the cluster of `kubeContext` (absent: the kubeconfig's current context). */
  capabilities(kubeContext: string | undefined): Promise<ClusterCapabilities> {
    const key = kubeContext ?? "";
    let found = this.byContext.get(key);
    if (found === undefined) {
      found = this.read(kubeContext);
      this.byContext.set(key, found);
    }
    return found;
  }

  /** Resolves once the cluster of `kubeContext` answers (see {@link ClusterRenderOptions.reach}). */
  reachable(kubeContext: string | undefined): Promise<void> {
    const reach = this.options.reach;
    if (reach === undefined) return Promise.resolve();
    const key = kubeContext ?? "";
    let found = this.reached.get(key);
    if (found === undefined) {
      found = reach(kubeContext);
      this.reached.set(key, found);
    }
    return found;
  }

  /**
   * {@link reachable}, with helm's probe of the capabilities started beside the check: the
   * capabilities asked for next do not wait for it, and the check's failure, which names the
   * context and the cause, is still the one a render reports first.
   */
  reachedProbing(kubeContext: string | undefined): Promise<void> {
    // Awaited by whoever asks for the capabilities; one nobody asks for does not go unhandled.
    this.capabilities(kubeContext).catch(() => undefined);
    return this.reachable(kubeContext);
  }

  /** Removes the probe chart. */
  dispose(): void {
    if (this.chartDir !== undefined) this.scratch.remove(this.chartDir);
    this.chartDir = undefined;
  }

  private async read(kubeContext: string | undefined): Promise<ClusterCapabilities> {
    if (this.chartDir === undefined) {
      const dir = this.scratch.makeTempDir("pulumi-helmfile-capabilities-");
      this.scratch.makeDir(`${dir}/templates`);
      this.scratch.writeFile(
        `${dir}/Chart.yaml`,
        "apiVersion: v2\nname: capabilities\nversion: 0.1.0\n",
        0o600,
      );
      this.scratch.writeFile(`${dir}/templates/capabilities.yaml`, PROBE_TEMPLATE, 0o600);
      this.chartDir = dir;
    }
    const args = [
      "template",
      "capabilities",
      this.chartDir,
      "--dry-run=server",
      ...(this.helm.major === 3 ? ["--validate"] : []),
      ...clusterFlags(this.options, kubeContext),
    ];
    const r = await this.runner.run(this.helm.path, args, { env: this.env });
    const line = r.stdout.split("\n").find((l) => l.startsWith("# {"));
    const where = kubeContext === undefined ? "the kubeconfig's current context" : `context "${kubeContext}"`;
    if (r.exitCode !== 0 || line === undefined) {
      throw new RenderError(
        "HELM_CLUSTER_CAPABILITIES",
        `cannot render against the cluster of ${where}${this.options.kubeconfig === undefined ? "" : ` (kubeconfig ${this.options.kubeconfig})`}: ${r.stderr.trim() || "helm printed no capabilities"}`,
        {
          expected: "a reachable cluster (helm's lookup and .Capabilities come from it)",
          found: r.stderr.trim(),
        },
      );
    }
    const parsed = JSON.parse(line.slice(2)) as { kubeVersion?: unknown; apiVersions?: unknown };
    return {
      kubeVersion: typeof parsed.kubeVersion === "string" ? parsed.kubeVersion : "",
      apiVersions: Array.isArray(parsed.apiVersions)
        ? parsed.apiVersions.filter((v): v is string => typeof v === "string").sort()
        : [],
    };
  }
}

/** The value of flag `name` among helm's arguments (`--flag v` or `--flag=v`), if any. */
function flagValue(args: readonly string[], name: string): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? "";
    if (a === name) return args[i + 1];
    if (a.startsWith(`${name}=`)) return a.slice(name.length + 1);
  }
  return undefined;
}

/** `--kube-context` (when not among the release's flags already) and `--kubeconfig`. */
function clusterFlags(options: ClusterRenderOptions, kubeContext: string | undefined): string[] {
  return [
    ...(kubeContext === undefined ? [] : ["--kube-context", kubeContext]),
    ...(options.kubeconfig === undefined ? [] : ["--kubeconfig", options.kubeconfig]),
  ];
}

/** The cluster's capabilities as `helm template` flags (no `--kube-version` when the release sets one). */
function capabilityFlags(caps: ClusterCapabilities, args: readonly string[]): string[] {
  const out: string[] = [];
  if (caps.kubeVersion !== "" && !args.includes("--kube-version"))
    out.push("--kube-version", caps.kubeVersion);
  for (const v of caps.apiVersions) out.push("--api-versions", v);
  return out;
}

/**
 * Whether a cluster of this version (`.Capabilities.KubeVersion`, `v1.34.2`) validates the fields
 * of what is applied to it itself: Kubernetes 1.27 and later (server-side field validation, and
 * the OpenAPI v3 documents that say so, both GA in 1.27). helm 4 then leaves every object's
 * validation to the API server when it applies it, and the OpenAPI validation of `helm template
 * --dry-run=server` only fetches each group-version's OpenAPI document to learn so: ~0.5 s a
 * release (more with many CRDs), and nothing it can reject (an unknown field, a mistyped one, a
 * duplicated key all pass; tests/e2e/cluster-render.e2e.test.ts checks this on the test cluster).
 */
export function serverValidatesFields(kubeVersion: string): boolean {
  const m = /^v?(\d+)\.(\d+)/.exec(kubeVersion);
  if (m === null) return false;
  const [major, minor] = [Number(m[1]), Number(m[2])];
  return major > 1 || (major === 1 && minor >= 27);
}

/**
 * helm 4's flag that skips its OpenAPI validation of a render, on a cluster that validates fields
 * itself ({@link serverValidatesFields}); none elsewhere (and none when its capabilities cannot be
 * read: the render validates, as `helm upgrade` would).
 */
async function validationFlags(
  helm: HelmBinary,
  probe: CapabilitiesProbe,
  context: string | undefined,
): Promise<string[]> {
  if (helm.major === 3) return [];
  const validates = await probe.capabilities(context).then(
    (caps) => serverValidatesFields(caps.kubeVersion),
    () => false,
  );
  return validates ? ["--disable-openapi-validation"] : [];
}

/** `helm history` of a release helm has no record of. */
const RELEASE_NOT_FOUND = /release: not found/;
const NOT_OWNED = /exists and cannot be imported into the current release/;
const NO_KIND = /resource mapping not found|ensure CRDs are installed first/;

/**
 * Runs one release's `helm template` against its cluster (see the module comment); returns
 * helm's result and the arguments of the run that gave it.
 */
export async function renderAgainstCluster(
  args: readonly string[],
  helm: HelmBinary,
  options: ClusterRenderOptions,
  probe: CapabilitiesProbe,
  run: RunHelm,
  releaseId?: string,
  chartCrds?: () => readonly string[] | undefined,
): Promise<{ result: Awaited<ReturnType<RunHelm>>; args: readonly string[] }> {
  const context = kubeContextOf(args);
  const config = options.kubeconfig === undefined ? [] : ["--kubeconfig", options.kubeconfig];
  // `template <release> <chart> …`: helm's record of the release decides install or upgrade.
  const namespace = flagValue(args, "--namespace");
  await probe.reachedProbing(context);
  const recorded = releaseId !== undefined && options.recorded?.has(releaseId) === true;
  const noValidation = await validationFlags(helm, probe, context);
  if (recorded) {
    // The caller's record makes it an upgrade whatever helm recorded: no `helm history` to ask.
    const full = [
      ...args,
      "--dry-run=server",
      "--is-upgrade",
      ...noValidation,
      ...config,
      ...(helm.major === 3 ? capabilityFlags(await probe.capabilities(context), args) : []),
    ];
    const result = await run(full);
    if (helm.major === 3 || result.exitCode === 0 || !NO_KIND.test(result.stderr))
      return { result, args: full };
    const client = [...args, "--is-upgrade", ...capabilityFlags(await probe.capabilities(context), args)];
    return { result: await run(client), args: client };
  }
  const historyArgs = [
    "history",
    args[1] ?? "",
    "--max",
    "1",
    "--output",
    "json",
    ...(namespace === undefined ? [] : ["--namespace", namespace]),
    ...clusterFlags(options, context),
  ];
  const history = await run(historyArgs);
  // Only "not found" means a first install; any other failure (RBAC on Secrets, an unreachable
  // cluster) fails the render as `helm upgrade --install` fails, never a silent "nothing exists".
  if (history.exitCode !== 0 && !RELEASE_NOT_FOUND.test(history.stderr))
    return { result: history, args: historyArgs };
  let upgrade: string[] = history.exitCode === 0 ? ["--is-upgrade"] : [];
  if (helm.major === 3) {
    const caps = await probe.capabilities(context);
    const full = [...args, "--dry-run=server", ...upgrade, ...config, ...capabilityFlags(caps, args)];
    return { result: await run(full), args: full };
  }
  // An install: a chart's CRDs are what a first install usually lacks.
  const early =
    upgrade.length === 0 ? await clientSideFirst(args, chartCrds, probe, context, run) : undefined;
  if (early !== undefined) return early;
  let full = [...args, "--dry-run=server", ...upgrade, ...noValidation, ...config];
  let result = await run(full);
  if (result.exitCode !== 0 && upgrade.length === 0 && NOT_OWNED.test(result.stderr)) {
    upgrade = ["--is-upgrade"];
    full = [...args, "--dry-run=server", ...upgrade, ...noValidation, ...config];
    result = await run(full);
  }
  if (result.exitCode !== 0 && NO_KIND.test(result.stderr)) {
    const caps = await probe.capabilities(context);
    full = [...args, ...upgrade, ...capabilityFlags(caps, args)];
    result = await run(full);
  }
  return { result, args: full };
}

/**
 * helm 4: the client-side render with the cluster's capabilities, made at once for an install the
 * server-side render would refuse for objects of kinds the cluster does not serve yet (it would
 * then fall back to exactly this render, below): tried only when the chart's `crds/` define a kind
 * the cluster does not serve (./chart-crds.ts), and taken only when its output does hold an object
 * of a kind the cluster does not serve, the condition of the server-side render's failure.
 * Undefined otherwise: the server-side render follows as before.
 */
async function clientSideFirst(
  args: readonly string[],
  chartCrds: (() => readonly string[] | undefined) | undefined,
  probe: CapabilitiesProbe,
  context: string | undefined,
  run: RunHelm,
): Promise<{ result: Awaited<ReturnType<RunHelm>>; args: readonly string[] } | undefined> {
  const kinds = chartCrds?.();
  if (kinds === undefined || kinds.length === 0) return undefined;
  const caps = await probe.capabilities(context);
  const served = servedKinds(caps.apiVersions);
  if (kinds.every((k) => served.has(k))) return undefined;
  const client = [...args, ...capabilityFlags(caps, args)];
  const result = await run(client);
  if (result.exitCode !== 0 || !holdsUnservedKind(result.stdout, caps.apiVersions)) return undefined;
  return { result, args: client };
}
