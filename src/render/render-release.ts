/**
 * One `helm template` call: builds helmfile's argv for the release, writes its inline values
 * to private temp files, consults the render cache, runs helm, and turns a failure into a
 * {@link RenderError} naming the release, the chart, the command and helm's stderr.
 */
import { createHash } from "node:crypto";
import { posix } from "node:path";
import { RenderError } from "../shared/errors";
import type { FileSystem, Logger, ProcessRunner } from "../shared/io";
import type { PreparedRelease, SetFlag } from "../shared/model";
import { newMap, type ValueMap } from "../shared/value";
import { inReleaseOnTimeout } from "./helm-limit";
import { localArchive, type PreparedChart } from "./prepare-charts";
import { hashParts, type RenderCache } from "./render-cache";
import type { ScratchFileSystem } from "./render-io";
import type { ChartValuesInput, HelmBinary, RenderedRelease, TemplateCommandOptions } from "./render-types";
import { templateOutputDir, type PathTemplateEnvironment } from "./path-templates";
import { templateFlags, type TemplateFlagsInput } from "./template-flags";
import {
  kubeContextOf,
  renderAgainstCluster,
  type CapabilitiesProbe,
  type ClusterRenderOptions,
  type ClusterCapabilities,
  type RenderKey,
  type RenderRecord,
} from "./cluster-render";
import {
  deadInRender,
  drewInRender,
  impureCalls,
  regeneratedWarning,
  type ChartReading,
  type ImpureTemplate,
} from "./chart-purity";

/** Everything shared by the releases of one state. */
export interface ReleaseRenderContext {
  readonly helm: HelmBinary;
  readonly env: Readonly<Record<string, string>>;
  readonly fs: FileSystem;
  readonly runner: ProcessRunner;
  readonly scratch: ScratchFileSystem;
  /** Private directory (0700) for this run's values files. */
  readonly valuesDir: string;
  readonly flagsBase: Omit<TemplateFlagsInput, "release">;
  readonly template: TemplateCommandOptions;
  /** Trailing extra args (`--args`, `helmDefaults.args`). */
  readonly extraArgs: readonly string[];
  readonly cache: RenderCache | undefined;
  /** Memoised content hash of a local chart directory. */
  readonly chartHash: (dir: string) => string;
  /**
   * The `group/Kind` of the CRDs in the chart's `crds/` folders (./chart-crds.ts), memoised per
   * chart; undefined when the chart cannot be read before its render. Default: not known.
   */
  readonly chartCrds?: (chart: PreparedChart, release: PreparedRelease) => readonly string[] | undefined;
  /**
   * What the chart's templates tell (src/render/chart-purity.ts: the impure ones among them),
   * memoised per chart; undefined when the chart cannot be read (taken as impure). Default: every
   * chart is taken as pure, and no render key is recorded.
   */
  readonly chartReading?: (chart: PreparedChart, release: PreparedRelease) => ChartReading | undefined;
  /**
   * Reads what {@link chartReading} answers ahead, when the chart's files are there already (a
   * local chart, or an archive in helm's cache): called while helm renders, when this process
   * waits. Default: nothing read ahead.
   */
  readonly chartReadingAhead?: (chart: PreparedChart, release: PreparedRelease) => void;
  /** Render against the release's cluster (src/render/cluster-render.ts); absent: offline, as `helm template`. */
  readonly cluster?: { readonly options: ClusterRenderOptions; readonly probe: CapabilitiesProbe };
  /** A chart's `.Values` as helm computes them (`RenderOptions.chartValues`); absent: not computed. */
  readonly chartValues?: (input: ChartValuesInput) => ValueMap;
  /** Charts already warned about (see `RenderOptions.warnRegenerated`); absent: no warning. */
  readonly warnedRegenerated?: Set<string>;
  /** The selected environment (for `--output-dir-template`). */
  readonly environment: PathTemplateEnvironment;
  /** Debug lines (`exec: helm …`, helm's stderr on success). Default none. */
  readonly logger?: Logger;
}

/** Renders one release with `helm template`. `index` keeps temp file names unique. */
export async function renderRelease(
  release: PreparedRelease,
  chart: PreparedChart,
  ctx: ReleaseRenderContext,
  index: number,
): Promise<RenderedRelease> {
  const { args, files } = buildTemplateArgs(release, chart, ctx, index);
  // A render against a cluster is never read from or written to the cache.
  const key = ctx.cluster === undefined ? cacheKey(release, chart, args, files, ctx) : undefined;
  const base = { release, displayChart: chart.displayChart, args };
  const record = ctx.cluster?.options.record;
  // What the render against the cluster is made of (its capabilities read beside the render).
  const made =
    record === undefined
      ? undefined
      : renderMaterial(release, chart, args, files, ctx).catch(() => undefined);
  if (record !== undefined && made !== undefined) {
    const answer = await recordedAnswer(release, record, made, ctx);
    if (answer !== undefined) {
      ctx.logger?.debug(
        `release ${release.name}: its render is the stack's record (${answer.key.slice(7, 19)})`,
      );
      record.onKey(release.id, answer, true);
      return { ...base, manifest: "", cached: true, fromRecord: true };
    }
    record.onRender?.(release.id);
  }
  if (key !== undefined) {
    const hit = ctx.cache?.get(key, (path) =>
      ctx.logger?.debug(
        `render cache entry ${path} was not whole: removed, rendering release ${release.name}`,
      ),
    );
    if (hit !== undefined) {
      ctx.logger?.debug(`render cache hit for release ${release.name} (${key.slice(0, 12)})`);
      return { ...base, manifest: hit, cached: true };
    }
  }
  // Read only where it decides something: a cache write or the regenerated-values warning.
  const asked = key !== undefined || ctx.warnedRegenerated !== undefined;
  try {
    for (const f of files) ctx.scratch.writeFile(f.path, f.content, 0o600);
    // Read for the cache or the warning, and for the key a render against the cluster records.
    let aheadDone = !asked && record === undefined;
    const run = async (argv: readonly string[]) => {
      ctx.logger?.debug(`exec: ${ctx.helm.path} ${argv.map(redactArg).join(" ")}`);
      try {
        const running = ctx.runner.run(ctx.helm.path, [...argv], { env: ctx.env });
        // helm renders in its own process: what the chart's templates tell is read meanwhile
        // (kube-prometheus-stack's archive: about 0.1 s), once helm has started.
        if (!aheadDone) {
          aheadDone = true;
          setImmediate(() => ctx.chartReadingAhead?.(chart, release));
        }
        return await running;
      } catch (e) {
        throw inReleaseOnTimeout(release, chart.displayChart, e);
      }
    };
    const cluster = ctx.cluster;
    const { result: r, args: ran } =
      cluster === undefined
        ? { result: await run(args), args }
        : await renderAgainstCluster(args, ctx.helm, cluster.options, cluster.probe, run, release.id, () =>
            ctx.chartCrds?.(chart, release),
          );
    if (r.exitCode !== 0) throw templateFailure(release, chart, ran, r.stderr);
    if (r.stderr.trim() !== "") ctx.logger?.debug(r.stderr.trimEnd());
    const impure = ctx.chartReading === undefined || !asked ? [] : ctx.chartReading(chart, release)?.impure;
    // Values a chart passes through `tpl` may call them too.
    const impureValues =
      (key !== undefined || record !== undefined) &&
      (files.some((f) => impureCalls(f.content).length > 0) || valuesFilesImpure(release, ctx.fs));
    // The impure templates that may have drawn in this render (read once, for the key and the warning).
    let drewMemo: ImpureTemplate[] | undefined;
    const drawn = (): ImpureTemplate[] =>
      (drewMemo ??= drawnIn(ctx.chartReading?.(chart, release), r.stdout, ran, files, ctx));
    if (record !== undefined && made !== undefined) {
      const { key: recordable, afterInstall } = await keyToRecord(
        release,
        chart,
        made,
        ran,
        drawn,
        impureValues,
        ctx,
      );
      record.onKey(release.id, recordable, false, afterInstall);
    }
    // A render that is not a pure function of its inputs is never cached.
    if (key !== undefined && impure !== undefined && impure.length === 0 && !impureValues)
      ctx.cache?.put(key, r.stdout);
    // Said of the templates that drew in this render (a file whose condition is off draws nothing).
    if (impure !== undefined && impure.length > 0) warnRegenerated(release, chart, drawn(), ctx);
    if ((ctx.template.outputDir ?? "") !== "" || (ctx.template.outputDirTemplate ?? "") !== "") {
      return { ...base, manifest: "", cached: false, outputLog: dedupeWroteLines(r.stdout) };
    }
    return { ...base, manifest: r.stdout, cached: false };
  } finally {
    for (const f of files) ctx.scratch.remove(f.path);
  }
}

/**
 * What a release's render against its cluster is made of: helm, the render's inputs
 * ({@link inputParts}) and the kubeconfig file, and the cluster's capabilities (its version and the
 * API versions it serves). Undefined when a render's inputs cannot be told before it runs.
 */
interface RenderMaterial {
  readonly parts: readonly string[];
  readonly caps: ClusterCapabilities;
}

async function renderMaterial(
  release: PreparedRelease,
  chart: PreparedChart,
  args: readonly string[],
  files: readonly PendingFile[],
  ctx: ReleaseRenderContext,
): Promise<RenderMaterial | undefined> {
  const cluster = ctx.cluster;
  const parts = inputParts(release, chart, args, files, ctx);
  if (cluster === undefined || parts === undefined) return undefined;
  const context = kubeContextOf(args);
  await cluster.probe.reachedProbing(context);
  const caps = await cluster.probe.capabilities(context);
  return {
    parts: [`helm ${ctx.helm.raw}`, ...parts, `kubeconfig:${cluster.options.kubeconfig ?? ""}`],
    caps,
  };
}

/**
 * A release's render key (`sha256:<hex>`): its material, the cluster's version, and of the API
 * versions it serves either all (`apis` undefined) or which of `apis` it serves (those the chart
 * asks `.Capabilities.APIVersions.Has` about: the only ones its output can depend on), and the
 * install-or-upgrade `mode` (`any` for a chart that never reads it).
 */
export function renderKey(
  material: RenderMaterial,
  apis: readonly string[] | undefined,
  mode: RenderKey["mode"],
): RenderKey {
  const served = new Set(material.caps.apiVersions);
  const key = hashParts([
    ...material.parts,
    `kube-version:${material.caps.kubeVersion}`,
    apis === undefined
      ? `api-versions:${material.caps.apiVersions.join(",")}`
      : `api-versions-asked:${apis.map((a) => `${a}=${served.has(a) ? 1 : 0}`).join(",")}`,
    `mode:${mode}`,
  ]);
  return { key: `sha256:${key}`, ...(apis === undefined ? {} : { apis }), mode };
}

/**
 * The recorded render key that answers this render (it would render as that render did), or
 * undefined: the release renders. The key is made now as the recorded one was made; a key of mode
 * `install` or `upgrade` answers only a render of that mode (an upgrade: the stack's record holds
 * the release).
 */
async function recordedAnswer(
  release: PreparedRelease,
  record: RenderRecord,
  made: Promise<RenderMaterial | undefined>,
  ctx: ReleaseRenderContext,
): Promise<RenderKey | undefined> {
  if (record.recorded === undefined) return undefined;
  const recorded = (await record.recorded).get(release.id);
  if (recorded === undefined) return undefined;
  const material = await made;
  if (material === undefined) return undefined;
  const upgrade = ctx.cluster?.options.recorded?.has(release.id) === true;
  if (recorded.mode !== "any" && recorded.mode !== (upgrade ? "upgrade" : "install")) return undefined;
  return renderKey(material, recorded.apis, recorded.mode).key === recorded.key ? recorded : undefined;
}

/**
 * The render key to record for a render that ran (`ran`: its helm arguments; `drawn`: the impure
 * templates that may have drawn in it, {@link drawnIn}), or none when a later render with the same
 * key could differ from this one for another reason than what `lookup` finds: a template that drew
 * a value anew (random text, keys, the time) with no `lookup` of what the cluster holds, or in an install's
 * render (where `lookup` finds nothing yet), values that call such a function, or a chart that
 * cannot be read. `afterInstall`: none only because it was an install's render of such a chart or
 * of one that reads whether it is installed or upgraded (an upgrade's render may record one).
 */
async function keyToRecord(
  release: PreparedRelease,
  chart: PreparedChart,
  made: Promise<RenderMaterial | undefined>,
  ran: readonly string[],
  drawn: () => readonly ImpureTemplate[],
  impureValues: boolean,
  ctx: ReleaseRenderContext,
): Promise<{ key?: RenderKey; afterInstall: boolean }> {
  const none = { afterInstall: false };
  const material = await made;
  if (material === undefined || impureValues) return none;
  const reading = ctx.chartReading?.(chart, release);
  if (reading === undefined) return none;
  const upgrade = ran.includes("--is-upgrade");
  const drew = drawn();
  if (drew.some((t) => !t.usesLookup)) return none;
  // A value kept through `lookup` is drawn anew on an install (nothing to find yet), and found by
  // the upgrades after it: only an upgrade's render is as the next one would be. So too for a chart
  // that reads whether it is installed or upgraded: every later render of the release (a preview
  // compared with the stack's record, the next `up`) is an upgrade, which an install's key never
  // answers.
  if ((drew.length > 0 || reading.readsInstallOrUpgrade) && !upgrade) return { afterInstall: true };
  const mode = !reading.readsInstallOrUpgrade ? "any" : "upgrade";
  return { key: renderKey(material, reading.capabilityApis, mode), afterInstall: false };
}

/**
 * The impure templates that may have drawn in a render (`ran`: its helm argv; `files`: the inline
 * values it wrote): those with a document in `manifest` (./chart-purity.ts `drewInRender`), less
 * the chart's own templates whose every impure call sits in a branch the render's `.Values`
 * decided against (`deadInRender`: computed as helm computes them, when `chartValues` is given).
 */
function drawnIn(
  reading: ChartReading | undefined,
  manifest: string,
  ran: readonly string[],
  files: readonly PendingFile[],
  ctx: ReleaseRenderContext,
): ImpureTemplate[] {
  const drew = (reading?.impure ?? []).filter((t) => drewInRender(t, manifest));
  const own = reading?.ownValues;
  if (own === undefined || !drew.some((t) => own.calls.has(t.path))) return drew;
  const values = renderValues(own.text, ran, files, ctx);
  return values === undefined ? drew : drew.filter((t) => !deadInRender(t, own, values));
}

const SET_KINDS = new Set<SetFlag["kind"]>(["set", "set-string", "set-file", "set-json", "set-literal"]);

/**
 * The chart's own `.Values` in a render whose helm argv was `ran`: its values.yaml, then the
 * `--values` files and `--set` flags of the argv, as helm merges them. Undefined when not computed
 * (no `chartValues`, a flag form not read here, a file that cannot be read, a value helm refuses).
 */
function renderValues(
  chartValues: string,
  ran: readonly string[],
  files: readonly PendingFile[],
  ctx: ReleaseRenderContext,
): ValueMap | undefined {
  const compute = ctx.chartValues;
  if (compute === undefined) return undefined;
  const written = new Map(files.map((f) => [f.path, f.content]));
  const valuesFiles: { name: string; content?: string }[] = [];
  const flags: SetFlag[] = [];
  for (let i = 0; i < ran.length; i++) {
    const arg = ran[i]!;
    const eq = arg.startsWith("--") ? arg.indexOf("=") : -1;
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    const kind = flag.startsWith("--") ? flag.slice(2) : "";
    const isValues = flag === "--values" || flag === "-f";
    if (!isValues && !SET_KINDS.has(kind as SetFlag["kind"])) {
      // `-fFILE` and `-f=FILE` are values files too; not read here.
      if (/^-f./.test(arg)) return undefined;
      continue;
    }
    const value = eq > 0 ? arg.slice(eq + 1) : ran[++i];
    if (value === undefined) return undefined;
    if (isValues) {
      // helm's `--values` is a list flag (commas split it, quotes escape them): only plain paths here.
      if (/[,"]/.test(value)) return undefined;
      const content = written.get(value);
      valuesFiles.push(content === undefined ? { name: value } : { name: value, content });
    } else flags.push({ kind: kind as SetFlag["kind"], expression: value, secret: false });
  }
  try {
    return compute({
      chartValues,
      files: valuesFiles,
      flags,
      // helm reads a relative path from its own working folder: left undecided here.
      readFile: (path) => {
        const content = written.get(path);
        if (content !== undefined) return content;
        if (!posix.isAbsolute(path)) throw new Error(`relative path ${path}`);
        return Buffer.from(ctx.fs.readBytes(path)).toString("utf8");
      },
      helmVersion: ctx.helm.major === 3 ? 3 : 4,
    });
  } catch {
    return undefined;
  }
}

function valuesFilesImpure(release: PreparedRelease, fs: FileSystem): boolean {
  return release.values.some((v) => {
    if (v.kind !== "file") return false;
    try {
      return impureCalls(Buffer.from(fs.readBytes(v.path)).toString("utf8")).length > 0;
    } catch {
      return false;
    }
  });
}

/** Once per chart: the templates that regenerate values on every render (no `lookup` guard). */
function warnRegenerated(
  release: PreparedRelease,
  chart: PreparedChart,
  impure: readonly ImpureTemplate[],
  ctx: ReleaseRenderContext,
): void {
  const warned = ctx.warnedRegenerated;
  if (warned === undefined || warned.has(chart.chartArg)) return;
  const warning = regeneratedWarning(release.id, chart.displayChart, impure);
  if (warning === undefined) return;
  warned.add(chart.chartArg);
  ctx.logger?.warn(warning);
}

/** helm 4 prints `wrote <file>` once per document; helmfile keeps each line once. */
function dedupeWroteLines(out: string): string {
  const seen = new Set<string>();
  return out
    .split("\n")
    .filter((line) => {
      if (!line.startsWith("wrote ")) return true;
      if (seen.has(line)) return false;
      seen.add(line);
      return true;
    })
    .join("\n")
    .replace(/\n+$/, "");
}

/** A values file this call writes (inline values) before running helm. */
interface PendingFile {
  readonly path: string;
  readonly content: string;
}

/** helmfile's argv for `helm template` of one release (without the binary). */
export function buildTemplateArgs(
  release: PreparedRelease,
  chart: PreparedChart,
  ctx: Pick<
    ReleaseRenderContext,
    "helm" | "flagsBase" | "template" | "extraArgs" | "valuesDir" | "scratch" | "environment"
  >,
  index: number,
): { args: string[]; files: PendingFile[] } {
  const spec: ValueMap = Object.assign(newMap(), release.spec);
  if (release.kubeContext !== undefined) spec.kubeContext = release.kubeContext;
  const args = ["template", release.name, chart.chartArg];
  args.push(
    ...templateFlags({
      ...ctx.flagsBase,
      release: spec,
      options: ctx.template,
      helmMajor: ctx.helm.major,
      baseDir: release.baseDir,
      ...(release.defaultPostRendererArgs === undefined
        ? {}
        : { defaultPostRendererArgs: release.defaultPostRendererArgs }),
    }),
  );
  if (release.namespace !== "") args.push("--namespace", release.namespace);
  const files: PendingFile[] = [];
  release.values.forEach((v, j) => {
    if (v.kind === "file") {
      args.push("--values", v.path);
      return;
    }
    const path = posix.join(ctx.valuesDir, `${index}-${j}-values.yaml`);
    files.push({ path, content: v.content });
    args.push("--values", path);
  });
  for (const s of release.setFlags) args.push(`--${s.kind}`, s.expression);
  const t = ctx.template;
  for (const v of t.values ?? []) args.push("--values", v);
  for (const s of t.set ?? []) args.push("--set", s);
  if ((t.outputDir ?? "") !== "" || (t.outputDirTemplate ?? "") !== "") {
    const dir = templateOutputDir(t.outputDir ?? "", release, ctx.environment, t.outputDirTemplate ?? "");
    ctx.scratch.makeDir(dir);
    args.push("--output-dir", dir);
  }
  if (t.validate === true) args.push("--validate");
  if (t.includeCrds === true) args.push("--include-crds");
  if (t.noHooks === true) args.push("--no-hooks");
  if (t.skipTests === true) args.push("--skip-tests");
  args.push(...ctx.extraArgs);
  return { args, files };
}

/**
 * The cache key, or undefined when the output must not be cached: secret values (never
 * stored), `--output-dir` (files, not stdout), cluster access (`--dry-run=server`,
 * `--validate`: the cluster can change the output), post-renderers (arbitrary programs),
 * and remote charts without an exact version.
 */
function cacheKey(
  release: PreparedRelease,
  chart: PreparedChart,
  args: readonly string[],
  files: readonly PendingFile[],
  ctx: ReleaseRenderContext,
): string | undefined {
  if (ctx.cache === undefined || release.hasSecrets || release.setFlags.some((s: SetFlag) => s.secret))
    return undefined;
  if (args.some((a) => a === "--validate" || a.startsWith("--dry-run"))) return undefined;
  const parts = inputParts(release, chart, args, files, ctx);
  return parts === undefined ? undefined : hashParts([`helm ${ctx.helm.raw}`, ...parts]);
}

/**
 * What a render's output is made of besides helm and the cluster: its arguments, with the
 * content of each chart and values file in place of (or beside) its path. Undefined when that
 * cannot be told before rendering: `--output-dir` (files, not stdout), post-renderers (arbitrary
 * programs), remote charts without an exact version.
 */
function inputParts(
  release: PreparedRelease,
  chart: PreparedChart,
  args: readonly string[],
  files: readonly PendingFile[],
  ctx: Pick<ReleaseRenderContext, "fs" | "scratch" | "chartHash" | "template">,
): string[] | undefined {
  if (args.some((a) => a === "--output-dir" || a.startsWith("--post-renderer"))) return undefined;
  const version = release.version ?? "";
  const archive = chart.isLocal ? undefined : localArchive(chart, release, ctx.fs);
  if (
    !chart.isLocal &&
    archive === undefined &&
    !/^v?\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/.test(version)
  )
    return undefined;
  const pending = new Map(files.map((f) => [f.path, f.content]));
  const parts: string[] = [];
  for (const a of args) {
    const inline = pending.get(a);
    if (inline !== undefined) parts.push(`inline-values:${inline}`);
    // A chartified chart (also of a remote chart) is keyed on what chartify made: the patches, values
    // and kustomize's output. Hashed afresh: its path is reused by other states of the session.
    else if (a === chart.chartArg && chart.chartified === true)
      parts.push(`chartified:${hashChartDirectory(a, ctx.fs, ctx.scratch)}`);
    else if (a === chart.chartArg && chart.isLocal) parts.push(`local-chart:${ctx.chartHash(a)}`);
    else if (a === chart.chartArg && archive !== undefined)
      parts.push(`chart-archive:${a}:${fileHash(ctx.fs, archive)}`);
    else parts.push(a);
  }
  // A temporary chart's path is reused across states: key on its source chart and added dependencies too.
  if (chart.adhoc !== undefined)
    parts.push(`adhoc:${ctx.chartHash(chart.adhoc.sourceDir)}:${chart.adhoc.dependencies}`);
  for (const v of release.values) {
    if (v.kind === "file") parts.push(`file:${v.path}:${fileHash(ctx.fs, v.path)}`);
  }
  for (const v of ctx.template.values ?? []) parts.push(`file:${v}:${fileHash(ctx.fs, v)}`);
  for (const s of release.setFlags) {
    if (s.kind === "set-file")
      parts.push(`set-file:${s.expression}:${setFileHash(ctx.fs, s.expression, release.baseDir)}`);
  }
  return parts;
}

function fileHash(fs: FileSystem, path: string): string {
  try {
    return createHash("sha256").update(fs.readBytes(path)).digest("hex");
  } catch {
    return "missing";
  }
}

function setFileHash(fs: FileSystem, expression: string, baseDir: string): string {
  const eq = expression.indexOf("=");
  const path = expression.slice(eq + 1);
  return fileHash(fs, posix.resolve(baseDir, path));
}

/** Content hash of a chart directory: every file's relative path and bytes. */
export function hashChartDirectory(dir: string, fs: FileSystem, scratch: ScratchFileSystem): string {
  const h = createHash("sha256");
  for (const rel of scratch.listFilesRecursive(dir)) {
    h.update(`${rel}\0`);
    h.update(fs.readBytes(posix.join(dir, rel)));
    h.update("\0");
  }
  return h.digest("hex");
}

function templateFailure(
  release: PreparedRelease,
  chart: PreparedChart,
  args: readonly string[],
  stderr: string,
): RenderError {
  const command = `helm ${args.map(redactArg).join(" ")}`;
  const refused = forbiddenRequest(stderr);
  if (refused !== undefined) {
    const scope =
      refused.namespace === undefined ? "at the cluster scope" : `in namespace "${refused.namespace}"`;
    const context = release.kubeContext === undefined ? "" : `, context ${release.kubeContext}`;
    return new RenderError(
      "KUBE_FORBIDDEN",
      `release "${release.name}" (namespace ${release.namespace}${context}): user "${refused.user}" may not ${refused.verb} ${refused.resource} ${scope}, which rendering against the cluster needs\ncommand: ${command}\n${stderr.trim()}`,
      {
        file: release.stateFile,
        expected: `RBAC that lets "${refused.user}" ${refused.verb} ${refused.resource} ${scope}`,
      },
    );
  }
  return new RenderError(
    "HELM_TEMPLATE_FAILED",
    `release "${release.name}" (chart ${chart.displayChart}): helm template failed\ncommand: ${command}\n${stderr.trim()}`,
    { file: release.stateFile, found: stderr.trim() },
  );
}

/** The API server's RBAC refusal quoted in helm's error, if any (`… is forbidden: User "u" cannot get resource "r" …`). */
export function forbiddenRequest(
  stderr: string,
): { user: string; verb: string; resource: string; namespace?: string } | undefined {
  const m =
    /is forbidden: User "([^"]+)" cannot (\S+) resource "([^"]+)" in API group "([^"]*)" (?:in the namespace "([^"]+)"|at the cluster scope)/.exec(
      stderr,
    );
  if (m === null) return undefined;
  const [, user = "", verb = "", resource = "", group = "", namespace] = m;
  return {
    user,
    verb,
    resource: group === "" ? resource : `${resource}.${group}`,
    ...(namespace === undefined ? {} : { namespace }),
  };
}

/**
 * `--set` values may carry secrets: only their keys are shown. helm splits `--set` and
 * `--set-string` at commas not escaped with a backslash; `--set-literal` and `--set-json`
 * take everything after the first `=` as one value.
 */
export function redactArg(arg: string, i: number, all: readonly string[]): string {
  const prev = all[i - 1] ?? "";
  const maskOne = (kv: string): string => (kv.includes("=") ? `${kv.slice(0, kv.indexOf("="))}=***` : "***");
  if (prev === "--set-literal" || prev === "--set-json") return maskOne(arg);
  if (prev === "--set" || prev === "--set-string") return splitUnescapedCommas(arg).map(maskOne).join(",");
  return /\s/.test(arg) ? JSON.stringify(arg) : arg;
}

/** `a=1,b=x\,y` → `["a=1", "b=x\,y"]`: commas after an odd number of backslashes stay. */
function splitUnescapedCommas(arg: string): string[] {
  const parts: string[] = [];
  let cur = "";
  for (let i = 0; i < arg.length; i++) {
    const c = arg[i] as string;
    if (c === "\\" && i + 1 < arg.length) {
      cur += c + (arg[i + 1] as string);
      i++;
    } else if (c === ",") {
      parts.push(cur);
      cur = "";
    } else cur += c;
  }
  parts.push(cur);
  return parts;
}
