/**
 * Turns a templated release into the {@link PreparedRelease} handed to the render stage:
 * helmfile's ordered values list (values entries — valuesTemplate first — then secrets),
 * `--set`-family flags, id, needs and labels.
 */
import { isHelmfileError, LoadError, SecretError } from "../shared/errors";
import type { LogLine, PreparedRelease, ReleasePatches, SetFlag, ValuesSource } from "../shared/model";
import { GoTime, isMap, newMap, type Value, type ValueMap } from "../shared/value";
import type { EnvironmentLayers } from "../merge/index";
import type { LoaderContext } from "./loader-context";
import { dirName, isAbsolute, joinPath } from "./paths";
import type { HelmDefaults, ReleaseSpec, StateSpec } from "./schema";
import { normalizePath, resolveFile, rewrapError, type StateLocation } from "./storage";
import { isGotmplPath } from "./env-values-loader";
import { renderGoTemplate, renderOptions } from "./template-bridge";
import { releaseTemplateData, type StateOverrides } from "./template-data";
import { decodeValuesYaml, encodeValuesYaml } from "./yaml-io";
import { renderDefaultPostRendererArgs } from "./default-post-renderer-args";
import { checkPostRendererAllowed, resolvePolicy } from "../shared/policy";
import { mergeValues } from "../merge/index";

/** The state a release belongs to, as release preparation needs it. */
export interface ReleaseStateView {
  readonly loc: StateLocation;
  readonly absFile: string;
  readonly spec: StateSpec;
  readonly env: EnvironmentLayers;
  readonly values: ValueMap;
  readonly overrides: StateOverrides;
}

/** helmfile's release id: `[kubeContext/][namespace/]name`, with `ctx//name` when only the context is set. */
export function releaseId(r: {
  readonly kubeContext?: string | undefined;
  readonly namespace?: string | undefined;
  readonly name?: string | undefined;
}): string {
  const kc = r.kubeContext ?? "";
  const ns = r.namespace ?? "";
  let id = kc !== "" ? `${kc}/` : "";
  if (ns !== "") id += `${ns}/`;
  if (kc !== "" && ns === "") id += "/";
  return id + (r.name ?? "");
}

/** `--set` escaping: `{`, `}` and `,` get a backslash. */
export function escapeSetValue(v: string): string {
  return v.replace(/\{/g, "\\{").replace(/\}/g, "\\}").replace(/,/g, "\\,");
}

function valueText(v: Value): string {
  if (v === null) return "<nil>";
  if (typeof v === "string") return v;
  if (typeof v === "bigint" || typeof v === "boolean" || typeof v === "number") return String(v);
  return JSON.stringify(v);
}

function setFlags(
  ctx: LoaderContext,
  kind: "set" | "set-string",
  entries: ReleaseSpec["set"],
  st: ReleaseStateView,
): SetFlag[] {
  const out: SetFlag[] = [];
  for (const s of entries ?? []) {
    const name = escapeSetValue(s.name ?? "");
    if ((s.value ?? "") !== "") {
      const { values, secret } = evalSetValues(ctx, [s.value ?? ""], st);
      out.push({ kind, expression: `${name}=${escapeSetValue(values[0] ?? "")}`, secret });
    } else if (kind === "set" && (s.file ?? "") !== "")
      out.push({
        kind: "set-file",
        expression: `${name}=${normalizePath(st.loc, s.file ?? "")}`,
        secret: false,
      });
    else if ((s.values ?? []).length > 0) {
      const { values, secret } = evalSetValues(ctx, s.values ?? [], st);
      out.push({ kind, expression: `${name}={${values.map(escapeSetValue).join(",")}}`, secret });
    }
  }
  return out;
}

function envSetFlag(ctx: LoaderContext, release: ReleaseSpec): SetFlag[] {
  const entries = release.env ?? [];
  if (entries.length === 0) return [];
  const missing: string[] = [];
  const parts: string[] = [];
  for (const e of entries) {
    const v = ctx.environ[e.value ?? ""];
    if (v === undefined) missing.push(`\t${e.value ?? ""}`);
    else parts.push(`${escapeSetValue(e.name ?? "")}=${escapeSetValue(v)}`);
  }
  if (missing.length > 0) {
    throw new LoadError(
      "LOAD_MISSING_ENV_VAR",
      `Environment Variables not found. Please make sure they are set and try again:\n${missing.join("\n")}`,
    );
  }
  return [{ kind: "set", expression: parts.join(","), secret: false }];
}

/**
 * helmfile's RenderReleaseValuesFileToBytes runs vals over a rendered values file whose text
 * mentions `ref+`: decoded, references resolved, encoded again. Undefined when there is no
 * resolver, no `ref+`, or the file is not a map; `secret` when a reference changed a value.
 */
function expandSecretRefs(
  ctx: LoaderContext,
  text: string,
  file: string,
  root: string,
): { content: string; secret: boolean } | undefined {
  if (ctx.secretResolver === undefined || !/ref\+/.test(text)) return undefined;
  const decoded = decodeValuesYaml(text, file, ctx.yamlVersion);
  if (!isMap(decoded)) return undefined;
  const before = encodeValuesYaml(decoded, ctx.yamlVersion);
  // `ref+file://` references stay in the state's folder tree, as `readFile` does.
  const scope = { root, file };
  const content = encodeValuesYaml(ctx.secretResolver.evalMap(decoded, scope) as ValueMap, ctx.yamlVersion);
  return { content, secret: content !== before };
}

/**
 * An inline values map, as helmfile writes it for helm: vals evaluates its references first
 * (generateTemporaryReleaseValuesFilesCore); `secret` when a reference changed a value.
 */
function evalInline(
  ctx: LoaderContext,
  v: ValueMap,
  st: ReleaseStateView,
): { content: string; secret: boolean; references?: string } {
  const content = encodeValuesYaml(v, ctx.yamlVersion);
  if (ctx.secretResolver === undefined || !content.includes("ref+")) return { content, secret: false };
  const scope = { root: st.loc.absDir, file: st.absFile };
  const resolved = encodeValuesYaml(ctx.secretResolver.evalMap(v, scope) as ValueMap, ctx.yamlVersion);
  // The map as written keeps the references: explain names them, never what they resolved to.
  return resolved === content
    ? { content, secret: false }
    : { content: resolved, secret: true, references: content };
}

/**
 * `set`/`setString` values as helmfile passes them (renderValsSecrets): vals evaluates the
 * references of each, and a value that is not a string is written with Go's `%v`.
 */
function evalSetValues(
  ctx: LoaderContext,
  values: readonly Value[],
  st: ReleaseStateView,
): { values: string[]; secret: boolean } {
  const texts = values.map(valueText);
  if (ctx.secretResolver === undefined || !texts.some((t) => t.includes("ref+")))
    return { values: texts, secret: false };
  const input = newMap();
  input.values = texts;
  const out = ctx.secretResolver.evalMap(input, { root: st.loc.absDir, file: st.absFile }) as ValueMap;
  const resolved = Array.isArray(out.values) ? out.values.map(valueText) : texts;
  return { values: resolved, secret: resolved.some((r, i) => r !== texts[i]) };
}

/** helmfile's Storage.normalizePath of a values entry: joined to the state's base path as printed. */
function helmfilePath(loc: StateLocation, entry: string): string {
  return isAbsolute(entry) ? entry : joinPath(loc.displayDir, entry);
}

/**
 * Renders a release `.gotmpl` values file, chaining a failure as helmfile does:
 * generateTemporaryReleaseValuesFilesCore's `failed to render values files "…"` around
 * FileRenderer.RenderToBytes's `failed to render […], because of …` (pkg/state/state.go,
 * pkg/tmpl/file_renderer.go), both naming the normalized path.
 */
function renderValuesTemplate(shown: string, render: () => string): string {
  try {
    return render();
  } catch (err) {
    if (!isHelmfileError(err)) throw err;
    const chained = `failed to render values files "${shown}": failed to render [${shown}], because of ${err.detail}`;
    throw rewrapError(err, chained);
  }
}

function valuesSources(ctx: LoaderContext, st: ReleaseStateView, release: ReleaseSpec): ValuesSource[] {
  const out = entrySources(
    ctx,
    st,
    release,
    "values",
    release.values ?? [],
    release.valuesPathPrefix ?? "",
    () => releaseTemplateData(st.env, templateFields(release), st.values, st.overrides),
  );
  appendSecretSources(ctx, st, release, out);
  return out;
}

/**
 * The entries of `values:` or of a chartify patch field (pkg/state/state.go
 * generateTemporaryReleaseValuesFilesCore): a path (rendered when `.gotmpl`, with `data`) or a map
 * helmfile writes as YAML.
 */
function entrySources(
  ctx: LoaderContext,
  st: ReleaseStateView,
  release: ReleaseSpec,
  field: string,
  entries: readonly unknown[],
  prefix: string,
  data: () => ReturnType<typeof releaseTemplateData>,
): ValuesSource[] {
  const out: ValuesSource[] = [];
  const handler = release.missingFileHandler ?? st.spec.missingFileHandler ?? "Error";
  entries.forEach((v, i) => {
    const origin = `${st.loc.displayFile}: releases[${release.name ?? ""}].${field}[${i}]`;
    if (typeof v === "string") {
      const { files, skipped } = resolveFile(ctx.fs, ctx.logger, st.loc, handler, "values", prefix + v, ctx);
      if (skipped) return;
      if (files.length > 1) {
        throw new LoadError(
          "LOAD_VALUES_GLOB",
          "glob patterns in release values and secrets is not supported yet. please submit a feature request if necessary",
          { found: v },
        );
      }
      const path = files[0] as string;
      if (ctx.fs.isDirectory(path)) {
        // helmfile reads the entry (generateTemporaryReleaseValuesFilesCore, then the loader's
        // os.ReadFile) and chains what the read says of a directory.
        const shown = helmfilePath(st.loc, prefix + v);
        throw new LoadError(
          "LOAD_NOT_A_FILE",
          `failed to render values files "${shown}": failed to load [${shown}]: read ${shown}: is a directory`,
          {
            file: path,
            keyPath: ["releases", release.name ?? "", field, i],
            expected: "a values file",
            found: "a directory",
          },
        );
      }
      if (!isGotmplPath(path)) {
        const expanded =
          ctx.secretResolver === undefined
            ? undefined
            : expandSecretRefs(ctx, ctx.fs.readFile(path), path, st.loc.absDir);
        out.push(
          expanded === undefined
            ? { kind: "file", path, origin, secret: false }
            : { kind: "inline", origin, ...expanded },
        );
        return;
      }
      const content = renderValuesTemplate(helmfilePath(st.loc, prefix + v), () =>
        renderGoTemplate(ctx.fs.readFile(path), data(), {
          name: path,
          ...renderOptions(ctx, dirName(path)),
        }),
      );
      out.push({
        kind: "inline",
        origin,
        ...(expandSecretRefs(ctx, content, path, st.loc.absDir) ?? { content, secret: false }),
      });
    } else if (isMap(v)) {
      out.push({ kind: "inline", origin, ...evalInline(ctx, v, st) });
    } else {
      throw new LoadError("LOAD_WRONG_TYPE", `unexpected type of value: value=${valueText(v as Value)}`, {
        expected: "a values file path or a map",
        found: valueText(v as Value),
      });
    }
  });
  return out;
}

function appendSecretSources(
  ctx: LoaderContext,
  st: ReleaseStateView,
  release: ReleaseSpec,
  out: ValuesSource[],
): void {
  const prefix = release.valuesPathPrefix ?? "";
  (release.secrets ?? []).forEach((v, i) => {
    const origin = `${st.loc.displayFile}: releases[${release.name ?? ""}].secrets[${i}]`;
    if (typeof v !== "string") {
      // helmfile marshals an embedded secrets map and decrypts it like a file.
      if (ctx.secrets.decryptText === undefined) {
        throw new SecretError(
          "SECRETS_UNSUPPORTED",
          "embedded release secrets need a secrets decryptor with decryptText",
          {
            found: origin,
          },
        );
      }
      out.push({
        kind: "inline",
        content: ctx.secrets.decryptText(encodeValuesYaml(v, ctx.yamlVersion), origin),
        origin,
        secret: true,
      });
      return;
    }
    const { files, skipped } = resolveFile(
      ctx.fs,
      ctx.logger,
      st.loc,
      release.missingFileHandler,
      "secrets",
      prefix + v,
      ctx,
    );
    if (skipped) return;
    if (files.length > 1) {
      throw new LoadError(
        "LOAD_VALUES_GLOB",
        "glob patterns in release secret file is not supported yet. please submit a feature request if necessary",
        { found: v },
      );
    }
    out.push({ kind: "inline", content: ctx.secrets.decryptFile(files[0] as string), origin, secret: true });
  });
}

const PATCH_FIELDS = ["jsonPatches", "strategicMergePatches", "transformers"] as const;

/**
 * The release's chartify patches, as helmfile's PrepareChartify writes them: string entries are
 * files (`.gotmpl` ones rendered with the state values merged with the release's own values),
 * maps are written as YAML. Undefined when the release has none.
 */
function patchSources(
  ctx: LoaderContext,
  st: ReleaseStateView,
  release: ReleaseSpec,
): ReleasePatches | undefined {
  const lists = PATCH_FIELDS.map((f) => {
    const v = (release as Record<string, unknown>)[f];
    return Array.isArray(v) ? (v as unknown[]) : [];
  });
  if (lists.every((l) => l.length === 0)) return undefined;
  let data: ReturnType<typeof releaseTemplateData> | undefined;
  const mergedData = (): ReturnType<typeof releaseTemplateData> => {
    data ??= releaseTemplateData(
      st.env,
      templateFields(release),
      mergeValues(st.values, resolveReleaseValues(ctx, st, release)),
      st.overrides,
    );
    return data;
  };
  const [jsonPatches, strategicMergePatches, transformers] = PATCH_FIELDS.map((f, i) =>
    entrySources(ctx, st, release, f, lists[i] ?? [], "", mergedData),
  ) as [ValuesSource[], ValuesSource[], ValuesSource[]];
  return { jsonPatches, strategicMergePatches, transformers };
}

/**
 * helmfile's resolveReleaseValues: the release's values entries (files rendered when
 * `.gotmpl`, inline maps) merged into one map (sparse lists); a glob is an error here.
 */
export function resolveReleaseValues(
  ctx: LoaderContext,
  st: ReleaseStateView,
  release: ReleaseSpec,
): ValueMap {
  let merged = newMap();
  for (const src of valuesSources(ctx, st, { ...release, secrets: [] })) {
    const text = src.kind === "inline" ? src.content : ctx.fs.readFile(src.path);
    const decoded = decodeValuesYaml(text, src.origin, ctx.yamlVersion);
    if (isMap(decoded)) merged = mergeValues(merged, decoded);
  }
  return merged;
}

/** Renders one release values file (templated only when `.gotmpl`) with the release's data. */
export function renderReleaseValuesFile(
  ctx: LoaderContext,
  st: ReleaseStateView,
  release: ReleaseSpec,
  path: string,
): string {
  const text = ctx.fs.readFile(path);
  if (!isGotmplPath(path)) return text;
  return renderGoTemplate(
    text,
    releaseTemplateData(st.env, templateFields(release), st.values, st.overrides),
    {
      name: path,
      ...renderOptions(ctx, dirName(path)),
    },
  );
}

/** The ordered values sources helmfile writes for a release (values entries, then secrets). */
export function releaseValuesSources(
  ctx: LoaderContext,
  st: ReleaseStateView,
  release: ReleaseSpec,
): ValuesSource[] {
  return valuesSources(ctx, st, release);
}

/** `.Release.*` fields of a spec. */
export function templateFields(r: ReleaseSpec): {
  name: string;
  namespace: string;
  labels: Record<string, string>;
  chart: string;
  version: string;
  kubeContext: string;
} {
  return {
    name: r.name ?? "",
    namespace: r.namespace ?? "",
    labels: r.labels ?? {},
    chart: r.chart ?? "",
    version: r.version ?? "",
    kubeContext: r.kubeContext ?? "",
  };
}

function isLocalChart(ctx: LoaderContext, loc: StateLocation, chart: string): string | undefined {
  if (chart === "") return undefined;
  if (isAbsolute(chart)) return chart;
  if (chart.startsWith("./") || chart.startsWith("../") || chart === "." || chart === "..")
    return joinPath(loc.absDir, chart);
  const candidate = joinPath(loc.absDir, chart);
  return ctx.fs.isDirectory(candidate) ? candidate : undefined;
}

/** Converts plain parsed data to a Value (plain objects become null-prototype maps). */
export function toValue(v: unknown): Value {
  if (v === undefined || v === null) return null;
  if (Array.isArray(v)) return v.map(toValue);
  if (typeof v === "object" && !(v instanceof GoTime)) {
    const out = newMap();
    for (const [k, x] of Object.entries(v as Record<string, unknown>))
      if (x !== undefined) out[k] = toValue(x);
    return out;
  }
  return v as Value;
}

function optionalDefaultArgs(args: string[]): { defaultPostRendererArgs?: readonly string[] } {
  return args.length === 0 ? {} : { defaultPostRendererArgs: args };
}

/** A post-renderer the state names is a program run: the insecure-features policy decides. */
function checkStatePostRenderer(
  ctx: LoaderContext,
  st: ReleaseStateView,
  release: ReleaseSpec,
  defaults: HelmDefaults,
): void {
  const own = release.postRenderer ?? "";
  const program = own !== "" ? own : (defaults.postRenderer ?? "");
  if (program === "") return;
  checkPostRendererAllowed(ctx.policy ?? resolvePolicy({}, ctx.environ), program, {
    file: st.absFile,
    keyPath: own !== "" ? ["releases", release.name ?? "", "postRenderer"] : ["helmDefaults", "postRenderer"],
  });
}

/** Options of {@link prepareRelease}. */
export interface PrepareReleaseOptions {
  /** `--skip-deps`. */
  readonly skipDeps: boolean;
  /** Resolve the values sources and `env:` flags (false leaves them out, for `build` and `list`). */
  readonly values: boolean;
  /** Keep what reading the values logs on the release (`valuesLog`) instead of logging it; default false. */
  readonly deferLogs?: boolean;
}

/** Builds the PreparedRelease for a templated, override-applied release. */
export function prepareRelease(
  ctx: LoaderContext,
  st: ReleaseStateView,
  release: ReleaseSpec,
  labels: Record<string, string>,
  options: PrepareReleaseOptions,
): PreparedRelease {
  const skipDeps = options.skipDeps;
  // A source that carries a decrypted or resolved plaintext (e.g. an environment secret used in
  // a .gotmpl values file or a `set:` value) is secret too, so it never reaches state in clear.
  // helmfile's GetReleasesWithLabels (pkg/state/state.go) replaces each release's labels with its
  // selector labels (common labels, own labels, then `name`, `namespace` after `-n`, and the
  // chart's last segment) before values files are rendered, so `.Release.Labels` holds them.
  const labelled: ReleaseSpec = { ...release, labels };
  const valuesLog: LogLine[] = [];
  const valuesCtx: LoaderContext =
    options.deferLogs === true
      ? {
          ...ctx,
          logger: {
            debug: (message) => valuesLog.push({ level: "debug", message }),
            info: (message) => valuesLog.push({ level: "info", message }),
            warn: (message) => valuesLog.push({ level: "warn", message }),
          },
        }
      : ctx;
  const sources = options.values ? valuesSources(valuesCtx, st, labelled) : [];
  const patches = options.values ? patchSources(valuesCtx, st, labelled) : undefined;
  // Once the load knows any secret, templated text (inline values, `set:`) may derive from it
  // through a transformation (`b64enc`, hashing, slicing) no substring check can see.
  // Asked after the values were rendered: their templates may have resolved secrets themselves.
  const derived = ctx.secrets.hasSecrets?.() ?? false;
  const carries = (text: string): boolean => derived || (ctx.secrets.containsSecret?.(text) ?? false);
  const values = sources.map((v) =>
    !v.secret && v.kind === "inline" && carries(v.content) ? { ...v, secret: true } : v,
  );
  const flags = [
    ...setFlags(ctx, "set", release.set, st),
    ...setFlags(ctx, "set-string", release.setString, st),
    ...(options.values ? envSetFlag(ctx, release) : []),
  ].map((f) => (!f.secret && carries(f.expression) ? { ...f, secret: true } : f));
  const defaults: HelmDefaults = st.spec.helmDefaults ?? {};
  checkStatePostRenderer(ctx, st, release, defaults);
  const chartPath = isLocalChart(ctx, st.loc, release.chart ?? "");
  // helm's --kube-context: release, then the selected environment's kubeContext, then helmDefaults.
  const kubeContext =
    (release.kubeContext ?? "") ||
    (st.spec.environments?.[st.env.name]?.kubeContext ?? "") ||
    (st.spec.helmDefaults?.kubeContext ?? "");
  return {
    id: releaseId(release),
    name: release.name ?? "",
    namespace: release.namespace ?? "",
    chart: release.chart ?? "",
    ...(chartPath === undefined ? {} : { chartPath }),
    ...(release.version === undefined || release.version === "" ? {} : { version: release.version }),
    labels,
    needs: release.needs ?? [],
    installed: release.installed !== false,
    values,
    ...(patches === undefined ? {} : { patches }),
    setFlags: flags,
    templateFlags: [],
    ...(kubeContext === "" ? {} : { kubeContext }),
    skipDeps: skipDeps || (release.skipDeps ?? defaults.skipDeps ?? false),
    stateFile: st.absFile,
    baseDir: st.loc.absDir,
    hasSecrets: values.some((v) => v.secret),
    ...optionalDefaultArgs(renderDefaultPostRendererArgs(ctx, st, labelled)),
    spec: toValue(release) as ValueMap,
    ...(valuesLog.length > 0 ? { valuesLog } : {}),
  };
}
