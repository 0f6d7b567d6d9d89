/**
 * Parses one rendered `---` part of a state file into a {@link StateSpec}: every YAML
 * document is decoded, checked against the strict schema, and merged (later documents
 * override, lists append), as helmfile's StateCreator.Parse does.
 *
 * A document that does not fit helmfile's Go structs fails with helmfile's own text: the
 * `failed to read <file>: reading document at index <n>` wrapping of pkg/state/create.go around
 * go-yaml v3's `yaml: unmarshal errors:` list (`line N: cannot unmarshal !!tag `value` into T`,
 * `line N: field f not found in type T`), in document order. The file, line, column and key path
 * of the first problem follow on a line of their own (`locationLine`).
 */
import type { z } from "zod";
import { LoadError, isHelmfileError } from "../shared/errors";
import type { ErrorCode } from "../shared/errors";
import { boxScalars, goTypeAt, stateSchema, type StateSpec } from "./schema";
import { GoTime } from "../shared/value";
import { mergeStructs } from "./struct-merge";
import { decodeStateDocuments, type GoYamlVersion, type PositionedYaml } from "./yaml-io";

/** Where a part sits in its file, for messages. */
export interface PartOrigin {
  /** The file as helmfile names it in `failed to read <file>` (default: the `file` argument). */
  readonly displayFile?: string;
  /**
   * Lines of the file before this part, when the part is the file's own text (not rendered):
   * then the reported line is the file's. Without it no line is reported in the location line
   * (a rendered part's lines are not the file's; helmfile's message gives the rendered line).
   */
  readonly lineOffset?: number;
}

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

/** One problem of a document, in go-yaml's words. */
interface GoIssue {
  readonly line: number;
  readonly column: number;
  /** go-yaml's `line N: …` entry, or a custom unmarshaler's own error text. */
  readonly text: string;
  /** A custom unmarshaler's error: go-yaml stops there and returns it alone. */
  readonly custom: boolean;
  readonly code: ErrorCode;
  readonly keyPath: Array<string | number>;
  readonly expected?: string;
  readonly found?: string;
}

/** go-yaml's `terror` spelling of a node: the tag, and a scalar's text cut at 10 bytes. */
function goNodeText(tag: string, text: string): string {
  if (tag === "!!seq" || tag === "!!map") return tag;
  return `${tag} \`${text.length > 10 ? `${text.slice(0, 7)}...` : text}\``;
}

function toGoIssues(issue: z.core.$ZodIssue, doc: PositionedYaml): GoIssue[] {
  const path = issue.path.filter((p): p is string | number => typeof p !== "symbol");
  if (issue.code === "unrecognized_keys") {
    const type = goTypeAt(path) ?? "struct";
    return issue.keys.map((key) => {
      const keyPath = [...path, key];
      const pos = doc.locate(keyPath) ?? doc.locate(path) ?? { line: 0, column: 0 };
      return {
        ...pos,
        text: `line ${pos.line}: field ${key} not found in type ${type}`,
        custom: false,
        code: "LOAD_UNKNOWN_KEY",
        keyPath,
      };
    });
  }
  const node = doc.node(path);
  const pos = node ?? doc.locate(path) ?? { line: 0, column: 0 };
  if (issue.code === "invalid_type") {
    // HelmState.UnmarshalYAML first decodes the document into a plain map.
    const type = path.length === 0 ? "map[string]interface {}" : (goTypeAt(path) ?? issue.expected);
    const found =
      node === undefined ? describe(valueAtPath(doc.value, path)) : goNodeText(node.tag, node.text);
    return [
      {
        ...pos,
        text: `line ${pos.line}: cannot unmarshal ${found} into ${type}`,
        custom: false,
        code: "LOAD_WRONG_TYPE",
        keyPath: path,
        expected: type,
        found: describe(valueAtPath(doc.value, path)),
      },
    ];
  }
  return [{ ...pos, text: issue.message, custom: true, code: "LOAD_INVALID", keyPath: path }];
}

function documentError(
  issues: readonly z.core.$ZodIssue[],
  doc: PositionedYaml,
  file: string,
  index: number,
  origin: PartOrigin,
): LoadError {
  const all = issues
    .flatMap((i) => toGoIssues(i, doc))
    .sort((a, b) => a.line - b.line || a.column - b.column);
  // A custom unmarshaler's error aborts go-yaml's decoding: it is reported alone.
  const custom = all.find((i) => i.custom);
  const shown = custom === undefined ? all : [custom];
  const first = shown[0];
  const displayFile = origin.displayFile ?? file;
  const hint = displayFile.endsWith(".gotmpl")
    ? ""
    : ". Started seeing this since Helmfile v1? Add the .gotmpl file extension";
  const cause =
    custom !== undefined
      ? custom.text
      : `yaml: unmarshal errors:\n  ${shown.map((i) => i.text).join("\n  ")}`;
  const message = `failed to read ${displayFile}: reading document at index ${index}${hint}: ${cause}`;
  const line =
    first !== undefined && origin.lineOffset !== undefined ? first.line + origin.lineOffset : undefined;
  return new LoadError(first?.code ?? "LOAD_SCHEMA", message, {
    file,
    ...(line === undefined || first === undefined ? {} : { line, column: first.column }),
    ...(first === undefined ? {} : { keyPath: first.keyPath }),
    ...(first?.expected === undefined ? {} : { expected: first.expected }),
    ...(first?.found === undefined ? {} : { found: first.found }),
    locationLine: true,
  });
}

/** Parses and validates a rendered part; throws a {@link LoadError} naming every problem of the first bad document. */
export function parseStatePart(
  content: string,
  file: string,
  version: GoYamlVersion,
  origin: PartOrigin = {},
): StateSpec {
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
    const parsed = stateSchema.safeParse(boxScalars(doc.value, (p) => doc.node(p)?.text));
    if (!parsed.success) throw documentError(parsed.error.issues, doc, file, i + 1, origin);
    state = mergeStructs(state, parsed.data, { override: true, appendSlice: true });
  });
  return state;
}
