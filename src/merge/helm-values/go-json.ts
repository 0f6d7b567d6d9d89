/**
 * A JSON reader with Go's `encoding/json` rules as `--set-json` meets them: numbers become
 * float64, the last duplicate key wins, and a `Decoder` reads one value from a prefix and
 * reports where it ended (the rest stays for the `--set-json` parser).
 */
import { newMap, type Value } from "../../shared/value";

/** Invalid JSON; helm drops this text and prints only the flag. */
export class GoJsonError extends Error {}

const WS = new Set([" ", "\t", "\n", "\r"]);

/** Reads one JSON value at `start` (after optional whitespace); returns it and the offset after it. */
export function decodeJsonPrefix(text: string, start: number): { value: Value; end: number } {
  const r = new Reader(text, start);
  r.skipWs();
  const value = r.value(0);
  return { value, end: r.pos };
}

/** `json.Unmarshal`: exactly one value, with nothing but whitespace after it. */
export function decodeJsonWhole(text: string): Value {
  const { value, end } = decodeJsonPrefix(text, 0);
  const r = new Reader(text, end);
  r.skipWs();
  if (r.pos < text.length) throw new GoJsonError("invalid character after top-level value");
  return value;
}

class Reader {
  pos: number;
  constructor(
    private readonly s: string,
    start: number,
  ) {
    this.pos = start;
  }

  skipWs(): void {
    while (this.pos < this.s.length && WS.has(this.s[this.pos]!)) this.pos++;
  }

  value(depth: number): Value {
    // encoding/json refuses nesting deeper than 10000.
    if (depth > 10000) throw new GoJsonError("exceeded max depth");
    const c = this.s[this.pos];
    if (c === undefined) throw new GoJsonError("unexpected end of JSON input");
    if (c === "{") return this.object(depth);
    if (c === "[") return this.array(depth);
    if (c === '"') return this.string();
    if (c === "-" || (c >= "0" && c <= "9")) return this.number();
    for (const [word, v] of [
      ["true", true],
      ["false", false],
      ["null", null],
    ] as const) {
      if (this.s.startsWith(word, this.pos)) {
        this.pos += word.length;
        return v;
      }
    }
    throw new GoJsonError(`invalid character ${JSON.stringify(c)} looking for beginning of value`);
  }

  private object(depth: number): Value {
    this.pos++;
    const out = newMap();
    this.skipWs();
    if (this.s[this.pos] === "}") {
      this.pos++;
      return out;
    }
    for (;;) {
      this.skipWs();
      if (this.s[this.pos] !== '"')
        throw new GoJsonError("invalid character looking for beginning of object key string");
      const key = this.string();
      this.skipWs();
      if (this.s[this.pos] !== ":") throw new GoJsonError("invalid character after object key");
      this.pos++;
      this.skipWs();
      out[key] = this.value(depth + 1);
      this.skipWs();
      const c = this.s[this.pos++];
      if (c === "}") return out;
      if (c !== ",") throw new GoJsonError("invalid character after object key:value pair");
    }
  }

  private array(depth: number): Value {
    this.pos++;
    const out: Value[] = [];
    this.skipWs();
    if (this.s[this.pos] === "]") {
      this.pos++;
      return out;
    }
    for (;;) {
      this.skipWs();
      out.push(this.value(depth + 1));
      this.skipWs();
      const c = this.s[this.pos++];
      if (c === "]") return out;
      if (c !== ",") throw new GoJsonError("invalid character after array element");
    }
  }

  private number(): Value {
    const m = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/.exec(this.s.slice(this.pos));
    if (m === null) throw new GoJsonError("invalid character in numeric literal");
    this.pos += m[0].length;
    const f = Number(m[0]);
    if (!Number.isFinite(f))
      throw new GoJsonError(`json: cannot unmarshal number ${m[0]} into Go value of type float64`);
    return f;
  }

  private string(): string {
    this.pos++;
    let out = "";
    for (;;) {
      const c = this.s[this.pos];
      if (c === undefined) throw new GoJsonError("unexpected end of JSON input");
      this.pos++;
      if (c === '"') return out;
      if (c < " ") throw new GoJsonError("invalid character in string literal");
      if (c !== "\\") {
        out += c;
        continue;
      }
      out += this.escape();
    }
  }

  private escape(): string {
    const e = this.s[this.pos++];
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
    if (e !== undefined && simple[e] !== undefined) return simple[e];
    if (e !== "u") throw new GoJsonError("invalid character in string escape code");
    const unit = this.hex4();
    if (unit >= 0xd800 && unit < 0xdc00 && this.s.startsWith("\\u", this.pos)) {
      const save = this.pos;
      this.pos += 2;
      const low = this.hex4();
      if (low >= 0xdc00 && low < 0xe000) return String.fromCharCode(unit, low);
      this.pos = save;
    }
    // Go replaces a lone surrogate with U+FFFD.
    if (unit >= 0xd800 && unit < 0xe000) return "\ufffd";
    return String.fromCharCode(unit);
  }

  private hex4(): number {
    const h = this.s.slice(this.pos, this.pos + 4);
    if (!/^[0-9a-fA-F]{4}$/.test(h))
      throw new GoJsonError("invalid character in \\u hexadecimal character escape");
    this.pos += 4;
    return parseInt(h, 16);
  }
}
