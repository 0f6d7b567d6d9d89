/**
 * helm's `MergeValues` for the CLI flags: `-f` files in order, then every `--set-json`, every
 * `--set`, every `--set-string`, every `--set-file` and every `--set-literal`, each kind in its
 * own fixed turn whatever the command-line order.
 */
import { MergeError } from "../../shared/errors";
import type { SetFlag } from "../../shared/model";
import { isMap, newMap, type ValueMap } from "../../shared/value";
import { decodeGoJson, GoJsonError } from "../../shared/go/json";
import { parseHelmValuesText, ValuesFileError } from "./helm-values-file";
import { mergeMaps } from "./merge-maps";
import { parseStrvalsInto, type StrvalsMode } from "./strvals";
import { parseLiteralInto } from "./strvals-literal";
import { GoError } from "./strvals-scanner";

/** A `-f` values file: its name as given to helm, and its content (read through `readFile` when absent). */
export interface HelmValuesFile {
  readonly name: string;
  readonly content?: string;
  /** True for decrypted secrets: errors then leave out helm's detail, which can quote values. Default false. */
  readonly secret?: boolean;
}

/** What {@link mergeUserValues} needs besides files and flags. */
export interface UserValuesOptions {
  /** Reads `--set-file` files and `-f` files given without content; throws when missing. */
  readonly readFile: (path: string) => string;
  /** helm's major version: 3 reads only the first document of a values file. */
  readonly major: 3 | 4;
}

const FLAG_ORDER: readonly SetFlag["kind"][] = ["set-json", "set", "set-string", "set-file", "set-literal"];

/** Merges files and flags into helm's user-supplied values (the release config). */
export function mergeUserValues(
  files: readonly HelmValuesFile[],
  flags: readonly SetFlag[],
  options: UserValuesOptions,
): ValueMap {
  let base = newMap();
  for (const file of files) {
    const text = file.content ?? readValuesFile(file.name, options);
    let current: ValueMap;
    try {
      current = parseHelmValuesText(text, options.major);
    } catch (err) {
      if (!(err instanceof ValuesFileError)) throw err;
      const detail =
        file.secret === true ? "invalid YAML (details hidden for a secret values file)" : err.message;
      throw new MergeError("HELM_VALUES_YAML", `failed to parse ${file.name}: ${detail}`, {
        file: file.name,
        ...(err.line === undefined ? {} : { line: err.line }),
        ...(file.secret === true ? {} : { cause: err }),
      });
    }
    base = mergeMaps(base, current);
  }
  for (const kind of FLAG_ORDER) {
    for (const flag of flags) if (flag.kind === kind) base = applyFlag(base, flag, options);
  }
  return base;
}

function readValuesFile(name: string, options: UserValuesOptions): string {
  try {
    return options.readFile(name);
  } catch (err) {
    throw new MergeError("HELM_VALUES_FILE", `open ${name}: no such file or directory`, {
      file: name,
      cause: err,
    });
  }
}

/** Applies one `--set`-family flag to `base` (helm may update `base` in place). */
export function applyFlag(base: ValueMap, flag: SetFlag, options: UserValuesOptions): ValueMap {
  const shown = flag.secret ? "<secret>" : flag.expression;
  if (flag.kind === "set-json") return applySetJson(base, flag.expression, shown, options.major);
  try {
    if (flag.kind === "set-literal") parseLiteralInto(flag.expression, base, options.major);
    else parseStrvalsInto(flag.expression, base, modeOf(flag.kind, options), options.major);
  } catch (err) {
    if (!(err instanceof GoError)) throw err;
    throw new MergeError(
      flag.kind === "set-file" ? "HELM_SET_FILE" : "HELM_SET_SYNTAX",
      `failed parsing --${flag.kind} data: ${err.message}`,
      {
        found: shown,
        cause: err,
      },
    );
  }
  return base;
}

function modeOf(kind: SetFlag["kind"], options: UserValuesOptions): StrvalsMode {
  if (kind === "set-string") return { kind: "string" };
  if (kind !== "set-file") return { kind: "typed" };
  return {
    kind: "file",
    read: (path) => {
      try {
        return options.readFile(path);
      } catch {
        throw new GoError(`open ${path}: no such file or directory`);
      }
    },
  };
}

/** `--set-json`: a whole JSON object merges like a values file (helm 4); otherwise `key=<json>` pairs. */
function applySetJson(base: ValueMap, expression: string, shown: string, major: 3 | 4): ValueMap {
  const trimmed = expression.trim();
  if (major === 4 && trimmed.startsWith("{")) {
    let parsed: unknown;
    try {
      parsed = decodeGoJson(trimmed);
    } catch (err) {
      if (!(err instanceof GoJsonError)) throw err;
      throw new MergeError("HELM_SET_JSON", `failed parsing --set-json data JSON: ${shown}`, {
        found: shown,
        cause: err,
      });
    }
    return isMap(parsed) ? mergeMaps(base, parsed) : base;
  }
  try {
    parseStrvalsInto(expression, base, { kind: "json" }, major);
  } catch (err) {
    if (!(err instanceof GoError)) throw err;
    throw new MergeError("HELM_SET_JSON", `failed parsing --set-json data ${shown}`, {
      found: shown,
      cause: err,
    });
  }
  return base;
}
