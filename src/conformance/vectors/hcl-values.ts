/** Vectors `hcl-values`: helmfile's HCL values loader (pkg/hcllang). */
import { evaluateHclValues, exprVariables, mergeHclValues, readHclFile } from "../../load/hcl/index";
import { fromPlainData, toGoValue } from "../../load/hcl/convert";
import { LoadError } from "../../shared/errors";
import type { Value } from "../../shared/value";
import type { VectorHandler } from "./types";
import { checkResult, sameValue } from "./maputil-merge-maps";

interface RenderInput {
  readonly files: Record<string, string>;
  readonly order?: readonly string[];
  readonly a?: unknown;
  readonly b?: unknown;
}

function memoryFs(files: Record<string, string>): { readFile(path: string): string } {
  return {
    readFile(path: string): string {
      const text = files[path];
      if (text === undefined) throw new LoadError("FILE_NOT_FOUND", `no such file: ${path}`, { file: path });
      return text;
    },
  };
}

function run(v: Parameters<VectorHandler>[0]): Value {
  const input = v.input as RenderInput;
  switch (v.function) {
    case "hclRender":
      return evaluateHclValues(input.order ?? Object.keys(input.files), { fs: memoryFs(input.files) });
    case "hclMergeValues":
      return toGoValue(mergeHclValues(fromPlainData(input.a), fromPlainData(input.b)));
    case "hclLocalsVariables": {
      const out: Record<string, Record<string, number>> = {};
      for (const [file, text] of Object.entries(input.files)) {
        const counts: Record<string, number> = {};
        for (const [name, def] of readHclFile(text, file).locals ?? [])
          counts[name] = exprVariables(def.attr.expr).length;
        out[file] = counts;
      }
      return toGoValue(fromPlainData(out));
    }
    default:
      throw new Error(`unknown function ${String(v.function)}`);
  }
}

export const hclValues: VectorHandler = (v) => {
  if (v.expectError === true) {
    try {
      run(v);
    } catch (err) {
      const msg = err instanceof Error ? err.message : String(err);
      const wanted = typeof v.errorContains === "string" ? [v.errorContains] : (v.errorContains ?? []);
      const missing = wanted.filter((w) => !msg.includes(w));
      return missing.length === 0 ? true : `error lacks ${JSON.stringify(missing)}: ${msg}`;
    }
    return "expected an error";
  }
  const result = run(v);
  if (
    v.expectedAt === undefined &&
    v.expected !== undefined &&
    (typeof result !== "object" || result === null || Array.isArray(result))
  ) {
    return sameValue(result, v.expected, "result");
  }
  return checkResult(v, result);
};
