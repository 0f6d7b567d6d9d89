/**
 * hclsyntax lexes a whole file before parsing it and reports the tokens that never belong in
 * HCL (stray characters, bitwise operators, quotes of other languages, newlines inside quoted
 * strings) ahead of any parse error. This pass walks the text with the same modes (expressions,
 * quoted templates, heredocs, `${ }` nesting) to find the first such token.
 */
import type { HclDiagnostic } from "./hcl-errors";
import { SourceCursor } from "./source-cursor";

type Mode =
  { readonly k: "main" } | { readonly k: "string" } | { k: "heredoc"; marker: string; sol: boolean };

const ID_START = /[\p{ID_Start}_]/u;
const ID_CONTINUE = /[\p{ID_Continue}-]/u;
const TWO = ["==", "!=", ">=", "<=", "&&", "||", "::", "=>"];
const SELF = "[]().,*/%+-=<>!?:";

const BITWISE: Record<string, string> = {
  "&": ' Did you mean boolean AND ("&&")?',
  "|": ' Did you mean boolean OR ("||")?',
  "~": ' Did you mean boolean NOT ("!")?',
  "^": "",
};

const INVALID: Record<string, string> = {
  ";": 'The ";" character is not valid. Use newlines to separate arguments and blocks, and commas to separate items in collection values.',
  "`": 'The "`" character is not valid. To create a multi-line string, use the "heredoc" syntax, like "<<EOT".',
  "'": 'Single quotes are not valid. Use double quotes (") to enclose strings.',
  "\u201c":
    '"Curly quotes" are not valid here. These can sometimes be inadvertently introduced when sharing code via documents or discussion forums. It might help to replace the character with a "straight quote".',
};
INVALID["\u201d"] = INVALID["\u201c"] as string;

/** The first diagnostic hcl's token check reports for `src`, if any. */
export function firstTokenDiagnostic(src: string): HclDiagnostic | undefined {
  const c = new SourceCursor(src);
  const modes: Mode[] = [{ k: "main" }];
  let braces = 0;
  const returns: number[] = [];
  const at = (s: string): boolean => src.startsWith(s, c.offset);
  const diag = (summary: string, detail: string, length: number): HclDiagnostic => {
    const start = c.position();
    c.advance(length);
    return { summary, detail, start, end: c.position() };
  };
  const closeBrace = (length: number): void => {
    c.advance(length);
    if (returns.length > 0 && returns[returns.length - 1] === braces) {
      returns.pop();
      modes.pop();
    }
    braces--;
  };
  const openSequence = (): void => {
    c.advance(src[c.offset + 2] === "~" ? 3 : 2);
    braces++;
    returns.push(braces);
    modes.push({ k: "main" });
  };
  while (!c.eof()) {
    const mode = modes[modes.length - 1] ?? { k: "main" };
    const ch = String.fromCodePoint(src.codePointAt(c.offset) ?? 0);
    // Bytes that are not UTF-8 reach us as U+FFFD, in any mode.
    if (ch === "\ufffd")
      return diag(
        "Invalid character encoding",
        "All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your editor.",
        1,
      );
    if (mode.k === "string") {
      if (at("$${") || at("%%{")) c.advance(3);
      else if (at("${") || at("%{")) openSequence();
      else if (ch === '"') {
        c.advance(1);
        modes.pop();
      } else if (ch === "\n" || ch === "\r") {
        const run = /^[\r\n]+/.exec(src.slice(c.offset))?.[0] ?? ch;
        return diag(
          "Invalid multi-line string",
          'Quoted strings may not be split over multiple lines. To produce a multi-line string, either use the \\n escape to represent a newline character or use the "heredoc" multi-line template syntax.',
          run.length,
        );
      } else if (ch === "\\" && src[c.offset + 1] !== "\n" && src[c.offset + 1] !== "\r") {
        c.advance(1 + String.fromCodePoint(src.codePointAt(c.offset + 1) ?? 0).length);
      } else c.advance(ch.length);
      continue;
    }
    if (mode.k === "heredoc") {
      if (mode.sol) {
        const nl = src.indexOf("\n", c.offset);
        if (nl >= 0 && src.slice(c.offset, nl).trim() === mode.marker) {
          c.advance(nl + 1 - c.offset);
          modes.pop();
          continue;
        }
      }
      if (at("$${") || at("%%{")) {
        c.advance(3);
        mode.sol = false;
      } else if (at("${") || at("%{")) {
        mode.sol = false;
        openSequence();
      } else {
        mode.sol = ch === "\n";
        c.advance(ch.length);
      }
      continue;
    }
    if (ch === " " || ch === "\t" || ch === "\n" || at("\r\n")) c.advance(ch === "\r" ? 2 : 1);
    else if (ch === "#" || at("//")) {
      const nl = src.indexOf("\n", c.offset);
      c.advance((nl < 0 ? src.length : nl) - c.offset);
    } else if (at("/*") && src.indexOf("*/", c.offset + 2) >= 0) {
      c.advance(src.indexOf("*/", c.offset + 2) + 2 - c.offset);
    } else if (/[0-9]/.test(ch)) {
      const m = /^[0-9](?:[0-9.]|[eE][+-]?[0-9])*/.exec(src.slice(c.offset, c.offset + 500))?.[0] ?? ch;
      c.advance(m.replace(/\.+$/, "").length);
    } else if (ID_START.test(ch)) {
      let n = 0;
      for (const x of src.slice(c.offset, c.offset + 10000)) {
        if (n > 0 && !ID_CONTINUE.test(x)) break;
        n += x.length;
      }
      c.advance(n);
    } else if (at("...")) c.advance(3);
    else if (TWO.some((t) => at(t))) c.advance(2);
    else if (at("~}")) closeBrace(2);
    else if (ch === "{") {
      c.advance(1);
      braces++;
    } else if (ch === "}") closeBrace(1);
    else if (ch === '"') {
      c.advance(1);
      modes.push({ k: "string" });
    } else if (
      at("<<") &&
      /^<<-?[\p{ID_Start}_][\p{ID_Continue}-]*\r?\n/u.test(src.slice(c.offset, c.offset + 300))
    ) {
      const m = /^<<-?([\p{ID_Start}_][\p{ID_Continue}-]*)\r?\n/u.exec(src.slice(c.offset, c.offset + 300));
      c.advance(m?.[0].length ?? 2);
      modes.push({ k: "heredoc", marker: m?.[1] ?? "", sol: true });
    } else if (SELF.includes(ch)) c.advance(1);
    else if (BITWISE[ch] !== undefined)
      return diag("Unsupported operator", `Bitwise operators are not supported.${BITWISE[ch]}`, 1);
    else
      return diag(
        "Invalid character",
        INVALID[ch] ?? "This character is not used within the language.",
        ch.length,
      );
  }
  return undefined;
}
