/** Test helpers: evaluate HCL text from memory. */
import { HelmfileError, LoadError } from "../../shared/errors";
import type { Value, ValueMap } from "../../shared/value";
import { evaluateHclValues } from "./index";

/** Evaluates in-memory files (path → text) in insertion order. */
export function renderFiles(files: Record<string, string>): ValueMap {
  const fs = {
    readFile(path: string): string {
      const text = files[path];
      if (text === undefined) throw new LoadError("FILE_NOT_FOUND", `no such file: ${path}`, { file: path });
      return text;
    },
  };
  return evaluateHclValues(Object.keys(files), { fs });
}

/** Evaluates one expression as `values { v = <expr> }` and returns the value of `v`. */
export function evalExpr(expr: string): Value | undefined {
  return renderFiles({ "/t.hcl": `values {\n  v = ${expr}\n}\n` }).v;
}

/** The error code evaluating `expr` fails with, or `"no error"`. */
export function codeOf(expr: string): string {
  try {
    evalExpr(expr);
  } catch (err) {
    if (err instanceof HelmfileError) return err.code;
    throw err;
  }
  return "no error";
}
