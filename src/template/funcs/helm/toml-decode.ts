/**
 * A TOML 1.0 reader for helm's `fromToml` (BurntSushi/toml into `map[string]interface{}`):
 * integers are `int64`, floats `float64`, offset date-times `time.Time`, local dates and
 * times stay strings, arrays are `[]interface{}`, tables are maps.
 */
import { GoNumber, GoTime, newGoMap, type GoMap, type GoValue } from "../../types";

/** A TOML syntax error (`toml: line N: ...`). */
export class TomlSyntaxError extends Error {}

const BARE_KEY = /^[A-Za-z0-9_-]+/;

class TomlParser {
  private i = 0;
  private line = 1;
  readonly root = newGoMap();
  /** Tables created by a header or by dotted keys, to refuse redefinition. */
  private readonly defined = new Set<GoMap>();

  /** The key being assigned, for BurntSushi's `(last key "a.b")` context in messages. */
  private lastKey: string | undefined;

  constructor(private readonly s: string) {}

  fail(msg: string): never {
    const ctx = this.lastKey === undefined ? "" : ` (last key ${JSON.stringify(this.lastKey)})`;
    throw new TomlSyntaxError(`toml: line ${this.line}${ctx}: ${msg}`);
  }

  private peek(n = 0): string {
    return this.s[this.i + n] ?? "";
  }

  private skipSpace(): void {
    while (this.peek() === " " || this.peek() === "\t") this.i++;
  }

  private skipComment(): void {
    if (this.peek() === "#") while (this.i < this.s.length && this.peek() !== "\n") this.i++;
  }

  /** Skips blanks, comments and newlines (inside arrays). */
  private skipAll(): void {
    for (;;) {
      this.skipSpace();
      this.skipComment();
      if (this.peek() === "\n") {
        this.line++;
        this.i++;
      } else if (this.peek() === "\r" && this.peek(1) === "\n") {
        this.line++;
        this.i += 2;
      } else return;
    }
  }

  private endOfLine(): void {
    this.skipSpace();
    this.skipComment();
    if (this.i >= this.s.length) return;
    if (this.peek() === "\n") {
      this.i++;
      this.line++;
    } else if (this.peek() === "\r" && this.peek(1) === "\n") {
      this.i += 2;
      this.line++;
    } else {
      this.fail(
        `expected a top-level item to end with a newline, comment, or EOF, but got '${this.peek()}' instead`,
      );
    }
  }

  parse(): GoMap {
    let table = this.root;
    let path: string[] = [];
    for (;;) {
      this.skipAll();
      if (this.i >= this.s.length) return this.root;
      if (this.peek() === "[") [table, path] = this.header();
      else this.keyValue(table, path);
      this.lastKey = undefined;
      this.endOfLine();
    }
  }

  private key(): string[] {
    const parts: string[] = [];
    for (;;) {
      this.skipSpace();
      const c = this.peek();
      if (c === '"') parts.push(this.basicString());
      else if (c === "'") parts.push(this.literalString());
      else {
        const m = BARE_KEY.exec(this.s.slice(this.i));
        if (m === null) this.fail(`expected a key but found ${JSON.stringify(c)}`);
        parts.push(m[0]);
        this.i += m[0].length;
      }
      this.skipSpace();
      if (this.peek() !== ".") return parts;
      this.i++;
    }
  }

  private descend(table: GoMap, key: string): GoMap {
    const existing = table[key];
    if (existing === undefined) {
      const t = newGoMap();
      table[key] = t;
      return t;
    }
    if (Array.isArray(existing)) {
      const last = existing[existing.length - 1];
      if (last !== undefined && last !== null && typeof last === "object" && !Array.isArray(last))
        return last as GoMap;
    }
    if (
      existing !== null &&
      typeof existing === "object" &&
      !Array.isArray(existing) &&
      !(existing instanceof GoNumber) &&
      !(existing instanceof GoTime)
    ) {
      return existing as GoMap;
    }
    return this.fail(`key ${JSON.stringify(key)} is already defined as a value`);
  }

  private header(): [GoMap, string[]] {
    const array = this.peek(1) === "[";
    this.i += array ? 2 : 1;
    const keys = this.key();
    if (this.peek() !== "]" || (array && this.peek(1) !== "]"))
      this.fail("expected ']' to close the table header");
    this.i += array ? 2 : 1;
    let t = this.root;
    for (const k of keys.slice(0, -1)) t = this.descend(t, k);
    const last = keys[keys.length - 1] as string;
    if (array) {
      const list = (t[last] ?? []) as GoValue[];
      if (!Array.isArray(list)) this.fail(`key ${JSON.stringify(last)} is not an array of tables`);
      const item = newGoMap();
      list.push(item);
      t[last] = list;
      return [item, keys];
    }
    if (Array.isArray(t[last])) this.fail(`Key '${keys.join(".")}' has already been defined.`);
    const table = this.descend(t, last);
    if (this.defined.has(table)) this.fail(`Key '${keys.join(".")}' has already been defined.`);
    this.defined.add(table);
    return [table, keys];
  }

  private keyValue(table: GoMap, path: readonly string[]): void {
    if (this.peek() === "=") this.fail("unexpected '=': key name appears blank");
    const keys = this.key();
    const full = [...path, ...keys];
    this.lastKey = full.join(".");
    if (this.peek() !== "=") this.fail(`expected '=' after the key ${JSON.stringify(keys.join("."))}`);
    this.i++;
    this.skipSpace();
    let t = table;
    for (const k of keys.slice(0, -1)) t = this.descend(t, k);
    const last = keys[keys.length - 1] as string;
    if (Object.prototype.hasOwnProperty.call(t, last))
      this.fail(`Key '${full.join(".")}' has already been defined.`);
    t[last] = this.value(full);
  }

  private value(path: readonly string[]): GoValue {
    const c = this.peek();
    if (c === "" || c === "\n" || c === "#") this.fail("unexpected EOF; expected value");
    if (c === '"') return this.s.startsWith('"""', this.i) ? this.multiline('"') : this.basicString();
    if (c === "'") return this.s.startsWith("'''", this.i) ? this.multiline("'") : this.literalString();
    if (c === "[") return this.array(path);
    if (c === "{") return this.inlineTable(path);
    const m = /^[^\s,\]}#]+(?: [0-9][^\s,\]}#]*)?/.exec(this.s.slice(this.i));
    if (m === null) return this.fail(`expected value but found ${JSON.stringify(c)} instead`);
    this.i += m[0].length;
    return this.scalar(m[0]);
  }

  private scalar(text: string): GoValue {
    if (text === "true") return true;
    if (text === "false") return false;
    if (/^[+-]?(inf|nan)$/.test(text))
      return text.endsWith("nan") ? NaN : text.startsWith("-") ? -Infinity : Infinity;
    const dt =
      /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|z|[+-]\d{2}:\d{2})?)?$/.exec(text);
    if (dt !== null) return tomlDateTime(dt);
    const lt = /^(\d{2}):(\d{2}):(\d{2})(\.\d+)?$/.exec(text);
    if (lt !== null)
      return tomlDateTime(
        ["", "0000", "01", "01", lt[1], lt[2], lt[3], lt[4]] as unknown as RegExpExecArray,
        "time-local",
      );
    if (/^[+-]?[0-9.]/.test(text)) return this.number(text);
    return this.fail(`expected value but found ${JSON.stringify(text)} instead`);
  }

  private number(text: string): GoValue {
    const isFloat = !/^[+-]?0[xob]/.test(text) && /[.eE]/.test(text);
    const kind = isFloat ? "float" : "integer";
    if (/^[+-]?\./.test(text)) this.fail("floats must start with a digit, not '.'");
    const digits = /^[+-]?0x/.test(text) ? "0-9A-Fa-f" : "0-9";
    const body = text.replace(/^[+-]?0[xob]/, "");
    if (new RegExp(`(^|[^${digits}])_|_($|[^${digits}])`).test(body)) {
      this.fail(`Invalid ${kind} ${JSON.stringify(text)}: underscores must be surrounded by digits`);
    }
    const plain = text.replace(/_/g, "");
    if (isFloat) {
      if (/\.($|[eE])/.test(plain))
        this.fail(`Invalid float ${JSON.stringify(text)}: '.' must be followed by one or more digits`);
      if (!/^[+-]?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/.test(plain)) {
        this.fail(`expected value but found ${JSON.stringify(text)} instead`);
      }
      return Number(plain);
    }
    if (/^[+-]?0[0-9]/.test(plain))
      this.fail(`Invalid integer ${JSON.stringify(text)}: cannot have leading zeroes`);
    if (!/^[+-]?[0-9]+$|^0x[0-9A-Fa-f]+$|^0o[0-7]+$|^0b[01]+$/.test(plain)) {
      this.fail(`expected value but found ${JSON.stringify(text)} instead`);
    }
    const int = BigInt(plain.replace(/^\+/, ""));
    if (int < -(2n ** 63n) || int > 2n ** 63n - 1n) this.fail(`${text} is out of range for int64`);
    return GoNumber.int64(int);
  }

  private basicString(): string {
    this.i++;
    let out = "";
    for (;;) {
      const c = this.peek();
      if (c === "") this.fail("unexpected EOF; expected '\"'");
      if (c === "\n") this.fail("strings cannot contain newlines");
      this.i++;
      if (c === '"') return out;
      if (c === "\\") out += this.escape();
      else out += c;
    }
  }

  private escape(): string {
    const c = this.peek();
    this.i++;
    const simple: Record<string, string> = {
      b: "\b",
      t: "\t",
      n: "\n",
      f: "\f",
      r: "\r",
      '"': '"',
      "\\": "\\",
      e: "\u001b",
    };
    const named = simple[c];
    if (named !== undefined) return named;
    if (c === "u" || c === "U") {
      const n = c === "u" ? 4 : 8;
      const hex = this.s.slice(this.i, this.i + n);
      if (!/^[0-9A-Fa-f]+$/.test(hex) || hex.length !== n) this.fail(`invalid escape \\${c}${hex}`);
      this.i += n;
      return String.fromCodePoint(parseInt(hex, 16));
    }
    return this.fail(`invalid escape character ${JSON.stringify(c)}`);
  }

  private literalString(): string {
    const end = this.s.indexOf("'", this.i + 1);
    const nl = this.s.indexOf("\n", this.i + 1);
    if (end < 0 || (nl >= 0 && nl < end)) this.fail("unterminated literal string");
    const out = this.s.slice(this.i + 1, end);
    this.i = end + 1;
    return out;
  }

  private multiline(q: string): string {
    this.i += 3;
    if (this.peek() === "\n") {
      this.i++;
      this.line++;
    } else if (this.peek() === "\r" && this.peek(1) === "\n") this.i += 2;
    let out = "";
    for (;;) {
      if (this.i >= this.s.length) this.fail("unterminated multi-line string");
      if (this.s.startsWith(q.repeat(3), this.i)) {
        let extra = 0;
        while (this.peek(3 + extra) === q && extra < 2) extra++;
        out += q.repeat(extra);
        this.i += 3 + extra;
        return out;
      }
      const c = this.peek();
      this.i++;
      if (c === "\n") this.line++;
      if (q === '"' && c === "\\") {
        if (/^[ \t]*\r?\n/.test(this.s.slice(this.i))) {
          while (/[\s]/.test(this.peek())) {
            if (this.peek() === "\n") this.line++;
            this.i++;
          }
        } else out += this.escape();
      } else out += c;
    }
  }

  private array(path: readonly string[]): GoValue[] {
    this.i++;
    const out: GoValue[] = [];
    for (;;) {
      this.skipAll();
      if (this.peek() === "]") {
        this.i++;
        return out;
      }
      if (this.i >= this.s.length) this.fail("unexpected EOF; expected value");
      out.push(this.value(path));
      this.skipAll();
      if (this.peek() === ",") this.i++;
      else if (this.peek() !== "]") this.fail("expected ',' or ']' in an array");
    }
  }

  private inlineTable(path: readonly string[]): GoMap {
    this.i++;
    const t = newGoMap();
    this.skipSpace();
    if (this.peek() === "}") {
      this.i++;
      return t;
    }
    for (;;) {
      this.skipSpace();
      this.keyValue(t, path);
      this.skipSpace();
      if (this.peek() === "}") {
        this.i++;
        return t;
      }
      if (this.peek() !== ",") this.fail("expected ',' or '}' in an inline table");
      this.i++;
    }
  }
}

/** BurntSushi's time values: offset date-times in their zone, local ones in a named "-local" zone at +0000. */
function tomlDateTime(m: RegExpExecArray, localKind?: string): GoTime {
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const nanos = BigInt(((frac ?? "").slice(1) + "000000000").slice(0, 9) || "0");
  const offset =
    zone === undefined || zone === "Z" || zone === "z"
      ? 0
      : (zone.startsWith("-") ? -1 : 1) * (Number(zone.slice(1, 3)) * 3600 + Number(zone.slice(4, 6)) * 60);
  const date = new Date(0);
  date.setUTCFullYear(Number(y), Number(mo) - 1, Number(d));
  date.setUTCHours(Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0), 0);
  const ms = date.getTime() - offset * 1000;
  const abs = Math.abs(offset);
  const hhmm = `${String(Math.floor(abs / 3600)).padStart(2, "0")}${String(Math.floor(abs / 60) % 60).padStart(2, "0")}`;
  const name =
    localKind ??
    (zone === undefined
      ? h === undefined
        ? "date-local"
        : "datetime-local"
      : offset === 0
        ? "UTC"
        : `${offset < 0 ? "-" : "+"}${hhmm}`);
  return new GoTime(BigInt(ms) * 1_000_000n + nanos, offset, name);
}

/** Parses a TOML document into a map. Throws {@link TomlSyntaxError}. */
export function decodeToml(text: string): GoMap {
  return new TomlParser(text).parse();
}
