/**
 * helm's `--set` parser (`strvals`): `a.b[0].c=v,x={1,2}` written into an existing map, with
 * helm's type inference, escapes, list padding, error texts and quirks (a failed type assertion
 * on an existing value becomes `unable to parse key: interface conversion: …`).
 */
import { type Value, type ValueMap } from "../../shared/value";
import { decodeGoJsonPrefix, GoJsonError } from "../../shared/go/json";
import { goQuote, goQuoteRunes } from "../../shared/go/quote";
import { EOF, GoError, RuneScanner, setIndex, setKey } from "./strvals-scanner";
import { guardKey, listInList, listKey, mapInList, nestedMapKey, type ListResult } from "./strvals-steps";

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
  private readonly keyStep = (data: ValueMap, level: number): GoError | undefined => this.key(data, level);

  constructor(
    private readonly sc: RuneScanner,
    private readonly mode: StrvalsMode,
  ) {}

  /** One `key=value` step; returns the error helm's `key` would return. */
  key(data: ValueMap, level: number): GoError | undefined {
    return guardKey(() => this.keyUnguarded(data, level));
  }

  private keyUnguarded(data: ValueMap, level: number): GoError | undefined {
    const { text: k, last, eof } = this.sc.until("=[,.", true);
    if (eof) return k === "" ? EOF() : new GoError(`key ${goQuote(k)} has no value`);
    if (last === "[") return listKey(this.sc, true, data, k, (list, i) => this.listItem(list, i, level));
    if (last === "=")
      return this.mode.kind === "json" ? this.jsonValue((v) => setKey(data, k, v)) : this.assign(data, k);
    if (last === ",") {
      setKey(data, k, "");
      return new GoError(`key ${goQuote(k)} has no value (cannot end with ,)`);
    }
    return nestedMapKey(this.keyStep, data, k, level);
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
      decoded = decodeGoJsonPrefix(this.sc.rest(), 0);
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

  private listItem(list: Value[], i: number, level: number): ListResult {
    if (i < 0) return [list, new GoError(`negative ${i} index not allowed`)];
    const { text, last, eof } = this.sc.until("[.=", true);
    if (text !== "")
      return [list, new GoError(`unexpected data at end of array index: ${goQuoteRunes(text)}`)];
    if (eof) return [list, EOF()];
    try {
      if (last === "=") return this.listAssign(list, i);
      if (last === "[")
        return listInList(this.sc, true, list, i, (inner, j) => this.listItem(inner, j, level));
      return mapInList(this.keyStep, list, i, level);
    } catch (err) {
      if (err instanceof GoError) return [list, err];
      throw err;
    }
  }

  private listAssign(list: Value[], i: number): ListResult {
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
