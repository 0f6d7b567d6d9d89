/**
 * helmfile's state visiting: find the state files for `-f` (file, directory, or the
 * defaults), load each with its overrides, recurse into `helmfiles:` (before the parent, or
 * after it with reverse), template releases and hand each state to `converge`.
 */
import { posix } from "node:path";
import { newEnvironment, type EnvironmentLayers } from "../merge/index";
import { LoadError } from "../shared/errors";
import { checkRemoteAllowed } from "../shared/policy";
import { locateRemoteState } from "./remote-source";
import { LIMIT_CODES, limitError } from "../shared/limits";
import { newMap, type Value, type ValueMap } from "../shared/value";
import { loadEnvironmentValues, type LoadedValuesLayer } from "./env-values-loader";
import type { RecordedLayer } from "../shared/provenance";
import { inheritedLayers, overrideLayer } from "./provenance-sink";
import type { LoaderContext } from "./loader-context";
import { baseName, dirName, isAbsolute, isRemotePath, joinPath } from "./paths";
import { subhelmfileSelectorsConflict } from "./selectors";
import { buildInheritedConfig, mergeInherited, type InheritedConfig } from "./inherit-config";
import { loadStateFile, UndefinedEnvironmentError, type LoadedStateFile } from "./state-file-loader";
import { wrapError, type StateLocation } from "./storage";

/** Load options passed down the sub-helmfile tree (helmfile's LoadOpts). */
export interface VisitLoadOptions {
  /** Absolute path of the including state (relative override files resolve against its directory). */
  readonly calleePath?: string;
  /** `--state-values-file` paths or a sub-helmfile's `values:` entries. */
  readonly overrideValues: readonly Value[];
  /** Parsed `--state-values-set` map (top level only). */
  readonly cliSetValues?: ValueMap;
  readonly selectors: readonly string[];
  readonly reverse: boolean;
  /** Parent configuration requested with `inherits:`. */
  readonly inherited?: InheritedConfig;
  /** Absolute paths of the states that include this one, outermost first (cycle detection). */
  readonly chain?: readonly string[];
  /** The error prefixes of the including states, outermost first (`in ./helmfile.yaml`, `in .helmfiles[0]`). */
  readonly context?: readonly string[];
  /**
   * The including state's folder when helmfile loaded it from within that folder (base path
   * `.`): its sub-helmfile matches are then relative paths (`sub/helmfile.yaml`) in messages.
   */
  readonly displayBase?: string;
}

/**
 * Called once per loaded state; returns whether any release was processed. `context`: how
 * helmfile prefixes an error of this state (`in ./helmfile.yaml: in .helmfiles[0]: in sub/x.yaml`).
 */
export type Converge = (st: LoadedStateFile, selectors: readonly string[], context: string) => boolean;

/** No state matched the selectors anywhere (helmfile's NoMatchingHelmfileError). */
export class NoMatchingReleaseError extends LoadError {}

/** Finds the state files for `-f` like helmfile's findDesiredStateFiles. */
export function findDesiredStateFiles(
  ctx: LoaderContext,
  cwd: string,
  specified: string | undefined,
  reverse: boolean,
): string[] {
  let dir: string;
  if (specified !== undefined && isRemotePath(specified) && ctx.remote !== undefined) {
    if (ctx.policy !== undefined) checkRemoteAllowed(ctx.policy, specified);
    // helmfile's desiredStateLoader.loadFile: Remote.Locate(file, "states"), then the fetched file.
    return [locateRemoteState(ctx.remote, specified)];
  }
  if (specified !== undefined && isRemotePath(specified)) {
    throw new LoadError(
      "LOAD_REMOTE_UNSUPPORTED",
      `remote state file "${specified}" cannot be fetched: go-getter URLs are not supported`,
      {
        found: specified,
        expected: "a local file or directory",
      },
    );
  }
  if (specified !== undefined && specified !== "") {
    const abs = isAbsolute(specified) ? specified : joinPath(cwd, specified);
    if (ctx.fs.isFile(abs)) return [specified];
    if (!ctx.fs.isDirectory(abs))
      throw new LoadError("LOAD_STATE_NOT_FOUND", `specified state file ${specified} is not found`, {
        file: specified,
      });
    dir = specified;
  } else {
    const hasYaml = ctx.fs.isFile(joinPath(cwd, "helmfile.yaml"));
    const hasGotmpl = ctx.fs.isFile(joinPath(cwd, "helmfile.yaml.gotmpl"));
    if (hasYaml && hasGotmpl) {
      throw new LoadError(
        "LOAD_STATE_CONFLICT",
        "both helmfile.yaml and helmfile.yaml.gotmpl exist. Please remove one of them",
      );
    }
    const def = hasYaml ? "helmfile.yaml" : hasGotmpl ? "helmfile.yaml.gotmpl" : "";
    if (ctx.fs.isDirectory(joinPath(cwd, "helmfile.d"))) {
      if (def !== "")
        throw new LoadError(
          "LOAD_STATE_CONFLICT",
          `configuration conlict error: you can have either ${def} or helmfile.d, but not both`,
        );
      dir = "helmfile.d";
    } else if (def !== "") return [def];
    else {
      throw new LoadError(
        "LOAD_STATE_NOT_FOUND",
        "no state file found. It must be named helmfile.d/*.{yaml,yml,yaml.gotmpl,yml.gotmpl}, helmfile.yaml, or helmfile.yaml.gotmpl, otherwise specified with the --file flag or HELMFILE_FILE_PATH environment variable",
      );
    }
  }
  const absDir = isAbsolute(dir) ? dir : joinPath(cwd, dir);
  // helmfile's filepath.Glob lists dangling symlinks and symlink loops too (Lstat); reading
  // them then fails with Go's "no such file or directory" / "too many levels of symbolic links".
  const names = ctx.fs
    .readDir(absDir)
    .filter((n) => /^[^/]*\.y[^/]*ml$/.test(n) || /^[^/]*\.y[^/]*ml\.gotmpl$/.test(n))
    .filter((n) => !ctx.fs.isDirectory(joinPath(absDir, n)));
  const files = names.map((n) => joinPath(dir, n)).sort();
  return reverse ? files.reverse() : files;
}

function overrodeEnvironment(
  ctx: LoaderContext,
  opts: VisitLoadOptions,
  cwd: string,
  onLayer?: (entry: number, layer: LoadedValuesLayer) => void,
): EnvironmentLayers | undefined {
  if (opts.overrideValues.length === 0 && opts.cliSetValues === undefined) return undefined;
  const callee = opts.calleePath ?? joinPath(cwd, "_");
  const loc: StateLocation = {
    absDir: dirName(callee),
    displayDir: dirName(opts.calleePath ?? "."),
    displayFile: callee,
  };
  const base = newEnvironment(ctx.envName);
  const load = (entries: readonly Value[], record?: typeof onLayer): ValueMap =>
    loadEnvironmentValues(ctx, {
      loc,
      missingFileHandler: "Error",
      entries,
      ctxEnv: newEnvironment(ctx.envName),
      envName: ctx.envName,
      mergeStrategy: "",
      ...(record === undefined ? {} : { onLayer: record }),
    });
  return {
    ...base,
    values: opts.overrideValues.length > 0 ? load(opts.overrideValues, onLayer) : newMap(),
    cliOverrides: opts.cliSetValues !== undefined ? load([opts.cliSetValues]) : newMap(),
  };
}

function applyCliOverrides(ctx: LoaderContext, st: LoadedStateFile): LoadedStateFile {
  let spec = st.spec;
  if (ctx.kubeContext !== "") {
    if ((spec.kubeContext ?? "") !== "")
      throw new LoadError(
        "LOAD_FLAG_CONFLICT",
        "err: Cannot use option --kube-context and set attribute kubeContext.",
      );
    spec = {
      ...spec,
      kubeContext: ctx.kubeContext,
      helmDefaults: { ...(spec.helmDefaults ?? {}), kubeContext: ctx.kubeContext },
    };
  }
  if (ctx.namespace !== "") {
    if ((spec.namespace ?? "") !== "")
      throw new LoadError(
        "LOAD_FLAG_CONFLICT",
        "err: Cannot use option --namespace and set attribute namespace.",
      );
    spec = { ...spec, namespace: ctx.namespace };
  }
  if (ctx.chart !== "") {
    if ((spec.chart ?? "") !== "")
      throw new LoadError("LOAD_FLAG_CONFLICT", "err: Cannot use option --chart and set attribute chart.");
    spec = { ...spec, chart: ctx.chart };
  }
  return { ...st, spec };
}

/** helmfile's desiredStateLoader.Load for one file (`single`: helmfile ran it after chdir). */
export function loadDesired(
  ctx: LoaderContext,
  cwd: string,
  relPath: string,
  single: boolean,
  opts: VisitLoadOptions,
): LoadedStateFile {
  const abs = isAbsolute(relPath) ? relPath : joinPath(cwd, relPath);
  const loc: StateLocation = single
    ? { absDir: dirName(abs), displayDir: ".", displayFile: baseName(abs) }
    : { absDir: dirName(abs), displayDir: dirName(abs), displayFile: abs };
  // Top level: helmfile resolves override files from its working directory, which is the
  // state's directory when it chdirs (one file) and the caller's otherwise (helmfile.d).
  const callee = single ? abs : joinPath(cwd, baseName(abs));
  const calleeOpts = opts.calleePath === undefined ? { ...opts, calleePath: callee } : opts;
  const recorded: RecordedLayer[] = [];
  const sink = ctx.provenance;
  const overrode = overrodeEnvironment(
    ctx,
    calleeOpts,
    cwd,
    sink === undefined ? undefined : (i, layer) => recorded.push(overrideLayer(sink, opts, i, layer)),
  );
  let st = loadStateFile(ctx, opts.inherited?.env, overrode, loc, abs, true);
  const inherited = opts.inherited?.env;
  sink?.setOverrides(abs, {
    layers: recorded,
    cli: opts.cliSetValues !== undefined,
    ...(inherited === undefined ? {} : { inherited: inheritedLayers(opts.calleePath ?? "", inherited) }),
  });
  if (opts.inherited !== undefined) st = { ...st, spec: mergeInherited(st.spec, opts.inherited) };
  if (opts.reverse)
    st = {
      ...st,
      spec: { ...st.spec, releases: [...(st.spec.releases ?? [])].reverse() },
      helmfiles: [...st.helmfiles].reverse(),
    };
  return applyCliOverrides(ctx, st);
}

function visitNested(
  ctx: LoaderContext,
  st: LoadedStateFile,
  opts: VisitLoadOptions,
  cliSelectors: readonly string[],
  converge: Converge,
  prefix: string,
): boolean {
  let matched = false;
  st.helmfiles.forEach((m, i) => {
    if (subhelmfileSelectorsConflict(cliSelectors, m)) return;
    const inherit =
      ((m.selectors === undefined || m.selectors === null) && !ctx.explicitSelectorInheritance) ||
      m.selectorsInherited === true;
    const nested: VisitLoadOptions = {
      calleePath: st.absFile,
      chain: [...(opts.chain ?? []), st.absFile],
      context: [...(opts.context ?? []), prefix, `in .helmfiles[${i}]`],
      ...(st.loc.displayDir === "." ? { displayBase: st.loc.absDir } : {}),
      overrideValues: m.values ?? [],
      selectors: inherit ? opts.selectors : (m.selectors ?? []),
      reverse: opts.reverse,
      ...((m.inherits ?? []).length > 0
        ? { inherited: buildInheritedConfig(st.spec, st.env, m.inherits ?? []) }
        : {}),
    };
    try {
      visitStates(ctx, st.loc.absDir, m.path ?? "", nested, cliSelectors, converge);
      matched = true;
    } catch (err) {
      if (err instanceof NoMatchingReleaseError) return;
      throw wrapError(`in .helmfiles[${i}]`, err);
    }
  });
  return matched;
}

/** Most sub-helmfile levels below the top-level state; deeper nesting is refused. */
export const MAX_SUBHELMFILE_DEPTH = 64;

/**
 * helmfile itself refuses only a state that lists itself (desired_state_file_loader.go, "contains
 * a recursion into the same sub-helmfile"); a longer cycle (a → b → a, easily made with globs)
 * recurses until Go's 1 GB goroutine stack overflows ("fatal error: stack overflow", measured
 * with helmfile v1.8.0). We refuse the cycle instead, and bound the depth for chains that do
 * not repeat a path (symlinked copies).
 */
function refuseCycle(chain: readonly string[], abs: string): void {
  const at = chain.indexOf(abs);
  if (at >= 0) {
    const loop = [...chain.slice(at), abs].join(" -> ");
    throw new LoadError("LOAD_SUBHELMFILE_CYCLE", `sub-helmfiles include each other in a cycle: ${loop}`, {
      file: chain[chain.length - 1] ?? abs,
      keyPath: ["helmfiles"],
    });
  }
  if (chain.length > MAX_SUBHELMFILE_DEPTH) {
    throw limitError(
      LIMIT_CODES.subhelmfileDepth,
      `sub-helmfiles nest more than ${MAX_SUBHELMFILE_DEPTH} levels deep at ${abs}`,
      { file: chain[chain.length - 1] ?? abs, keyPath: ["helmfiles"] },
    );
  }
}

/** Visits the state files of `fileOrDir` (relative to `cwd`); throws {@link NoMatchingReleaseError} when nothing matched. */
export function visitStates(
  ctx: LoaderContext,
  cwd: string,
  fileOrDir: string,
  opts: VisitLoadOptions,
  cliSelectors: readonly string[],
  converge: Converge,
): void {
  let noMatch = true;
  const files = findDesiredStateFiles(ctx, cwd, fileOrDir, opts.reverse);
  const single = files.length <= 1;
  for (const relPath of files) {
    const shown =
      opts.displayBase !== undefined && isAbsolute(relPath)
        ? posix.relative(opts.displayBase, relPath)
        : relPath;
    const prefix = `in ${dirName(shown)}/${baseName(shown)}`;
    try {
      refuseCycle(opts.chain ?? [], isAbsolute(relPath) ? relPath : joinPath(cwd, relPath));
      let st: LoadedStateFile;
      try {
        st = loadDesired(ctx, cwd, relPath, single, opts);
      } catch (err) {
        if (err instanceof UndefinedEnvironmentError) continue;
        throw err;
      }
      if (
        !opts.reverse &&
        st.helmfiles.length > 0 &&
        visitNested(ctx, st, opts, cliSelectors, converge, prefix)
      )
        noMatch = false;
      const processed = converge(st, opts.selectors, [...(opts.context ?? []), prefix].join(": "));
      if (processed) noMatch = false;
      if (
        opts.reverse &&
        st.helmfiles.length > 0 &&
        visitNested(ctx, st, opts, cliSelectors, converge, prefix)
      )
        noMatch = false;
    } catch (err) {
      if (err instanceof NoMatchingReleaseError) throw err;
      throw wrapError(prefix, err);
    }
  }
  if (noMatch) {
    throw new NoMatchingReleaseError(
      "LOAD_NO_MATCHING_RELEASE",
      `err: no releases found that matches specified selector(${cliSelectors.join(", ")}) and environment(${ctx.envName}), in any helmfile`,
    );
  }
}
