/**
 * encoding/json decoding into `interface{}`, the one copy every stage uses (`fromJson`,
 * `mustFromJson`, `--set-json`): numbers become float64, objects `map[string]interface {}` with
 * the last duplicate key winning, and errors carry Go's syntax-error texts, nesting beyond
 * 10000 levels included.
 */
import { newMap, type Value } from "../value";
import { LIMIT_CODES, limitError } from "../limits";
import { formatJsonFloat } from "./float";
import { jsonString } from "./json-string";
import { quoteRune } from "./quote";

/** encoding/json's maxNestingDepth. */
export const GO_JSON_MAX_DEPTH = 10000;

/** A decode failure; the message is Go's (`invalid character 'b' looking for …`). */
export class GoJsonError extends Error {}

/**
 * encoding/json's `quoteChar`: the offending byte quoted as a rune, so a multi-byte character
 * shows as its first UTF-8 byte (`'Ã'` for `é`); lone surrogates U+DC80–U+DCFF stand for raw bytes.
 */
function quoteChar(s: string, i: number): string {
  const cp = s.codePointAt(i) ?? 0;
  if (cp < 0x80) return quoteRune(cp);
  if (cp >= 0xdc80 && cp <= 0xdcff) return quoteRune(cp - 0xdc00);
  return quoteRune(new TextEncoder().encode(String.fromCodePoint(cp))[0]!);
}

class Parser {
  i = 0;
  private depth = 0;
  constructor(readonly s: string) {}

  /** Go's scanner feeds a space at end of input: inside a literal or number that space is the bad character. */
  fail(context: string, spaceAtEnd = false): never {
    if (this.i >= this.s.length) {
      throw new GoJsonError(spaceAtEnd ? `invalid character ' ' ${context}` : "unexpected end of JSON input");
    }
    throw new GoJsonError(`invalid character ${quoteChar(this.s, this.i)} ${context}`);
  }
  ws(): void {
    while (this.i < this.s.length && " \t\r\n".includes(this.s[this.i] as string)) this.i++;
  }
  value(): Value {
    this.ws();
    const c = this.s[this.i];
    if (c === "{") return this.object();
    if (c === "[") return this.array();
    if (c === '"') return this.string();
    if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) return this.number();
    if (c === "t") return this.literal("true", true);
    if (c === "f") return this.literal("false", false);
    if (c === "n") return this.literal("null", null);
    return this.fail("looking for beginning of value");
  }
  literal(word: string, v: Value): Value {
    for (let k = 0; k < word.length; k++) {
      if (this.s[this.i] !== word[k]) this.fail(`in literal ${word} (expecting ${quoteChar(word, k)})`, true);
      this.i++;
    }
    return v;
  }
  /**
   * encoding/json refuses nesting beyond 10000 levels (maxNestingDepth) with its scanner's
   * `invalid character '[' exceeded max depth`: so does this decoder. A JavaScript stack too small
   * for that depth (the CLI's launcher raises it; a user's own process may not) fails first,
   * with a {@link LimitError} (see {@link decodeGoJson}).
   */
  private enter(): void {
    if (++this.depth > GO_JSON_MAX_DEPTH) this.fail("exceeded max depth");
  }
  object(): Value {
    this.enter();
    const m = newMap();
    this.i++;
    this.ws();
    if (this.s[this.i] === "}") {
      this.i++;
      this.depth--;
      return m;
    }
    for (;;) {
      this.ws();
      if (this.s[this.i] !== '"') this.fail("looking for beginning of object key string");
      const k = this.string();
      this.ws();
      if (this.s[this.i] !== ":") this.fail("after object key");
      this.i++;
      m[k] = this.value();
      this.ws();
      const c = this.s[this.i];
      this.i++;
      if (c === "}") {
        this.depth--;
        return m;
      }
      if (c !== ",") {
        this.i--;
        this.fail("after object key:value pair");
      }
    }
  }
  array(): Value {
    this.enter();
    const out: Value[] = [];
    this.i++;
    this.ws();
    if (this.s[this.i] === "]") {
      this.i++;
      this.depth--;
      return out;
    }
    for (;;) {
      out.push(this.value());
      this.ws();
      const c = this.s[this.i];
      this.i++;
      if (c === "]") {
        this.depth--;
        return out;
      }
      if (c !== ",") {
        this.i--;
        this.fail("after array element");
      }
    }
  }
  string(): string {
    this.i++;
    let out = "";
    for (;;) {
      const c = this.s[this.i];
      if (c === undefined) this.fail("");
      if (c === '"') {
        this.i++;
        return out;
      }
      if (c < " ") this.fail("in string literal");
      if (c === "\\") {
        out += this.escape();
        continue;
      }
      // Invalid UTF-8 bytes (escaped as lone surrogates) decode to U+FFFD, as in Go.
      out += c >= "\udc80" && c <= "\udcff" ? "\ufffd" : c;
      this.i++;
    }
  }
  escape(): string {
    this.i++;
    const c = this.s[this.i];
    const simple: Record<string, string> = {
      '"': '"',
      "\\": "\\",
      "/": "/",
      b: "\b",
      f: "\f",
      n: "\n",
      r: "\r",
      t: "\t",
    };
    if (c !== undefined && simple[c] !== undefined) {
      this.i++;
      return simple[c] as string;
    }
    if (c !== "u") this.fail("in string escape code", true);
    this.i++;
    const hex = this.s.slice(this.i, this.i + 4);
    for (let k = 0; k < 4; k++) {
      if (!/[0-9a-fA-F]/.test(this.s[this.i] ?? "")) this.fail("in \\u hexadecimal character escape", true);
      this.i++;
    }
    const cu = parseInt(hex, 16);
    if (cu >= 0xd800 && cu <= 0xdbff && this.s.slice(this.i, this.i + 2) === "\\u") {
      const lo = parseInt(this.s.slice(this.i + 2, this.i + 6), 16);
      if (lo >= 0xdc00 && lo <= 0xdfff) {
        this.i += 6;
        return String.fromCharCode(cu, lo);
      }
    }
    return cu >= 0xd800 && cu <= 0xdfff ? "\ufffd" : String.fromCharCode(cu);
  }
  number(): Value {
    const start = this.i;
    const digit = (): boolean => /[0-9]/.test(this.s[this.i] ?? "");
    if (this.s[this.i] === "-") this.i++;
    if (this.s[this.i] === "0") this.i++;
    else if (digit()) while (digit()) this.i++;
    else this.fail("in numeric literal", true);
    if (this.s[this.i] === ".") {
      this.i++;
      if (!digit()) this.fail("after decimal point in numeric literal", true);
      while (digit()) this.i++;
    }
    if (this.s[this.i] === "e" || this.s[this.i] === "E") {
      this.i++;
      if (this.s[this.i] === "+" || this.s[this.i] === "-") this.i++;
      if (!digit()) this.fail("in exponent of numeric literal", true);
      while (digit()) this.i++;
    }
    const text = this.s.slice(start, this.i);
    const v = Number(text);
    if (!Number.isFinite(v))
      throw new GoJsonError(`json: cannot unmarshal number ${text} into Go value of type float64`);
    return v;
  }
}

/** `json.Unmarshal(data, &v)` with `v interface{}`. */
export function decodeGoJson(text: string): Value {
  return withinStack(() => {
    const p = new Parser(text);
    p.ws();
    if (p.i >= text.length) throw new GoJsonError("unexpected end of JSON input");
    const v = p.value();
    p.ws();
    if (p.i < text.length) p.fail("after top-level value");
    return v;
  });
}

/** Runs `fn`; a stack overflow (nesting below Go's limit but beyond this process's stack) is a limit error. */
function withinStack<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof RangeError)
      throw limitError(
        LIMIT_CODES.valuesDepth,
        `JSON nests too deeply for this process's stack (encoding/json allows ${GO_JSON_MAX_DEPTH} levels; the pulumi-helmfile CLI raises its stack for them)`,
      );
    throw err;
  }
}

/**
 * A `json.Decoder`'s one `Decode` at `start` (after optional whitespace): the value and the
 * offset after it; the rest of `text` is left for the caller (helm's `--set-json` parser).
 */
export function decodeGoJsonPrefix(text: string, start: number): { value: Value; end: number } {
  return withinStack(() => {
    const p = new Parser(text);
    p.i = start;
    p.ws();
    if (p.i >= text.length) throw new GoJsonError("unexpected end of JSON input");
    const value = p.value();
    return { value, end: p.i };
  });
}

/** Go's string order (by UTF-8 bytes), which sorts map keys in encoding/json and fmt. */
export function compareGoStrings(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/**
 * `json.Marshal` of decoded JSON (`interface{}`: numbers are float64, maps' keys sorted as Go
 * sorts them, strings HTML-escaped), the one copy tfstate, ref+k8s and ref+httpjson use.
 */
export function encodeGoJson(v: unknown): string {
  if (v === null || v === undefined) return "null";
  if (typeof v === "boolean") return String(v);
  if (typeof v === "number") return formatJsonFloat(v) ?? "null";
  if (typeof v === "string") return jsonString(v, true);
  if (Array.isArray(v)) return `[${v.map(encodeGoJson).join(",")}]`;
  if (typeof v === "object") {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort(compareGoStrings)
      .map((k) => `${jsonString(k, true)}:${encodeGoJson(o[k])}`)
      .join(",")}}`;
  }
  return String(v);
}
