/**
 * helm's `--set` parser (`strvals`): `a.b[0].c=v,x={1,2}` written into an existing map, with
 * helm's type inference, escapes, list padding, error texts and quirks (a failed type assertion
 * on an existing value becomes `unable to parse key: interface conversion: …`).
 */
import { isMap, newMap, type Value, type ValueMap } from "../../shared/value";
import { decodeJsonPrefix, GoJsonError } from "./go-json";
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

/** How values are read: typed (`--set`), strings (`--set-string`), JSON, or a file's content. */
export type StrvalsMode =
  | { readonly kind: "typed" }
  | { readonly kind: "string" }
  | { readonly kind: "json" }
  | { readonly kind: "file"; readonly read: (path: string) => string };

/** Parses `expression` into `dest` (mutated). Throws {@link GoError} with helm's message. */
export function parseStrvalsInto(
  expression: string,
  dest: ValueMap,
  mode: StrvalsMode,
  major: 3 | 4 = 4,
): void {
  const p = new StrvalsParser(new RuneScanner(expression), mode);
  for (;;) {
    const err = p.key(dest, 0);
    if (err === undefined) continue;
    if (err.endsInput(major)) return;
    throw err;
  }
}

/** helm's `typedVal`: bools and null in any case, int64 when the text does not start with 0. */
export function typedVal(text: string, asString: boolean): Value {
  if (asString) return text;
  // strings.EqualFold: ASCII case plus the long s, the only other rune folding onto these words.
  const folded = text.replace(/ſ/g, "s").toLowerCase();
  if (folded === "true") return true;
  if (folded === "false") return false;
  if (folded === "null") return null;
  if (text === "0") return 0n;
  if (text !== "" && text[0] !== "0" && /^[+-]?[0-9]+$/.test(text)) {
    const n = BigInt(text);
    if (n >= -(1n << 63n) && n <= (1n << 63n) - 1n) return n;
  }
  return text;
}

class StrvalsParser {
  constructor(
    private readonly sc: RuneScanner,
    private readonly mode: StrvalsMode,
  ) {}

  /** One `key=value` step; returns the error helm's `key` would return. */
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
    const { text: k, last, eof } = this.sc.until("=[,.", true);
    if (eof) return k === "" ? EOF() : new GoError(`key ${goQuote(k)} has no value`);
    if (last === "[") {
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
    if (last === "=")
      return this.mode.kind === "json" ? this.jsonValue((v) => setKey(data, k, v)) : this.assign(data, k);
    if (last === ",") {
      setKey(data, k, "");
      return new GoError(`key ${goQuote(k)} has no value (cannot end with ,)`);
    }
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

  private assign(data: ValueMap, k: string): GoError | undefined {
    const list = this.valList();
    if (list.err === undefined) {
      setKey(data, k, list.items);
      return undefined;
    }
    if (list.err === "eof") {
      setKey(data, k, "");
      return EOF();
    }
    if (list.err !== "notlist") return list.err;
    const text = this.sc.until(",", true).text;
    setKey(data, k, this.read(text));
    return undefined;
  }

  /** `--set-json` value: empty means null; otherwise one JSON value, then optional spaces and a comma. */
  private jsonValue(store: (v: Value) => void): GoError | undefined {
    if (this.emptyVal()) {
      store(null);
      return undefined;
    }
    let decoded: { value: Value; end: number };
    try {
      decoded = decodeJsonPrefix(this.sc.rest(), 0);
    } catch (err) {
      if (err instanceof GoJsonError) return new GoError(err.message);
      throw err;
    }
    store(decoded.value);
    this.sc.skipUnits(decoded.end);
    this.emptyVal();
    return undefined;
  }

  private read(text: string): Value {
    switch (this.mode.kind) {
      case "typed":
        return typedVal(text, false);
      case "string":
        return text;
      case "file":
        return this.mode.read(text);
      case "json":
        return text;
    }
  }

  private keyIndex(): number {
    const { text, eof } = this.sc.until("]", true);
    if (eof) throw EOF();
    return atoi(text);
  }

  private listItem(list: Value[], i: number, level: number): [Value[], GoError | undefined] {
    if (i < 0) return [list, new GoError(`negative ${i} index not allowed`)];
    const { text, last, eof } = this.sc.until("[.=", true);
    if (text !== "")
      return [list, new GoError(`unexpected data at end of array index: ${goQuoteRunes(text)}`)];
    if (eof) return [list, EOF()];
    try {
      if (last === "=") return this.listAssign(list, i);
      if (last === "[") {
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
      }
      let inner = newMap();
      if (list.length > i) {
        const existing = list[i];
        if (isMap(existing)) inner = existing;
        else list[i] = inner;
      }
      const err = this.key(inner, level);
      if (err !== undefined) return [list, err];
      return [setIndex(list, i, inner), undefined];
    } catch (err) {
      if (err instanceof GoError) return [list, err];
      throw err;
    }
  }

  private listAssign(list: Value[], i: number): [Value[], GoError | undefined] {
    if (this.mode.kind === "json") {
      let out = list;
      const err = this.jsonValue((v) => {
        out = setIndex(list, i, v);
      });
      return [out, err];
    }
    const vl = this.valList();
    if (vl.err === undefined) return [setIndex(list, i, vl.items), undefined];
    if (vl.err === "eof") return [setIndex(list, i, ""), undefined];
    if (vl.err !== "notlist") return [list, vl.err];
    const text = this.sc.until(",", true).text;
    return [setIndex(list, i, this.read(text)), undefined];
  }

  /** `{a,b}` list syntax; "notlist" when the value does not start with `{`. */
  private valList(): { items: Value[]; err?: undefined } | { err: "eof" | "notlist" | GoError } {
    const r = this.sc.read();
    if (r === undefined) return { err: "eof" };
    if (r !== "{") {
      this.sc.unread();
      return { err: "notlist" };
    }
    const items: Value[] = [];
    for (;;) {
      const { text, last, eof } = this.sc.until(",}", true);
      if (eof) return { err: new GoError("list must terminate with '}'") };
      if (last === "}") {
        const after = this.sc.read();
        if (after !== undefined && after !== ",") this.sc.unread();
        items.push(this.read(text));
        return { items };
      }
      items.push(this.read(text));
    }
  }

  /** Skips spaces; true at a comma (consumed) or the end. */
  private emptyVal(): boolean {
    for (;;) {
      const r = this.sc.read();
      if (r === undefined || r === ",") return true;
      if (!/\s/u.test(r)) {
        this.sc.unread();
        return false;
      }
    }
  }
}
