/**
 * The flags helmfile passes to `helm template` for one release, in helmfile's order:
 * version/devel, adopt, enable-dns, post-renderer(+args), api-versions/kube-version,
 * chart-download TLS flags, show-only, skip-schema-validation, kube-context, template args,
 * then namespace. Values files and `--set` flags follow (see {@link releaseValuesFlags}).
 */
import { posix } from "node:path";
import { collectArgs } from "./collect-args";
import { bool, str, strList } from "./spec-access";
import type { ValueMap } from "../shared/value";

/** `helmfile template` options that change per-release flags. All default to unset. */
export interface TemplateFlagOptions {
  /** `--post-renderer`: used when the release sets none. */
  readonly postRenderer?: string;
  /** `--post-renderer-args`: used when the release sets none; wins over helmDefaults. */
  readonly postRendererArgs?: readonly string[];
  /** `--kube-version`: wins over the release and the state. */
  readonly kubeVersion?: string;
  /** `--show-only` templates. */
  readonly showOnly?: readonly string[];
  /** `--skip-schema-validation`. */
  readonly skipSchemaValidation?: boolean;
  /** `--template-args`: wins over `helmDefaults.templateArgs`. */
  readonly templateArgs?: string;
}

/** Everything {@link templateFlags} reads. */
export interface TemplateFlagsInput {
  /** The release fields as declared (after templating). */
  readonly release: ValueMap;
  readonly helmDefaults: ValueMap;
  /** The state's `repositories:` entries (raw fields). Default none. */
  readonly repositories?: readonly ValueMap[];
  /** State-level `apiVersions:`. */
  readonly apiVersions?: readonly string[];
  /** State-level `kubeVersion:`. */
  readonly kubeVersion?: string;
  /** `environments.<env>.kubeContext` of the selected environment. */
  readonly environmentKubeContext?: string;
  readonly options?: TemplateFlagOptions;
  /**
   * The directory helmfile runs helm in for a single state file (it changes into the state
   * file's directory): a relative post-renderer path resolves against it. Default: unchanged.
   */
  readonly baseDir?: string;
  /** `helmDefaults.postRendererArgs` already rendered for this release; default the raw list. */
  readonly defaultPostRendererArgs?: readonly string[];
  /** Major version of the helm binary; default 3. helm 4 takes post-renderers as plugin names. */
  readonly helmMajor?: number;
}

/** The per-release `helm template` flags before namespace, values files and `--set`. */
export function templateFlags(input: TemplateFlagsInput): string[] {
  const { release: r, helmDefaults: d } = input;
  const opt = input.options ?? {};
  const repo = repositoryOf(str(r, "chart") ?? "", input.repositories ?? []);
  const flags: string[] = [];
  const version = (str(r, "version") ?? "").split("@")[0] ?? "";
  if (version !== "") flags.push("--version", version);
  if (bool(r, "devel") ?? bool(d, "devel") ?? false) flags.push("--devel");
  for (const adopt of strList(r, "adopt")) flags.push("--adopt", adopt);
  if (bool(r, "enableDNS") ?? bool(d, "enableDNS") ?? false) flags.push("--enable-dns");
  const renderer =
    nonEmpty(str(r, "postRenderer")) ?? nonEmpty(opt.postRenderer) ?? nonEmpty(str(d, "postRenderer"));
  if (renderer !== undefined)
    flags.push("--post-renderer", postRendererName(renderer, input.helmMajor ?? 3, input.baseDir));
  flags.push(...postRendererArgFlags(r, d, opt, input.defaultPostRendererArgs));
  for (const api of strList(r, "apiVersions").length > 0
    ? strList(r, "apiVersions")
    : (input.apiVersions ?? [])) {
    flags.push("--api-versions", api);
  }
  const kubeVersion =
    nonEmpty(opt.kubeVersion) ?? nonEmpty(str(r, "kubeVersion")) ?? nonEmpty(input.kubeVersion);
  if (kubeVersion !== undefined) flags.push("--kube-version", kubeVersion);
  flags.push(...chartDownloadTlsFlags(r, d, repo));
  for (const s of opt.showOnly ?? []) if (s !== "") flags.push("--show-only", s);
  if (
    bool(r, "skipSchemaValidation") === true ||
    opt.skipSchemaValidation === true ||
    bool(d, "skipSchemaValidation") === true
  ) {
    flags.push("--skip-schema-validation");
  }
  const kubeContext = releaseKubeContext(r, d, input.environmentKubeContext);
  if (kubeContext !== "") flags.push("--kube-context", kubeContext);
  const targs =
    nonEmpty(opt.templateArgs) ??
    (Array.isArray(d.templateArgs) ? strList(d, "templateArgs").join(" ") : undefined);
  if (targs !== undefined && targs !== "") flags.push(...collectArgs(targs));
  return flags;
}

/** release.kubeContext, else the environment's, else helmDefaults'; empty when none. */
export function releaseKubeContext(
  release: ValueMap,
  helmDefaults: ValueMap,
  environmentKubeContext?: string,
): string {
  return (
    nonEmpty(str(release, "kubeContext")) ??
    nonEmpty(environmentKubeContext) ??
    nonEmpty(str(helmDefaults, "kubeContext")) ??
    ""
  );
}

function postRendererArgFlags(
  r: ValueMap,
  d: ValueMap,
  opt: TemplateFlagOptions,
  renderedDefaults: readonly string[] | undefined,
): string[] {
  let args = strList(r, "postRendererArgs");
  if (args.length === 0) args = [...(opt.postRendererArgs ?? [])];
  // helmfile renders helmDefaults.postRendererArgs per release (the load stage did it).
  if (args.length === 0) args = [...(renderedDefaults ?? strList(d, "postRendererArgs"))];
  return args.filter((a) => a !== "").map((a) => `--post-renderer-args=${a}`);
}

/** helm 4 takes post-renderers as plugins: a `.sh`/`.bash` script path becomes its base name. */
function postRendererName(path: string, helmMajor: number, baseDir: string | undefined): string {
  if (helmMajor < 4 || !/\.(sh|bash)$/.test(path)) {
    // helm looks a name without `/` up in PATH; a path with `/` is relative to helm's working directory.
    if (baseDir === undefined || !path.includes("/") || posix.isAbsolute(path)) return path;
    return posix.join(baseDir, path);
  }
  const base = path.slice(path.lastIndexOf("/") + 1);
  return base.slice(0, base.lastIndexOf("."));
}

/**
 * How helm reaches the chart's registry or repository: `--plain-http` when the release,
 * helmDefaults or the chart's repository sets `plainHttp`, else `--insecure-skip-tls-verify` when
 * one of them skips TLS verification, else nothing.
 */
export function chartDownloadTlsFlags(
  release: ValueMap,
  helmDefaults: ValueMap,
  repository: ValueMap | undefined,
): string[] {
  const any = (key: string, repoKey = key): boolean =>
    bool(release, key) === true || bool(helmDefaults, key) === true || bool(repository, repoKey) === true;
  if (any("plainHttp")) return ["--plain-http"];
  if (any("insecureSkipTLSVerify", "skipTLSVerify")) return ["--insecure-skip-tls-verify"];
  return [];
}

/** The state's repository a `repo/chart` reference names, if any. */
export function repositoryOf(chart: string, repositories: readonly ValueMap[]): ValueMap | undefined {
  const parts = chart.split("/");
  if (parts.length < 2) return undefined;
  return repositories.find((r) => str(r, "name") === parts[0]);
}

function nonEmpty(s: string | undefined): string | undefined {
  return s === undefined || s === "" ? undefined : s;
}
