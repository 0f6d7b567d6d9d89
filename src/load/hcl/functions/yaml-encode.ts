/**
 * yamlencode as go-cty-yaml writes it (libyaml emitter): block style, sorted keys, strings
 * double-quoted unless they contain a newline (then literal `|`), numbers in plain decimal,
 * and a `...` document end after a top-level plain scalar.
 */
import { HclObj, HclSeq, isNumber, numberToString, type HclValue } from "../hcl-value";

const NAMED_ESCAPES: Record<number, string> = {
  0x00: "\\0",
  0x07: "\\a",
  0x08: "\\b",
  0x09: "\\t",
  0x0a: "\\n",
  0x0b: "\\v",
  0x0c: "\\f",
  0x0d: "\\r",
  0x1b: "\\e",
  0x22: '\\"',
  0x5c: "\\\\",
  0x85: "\\N",
  0xa0: "\\_",
  0x2028: "\\L",
  0x2029: "\\P",
};

/** libyaml's notion of a printable character (tab excluded). */
function isPrintable(cp: number): boolean {
  return (
    cp === 0x0a ||
    (cp >= 0x20 && cp <= 0x7e) ||
    cp === 0x85 ||
    (cp >= 0xa0 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd && cp !== 0xfeff) ||
    cp >= 0x10000
  );
}

function doubleQuoted(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    const named = NAMED_ESCAPES[cp];
    if (
      named !== undefined &&
      (cp === 0x22 || cp === 0x5c || !isPrintable(cp) || cp >= 0x85 || cp === 0x0a)
    ) {
      if (cp === 0xa0 && isPrintable(cp)) out += ch;
      else out += named;
    } else if (!isPrintable(cp) || cp === 0xfeff) {
      const hex = cp.toString(16).toUpperCase();
      out +=
        cp <= 0xff
          ? `\\x${hex.padStart(2, "0")}`
          : cp <= 0xffff
            ? `\\u${hex.padStart(4, "0")}`
            : `\\U${hex.padStart(8, "0")}`;
    } else out += ch;
  }
  return `${out}"`;
}

/** True when libyaml would accept the literal block style for `s`. */
function literalAllowed(s: string): boolean {
  if (!s.includes("\n") || / $/.test(s) || / \n/.test(s)) return false;
  for (const ch of s) if (!isPrintable(ch.codePointAt(0) ?? 0)) return false;
  return true;
}

/** Lines of a literal block scalar whose content is indented by `indent` spaces. */
function literal(s: string, indent: number): { header: string; lines: string[]; keep: boolean } {
  let chomp = "";
  if (!s.endsWith("\n")) chomp = "-";
  else if (s === "\n" || s.endsWith("\n\n")) chomp = "+";
  const indicator = s.startsWith(" ") || s.startsWith("\n") ? "2" : "";
  const body = s.endsWith("\n") ? s.slice(0, -1) : s;
  const pad = " ".repeat(indent);
  const lines = body.split("\n").map((l) => (l === "" ? "" : pad + l));
  return { header: `|${indicator}${chomp}`, lines, keep: chomp === "+" };
}

interface Emitted {
  /** Text after the parent's `key:` or `- ` (starting with a space when inline). */
  readonly inline: string;
  readonly lines: string[];
  readonly keep: boolean;
}

function scalar(v: HclValue): string {
  if (v === null) return "null";
  if (typeof v === "boolean") return v ? "true" : "false";
  if (isNumber(v)) return numberToString(v);
  return typeof v === "string" ? doubleQuoted(v) : "";
}

function emitNode(v: HclValue, indent: number): Emitted {
  if (v instanceof HclSeq && v.items.length > 0)
    return { inline: "", lines: seqLines(v, indent), keep: false };
  if (v instanceof HclObj && v.attrs.size > 0) return { inline: "", lines: mapLines(v, indent), keep: false };
  if (v instanceof HclSeq) return { inline: " []", lines: [], keep: false };
  if (v instanceof HclObj) return { inline: " {}", lines: [], keep: false };
  if (typeof v === "string" && literalAllowed(v)) {
    const lit = literal(v, indent);
    return { inline: ` ${lit.header}`, lines: lit.lines, keep: lit.keep };
  }
  return { inline: ` ${scalar(v)}`, lines: [], keep: false };
}

function seqLines(v: HclSeq, indent: number): string[] {
  const pad = " ".repeat(indent);
  return v.items.flatMap((item) => {
    if (
      (item instanceof HclSeq && item.items.length > 0) ||
      (item instanceof HclObj && item.attrs.size > 0)
    ) {
      const inner = emitNode(item, indent + 2).lines;
      return [`${pad}- ${(inner[0] ?? "").slice(indent + 2)}`, ...inner.slice(1)];
    }
    const e = emitNode(item, indent + 2);
    return [`${pad}-${e.inline}`, ...e.lines];
  });
}

function mapLines(v: HclObj, indent: number): string[] {
  const pad = " ".repeat(indent);
  return [...v.attrs].flatMap(([k, x]) => {
    const key = `${pad}${doubleQuoted(k)}:`;
    if (x instanceof HclSeq && x.items.length > 0) return [key, ...seqLines(x, indent)];
    const e = emitNode(x, indent + 2);
    return [`${key}${e.inline}`, ...e.lines];
  });
}

/** Encodes a value as go-cty-yaml's yamlencode does. */
export function yamlEncode(v: HclValue): string {
  if (v instanceof HclSeq && v.items.length > 0) return `${seqLines(v, 0).join("\n")}\n`;
  if (v instanceof HclObj && v.attrs.size > 0) return `${mapLines(v, 0).join("\n")}\n`;
  const e = emitNode(v, 2);
  const head = e.inline.slice(1);
  const text = [head, ...e.lines].join("\n");
  const plainScalar = !(typeof v === "string") && !(v instanceof HclSeq) && !(v instanceof HclObj);
  return `${text}\n${plainScalar || e.keep ? "...\n" : ""}`;
}
