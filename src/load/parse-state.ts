/**
 * Parses one rendered `---` part of a state file into a {@link StateSpec}: every YAML
 * document is decoded, checked against the strict schema, and merged (later documents
 * override, lists append), as helmfile's StateCreator.Parse does.
 */
import type { z } from "zod";
import { LoadError, isHelmfileError } from "../shared/errors";
import type { ErrorCode } from "../shared/errors";
import { stateSchema, type StateSpec } from "./schema";
import { GoTime } from "../shared/value";
import { mergeStructs } from "./struct-merge";
import { decodeStateDocuments, type GoYamlVersion, type PositionedYaml } from "./yaml-io";

function describe(v: unknown): string {
  if (v === null || v === undefined) return "null";
  if (Array.isArray(v)) return "a list";
  if (v instanceof GoTime) return `a timestamp ${v.sourceText ?? ""}`.trimEnd();
  if (typeof v === "object") return "a map";
  return `${typeof v === "bigint" ? "an int" : typeof v} ${String(v)}`;
}

function valueAtPath(root: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let cur = root;
  for (const p of path) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[p];
  }
  return cur;
}

function issueToError(issue: z.core.$ZodIssue, doc: PositionedYaml, file: string, index: number): LoadError {
  let keyPath = issue.path.filter((p): p is string | number => typeof p !== "symbol");
  let message = issue.message;
  let expected: string | undefined;
  let found: string | undefined;
  let code: ErrorCode = "LOAD_SCHEMA";
  if (issue.code === "unrecognized_keys") {
    const key = issue.keys[0] ?? "";
    keyPath = [...keyPath, key];
    code = "LOAD_UNKNOWN_KEY";
    message = `unknown key ${JSON.stringify(key)} in document ${index}`;
  } else if (issue.code === "invalid_type") {
    code = "LOAD_WRONG_TYPE";
    expected = issue.expected;
    found = describe(valueAtPath(doc.value, keyPath));
    message = `wrong type in document ${index}`;
  } else if (issue.code === "custom") {
    code = "LOAD_INVALID";
    message = issue.message;
  }
  const pos = doc.locate(keyPath) ?? doc.locate(keyPath.slice(0, -1));
  return new LoadError(code, message, {
    file,
    ...(pos === undefined ? {} : { line: pos.line, column: pos.column }),
    keyPath,
    ...(expected === undefined ? {} : { expected }),
    ...(found === undefined ? {} : { found }),
  });
}

/** Parses and validates a rendered part; throws a {@link LoadError} pointing at the first problem. */
export function parseStatePart(content: string, file: string, version: GoYamlVersion): StateSpec {
  let docs: PositionedYaml[];
  try {
    docs = decodeStateDocuments(content, file, version);
  } catch (err) {
    if (isHelmfileError(err)) {
      const hint = file.endsWith(".gotmpl")
        ? ""
        : " (templates in state files need the .gotmpl extension since helmfile v1)";
      throw new LoadError("LOAD_BAD_YAML", `${err.detail}${hint}`, {
        file,
        ...(err.line === undefined ? {} : { line: err.line }),
        ...(err.column === undefined ? {} : { column: err.column }),
        ...(err.keyPath === undefined ? {} : { keyPath: err.keyPath }),
        cause: err,
      });
    }
    throw err;
  }
  let state: StateSpec = {};
  docs.forEach((doc, i) => {
    if (doc.value === null) return;
    const parsed = stateSchema.safeParse(doc.value);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      if (first !== undefined) throw issueToError(first, doc, file, i + 1);
      throw new LoadError("LOAD_SCHEMA", "invalid state document", { file });
    }
    state = mergeStructs(state, parsed.data, { override: true, appendSlice: true });
  });
  return state;
}
