/** Vectors `state-loading`: whole-state loading from in-memory files. */
import {
  convergeState,
  createLoaderContext,
  loadDesired,
  loadDesiredState,
  loadStateFile,
  MemoryFileSystem,
  toValue,
  type LoadDesiredStateOptions,
} from "../../load/index";
import { isHelmfileError } from "../../shared/errors";
import type { DesiredState, PreparedRelease } from "../../shared/model";
import { fromPlain, isMap, type Value, type ValueMap } from "../../shared/value";
import type { Vector, VectorHandler } from "./types";
import { sameValue, valueAt } from "./maputil-merge-maps";

interface Options {
  file?: string | null;
  env?: string;
  selectors?: string[];
  namespace?: string;
  stateValuesFiles?: string[];
  stateValuesSet?: unknown;
  reverse?: boolean;
  subhelmfileOverrideValues?: unknown[];
}

interface Expect {
  ok?: boolean;
  errorEquals?: string;
  errorContains?: string[];
  visitedStateFilePaths?: string[];
  fileReadOrder?: string[];
  selectedReleases?: string[];
  releaseCount?: number;
  releaseNames?: string[];
  releases?: Record<string, Record<string, unknown>>;
  releasesInOrder?: Record<string, unknown>[];
  at?: { path: (string | number)[]; value?: unknown; length?: number }[];
  environmentValues?: unknown;
  renderedValuesAt?: { path: (string | number)[]; value: unknown }[];
  renderedReleaseValuesFile?: { release: string; file: string; text: string };
  helmfiles?: unknown[];
  helmBinary?: string;
  kustomizeBinary?: string;
  notRendered?: boolean;
}

function fileSystem(
  files: Record<string, string>,
  cwd: string,
  onRead?: (p: string) => void,
): MemoryFileSystem {
  const abs: Record<string, string> = {};
  for (const [p, c] of Object.entries(files))
    abs[p.startsWith("/") ? p : `${cwd}/${p}`.replace(/\/+/g, "/")] = c;
  return new MemoryFileSystem(abs, onRead === undefined ? {} : { onRead });
}

/**
 * helmfile's unit tests run on testhelper.TestFs, whose Glob returns the absolute names of its
 * files (`/path/to/helmfile.d/a1.yaml`) where the real filepath.Glob returns matches in the
 * pattern's form (`helmfile.d/a1.yaml`, what helmfile v1.8.0 prints for a sub-helmfile of a
 * state loaded from its own folder, and what we print). So a recorded sub-helmfile prefix under
 * the vector's working folder is compared in its relative form.
 */
function realGlobForm(expected: string, cwd: string): string {
  const dir = cwd.endsWith("/") ? cwd : `${cwd}/`;
  return expected
    .split(`.helmfiles[`)
    .map((part, i) => (i === 0 ? part : part.replace(`]: in ${dir}`, "]: in ")))
    .join(".helmfiles[");
}

function errorCheck(e: Expect, err: unknown, cwd?: string): true | string {
  const msg = isHelmfileError(err) ? err.detail : err instanceof Error ? err.message : String(err);
  if (e.errorEquals !== undefined && cwd !== undefined)
    e = { ...e, errorEquals: realGlobForm(e.errorEquals, cwd) };
  if (e.ok === true) return `unexpected error: ${msg}`;
  if (e.errorEquals !== undefined && msg !== e.errorEquals)
    return `error ${JSON.stringify(msg)} != ${JSON.stringify(e.errorEquals)}`;
  for (const c of e.errorContains ?? [])
    if (!msg.includes(c)) return `error lacks ${JSON.stringify(c)}: ${msg}`;
  if (
    e.errorEquals === undefined &&
    e.errorContains === undefined &&
    e.ok !== false &&
    e.notRendered !== true
  )
    return `unexpected error: ${msg}`;
  return true;
}

function subset(actual: Value | undefined, expected: Record<string, unknown>, what: string): true | string {
  for (const [k, v] of Object.entries(expected)) {
    const r = sameValue(valueAt(actual, [k]), v, `${what}.${k}`);
    if (r !== true) return r;
  }
  return true;
}

function checkReleases(e: Expect, releases: readonly PreparedRelease[]): true | string {
  const names = releases.map((r) => r.name);
  for (const [key, want] of [
    ["selectedReleases", e.selectedReleases],
    ["releaseNames", e.releaseNames],
  ] as const) {
    if (want !== undefined && JSON.stringify(names) !== JSON.stringify(want))
      return `${key}: expected ${JSON.stringify(want)}, got ${JSON.stringify(names)}`;
  }
  if (e.releaseCount !== undefined && releases.length !== e.releaseCount)
    return `releaseCount: expected ${e.releaseCount}, got ${releases.length}`;
  for (const [name, fields] of Object.entries(e.releases ?? {})) {
    const r = releases.find((x) => x.name === name);
    if (r === undefined) return `release ${name} not found`;
    const res = subset(r.spec, fields, name);
    if (res !== true) return res;
  }
  if (e.releasesInOrder !== undefined) {
    if (releases.length !== e.releasesInOrder.length)
      return `releasesInOrder: expected ${e.releasesInOrder.length}, got ${releases.length}`;
    for (let i = 0; i < releases.length; i++) {
      const res = subset(
        (releases[i] as PreparedRelease).spec,
        e.releasesInOrder[i] as Record<string, unknown>,
        `releases[${i}]`,
      );
      if (res !== true) return res;
    }
  }
  return true;
}

function visitStatesVector(
  v: Vector,
  input: { cwd: string; files: Record<string, string>; options: Options },
  e: Expect,
): true | string {
  const reads: string[] = [];
  let skipNext = false;
  const fs = fileSystem(input.files, input.cwd, (p) => {
    if (skipNext) skipNext = false;
    else reads.push(p);
  });
  const visited: string[] = [];
  const collected: PreparedRelease[] = [];
  const o = input.options;
  const options: LoadDesiredStateOptions = {
    cwd: input.cwd,
    ...(o.file === null || o.file === undefined ? {} : { file: o.file }),
    environment: o.env ?? "default",
    selectors: o.selectors ?? [],
    namespace: o.namespace ?? "",
    kubeContext: "default",
    stateValuesFiles: o.stateValuesFiles ?? [],
    ...(o.stateValuesSet === undefined ? {} : { stateValues: fromPlain(o.stateValuesSet) as ValueMap }),
    reverse: o.reverse === true,
    onStateRead: (p) => {
      reads.push(p);
      skipNext = true;
    },
  };
  let state: DesiredState;
  try {
    state = loadDesiredState(options, { fs, env: (v.env as Record<string, string> | undefined) ?? {} });
  } catch (err) {
    if (e.releaseCount !== undefined && collected.length !== e.releaseCount) return `releaseCount mismatch`;
    return errorCheck(e, err, input.cwd);
  }
  if (e.ok === false || e.errorEquals !== undefined || e.errorContains !== undefined)
    return "expected an error";
  for (const s of state.states) visited.push(s.displayPath);
  if (
    e.visitedStateFilePaths !== undefined &&
    JSON.stringify(visited) !== JSON.stringify(e.visitedStateFilePaths)
  ) {
    return `visited ${JSON.stringify(visited)}, expected ${JSON.stringify(e.visitedStateFilePaths)}`;
  }
  if (e.fileReadOrder !== undefined && JSON.stringify(reads) !== JSON.stringify(e.fileReadOrder)) {
    return `reads ${JSON.stringify(reads)}, expected ${JSON.stringify(e.fileReadOrder)}`;
  }
  if (e.notRendered === true && !state.releases.some((r) => r.name.includes("{{")))
    return "state was rendered";
  return checkReleases(e, state.releases);
}

function checkAt(root: Value, at: Expect["at"]): true | string {
  for (const a of at ?? []) {
    const got = valueAt(root, a.path);
    if (a.length !== undefined) {
      if (!Array.isArray(got) || got.length !== a.length)
        return `${a.path.join(".")}: expected length ${a.length}`;
      continue;
    }
    const r = sameValue(got, a.value, a.path.join("."));
    if (r !== true) return r;
  }
  return true;
}

/** The in-memory files, the state file's absolute path and a loader context of one vector. */
function vectorLoader(
  v: Vector,
  input: { cwd: string | null; files: Record<string, string>; options: Options },
) {
  const cwd = input.cwd ?? "/";
  const fs = fileSystem(input.files, cwd);
  const o = input.options;
  const file = o.file ?? "helmfile.yaml";
  const abs = file.startsWith("/") ? file : `${cwd}/${file}`.replace(/\/+/g, "/");
  const ctx = createLoaderContext(
    { cwd, environment: o.env ?? "default" },
    { fs, env: (v.env as Record<string, string> | undefined) ?? {} },
  );
  return { cwd, o, file, abs, ctx };
}

function loadStateVector(
  v: Vector,
  input: { cwd: string | null; files: Record<string, string>; options: Options },
  e: Expect,
): true | string {
  const { cwd, o, file, abs, ctx } = vectorLoader(v, input);
  const overrides = (o.subhelmfileOverrideValues ?? []).map((x) => fromPlain(x));
  let root: ValueMap;
  try {
    const st = loadDesired(ctx, cwd, file, true, {
      overrideValues: overrides,
      selectors: [],
      reverse: o.reverse === true,
      calleePath: abs,
    });
    root = toValue({ ...st.spec, filePath: abs }) as ValueMap;
  } catch (err) {
    return errorCheck(e, err);
  }
  if (e.ok === false) return "expected an error";
  return checkAt(root, e.at);
}

function parseAndLoadVector(
  v: Vector,
  input: { cwd: string | null; files: Record<string, string>; options: Options },
  e: Expect,
): true | string {
  const { cwd, o, file, abs, ctx } = vectorLoader(v, input);
  const options = { cwd, environment: o.env ?? "default" };
  const dir = abs.slice(0, abs.lastIndexOf("/")) || "/";
  try {
    const st = loadStateFile(
      ctx,
      undefined,
      undefined,
      { absDir: dir, displayDir: dir, displayFile: file },
      abs,
      true,
      false,
    );
    const root = toValue({ ...st.spec, filePath: file }) as ValueMap;
    if (e.ok === false) return "expected an error";
    let r = checkAt(root, e.at);
    if (r !== true) return r;
    if (
      e.environmentValues !== undefined &&
      (r = sameValue(st.env.values, e.environmentValues, "environmentValues")) !== true
    )
      return r;
    for (const a of e.renderedValuesAt ?? [])
      if ((r = sameValue(valueAt(st.values, a.path), a.value, a.path.join("."))) !== true) return r;
    if (e.helmBinary !== undefined && st.spec.helmBinary !== e.helmBinary)
      return `helmBinary ${String(st.spec.helmBinary)}`;
    if (e.kustomizeBinary !== undefined && st.spec.kustomizeBinary !== e.kustomizeBinary)
      return `kustomizeBinary ${String(st.spec.kustomizeBinary)}`;
    if (e.helmfiles !== undefined) {
      const hf = (st.spec.helmfiles ?? []).map((h) => ({
        path: h.path ?? "",
        selectors: h.selectors ?? null,
        selectorsInherited: h.selectorsInherited === true,
      }));
      if (JSON.stringify(hf) !== JSON.stringify(e.helmfiles)) return `helmfiles ${JSON.stringify(hf)}`;
    }
    if (e.renderedReleaseValuesFile !== undefined) {
      const want = e.renderedReleaseValuesFile;
      const loaded = convergeState(ctx, options, st, []);
      const rel = loaded.releases.find((x) => x.name === want.release);
      const src = rel?.values.find((x) => x.kind === "inline" || x.path === want.file);
      const text = src?.kind === "inline" ? src.content : undefined;
      if (text !== want.text)
        return `rendered values ${JSON.stringify(text)} != ${JSON.stringify(want.text)}`;
    }
    return true;
  } catch (err) {
    return errorCheck(e, err);
  }
}

export const stateLoading: VectorHandler = (v) => {
  const input = v.input as { cwd: string | null; files: Record<string, string>; options: Options };
  const e = (v.expect ?? {}) as Expect;
  switch (v.function) {
    case "visitStates":
      return visitStatesVector(v, { ...input, cwd: input.cwd ?? "/" }, e);
    case "loadState":
      return loadStateVector(v, input, e);
    case "parseAndLoad":
      return parseAndLoadVector(v, input, e);
    default:
      return `unknown function ${String(v.function)}`;
  }
};

void isMap;
