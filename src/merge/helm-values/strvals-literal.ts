/**
 * helm's `--set-literal` parser: the key is split on `.` and `[i]` without escapes, and the
 * value is everything after the first `=`, verbatim.
 */
import { isMap, newMap, type Value, type ValueMap } from "../../shared/value";
import {
  assertList,
  assertMap,
  atoi,
  EOF,
  GoError,
  GoPanic,
  goQuote,
  goQuoteRunes,
  MAX_NESTED_NAME_LEVEL,
  RuneScanner,
  setIndex,
  setKey,
} from "./strvals-scanner";

/** Parses one `--set-literal` expression into `dest` (mutated). Throws {@link GoError}. */
export function parseLiteralInto(expression: string, dest: ValueMap, major: 3 | 4 = 4): void {
  const p = new LiteralParser(new RuneScanner(expression));
  for (;;) {
    const err = p.key(dest, 0);
    if (err === undefined) continue;
    if (err.endsInput(major)) return;
    throw err;
  }
}

class LiteralParser {
  constructor(private readonly sc: RuneScanner) {}

  key(data: ValueMap, level: number): GoError | undefined {
    try {
      return this.keyUnguarded(data, level);
    } catch (err) {
      if (err instanceof GoPanic) return new GoError(`unable to parse key: ${err.message}`);
      if (err instanceof GoError) return err;
      throw err;
    }
  }

  private keyUnguarded(data: ValueMap, level: number): GoError | undefined {
    const { text: k, last, eof } = this.sc.until("=[.", false);
    if (eof) return k === "" ? EOF() : new GoError(`key ${goQuote(k)} has no value`);
    if (last === "=") {
      setKey(data, k, this.sc.until("", false).text);
      return undefined;
    }
    if (last === ".") {
      const next = level + 1;
      if (next > MAX_NESTED_NAME_LEVEL) {
        return new GoError(
          `value name nested level is greater than maximum supported nested level of ${MAX_NESTED_NAME_LEVEL}`,
        );
      }
      const inner = k in data ? assertMap(data[k]) : newMap();
      const err = this.key(inner, next);
      const filled = Object.keys(inner).length > 0;
      if (err === undefined && !filled) return new GoError(`key map ${goQuote(k)} has no value`);
      if (filled) setKey(data, k, inner);
      return err;
    }
    let i: number;
    try {
      i = this.keyIndex();
    } catch (err) {
      if (err instanceof GoError) return err.wrap("error parsing index: ");
      throw err;
    }
    const list = k in data ? assertList(data[k]) : [];
    const [out, err] = this.listItem(list, i, level);
    setKey(data, k, out);
    return err;
  }

  private keyIndex(): number {
    const { text, eof } = this.sc.until("]", false);
    if (eof) throw EOF();
    return atoi(text);
  }

  private listItem(list: Value[], i: number, level: number): [Value[], GoError | undefined] {
    if (i < 0) return [list, new GoError(`negative ${i} index not allowed`)];
    const { text, last, eof } = this.sc.until("[.=", false);
    if (text !== "")
      return [list, new GoError(`unexpected data at end of array index: ${goQuoteRunes(text)}`)];
    if (eof) return [list, EOF()];
    try {
      if (last === "=") return [setIndex(list, i, this.sc.until("", false).text), undefined];
      if (last === ".") {
        let inner = newMap();
        if (list.length > i) {
          const existing = list[i];
          if (isMap(existing)) inner = existing;
          else list[i] = inner;
        }
        const err = this.key(inner, level);
        if (err !== undefined) return [list, err];
        return [setIndex(list, i, inner), undefined];
      }
      let next: number;
      try {
        next = this.keyIndex();
      } catch (err) {
        if (err instanceof GoError) return [list, err.wrap("error parsing index: ")];
        throw err;
      }
      const existing = list.length > i ? list[i] : null;
      const current = existing === null || existing === undefined ? [] : assertList(existing);
      const [inner, err] = this.listItem(current, next, level);
      if (err !== undefined) return [list, err];
      return [setIndex(list, i, inner), undefined];
    } catch (err) {
      if (err instanceof GoError) return [list, err];
      throw err;
    }
  }
}
