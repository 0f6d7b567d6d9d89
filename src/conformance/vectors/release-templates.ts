/** Vectors `release-templates`: release field templating, inheritance, conditions and release values. */
import { newEnvironment } from "../../merge/index";
import {
  applyDefaultInherit,
  conditionEnabled,
  createLoaderContext,
  executeStateTemplates,
  loadStateFile,
  MemoryFileSystem,
  parseStatePart,
  releaseSchema,
  releaseValuesSources,
  renderReleaseValuesFile,
  resolveReleaseValues,
  toValue,
  type LoadedStateFile,
  type ReleaseSpec,
  type ReleaseStateView,
  type StateSpec,
} from "../../load/index";
import { mergeValues } from "../../merge/index";
import { fromPlain, newMap, type ValueMap } from "../../shared/value";
import type { Vector, VectorHandler } from "./types";
import { checkResult, mapOf, sameValue } from "./maputil-merge-maps";

const ROOT = "/project";

function releaseOf(data: unknown): ReleaseSpec {
  return releaseSchema.parse(fromPlain(data));
}

interface StateInput {
  environmentName?: string;
  helmDefaults?: unknown;
  overrideNamespace?: string;
  templates?: unknown;
  defaultInherit?: string[];
}

function stateOf(s: StateInput, releases: ReleaseSpec[], values: ValueMap = newMap()): LoadedStateFile {
  const spec: StateSpec = parseStatePart("", "x", "v3");
  const full: StateSpec = {
    ...spec,
    ...(s.helmDefaults === undefined ? {} : { helmDefaults: s.helmDefaults as StateSpec["helmDefaults"] }),
    ...(s.overrideNamespace === undefined ? {} : { namespace: s.overrideNamespace }),
    ...(s.templates === undefined
      ? {}
      : {
          templates: Object.fromEntries(
            Object.entries(s.templates as Record<string, unknown>).map(([k, v]) => [k, releaseOf(v)]),
          ),
        }),
    ...(s.defaultInherit === undefined ? {} : { defaultInherit: s.defaultInherit }),
    releases,
  };
  return {
    loc: { absDir: ROOT, displayDir: ".", displayFile: "helmfile.yaml" },
    absFile: `${ROOT}/helmfile.yaml`,
    spec: full,
    env: newEnvironment(s.environmentName ?? "default"),
    values,
    helmfiles: [],
  };
}

function ctxFor(files: Record<string, string> = {}) {
  return createLoaderContext({ cwd: ROOT }, { fs: new MemoryFileSystem(files), env: {} });
}

function execVector(v: Vector): true | string {
  const input = v.input as { state: StateInput; release?: unknown; releases?: unknown[] };
  const releases = input.releases !== undefined ? input.releases.map(releaseOf) : [releaseOf(input.release)];
  let out: ReleaseSpec[];
  try {
    out = executeStateTemplates(ctxFor(), stateOf(input.state, releases));
  } catch (err) {
    return v.expectError === true
      ? true
      : `unexpected error: ${err instanceof Error ? err.message : String(err)}`;
  }
  if (v.expectError === true) return "expected an error";
  if (input.releases !== undefined) {
    const root = newMap();
    root.releases = toValue(out);
    return checkResult(v, root);
  }
  const got = out[0] as ReleaseSpec;
  const want = v.expected as Record<string, unknown>;
  const view = toValue(got) as ValueMap;
  for (const key of ["name", "chart", "namespace", "version"]) {
    const r = sameValue(view[key] ?? "", want[key] ?? "", key);
    if (r !== true) return r;
  }
  for (const key of ["values", "secrets", "set", "labels"]) {
    const w = want[key];
    if (w === undefined || (Array.isArray(w) && w.length === 0)) continue;
    const r = sameValue(view[key], w, key);
    if (r !== true) return r;
  }
  for (const key of ["installed", "verify", "wait"]) {
    const r = sameValue(view[key] ?? null, want[key] ?? null, key);
    if (r !== true) return r;
  }
  return sameValue(view.condition ?? "", want.condition ?? "", "condition");
}

/** `view` as if its helmfile.yaml sat in `basePath`. */
function atBasePath<T extends object>(view: T, basePath: string): T & { loc: LoadedStateFile["loc"] } {
  return { ...view, loc: { absDir: basePath, displayDir: basePath, displayFile: "helmfile.yaml" } };
}

function viewOf(
  files: Record<string, string>,
  release: ReleaseSpec,
  values: ValueMap,
): { ctx: ReturnType<typeof ctxFor>; view: ReleaseStateView } {
  const st = stateOf({}, [release], values);
  return { ctx: ctxFor(files), view: { ...st, overrides: { kubeContext: "", namespace: "", chart: "" } } };
}

export const releaseTemplates: VectorHandler = (v) => {
  const input = v.input as Record<string, unknown>;
  switch (v.function) {
    case "executeReleaseTemplates":
      return execVector(v);
    case "applyDefaultInherit": {
      const out = applyDefaultInherit(
        (input.defaultInherit as string[] | null) ?? undefined,
        (input.releaseInherit as { template: string }[] | null) ?? undefined,
      );
      return sameValue(fromPlain(out.map((i) => ({ template: i.template ?? "" }))), v.expected);
    }
    case "parseDefaultInherit": {
      const spec = parseStatePart(`defaultInherit: ${input.yaml as string}\n`, "x", "v3");
      return sameValue(spec.defaultInherit === undefined ? null : fromPlain(spec.defaultInherit), v.expected);
    }
    case "executeReleaseTemplateExpressions": {
      const data = input.templateData as { Values: unknown };
      const out = executeStateTemplates(
        ctxFor(),
        stateOf({}, [releaseOf(input.release)], mapOf(data.Values)),
      );
      return checkResult(v, toValue(out[0]));
    }
    case "releaseDesired":
      return sameValue(input.installed !== false, v.expected);
    case "conditionEnabled": {
      try {
        const r = conditionEnabled(
          input.condition as string,
          input.values === null ? null : mapOf(input.values),
        );
        return v.expectError === true ? "expected an error" : sameValue(r, v.expected);
      } catch (err) {
        return v.expectError === true ? true : `unexpected error: ${String(err)}`;
      }
    }
    case "parseRelease+conditionEnabled": {
      const spec = parseStatePart(`releases:\n- ${input.yaml as string}\n`, "x", "v3");
      const r = spec.releases?.[0] ?? {};
      const out = newMap();
      out.condition = r.condition ?? "";
      out.enabled = conditionEnabled(r.condition, mapOf(input.values));
      return sameValue(out, v.expected);
    }
    case "mergedReleaseTemplateData": {
      const fs = new MemoryFileSystem(input.files as Record<string, string>);
      const ctx = createLoaderContext(
        { cwd: input.cwd as string, environment: input.env as string },
        { fs, env: {} },
      );
      const file = input.file as string;
      const dir = file.slice(0, file.lastIndexOf("/"));
      const st = loadStateFile(
        ctx,
        undefined,
        undefined,
        { absDir: dir, displayDir: dir, displayFile: file },
        file,
        true,
        false,
      );
      const release = (st.spec.releases ?? [])[0] ?? {};
      const view: ReleaseStateView = { ...st, overrides: { kubeContext: "", namespace: "", chart: "" } };
      const root = newMap();
      root.Values = mergeValues(st.values, resolveReleaseValues(ctx, view, release));
      return checkResult(v, root);
    }
    case "resolveReleaseValues": {
      const files = Object.fromEntries(Object.entries(input.files as Record<string, string>));
      const { ctx, view } = viewOf(files, releaseOf(input.release), newMap());
      const st = atBasePath(view, input.basePath as string);
      return checkResult(v, resolveReleaseValues(ctx, st, releaseOf(input.release)));
    }
    case "renderReleaseValuesFile": {
      const { ctx, view } = viewOf(
        input.files as Record<string, string>,
        releaseOf(input.release),
        mapOf(input.values),
      );
      const text = renderReleaseValuesFile(ctx, view, releaseOf(input.release), input.file as string);
      const missing = ((v.expectedContains as string[] | undefined) ?? []).filter((c) => !text.includes(c));
      return missing.length === 0 ? true : `rendered text lacks ${JSON.stringify(missing)}: ${text}`;
    }
    case "generateReleaseValuesFiles": {
      const release = {
        ...releaseOf(input.release),
        values: (input.entries as unknown[]).map((e) => fromPlain(e)),
      };
      const { ctx, view } = viewOf(input.files as Record<string, string>, release, mapOf(input.values));
      const st = atBasePath(view, input.basePath as string);
      let sources;
      try {
        sources = releaseValuesSources(ctx, st, release);
      } catch (err) {
        if (v.expectError !== true) return `unexpected error: ${String(err)}`;
        const msg = err instanceof Error ? err.message : String(err);
        const missing = ((v.errorContains as string[] | undefined) ?? []).filter((c) => !msg.includes(c));
        return missing.length === 0 ? true : `error lacks ${JSON.stringify(missing)}`;
      }
      if (v.expectError === true) return "expected an error";
      const want = v.expected as { fileCount: number; fileContains: string[][] };
      if (sources.length !== want.fileCount) return `fileCount ${sources.length}`;
      for (let i = 0; i < sources.length; i++) {
        const s = sources[i];
        const text = s === undefined ? "" : s.kind === "inline" ? s.content : ctx.fs.readFile(s.path);
        const missing = (want.fileContains[i] ?? []).filter((c) => !text.includes(c));
        if (missing.length > 0) return `file ${i} lacks ${JSON.stringify(missing)}: ${text}`;
      }
      return true;
    }
    default:
      return `unknown function ${String(v.function)}`;
  }
};
