/**
 * TOML output as helm's `toToml` writes it (BurntSushi/toml's Encoder, two-space indent):
 * plain keys first, then tables, each group sorted; a blank line before each top-level
 * table; nil values skipped.
 */
import { GoNumber, GoStruct, GoTime, isGoMap, type GoValue } from "../../types";
import { formatGoFloat } from "../../../shared/go/float";
import { formatGoTime } from "../sprig/go-time";

/** A TOML encoding failure with BurntSushi's wording. */
export class TomlEncodeError extends Error {}

const INDENT = "  ";

function isTable(v: GoValue): boolean {
  return isGoMap(v) || (v instanceof GoStruct && !(v instanceof GoTime));
}

function isTableArray(v: GoValue): boolean {
  if (!Array.isArray(v) || v.length === 0) return false;
  let all = true;
  for (const x of v) {
    if (x === null) throw new TomlEncodeError("toml: cannot encode array with nil element");
    if (!isTable(x)) all = false;
  }
  return all;
}

function quote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    if (ch === '"') out += '\\"';
    else if (ch === "\\") out += "\\\\";
    else if (ch === "\b") out += "\\b";
    else if (ch === "\t") out += "\\t";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\f") out += "\\f";
    else if (ch === "\r") out += "\\r";
    else if (cp < 0x20 || cp === 0x7f) out += `\\u${cp.toString(16).padStart(4, "0")}`;
    else out += ch;
  }
  return `${out}"`;
}

function keyPart(k: string): string {
  return /^[A-Za-z0-9_-]+$/.test(k) ? k : quote(k);
}

function entriesOf(v: GoValue): Array<[string, GoValue]> {
  if (v instanceof GoStruct) return [...v.fields];
  return Object.keys(v as object).map((k) => [k, (v as Record<string, GoValue>)[k] as GoValue]);
}

function floatText(f: number): string {
  if (Number.isNaN(f)) return "nan";
  if (!Number.isFinite(f)) return f < 0 ? "-inf" : "inf";
  // Go's shortest 'g' spelling, with ".0" added when it would otherwise read as an integer.
  const s = formatGoFloat(f);
  return /[.e]/.test(s) ? s : `${s}.0`;
}

class TomlWriter {
  private out = "";

  text(): string {
    return this.out;
  }

  private newline(): void {
    if (this.out !== "") this.out += "\n";
  }

  element(v: GoValue): string {
    if (typeof v === "string") return quote(v);
    if (typeof v === "boolean") return v ? "true" : "false";
    if (typeof v === "bigint") return v.toString();
    if (typeof v === "number") return floatText(v);
    if (v instanceof GoNumber) return v.kind === "float32" ? floatText(Number(v.value)) : String(v.value);
    if (v instanceof GoTime) return formatGoTime(v, "2006-01-02T15:04:05.999999999Z07:00");
    if (Array.isArray(v)) {
      return `[${v
        .map((x) => {
          if (x === null) throw new TomlEncodeError("toml: cannot encode array with nil element");
          return this.element(x);
        })
        .join(", ")}]`;
    }
    if (isTable(v)) return this.inlineTable(v);
    throw new TomlEncodeError(`toml: unsupported type: ${typeof v}`);
  }

  private inlineTable(v: GoValue): string {
    const parts = this.sorted(v)
      .filter(([, x]) => x !== null)
      .map(([k, x]) => `${keyPart(k)} = ${this.element(x)}`);
    return `{${parts.join(", ")}}`;
  }

  private sorted(v: GoValue): Array<[string, GoValue]> {
    const entries = entriesOf(v);
    const direct = entries.filter(([, x]) => !isTable(x) && !isTableArray(x));
    const sub = entries.filter(([, x]) => isTable(x) || isTableArray(x));
    const byKey = (a: [string, GoValue], b: [string, GoValue]): number =>
      a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
    return [...direct.sort(byKey), ...sub.sort(byKey)];
  }

  table(key: readonly string[], v: GoValue): void {
    if (key.length === 1) this.newline();
    if (key.length > 0) {
      this.out += `${INDENT.repeat(key.length - 1)}[${key.map(keyPart).join(".")}]`;
      this.newline();
    }
    this.body(key, v);
  }

  body(key: readonly string[], v: GoValue): void {
    for (const [k, x] of this.sorted(v)) {
      if (x === null) continue;
      const sub = [...key, k];
      if (isTableArray(x)) {
        for (const item of x as GoValue[]) {
          this.newline();
          this.out += `${INDENT.repeat(sub.length - 1)}[[${sub.map(keyPart).join(".")}]]`;
          this.newline();
          this.body(sub, item);
        }
      } else if (isTable(x)) this.table(sub, x);
      else this.out += `${INDENT.repeat(sub.length - 1)}${keyPart(k)} = ${this.element(x)}\n`;
    }
  }
}

/** Encodes a map (or struct) as a TOML document. */
export function encodeToml(v: GoValue): string {
  const w = new TomlWriter();
  // BurntSushi writes a top-level non-table as a bare value (and nil as nothing).
  if (v === null) return "";
  if (!isTable(v)) return w.element(v);
  w.table([], v);
  return w.text();
}
