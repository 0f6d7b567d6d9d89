/**
 * The rune scanner under helm's `strvals` parsers, plus the Go error and panic shapes they
 * produce. `GoError.eof` marks an error that wraps `io.EOF`, which the parse loop treats as a
 * clean end of input.
 */
import { goTypeName } from "./go-format";
import { goQuote } from "../../shared/go/quote";
import { isMap, type Value, type ValueMap } from "../../shared/value";

/** An error value as helm's parser returns it. */
export class GoError extends Error {
  /** `errors.Is(err, io.EOF)`. */
  readonly eof: boolean;
  /** `err == io.EOF`: the EOF itself, not wrapped (helm 3's parse loop checks only this). */
  readonly bareEof: boolean;
  constructor(message: string, eof = false, bareEof = false) {
    super(message);
    this.eof = eof;
    this.bareEof = bareEof;
  }
  /** `fmt.Errorf(prefix + "%w", err)`: the wrapped error keeps its EOF identity. */
  wrap(prefix: string): GoError {
    return new GoError(`${prefix}${this.message}`, this.eof);
  }
  /** True when the parse loop of helm `major` treats this error as a clean end of input. */
  endsInput(major: 3 | 4): boolean {
    return major === 3 ? this.bareEof : this.eof;
  }
}

/** `io.EOF`. */
export const EOF = (): GoError => new GoError("EOF", true, true);

/** A Go runtime panic (failed type assertion), recovered by the parser's `key` step. */
export class GoPanic extends Error {}

/** Reads code points from a string, with one-rune unread like `bytes.Buffer`. */
export class RuneScanner {
  private readonly runes: string[];
  private pos = 0;
  constructor(text: string) {
    this.runes = [...text];
  }
  /** The next rune, or undefined at the end. */
  read(): string | undefined {
    const r = this.runes[this.pos];
    if (r !== undefined) this.pos++;
    return r;
  }
  unread(): void {
    if (this.pos > 0) this.pos--;
  }
  /** What is left, without consuming it. */
  rest(): string {
    return this.runes.slice(this.pos).join("");
  }
  /** Skips `n` UTF-16 code units worth of runes of {@link rest}. */
  skipUnits(n: number): void {
    let units = 0;
    while (units < n && this.pos < this.runes.length) units += (this.runes[this.pos++] as string).length;
  }

  /**
   * Reads until one of `stop`; with `escapes`, a backslash takes the next rune literally.
   * Returns the text read, the stop rune (undefined at the end) and whether the end was hit.
   */
  until(stop: string, escapes: boolean): { text: string; last: string | undefined; eof: boolean } {
    let text = "";
    for (;;) {
      const r = this.read();
      if (r === undefined) return { text, last: undefined, eof: true };
      if (stop.includes(r)) return { text, last: r, eof: false };
      if (escapes && r === "\\") {
        const next = this.read();
        if (next === undefined) return { text, last: undefined, eof: true };
        text += next;
        continue;
      }
      text += r;
    }
  }
}

/** `v.(map[string]interface{})` on a value that may be missing from its map. */
export function assertMap(v: Value | undefined): ValueMap {
  if (v !== undefined && isMap(v)) return v;
  throw new GoPanic(
    `interface conversion: interface {} is ${goTypeName(v ?? null)}, not map[string]interface {}`,
  );
}

/** `v.([]interface{})`. */
export function assertList(v: Value | undefined): Value[] {
  if (Array.isArray(v)) return v;
  throw new GoPanic(`interface conversion: interface {} is ${goTypeName(v ?? null)}, not []interface {}`);
}

/** `strconv.Atoi` with its error texts. */
export function atoi(s: string): number {
  if (!/^[+-]?[0-9]+$/.test(s)) throw new GoError(`strconv.Atoi: parsing ${goQuote(s)}: invalid syntax`);
  const n = BigInt(s);
  if (n > (1n << 63n) - 1n || n < -(1n << 63n))
    throw new GoError(`strconv.Atoi: parsing ${goQuote(s)}: value out of range`);
  return Number(n);
}

/** helm's `setIndex`: grows the list with nulls; refuses negative and huge indexes. */
export function setIndex(list: Value[], index: number, val: Value): Value[] {
  if (index < 0) throw new GoError(`negative ${index} index not allowed`);
  if (index > MAX_INDEX)
    throw new GoError(`index of ${index} is greater than maximum supported index of ${MAX_INDEX}`);
  let out = list;
  if (out.length <= index) {
    out = [...list];
    while (out.length <= index) out.push(null);
  }
  out[index] = val;
  return out;
}

/** helm's `MaxIndex`. */
export const MAX_INDEX = 65536;
/** helm's `MaxNestedNameLevel`. */
export const MAX_NESTED_NAME_LEVEL = 30;

/** helm's `set`: an empty key is silently dropped. */
export function setKey(data: ValueMap, key: string, val: Value): void {
  if (key !== "") data[key] = val;
}
