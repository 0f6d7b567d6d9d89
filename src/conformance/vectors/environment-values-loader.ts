/** Vectors `environment-values-loader`: an environment's `values:` list under override / fallback. */
import { newEnvironment } from "../../merge/index";
import { createLoaderContext, loadEnvironmentValues, MemoryFileSystem } from "../../load/index";
import { fromPlain, type Value } from "../../shared/value";
import type { VectorHandler } from "./types";
import { checkResult, mapOf, sameValue } from "./maputil-merge-maps";

const ROOT = "/vectors";

interface LoaderInput {
  files: Record<string, string>;
  entries: unknown[];
  contextEnvironment: { name: string; values: unknown } | null;
  envName: string;
  mergeStrategy: string;
}

function run(input: LoaderInput, mergeStrategy: string) {
  const files: Record<string, string> = {};
  for (const [p, c] of Object.entries(input.files)) files[`${ROOT}/${p}`] = c;
  const fs = new MemoryFileSystem(files);
  const ctx = createLoaderContext({ cwd: ROOT, environment: input.envName }, { fs, env: {} });
  const ctxEnv =
    input.contextEnvironment === null
      ? undefined
      : { ...newEnvironment(input.contextEnvironment.name), values: mapOf(input.contextEnvironment.values) };
  return loadEnvironmentValues(ctx, {
    loc: { absDir: ROOT, displayDir: ".", displayFile: "helmfile.yaml" },
    missingFileHandler: undefined,
    entries: input.entries.map((e) => fromPlain(e)) as Value[],
    ctxEnv,
    envName: input.envName,
    mergeStrategy,
  });
}

export const environmentValuesLoader: VectorHandler = (v) => {
  if (v.requiresNetwork === true) return "requires network";
  const input = v.input as LoaderInput;
  if (v.expectError === true) {
    try {
      run(input, input.mergeStrategy);
    } catch (err) {
      const msg = err instanceof Error ? err.message : String(err);
      const wanted = (v.errorContains as string[] | undefined) ?? [];
      const missing = wanted.filter((w) => !msg.includes(w));
      return missing.length === 0 ? true : `error lacks ${JSON.stringify(missing)}: ${msg}`;
    }
    return "expected an error";
  }
  const result = run(input, input.mergeStrategy);
  const same = v.expectedSameResultAs as { mergeStrategy: string } | undefined;
  if (same !== undefined)
    return sameValue(
      result,
      JSON.parse(
        JSON.stringify(run(input, same.mergeStrategy), (_k, x: unknown) =>
          typeof x === "bigint" ? Number(x) : x,
        ),
      ),
    );
  return checkResult(v, result);
};
