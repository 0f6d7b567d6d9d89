/**
 * Handler for topic `template-functions`: helmfile's template functions called directly
 * (`kind: call`), rendered through helmfile's renderer (`kind: render`), and helper
 * template discovery (`kind: helperTemplates`).
 */
import { isDeepStrictEqual } from "node:util";
import { fromPlain, type Value } from "../../shared/value";
import {
  helmfileFunctions,
  helperTemplates,
  renderHelmfileTemplate,
  type HelmfileFunctionOptions,
} from "../../template/funcs/helmfile/index";

import { encodeGoJson } from "../../template/funcs/sprig/go-json-encode";
import {
  GoNumber,
  GoStruct,
  isGoMap,
  type CallContext,
  type FuncMap,
  type GoValue,
  type TemplateEnv,
} from "../../template/types";
import { createSandbox, type VectorSandbox } from "./template-functions-sandbox";
import type { Vector, VectorHandler } from "./types";

interface Step {
  readonly args?: readonly unknown[];
  readonly env?: Readonly<Record<string, string>>;
  readonly expected?: unknown;
  readonly expectError?: boolean;
  readonly settings?: {
    readonly disableInsecureFeatures?: boolean;
    readonly disableInsecureTemplateFunctions?: boolean;
  };
  readonly function?: string;
}

interface RenderInput {
  readonly mode: "string" | "file" | "both";
  readonly template: string | null;
  readonly data: unknown;
  readonly env?: Readonly<Record<string, string>>;
  readonly files?: Readonly<Record<string, string>>;
  readonly basePath?: string;
}

/** GoValue → plain JSON-ish data for comparison (dir entries become {Name, IsDir}). */
function comparable(v: GoValue): unknown {
  if (typeof v === "bigint") return Number(v);
  if (v instanceof GoNumber) return Number(v.value);
  if (Array.isArray(v)) return v.map(comparable);
  if (v instanceof GoStruct) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of v.fields) out[k] = comparable(x);
    for (const m of ["Name", "IsDir"]) {
      const spec = v.methods.get(m);
      if (spec !== undefined) out[m] = spec.impl([], undefined as never);
    }
    return out;
  }
  if (isGoMap(v)) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v)) out[k] = comparable(v[k] as GoValue);
    return out;
  }
  return v;
}

function sortKey(x: unknown): string {
  return JSON.stringify(x);
}

function same(actual: unknown, expected: unknown, orderInsensitive: boolean): boolean {
  if (orderInsensitive && Array.isArray(actual) && Array.isArray(expected)) {
    return isDeepStrictEqual([...actual].map(sortKey).sort(), [...expected].map(sortKey).sort());
  }
  return isDeepStrictEqual(actual, expected);
}

function fakeContext(name: string, env: TemplateEnv, funcs: FuncMap): CallContext {
  const unsupported = (): never => {
    throw new Error("not available in a direct call");
  };
  return {
    funcName: name,
    env,
    funcs,
    missingKey: "error",
    executeTemplate: unsupported,
    hasTemplate: () => false,
    renderString: unsupported,
    state: new Map(),
  };
}

function settingsEnv(s: Step["settings"]): Record<string, string> {
  const out: Record<string, string> = {};
  if (s?.disableInsecureFeatures === true) out.HELMFILE_DISABLE_INSECURE_FEATURES = "true";
  if (s?.disableInsecureTemplateFunctions === true) out.HELMFILE_DISABLE_INSECURE_TEMPLATE_FUNCTIONS = "true";
  return out;
}

function runCall(
  vector: Vector,
  step: Step,
  yamlVersion: "v2" | "v3",
  sandbox: VectorSandbox,
): true | string {
  const fname = step.function ?? vector.function ?? "";
  const env: TemplateEnv = {
    ...sandbox.env,
    environ: { ...(step.env ?? {}), ...settingsEnv(step.settings) },
  };
  const options: HelmfileFunctionOptions = { yamlVersion };
  const funcs = helmfileFunctions(options);
  const base = fname.split("+")[0] as string;
  const spec = funcs.get(base);
  if (spec === undefined) return `no helmfile function ${base}`;
  const args = (step.args ?? []).map((a) => fromPlain(a) as GoValue);
  let result: GoValue;
  try {
    result = spec.impl(args, fakeContext(base, env, funcs));
  } catch (e) {
    return step.expectError === true
      ? true
      : `unexpected error: ${e instanceof Error ? e.message : String(e)}`;
  }
  if (step.expectError === true) return `expected an error, got ${JSON.stringify(comparable(result))}`;
  const actual = fname.endsWith("+jsonMarshal") ? encodeGoJson(result) : comparable(result);
  const expected = step.expected;
  if (!same(actual, expected, vector.orderInsensitive === true)) {
    return `expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;
  }
  return true;
}

function callVector(vector: Vector): true | string {
  const input = (vector.input ?? {}) as { args?: readonly unknown[] };
  const steps: readonly Step[] = (vector.steps as readonly Step[] | undefined) ?? [
    {
      ...(input.args !== undefined ? { args: input.args } : {}),
      expected: vector.expected,
      ...(vector.expectError === true ? { expectError: true } : {}),
    },
  ];
  const versions = (vector.yamlLibraries as ReadonlyArray<"v2" | "v3"> | undefined) ?? ["v3"];
  for (const version of versions) {
    for (const [i, step] of steps.entries()) {
      const sandbox = createSandbox({
        ...(vector.files !== undefined ? { files: vector.files as Record<string, string> } : {}),
        ...(vector.directory !== undefined
          ? { directory: vector.directory as Record<string, string[]> }
          : {}),
        ...(vector.basePath !== undefined ? { basePath: vector.basePath as string } : {}),
      });
      try {
        const r = runCall(vector, step, version, sandbox);
        if (r !== true) return `${version} step ${i}: ${r}`;
      } finally {
        sandbox.dispose();
      }
    }
  }
  return true;
}

function renderOnce(input: RenderInput, text: string, sandbox: VectorSandbox): string {
  const data =
    input.data === null || input.data === undefined ? null : (fromPlain(input.data) as Value as GoValue);
  return renderHelmfileTemplate(text, data, { env: sandbox.env });
}

/** helmfile's FileRenderer.RenderToBytes: only `.gotmpl` files are rendered. */
function renderFile(input: RenderInput, fileName: string, sandbox: VectorSandbox): string {
  const fs = sandbox.env.fs;
  const path = `${sandbox.env.basePath ?? sandbox.root}/${fileName}`;
  const content = fs?.readFile(path) ?? "";
  return fileName.endsWith(".gotmpl") ? renderOnce(input, content, sandbox) : content;
}

function renderVector(vector: Vector): true | string {
  const input = vector.input as RenderInput;
  const sandbox = createSandbox({
    ...(input.files !== undefined ? { files: input.files } : {}),
    ...(input.basePath !== undefined ? { basePath: input.basePath } : {}),
    environ: input.env ?? {},
  });
  try {
    const modes: Array<"string" | "file"> = input.mode === "both" ? ["string", "file"] : [input.mode];
    for (const mode of modes) {
      let out: string;
      try {
        // A "file" run of an inline template renders it as a .gotmpl file would be: same renderer, same base path.
        if (mode === "file" && input.template === null)
          out = renderFile(input, vector.fileName as string, sandbox);
        else out = renderOnce(input, input.template ?? "", sandbox);
      } catch (e) {
        if (vector.expectError === true) continue;
        return `${mode}: unexpected error: ${e instanceof Error ? e.message : String(e)}`;
      }
      if (vector.expectError === true) return `${mode}: expected an error, got ${JSON.stringify(out)}`;
      if (out !== vector.expected)
        return `${mode}: expected ${JSON.stringify(vector.expected)}, got ${JSON.stringify(out)}`;
    }
    return true;
  } finally {
    sandbox.dispose();
  }
}

function helperVector(vector: Vector): true | string {
  const input = vector.input as { basePath: string; files: Record<string, string> };
  const sandbox = createSandbox({ files: input.files, basePath: input.basePath });
  try {
    const fs = sandbox.env.fs;
    if (fs === undefined) return "no fs";
    const found = helperTemplates(fs, sandbox.env.basePath ?? "").map((h) => ({
      name: sandbox.unroot(h.name),
      content: h.content,
    }));
    return isDeepStrictEqual(found, vector.expected)
      ? true
      : `expected ${JSON.stringify(vector.expected)}, got ${JSON.stringify(found)}`;
  } finally {
    sandbox.dispose();
  }
}

/** The handler registered for topic `template-functions`. */
export const templateFunctionsHandler: VectorHandler = (vector) => {
  switch (vector.kind) {
    case "call":
      return callVector(vector);
    case "render":
      return renderVector(vector);
    case "helperTemplates":
      return helperVector(vector);
    default:
      return `unknown vector kind ${String(vector.kind)}`;
  }
};
