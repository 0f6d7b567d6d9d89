/** Go's `html`, `js`, `urlquery`, `print`, `printf`, `println` builtins. */
import { sprint, sprintln } from "../fmt/printer";
import { sprintf } from "../fmt/sprintf";
import { isGoPrint } from "../../shared/go/quote";
import { queryEscapeBytes } from "../../shared/go/url";
import { goStringToBytes, type FuncSpec, type GoValue } from "../types";

/** Go's `evalArgs`: a lone string is used as is; otherwise Sprint with nil shown as `<no value>`. */
function evalArgs(args: readonly GoValue[]): string {
  if (args.length === 1 && typeof args[0] === "string") return args[0];
  return sprint(args.map((a) => (a === null ? "<no value>" : a)));
}

/** Go's `template.HTMLEscapeString`. */
export function htmlEscape(s: string): string {
  return s.replace(
    /["'&<>\0]/g,
    (c) => ({ '"': "&#34;", "'": "&#39;", "&": "&amp;", "<": "&lt;", ">": "&gt;", "\0": "\uFFFD" })[c] ?? c,
  );
}

/** Go's `template.JSEscapeString`. */
export function jsEscape(s: string): string {
  let out = "";
  for (const ch of s) {
    const c = ch.codePointAt(0) as number;
    switch (ch) {
      case "\\":
        out += "\\\\";
        continue;
      case "'":
        out += "\\'";
        continue;
      case '"':
        out += '\\"';
        continue;
      case "<":
        out += "\\u003C";
        continue;
      case ">":
        out += "\\u003E";
        continue;
      case "&":
        out += "\\u0026";
        continue;
      case "=":
        out += "\\u003D";
        continue;
      default:
        break;
    }
    if (c < 0x20) out += `\\u00${c.toString(16).toUpperCase().padStart(2, "0")}`;
    else if (c < 0x80 || (isGoPrint(ch) && !(c >= 0xd800 && c <= 0xdfff))) out += ch;
    else out += `\\u${(c >= 0xd800 && c <= 0xdfff ? 0xfffd : c).toString(16).toUpperCase().padStart(4, "0")}`;
  }
  return out;
}

/** Go's `url.QueryEscape`. */
export function queryEscape(s: string): string {
  return queryEscapeBytes(goStringToBytes(s));
}

const I = "interface {}" as const;

/** Escaping and printing builtins as function specs. */
export const escapeBuiltins: ReadonlyArray<[string, FuncSpec]> = [
  ["html", { params: [I], variadic: true, impl: (a) => htmlEscape(evalArgs(a)) }],
  ["js", { params: [I], variadic: true, impl: (a) => jsEscape(evalArgs(a)) }],
  ["urlquery", { params: [I], variadic: true, impl: (a) => queryEscape(evalArgs(a)) }],
  ["print", { params: [I], variadic: true, impl: (a) => sprint(a) }],
  ["printf", { params: ["string", I], variadic: true, impl: (a) => sprintf(a[0] as string, a.slice(1)) }],
  ["println", { params: [I], variadic: true, impl: (a) => sprintln(a) }],
];
