/**
 * `--state-values-set` / `--state-values-set-string`: key parsing (`a.b[0].c`, `\.` escapes),
 * helmfile's value typing, and applying `key=value` pairs to a values map.
 */
import { MAX_INDEX } from "./helm-values/strvals-scanner";
import { ConfigError } from "../shared/errors";
import { LIMIT_CODES, limitError, MAX_VALUES_DEPTH } from "../shared/limits";
import { FORBIDDEN_KEYS, isMap, newMap, cloneValue, type Value, type ValueMap } from "../shared/value";
import { mergeValues } from "./merge-values";

/** Splits a key on unescaped dots; `\.` is a literal dot, a trailing empty segment is dropped. */
export function parseKey(key: string): string[] {
  const out: string[] = [];
  let part = "";
  let escaped = false;
  for (const ch of key) {
    if (!escaped && ch === "\\") {
      escaped = true;
      continue;
    }
    const split = ch === "." && !escaped;
    escaped = false;
    if (split) {
      out.push(part);
      part = "";
    } else part += ch;
  }
  if (part.length > 0) out.push(part);
  return out;
}

/**
 * helmfile's typing of a `--state-values-set` value: `true`/`false`/`null` (any case), `0`,
 * and decimal int64s not starting with `0` become typed; everything else stays a string.
 * With `asString` the text is returned unchanged.
 */
export function typedValue(text: string, asString = false): Value {
  if (asString) return text;
  const lower = text.toLowerCase();
  if (lower === "true") return true;
  if (lower === "false") return false;
  if (lower === "null") return null;
  if (text === "0") return 0n;
  if (text.length > 0 && text[0] !== "0" && /^[+-]?\d+$/.test(text)) {
    const n = BigInt(text);
    if (n >= -(2n ** 63n) && n < 2n ** 63n) return n;
  }
  return text;
}

interface Cursor {
  readonly key: string;
  readonly index?: number;
}

function cursorOf(segment: string): Cursor {
  // helmfile turns brackets into spaces and scans "%s %d".
  const spaced = segment.replace(/[[\]]/g, " ");
  const m = /^\s*(\S+)\s+([+-]?\d+)/.exec(spaced);
  if (m !== null) return { key: m[1] as string, index: Number(m[2]) };
  return { key: spaced };
}

function checkKey(key: string): void {
  if (FORBIDDEN_KEYS.has(key))
    throw new ConfigError("CONFIG_FORBIDDEN_KEY", `refusing state value key ${JSON.stringify(key)}`);
}

function listAt(m: ValueMap, c: Cursor & { index: number }): Value[] {
  const current = m[c.key];
  let list: Value[];
  if (current === undefined) list = [];
  else if (Array.isArray(current)) list = current;
  else
    throw new ConfigError("CONFIG_BAD_SET_KEY", `cannot index ${c.key}[${c.index}]: it is not a list`, {
      found: typeof current,
    });
  // helmfile grows the list to any index (a huge one exhausts its memory); helm refuses past MaxIndex.
  if (c.index > MAX_INDEX)
    throw new ConfigError(
      "CONFIG_BAD_SET_KEY",
      `index of ${c.index} is greater than maximum supported index of ${MAX_INDEX}`,
      { keyPath: [c.key, c.index], expected: `an index of at most ${MAX_INDEX}`, found: String(c.index) },
    );
  while (list.length <= c.index) list.push(null);
  m[c.key] = list;
  return list;
}

function descend(m: ValueMap, segment: string): ValueMap {
  const c = cursorOf(segment);
  checkKey(c.key);
  if (c.index !== undefined && c.index >= 0) {
    const list = listAt(m, { key: c.key, index: c.index });
    let el = list[c.index];
    if (el === null || el === undefined) {
      el = newMap();
      list[c.index] = el;
    }
    if (!isMap(el))
      throw new ConfigError("CONFIG_BAD_SET_KEY", `cannot set below ${segment}: it is not a map`);
    return el;
  }
  if (m[c.key] === undefined) m[c.key] = newMap();
  const next = m[c.key];
  if (!isMap(next))
    throw new ConfigError("CONFIG_BAD_SET_KEY", `cannot set below ${segment}: it is not a map`);
  return next;
}

/**
 * Sets `value` at `key` (already split by {@link parseKey}) in a copy of `start` and returns
 * the copy. Intermediate maps and lists are created; list holes are null.
 */
export function setValueAtKey(start: ValueMap, key: readonly string[], value: Value): ValueMap {
  if (key.length === 0) throw new ConfigError("CONFIG_BAD_SET_KEY", "empty state value key");
  const root = cloneValue(start) as ValueMap;
  let m = root;
  for (const seg of key.slice(0, -1)) m = descend(m, seg);
  const c = cursorOf(key[key.length - 1] as string);
  checkKey(c.key);
  if (c.index !== undefined && c.index >= 0) listAt(m, { key: c.key, index: c.index })[c.index] = value;
  else m[c.key] = value;
  return root;
}

/** The key split by {@link parseKey}, refused past {@link MAX_VALUES_DEPTH} parts (helmfile has no bound). */
function boundedKey(flag: string, key: string): string[] {
  const parts = parseKey(key);
  if (parts.length > MAX_VALUES_DEPTH) {
    throw limitError(
      LIMIT_CODES.valuesDepth,
      `${flag} key has ${parts.length} parts, more than the ${MAX_VALUES_DEPTH} levels of nesting accepted`,
      {
        found: key.length > 60 ? `${key.slice(0, 60)}…` : key,
        expected: `at most ${MAX_VALUES_DEPTH} parts`,
      },
    );
  }
  return parts;
}

/** Parses `--state-values-set` arguments: split on `,`, then at the first `=`; typed values. */
export function parseStateValuesSet(args: readonly string[]): ValueMap {
  let set = newMap();
  for (const arg of args) {
    for (const op of arg.split(",")) {
      const eq = op.indexOf("=");
      if (eq < 0) {
        throw new ConfigError(
          "CONFIG_BAD_STATE_VALUES_SET",
          `malformed --state-values-set entry ${JSON.stringify(op)}`,
          {
            expected: "key=value",
            found: op,
          },
        );
      }
      set = setValueAtKey(
        set,
        boundedKey("--state-values-set", op.slice(0, eq)),
        typedValue(op.slice(eq + 1)),
      );
    }
  }
  return set;
}

const SET_STRING_RE = /(?:,|^)([^\s=]+)=(['"][^'"]*['"]|[^,]+)/g;

/** Parses `--state-values-set-string` arguments with helmfile's regex; quoted values keep their quotes. */
export function parseStateValuesSetString(args: readonly string[]): ValueMap {
  let set = newMap();
  for (const arg of args) {
    for (const m of arg.matchAll(SET_STRING_RE)) {
      set = setValueAtKey(set, boundedKey("--state-values-set-string", m[1] as string), m[2] as string);
    }
  }
  return set;
}

/**
 * The CLI set map helmfile builds: set-string arguments first, then set arguments, each
 * merged into the accumulated map with the default (sparse) strategy.
 */
export function parseCliStateValues(setArgs: readonly string[], setStringArgs: readonly string[]): ValueMap {
  let out = newMap();
  if (setStringArgs.length > 0) out = mergeValues(out, parseStateValuesSetString(setStringArgs));
  if (setArgs.length > 0) out = mergeValues(out, parseStateValuesSet(setArgs));
  return out;
}
