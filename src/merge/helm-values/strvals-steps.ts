/**
 * The steps helm's `--set` and `--set-literal` parsers share (strvals `parser.go` and
 * `literal_parser.go` repeat them): the panic guard around a key, a `.` into a nested map,
 * an `[i]` index, and a map or list nested in a list element. Only what they read differs
 * (with or without backslash escapes), so the scanner mode is passed in.
 */
import { LIMIT_CODES, limitError, MAX_VALUES_DEPTH } from "../../shared/limits";
import { isMap, newMap, type Value, type ValueMap } from "../../shared/value";
import {
  assertList,
  assertMap,
  atoi,
  EOF,
  GoError,
  GoPanic,
  MAX_NESTED_NAME_LEVEL,
  setIndex,
  setKey,
  type RuneScanner,
} from "./strvals-scanner";
import { goQuote } from "../../shared/go/quote";

/** One `key=value` step of a parser, into `data` at nesting `level`. */
export type KeyStep = (data: ValueMap, level: number) => GoError | undefined;

/** A list element step: the list after the step, and the error helm returns with it. */
export type ListResult = [Value[], GoError | undefined];

/** Runs a key step as helm's deferred recover does: a failed type assertion becomes an error. */
export function guardKey(step: () => GoError | undefined): GoError | undefined {
  try {
    return step();
  } catch (err) {
    if (err instanceof GoPanic) return new GoError(`unable to parse key: ${err.message}`);
    if (err instanceof GoError) return err;
    throw err;
  }
}

/** `k.` : descends into (or creates) the map at `k`; an empty result is stored only when filled. */
export function nestedMapKey(key: KeyStep, data: ValueMap, k: string, level: number): GoError | undefined {
  const next = level + 1;
  if (next > MAX_NESTED_NAME_LEVEL) {
    return new GoError(
      `value name nested level is greater than maximum supported nested level of ${MAX_NESTED_NAME_LEVEL}`,
    );
  }
  const inner = k in data ? assertMap(data[k]) : newMap();
  const err = key(inner, next);
  const filled = Object.keys(inner).length > 0;
  if (err === undefined && !filled) return new GoError(`key map ${goQuote(k)} has no value`);
  if (filled) setKey(data, k, inner);
  return err;
}

/** Reads the index after `[` up to `]`; a failure comes back wrapped as helm wraps it. */
export function readIndex(sc: RuneScanner, escapes: boolean): number | GoError {
  try {
    const { text, eof } = sc.until("]", escapes);
    if (eof) throw EOF();
    return atoi(text);
  } catch (err) {
    if (err instanceof GoError) return err.wrap("error parsing index: ");
    throw err;
  }
}

/** `k[i]…`: the list at `k` (or a new one) handed to the list step, then stored back. */
export function listKey(
  sc: RuneScanner,
  escapes: boolean,
  data: ValueMap,
  k: string,
  listItem: (list: Value[], i: number) => ListResult,
): GoError | undefined {
  const i = readIndex(sc, escapes);
  if (i instanceof GoError) return i;
  const list = k in data ? assertList(data[k]) : [];
  const [out, err] = listItem(list, i);
  setKey(data, k, out);
  return err;
}

/** `[i].`: the map at element `i` (replacing a non-map there) filled by the key step. */
export function mapInList(key: KeyStep, list: Value[], i: number, level: number): ListResult {
  let inner = newMap();
  if (list.length > i) {
    const existing = list[i];
    if (isMap(existing)) inner = existing;
    else list[i] = inner;
  }
  const err = key(inner, level);
  if (err !== undefined) return [list, err];
  return [setIndex(list, i, inner), undefined];
}

/** `[i][j]`: the list at element `i` (or a new one) handed to the list step at index `j`. */
export function listInList(
  sc: RuneScanner,
  escapes: boolean,
  list: Value[],
  i: number,
  listItem: (list: Value[], i: number) => ListResult,
): ListResult {
  const next = readIndex(sc, escapes);
  if (next instanceof GoError) return [list, next];
  const existing = list.length > i ? list[i] : null;
  const current = existing === null || existing === undefined ? [] : assertList(existing);
  // helm's listItem recurses with no bound (Go's stack takes 40000 levels of `[0]`); past
  // MAX_VALUES_DEPTH this refuses instead of exhausting the JavaScript stack.
  if (++listDepth > MAX_VALUES_DEPTH) {
    listDepth--;
    throw limitError(
      LIMIT_CODES.valuesDepth,
      `--set lists nest more than ${MAX_VALUES_DEPTH} levels deep ([i][j]…)`,
      {
        expected: `at most ${MAX_VALUES_DEPTH} nested indexes`,
      },
    );
  }
  let result: ListResult;
  try {
    result = listItem(current, next);
  } finally {
    listDepth--;
  }
  const [inner, err] = result;
  if (err !== undefined) return [list, err];
  return [setIndex(list, i, inner), undefined];
}

/** Nesting of `[i][j]…` in the expression being parsed (parsing is synchronous). */
let listDepth = 0;
