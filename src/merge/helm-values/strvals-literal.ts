/**
 * helm's `--set-literal` parser: the key is split on `.` and `[i]` without escapes, and the
 * value is everything after the first `=`, verbatim.
 */
import { type Value, type ValueMap } from "../../shared/value";
import { goQuote, goQuoteRunes } from "../../shared/go/quote";
import { EOF, GoError, RuneScanner, setIndex, setKey } from "./strvals-scanner";
import { guardKey, listInList, listKey, mapInList, nestedMapKey, type ListResult } from "./strvals-steps";

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
  private readonly keyStep = (data: ValueMap, level: number): GoError | undefined => this.key(data, level);

  constructor(private readonly sc: RuneScanner) {}

  key(data: ValueMap, level: number): GoError | undefined {
    return guardKey(() => this.keyUnguarded(data, level));
  }

  private keyUnguarded(data: ValueMap, level: number): GoError | undefined {
    const { text: k, last, eof } = this.sc.until("=[.", false);
    if (eof) return k === "" ? EOF() : new GoError(`key ${goQuote(k)} has no value`);
    if (last === "=") {
      setKey(data, k, this.sc.until("", false).text);
      return undefined;
    }
    if (last === ".") return nestedMapKey(this.keyStep, data, k, level);
    return listKey(this.sc, false, data, k, (list, i) => this.listItem(list, i, level));
  }

  private listItem(list: Value[], i: number, level: number): ListResult {
    if (i < 0) return [list, new GoError(`negative ${i} index not allowed`)];
    const { text, last, eof } = this.sc.until("[.=", false);
    if (text !== "")
      return [list, new GoError(`unexpected data at end of array index: ${goQuoteRunes(text)}`)];
    if (eof) return [list, EOF()];
    try {
      if (last === "=") return [setIndex(list, i, this.sc.until("", false).text), undefined];
      if (last === ".") return mapInList(this.keyStep, list, i, level);
      return listInList(this.sc, false, list, i, (inner, j) => this.listItem(inner, j, level));
    } catch (err) {
      if (err instanceof GoError) return [list, err];
      throw err;
    }
  }
}
