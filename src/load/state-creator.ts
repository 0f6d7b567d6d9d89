/**
 * helmfile's StateCreator for one `---` part: parse, layer `bases:`, load the selected
 * environment's values (plus secrets) and the root `values:` defaults, compute `.Values`.
 */
import {
  getMergedValues,
  mergeEnvironments,
  mergeValues,
  mergoOverride,
  newEnvironment,
  type EnvironmentLayers,
} from "../merge/index";
import { LoadError, isHelmfileError } from "../shared/errors";
import type { FileSystem } from "../shared/io";
import { isMap, newMap, type Value, type ValueMap } from "../shared/value";
import { loadEnvironmentValues } from "./env-values-loader";
import { mergeEnvironmentSpecs } from "./environment-spec";
import type { LoaderContext } from "./loader-context";
import { parseStatePart } from "./parse-state";
import type { EnvironmentSpec, StateSpec } from "./schema";
import { resolveFile, rewrapError, type StateLocation } from "./storage";
import { mergeStructs } from "./struct-merge";
import { decodeValuesYaml } from "./yaml-io";
import {
  entryOrigins,
  recordedLayer,
  recordedSecret,
  type EntryOrigins,
  type OriginLayer,
} from "./provenance-sink";
import type { RecordedLayer } from "../shared/provenance";

/** Loads another state file as a base layer (provided by the part loader to avoid a cycle). */
export type BaseLoader = (
  envValues: EnvironmentLayers | undefined,
  loc: StateLocation,
  file: string,
) => StateSpec;

/** One parsed and loaded part. */
export interface LoadedPart {
  readonly spec: StateSpec;
  readonly env: EnvironmentLayers;
  readonly values: ValueMap;
}

function loadBases(
  spec: StateSpec,
  loc: StateLocation,
  envValues: EnvironmentLayers | undefined,
  loadBase: BaseLoader,
  onBase?: (base: StateSpec) => void,
): StateSpec {
  const layers: StateSpec[] = (spec.bases ?? []).map((b) => {
    const base = loadBase(envValues, loc, b);
    onBase?.(base);
    return base;
  });
  layers.push(spec);
  let result = layers[0] as StateSpec;
  for (const layer of layers.slice(1)) {
    const envs = mergeEnvironmentSpecs(
      (result.environments ?? {}) as unknown as ValueMap,
      (layer.environments ?? {}) as unknown as ValueMap,
    ) as unknown as Record<string, EnvironmentSpec>;
    const { environments: _drop, ...rest } = layer;
    void _drop;
    result = { ...mergeStructs(result, rest, { override: true, appendSlice: true }), environments: envs };
  }
  return result;
}

/** A file system that serves decrypted HCL secrets at their own paths (helmfile hands the HCL pass decrypted copies). */
function withDecryptedFiles(fs: FileSystem, decrypted: ReadonlyMap<string, string>): FileSystem {
  if (decrypted.size === 0) return fs;
  return {
    readFile: (p) => decrypted.get(p) ?? fs.readFile(p),
    readBytes: (p) => {
      const d = decrypted.get(p);
      return d === undefined ? fs.readBytes(p) : new TextEncoder().encode(d);
    },
    exists: (p) => decrypted.has(p) || fs.exists(p),
    isDirectory: (p) => fs.isDirectory(p),
    isFile: (p) => decrypted.has(p) || fs.isFile(p),
    readDir: (p) => fs.readDir(p),
    glob: (p) => fs.glob(p),
  };
}

function loadEnvSecrets(
  ctx: LoaderContext,
  spec: StateSpec,
  envSpec: EnvironmentSpec,
  loc: StateLocation,
  hclSecrets: Map<string, string>,
  rec: PartRecorder | undefined,
): ValueMap {
  let secretVals = newMap();
  const handler = envSpec.missingFileHandler ?? spec.missingFileHandler ?? "Error";
  for (const [index, path] of (envSpec.secrets ?? []).entries()) {
    const { files, skipped } = resolveFile(ctx.fs, ctx.logger, loc, handler, "environment values", path, ctx);
    if (skipped) continue;
    for (const f of files) {
      if (f.endsWith(".hcl")) {
        // Decrypted now, evaluated with the values' HCL files (seed doc: HCL secrets in the HCL pass).
        hclSecrets.set(f, ctx.secrets.decryptFile(f));
        continue;
      }
      const text = ctx.secrets.decryptFile(f);
      const decoded: Value = decodeValuesYaml(text, f, ctx.yamlVersion);
      if (decoded !== null && !isMap(decoded)) {
        throw new LoadError(
          "LOAD_WRONG_TYPE",
          `failed to load environment secrets file "${path}": expected a map`,
          { file: f },
        );
      }
      if (decoded !== null) rec?.secrets.push(recordedSecret(f, text, decoded, rec.origins.secrets[index]));
      if (decoded !== null) secretVals = mergoOverride(secretVals, decoded);
    }
  }
  return secretVals;
}

function loadEnvValues(
  ctx: LoaderContext,
  spec: StateSpec,
  loc: StateLocation,
  name: string,
  ctxEnv: EnvironmentLayers | undefined,
  rec: PartRecorder | undefined,
): EnvironmentLayers {
  const envSpec = spec.environments?.[name];
  let values = newMap();
  if (envSpec !== undefined) {
    const hclSecrets = new Map<string, string>();
    const secretVals = loadEnvSecrets(ctx, spec, envSpec, loc, hclSecrets, rec);
    const envCtx = hclSecrets.size === 0 ? ctx : { ...ctx, fs: withDecryptedFiles(ctx.fs, hclSecrets) };
    values = loadEnvironmentValues(envCtx, {
      loc,
      missingFileHandler: envSpec.missingFileHandler,
      entries: [...(envSpec.values ?? []), ...hclSecrets.keys()],
      ctxEnv: mergeEnvironments(ctxEnv, undefined),
      envName: name,
      mergeStrategy: envSpec.mergeStrategy ?? "",
      ...(rec === undefined
        ? {}
        : {
            onLayer: (i, layer) => {
              const l = recordedLayer("environment values", layer, rec.origins.env[i], (f) =>
                envCtx.fs.readFile(f),
              );
              if (layer.kind === "hcl") rec.hcl = l;
              else rec.values.push(l);
            },
          }),
    });
    values = mergoOverride(values, secretVals);
  }
  const env = { ...newEnvironment(name, envSpec?.kubeContext ?? ""), values };
  if (ctxEnv === undefined) return env;
  return {
    name: ctxEnv.name !== "" ? ctxEnv.name : env.name,
    kubeContext: ctxEnv.kubeContext !== "" ? ctxEnv.kubeContext : env.kubeContext,
    defaults: mergeValues(ctxEnv.defaults, env.defaults),
    values: mergeValues(ctxEnv.values, env.values),
    cliOverrides: mergeValues(env.cliOverrides, ctxEnv.cliOverrides, { arrays: "merge" }),
  };
}

/** What a part records while explaining (see provenance-sink.ts). */
interface PartRecorder {
  readonly origins: EntryOrigins;
  readonly defaults: RecordedLayer[];
  readonly values: RecordedLayer[];
  hcl?: RecordedLayer;
  readonly secrets: RecordedLayer[];
}

/** `failed to read <file>` context helmfile puts in front of environment loading errors. */
function failedToRead(loc: StateLocation, err: unknown): unknown {
  return isHelmfileError(err) ? rewrapError(err, `failed to read ${loc.displayFile}: ${err.detail}`) : err;
}

/** helmfile's ParseAndLoad for one rendered part. */
export function parseAndLoad(
  ctx: LoaderContext,
  content: string,
  loc: StateLocation,
  file: string,
  evaluateBases: boolean,
  ctxEnv: EnvironmentLayers | undefined,
  loadBase: BaseLoader,
  /** Lines of the file before this part (its `---` lines included). */
  lineOffset = 0,
  /** The part is the rendered text of a template: its lines are not the file's. */
  rendered = false,
  /** The part's template text (kept, when explaining, to map rendered lines back to it). */
  template?: string,
): LoadedPart {
  let spec = parseStatePart(content, file, ctx.yamlVersion, {
    displayFile: loc.displayFile,
    ...(rendered ? {} : { lineOffset }),
  });
  if (!evaluateBases) {
    if ((spec.bases ?? []).length > 0) {
      throw new LoadError(
        "LOAD_NESTED_BASES",
        "nested `base` helmfile is unsupported. please submit a feature request if you need this!",
        {
          file,
          keyPath: ["bases"],
        },
      );
    }
  }
  const sink = ctx.provenance;
  const seenBases: OriginLayer[] = [];
  if (evaluateBases) {
    spec = loadBases(
      spec,
      loc,
      ctxEnv,
      loadBase,
      sink === undefined
        ? undefined
        : (base) => {
            const part = sink.lastPart ?? { file: "", text: "" };
            seenBases.push({ spec: base, part, texts: sink.partTexts(part.file) });
          },
    );
  }
  // Lines of the part's text count from the file's start (recorded only when explaining).
  const pad = "\n".repeat(lineOffset);
  const self =
    sink === undefined
      ? { file, text: content }
      : {
          file,
          text: pad + content,
          // A rendered part's lines are mapped back to its template's.
          ...(template === undefined || template === content ? {} : { source: pad + template }),
        };
  const rec: PartRecorder | undefined =
    sink === undefined
      ? undefined
      : {
          origins: entryOrigins([...seenBases, { spec: spec, part: self }], ctx.envName),
          defaults: [],
          values: [],
          secrets: [],
        };
  let env: EnvironmentLayers;
  try {
    env = loadEnvValues(ctx, spec, loc, ctx.envName, ctxEnv, rec);
  } catch (err) {
    throw failedToRead(loc, err);
  }
  const defaults = loadEnvironmentValues(ctx, {
    loc,
    missingFileHandler: undefined,
    entries: spec.values ?? [],
    ctxEnv,
    envName: ctx.envName,
    mergeStrategy: "",
    ...(rec === undefined
      ? {}
      : {
          onLayer: (i, layer) =>
            rec.defaults.push(
              recordedLayer("root values", layer, rec.origins.root[i], (f) => ctx.fs.readFile(f)),
            ),
        }),
  });
  env = { ...env, defaults: mergoOverride(env.defaults, defaults) };
  if (sink !== undefined && rec !== undefined) {
    const strategy = spec.environments?.[ctx.envName]?.mergeStrategy ?? "";
    sink.addPart(self, {
      defaults: rec.defaults,
      values: rec.values,
      ...(rec.hcl === undefined ? {} : { hcl: rec.hcl }),
      secrets: rec.secrets,
      strategy: strategy === "fallback" || strategy === "override" ? strategy : "",
    });
  }
  return { spec, env, values: getMergedValues(env) };
}
