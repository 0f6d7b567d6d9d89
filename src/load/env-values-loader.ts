/**
 * helmfile's EnvironmentValuesLoader: loads a `values:` list (files, globs, `.gotmpl`, `.hcl`,
 * inline maps) under `mergeStrategy: override | fallback`.
 */
import {
  getMergedValues,
  mergeValues,
  mergoOverride,
  newEnvironment,
  type EnvironmentLayers,
} from "../merge/index";
import { isHelmfileError, LoadError } from "../shared/errors";
import { isMap, newMap, type Value, type ValueMap } from "../shared/value";
import { goYamlErrorText } from "../shared/yaml/libyaml-messages";
import { firstNonStringKey, goValueString, type NonStringKey } from "../shared/yaml/go-keys";
import type { LoaderContext } from "./loader-context";
import { dirName } from "./paths";
import { joinPath } from "./paths";
import { resolveFile, rewrapError, wrapError, type StateLocation } from "./storage";
import { renderGoTemplate, renderOptions } from "./template-bridge";
import { environmentTemplateData } from "./template-data";
import { decodeValuesYaml, readYamlSource } from "./yaml-io";
import { evaluateHcl } from "./hcl-bridge";

/** `mergeStrategy` values helmfile accepts (empty means override). */
export type MergeStrategy = "" | "override" | "fallback";

function checkStrategy(envName: string, strategy: string): MergeStrategy {
  if (strategy === "" || strategy === "override" || strategy === "fallback") return strategy;
  throw new LoadError(
    "LOAD_BAD_MERGE_STRATEGY",
    `environment "${envName}": invalid mergeStrategy "${strategy}" (must be "override" or "fallback")`,
    { expected: "override or fallback", found: strategy },
  );
}

function mapMerge(dest: ValueMap, m: ValueMap, strategy: MergeStrategy): ValueMap {
  // Fallback: the new file is the base and what we have so far wins (first file wins).
  return strategy === "fallback" ? mergeValues(m, dest) : mergoOverride(dest, m);
}

/** True for paths helmfile renders as templates (last dot-segment is `gotmpl`). */
export function isGotmplPath(path: string): boolean {
  const parts = path.split(".");
  return parts[parts.length - 1] === "gotmpl";
}

/** Reads a values file, rendering it when it is a `.gotmpl`, and decodes it into a map. */
function loadValuesFile(
  ctx: LoaderContext,
  loc: StateLocation,
  file: string,
  env: EnvironmentLayers,
  values: ValueMap,
): { readonly text: string; readonly source: string; readonly map: ValueMap } {
  // helmfile names the file as Storage.normalizePath made it: joined to the printed base path.
  const shown = file.startsWith(`${loc.absDir}/`)
    ? joinPath(loc.displayDir, file.slice(loc.absDir.length + 1))
    : file;
  if (ctx.fs.isDirectory(file)) {
    // helmfile's environment values loader reads the entry with os.ReadFile and chains what the
    // read says of a directory (pkg/state/envvals_loader.go).
    throw new LoadError(
      "LOAD_NOT_A_FILE",
      `failed to load environment values file "${shown}": failed to load [${shown}]: read ${shown}: is a directory`,
      { file, expected: "a values file", found: "a directory" },
    );
  }
  let text: string;
  let source: string;
  try {
    text = readYamlSource(ctx.fs, file);
    source = text;
  } catch (err) {
    throw wrapError(`failed to load environment values file "${shown}"`, err);
  }
  try {
    if (isGotmplPath(file)) {
      text = renderGoTemplate(text, environmentTemplateData(env, "", values), {
        name: file,
        ...renderOptions(ctx, dirName(file)),
      });
    }
  } catch (err) {
    // FileRenderer.RenderToBytes (pkg/tmpl/file_renderer.go) chains the template error.
    if (!isHelmfileError(err)) throw err;
    throw rewrapError(
      err,
      `failed to load environment values file "${shown}": failed to render [${shown}], because of ${err.detail}`,
    );
  }
  let decoded: Value;
  try {
    decoded = decodeValuesYaml(text, file, ctx.yamlVersion);
  } catch (err) {
    // helmfile (environment values loading) names the file, gives go-yaml's error and prints the
    // text it could not decode (pkg/state/envvals_loader.go).
    if (!(err instanceof LoadError) || !err.code.startsWith("YAML_")) throw err;
    throw new LoadError(
      err.code,
      `failed to load environment values file "${shown}": ${goYamlErrorText(err, text)}\n\nOffending YAML:\n${text}`,
      {
        file,
        ...(err.line === undefined ? {} : { line: err.line }),
        ...(err.column === undefined ? {} : { column: err.column }),
        locationLine: true,
        cause: err,
      },
    );
  }
  if (decoded === null) return { text, source, map: newMap() };
  if (!isMap(decoded)) {
    throw new LoadError(
      "LOAD_WRONG_TYPE",
      `failed to load environment values file "${file}": expected a map`,
      {
        file,
        expected: "a map",
        found: Array.isArray(decoded) ? "a list" : typeof decoded,
      },
    );
  }
  return { text, source, map: decoded };
}

/** Inputs of {@link loadEnvironmentValues}. */
export interface EnvValuesRequest {
  readonly loc: StateLocation;
  readonly missingFileHandler: string | undefined;
  readonly entries: readonly Value[];
  readonly ctxEnv: EnvironmentLayers | undefined;
  readonly envName: string;
  readonly mergeStrategy: string;
  /** Called with each entry's loaded layer (for provenance, only when explaining); default none. */
  readonly onLayer?: (entry: number, layer: LoadedValuesLayer) => void;
}

/** One loaded `values:` entry (a file of a glob, an inline map) or the HCL files together. */
export type LoadedValuesLayer =
  | {
      readonly kind: "file";
      readonly file: string;
      /** The decoded text (rendered, for a `.gotmpl`). */
      readonly text: string;
      /** The file's own text (differs from `text` for a `.gotmpl`). */
      readonly source: string;
      readonly values: ValueMap;
    }
  | { readonly kind: "inline"; readonly values: ValueMap }
  | { readonly kind: "hcl"; readonly files: readonly string[]; readonly values: ValueMap };

/** Loads and merges an environment's values entries. */
export function loadEnvironmentValues(ctx: LoaderContext, req: EnvValuesRequest): ValueMap {
  const strategy = checkStrategy(req.envName, req.mergeStrategy);
  let result = newMap();
  const hclFiles: string[] = [];
  // helmfile casts the keys of each loaded entry to strings before merging it (mapMerge →
  // maputil.CastKeysToStrings): a map below the top with a key go-yaml decoded as a number, bool,
  // null or time fails the state there.
  // A file is decoded into a map[string]interface{} (its own keys become strings); an inline entry
  // is an interface{} (its own keys count too).
  const check = (layer: ValueMap, file?: string): void => {
    const found = firstNonStringKey(layer, { top: file === undefined });
    if (found !== undefined) throw nonStringKeyError(found, file);
  };
  req.entries.forEach((entry, index) => {
    if (typeof entry === "string") {
      const { files, skipped } = resolveFile(
        ctx.fs,
        ctx.logger,
        req.loc,
        req.missingFileHandler,
        "environment values",
        entry,
        ctx,
      );
      if (skipped) return;
      for (const f of files) {
        if (f.endsWith(".hcl")) {
          hclFiles.push(f);
          continue;
        }
        const env = req.ctxEnv ?? newEnvironment(req.envName);
        let merged = getMergedValues(env);
        if (strategy === "fallback" && Object.keys(result).length > 0) merged = mergoOverride(result, merged);
        const loaded = loadValuesFile(ctx, req.loc, f, env, merged);
        req.onLayer?.(index, {
          kind: "file",
          file: f,
          text: loaded.text,
          source: loaded.source,
          values: loaded.map,
        });
        check(loaded.map, f);
        result = mapMerge(result, loaded.map, strategy);
      }
    } else if (isMap(entry)) {
      req.onLayer?.(index, { kind: "inline", values: entry });
      check(entry);
      result = mapMerge(result, entry, strategy);
    } else {
      throw new LoadError("LOAD_WRONG_TYPE", `unexpected type of value: value=${String(entry)}`, {
        expected: "a file path or a map",
        found: Array.isArray(entry) ? "a list" : typeof entry,
      });
    }
  });
  if (hclFiles.length > 0) {
    // hcl names each file as helmfile resolved it: joined to the printed base path.
    const loc = req.loc;
    const hcl = evaluateHcl(ctx, hclFiles, (f) =>
      f.startsWith(`${loc.absDir}/`) ? joinPath(loc.displayDir, f.slice(loc.absDir.length + 1)) : f,
    );
    req.onLayer?.(req.entries.length, { kind: "hcl", files: hclFiles, values: hcl });
    result = mapMerge(result, hcl, strategy);
  }
  return result;
}

function nonStringKeyError({ map, key }: NonStringKey, file: string | undefined): LoadError {
  const shown = key.type === "<nil>" ? "<nil>" : goValueString(key.value);
  return new LoadError(
    "YAML_NON_STRING_KEY",
    `unexpected type of key in map: expected string, got ${key.type}: value=${shown}, map=${goValueString(map)}`,
    {
      ...(file === undefined ? {} : { file }),
      expected: "string keys in the maps of environment values",
      found: `a ${key.type} key (${shown})`,
    },
  );
}
