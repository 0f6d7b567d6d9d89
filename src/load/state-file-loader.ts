/**
 * helmfile's desiredStateLoader: reads a state file, splits it into `---` parts, renders
 * each part (`.gotmpl`, or any file with HELMFILE_RENDER_YAML=true) with the environment
 * accumulated from the parts before it, and merges the parts into one state.
 */
import { getMergedValues, mergeEnvironments, mergoOverride, type EnvironmentLayers } from "../merge/index";
import { LoadError } from "../shared/errors";
import type { ValueMap } from "../shared/value";
import type { LoaderContext } from "./loader-context";
import { dirName, extName, isAbsolute, isRemotePath, joinPath } from "./paths";
import type { StateSpec, SubHelmfileEntry } from "./schema";
import { parseAndLoad, type LoadedPart } from "./state-creator";
import { checkStatePolicy } from "./policy";
import { expandPaths, wrapError, type StateLocation } from "./storage";
import { mergeStructs } from "./struct-merge";
import { renderGoTemplate, renderOptions } from "./template-bridge";
import { readYamlSource } from "./yaml-io";
import { checkRemoteAllowed } from "../shared/policy";
import { locateRemoteState } from "./remote-source";
import { environmentTemplateData } from "./template-data";

/** A fully loaded state file (all parts), before release templating. */
export interface LoadedStateFile {
  readonly loc: StateLocation;
  /** Absolute path of the file. */
  readonly absFile: string;
  readonly spec: StateSpec;
  readonly env: EnvironmentLayers;
  /** `.Values` of the state. */
  readonly values: ValueMap;
  /** `helmfiles:` with globs expanded (absolute paths). */
  readonly helmfiles: readonly SubHelmfileEntry[];
}

/** Raised when the selected environment is declared nowhere (helmfile skips such states). */
export class UndefinedEnvironmentError extends LoadError {}

function undefinedEnv(loc: StateLocation, env: string): UndefinedEnvironmentError {
  return new UndefinedEnvironmentError(
    "LOAD_UNDEFINED_ENVIRONMENT",
    `failed to read ${loc.displayFile}: environment "${env}" is not defined`,
    {
      file: loc.displayFile,
    },
  );
}

function renderPart(
  ctx: LoaderContext,
  part: string,
  loc: StateLocation,
  id: string,
  env: EnvironmentLayers | undefined,
  overrode: EnvironmentLayers | undefined,
): string {
  const inherited = env === undefined && overrode === undefined ? { ...emptyEnv(ctx.envName) } : env;
  const finalEnv =
    mergeEnvironments(mergeEnvironments(inherited, undefined), overrode) ?? emptyEnv(ctx.envName);
  const vals = getMergedValues(finalEnv);
  try {
    return renderGoTemplate(part, environmentTemplateData(finalEnv, ctx.namespace, vals), {
      name: id,
      ...renderOptions(ctx, loc.absDir),
    });
  } catch (err) {
    throw wrapError(`error during ${id} parsing`, err);
  }
}

function emptyEnv(name: string): EnvironmentLayers {
  return {
    name,
    kubeContext: "",
    defaults: Object.create(null) as ValueMap,
    values: Object.create(null) as ValueMap,
    cliOverrides: Object.create(null) as ValueMap,
  };
}

function expandHelmfiles(ctx: LoaderContext, spec: StateSpec, loc: StateLocation): SubHelmfileEntry[] {
  const out: SubHelmfileEntry[] = [];
  for (const hf of spec.helmfiles ?? []) {
    const path = hf.path ?? "";
    if (isRemotePath(path)) {
      if (ctx.policy !== undefined) checkRemoteAllowed(ctx.policy, path, loc.displayFile);
      out.push(hf);
      continue;
    }
    const matches = expandPaths(ctx.fs, loc, path);
    if (matches.length === 0) {
      if ((spec.missingFileHandler ?? "Error") === "Error") {
        throw new LoadError("LOAD_MISSING_FILE", `no matches for path: ${path}`, { keyPath: ["helmfiles"] });
      }
      ctx.logger.warn(`no matches for path: ${path}`);
      continue;
    }
    for (const m of matches) out.push({ ...hf, path: m });
  }
  return out;
}

/** Loads a file as a base layer (bases resolve against the including file's directory). */
function loadBaseSpec(
  ctx: LoaderContext,
  envValues: EnvironmentLayers | undefined,
  loc: StateLocation,
  file: string,
  including: string,
): StateSpec {
  if (isRemotePath(file)) {
    if (ctx.policy !== undefined) checkRemoteAllowed(ctx.policy, file, including);
  }
  if (isRemotePath(file) && ctx.remote !== undefined) {
    // helmfile loads a base through the same desiredStateLoader.loadFile: fetched into "states".
    file = locateRemoteState(ctx.remote, file);
  } else if (isRemotePath(file)) {
    throw new LoadError(
      "LOAD_REMOTE_UNSUPPORTED",
      `remote base "${file}" cannot be fetched: go-getter URLs are not supported`,
      {
        keyPath: ["bases"],
        found: file,
      },
    );
  }
  const abs = isAbsolute(file) ? file : joinPath(loc.absDir, file);
  // A state that lists itself is loaded as its own base, which then fails as a nested base
  // (helmfile's StateCreator.ParseAndLoad): no separate cycle check.
  const display = isAbsolute(file) ? file : joinPath(loc.displayDir, file);
  if (ctx.fs.isDirectory(abs)) {
    // helmfile reads the base with os.ReadFile and returns what the read says of a directory.
    throw new LoadError("LOAD_NOT_A_FILE", `read ${display}: is a directory`, {
      file: including,
      keyPath: ["bases"],
      expected: "a state file",
      found: "a directory",
    });
  }
  return loadStateFile(ctx, envValues, undefined, { ...loc, displayFile: display }, abs, false).spec;
}

interface PartsAccumulator {
  spec: StateSpec;
  env: EnvironmentLayers;
  values: ValueMap;
  helmfiles: SubHelmfileEntry[];
}

function mergePart(
  acc: PartsAccumulator | undefined,
  part: LoadedPart,
  helmfiles: SubHelmfileEntry[],
): PartsAccumulator {
  if (acc === undefined) return { spec: part.spec, env: part.env, values: part.values, helmfiles };
  const spec = mergeStructs(acc.spec, part.spec, { override: true, appendSlice: false });
  const env: EnvironmentLayers = {
    name: part.env.name !== "" ? part.env.name : acc.env.name,
    kubeContext: part.env.kubeContext !== "" ? part.env.kubeContext : acc.env.kubeContext,
    values: mergoOverride(acc.env.values, part.env.values),
    defaults: mergoOverride(acc.env.defaults, part.env.defaults),
    cliOverrides: mergoOverride(acc.env.cliOverrides, part.env.cliOverrides),
  };
  return { spec, env, values: part.values, helmfiles: helmfiles.length > 0 ? helmfiles : acc.helmfiles };
}

function validateUpdateStrategies(loc: StateLocation, spec: StateSpec): void {
  (spec.releases ?? []).forEach((r, i) => {
    const s = r.updateStrategy ?? "";
    if (s !== "" && s !== "reinstallIfForbidden") {
      throw new LoadError(
        "LOAD_BAD_UPDATE_STRATEGY",
        `failed to read ${loc.displayFile}: updateStrategy "${s}" is invalid, valid values are: reinstallIfForbidden or not set`,
        {
          file: loc.displayFile,
          keyPath: ["releases", i, "updateStrategy"],
          expected: "reinstallIfForbidden",
          found: s,
        },
      );
    }
  });
}

/**
 * Loads one state file with all its parts. `inheritedEnv` is the environment of the
 * including context; `overrodeEnv` carries `--state-values-file/-set` or sub-helmfile values.
 */
export function loadStateFile(
  ctx: LoaderContext,
  inheritedEnv: EnvironmentLayers | undefined,
  overrodeEnv: EnvironmentLayers | undefined,
  loc: StateLocation,
  absFile: string,
  evaluateBases: boolean,
  expand = true,
): LoadedStateFile {
  // expand=false is StateCreator.ParseAndLoad alone: no policy, no glob expansion, no environment check.
  ctx.onStateRead?.(loc.displayFile);
  ctx.provenance?.beginFile(absFile);
  const content = readYamlSource(ctx.fs, absFile).replace(/\r\n/g, "\n");
  if (expand) checkStatePolicy(loc.displayFile, content);
  const parts = content.split("\n---\n");
  const hasEnv = inheritedEnv !== undefined || overrodeEnv !== undefined;
  const shouldRender = extName(absFile) === ".gotmpl" || ctx.renderYaml;
  let env = inheritedEnv;
  let acc: PartsAccumulator | undefined;
  // Lines of the file before each part (a part that is not rendered reports the file's lines).
  let lineOffset = 0;
  parts.forEach((part, i) => {
    const id = `${loc.displayFile}.part.${i}`;
    const raw = shouldRender ? renderPart(ctx, part, loc, id, env, overrodeEnv) : part;
    const merged = mergeEnvironments(env, overrodeEnv);
    const loaded = parseAndLoad(
      ctx,
      raw,
      loc,
      absFile,
      evaluateBases,
      merged,
      (ev, l, f) => loadBaseSpec(ctx, ev, l, f, absFile),
      lineOffset,
      shouldRender,
      part,
    );
    // The part's first line in the file: its own lines plus the `---` line.
    lineOffset += part.split("\n").length + 1;
    acc = mergePart(
      acc,
      loaded,
      expand ? expandHelmfiles(ctx, loaded.spec, loc) : [...(loaded.spec.helmfiles ?? [])],
    );
    env = acc.env;
    const envs = acc.spec.environments ?? {};
    if (
      expand &&
      Object.keys(envs).length > 0 &&
      evaluateBases &&
      env.name !== "default" &&
      !(env.name in envs)
    ) {
      throw undefinedEnv(loc, env.name);
    }
  });
  const final = acc as unknown as PartsAccumulator;
  let spec = final.spec;
  if (evaluateBases) {
    spec = {
      ...spec,
      helmBinary:
        ctx.helmBinary !== "" && ctx.helmBinary !== "helm" ? ctx.helmBinary : spec.helmBinary || "helm",
      kustomizeBinary:
        ctx.kustomizeBinary !== "" && ctx.kustomizeBinary !== "kustomize"
          ? ctx.kustomizeBinary
          : spec.kustomizeBinary || "kustomize",
    };
  }
  if (
    expand &&
    Object.keys(spec.environments ?? {}).length === 0 &&
    evaluateBases &&
    !hasEnv &&
    final.env.name !== "default"
  ) {
    throw undefinedEnv(loc, final.env.name);
  }
  validateUpdateStrategies(loc, spec);
  final.helmfiles.forEach((h, i) => {
    // helmfile compares each expanded path with the file and with "." (its own folder).
    const into =
      h.path === absFile
        ? "the same sub-helmfile"
        : h.path === loc.absDir || h.path === loc.displayDir || h.path === "."
          ? "the the directory containing this helmfile"
          : undefined;
    if (into !== undefined) {
      throw new LoadError(
        "LOAD_SUBHELMFILE_RECURSION",
        `${loc.displayFile} contains a recursion into ${into} at helmfiles[${i}]`,
        {
          file: absFile,
          keyPath: ["helmfiles", i],
        },
      );
    }
  });
  return { loc, absFile, spec, env: final.env, values: final.values, helmfiles: final.helmfiles };
}

/** Location of a top-level or sub-helmfile state file. */
export function locateStateFile(absFile: string, displayFile: string, displayDir: string): StateLocation {
  return { absDir: dirName(absFile), displayDir, displayFile };
}
