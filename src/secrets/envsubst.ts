/**
 * Shell-style variable substitution as vals' `envsubst` backend does it (a8m/envsubst):
 * `$VAR`, `${VAR}`, and the default/alternative forms `${VAR-x}`, `${VAR:-x}`,
 * `${VAR=x}`, `${VAR:=x}`, `${VAR+x}`, `${VAR:+x}`. Unset variables become empty; `$$`
 * is a literal `$`.
 */
import type { Environment } from "../shared/io";

const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;

function expandBraced(body: string, env: Environment): string {
  const m = NAME.exec(body);
  if (m === null) return "";
  const name = m[0];
  const rest = body.slice(name.length);
  const value = env[name];
  const set = value !== undefined;
  const nonEmpty = set && value !== "";
  const op = /^(:?[-=+])/.exec(rest);
  if (op === null) return value ?? "";
  const word = envsubst(rest.slice((op[1] ?? "").length), env);
  switch (op[1]) {
    case "-":
    case "=":
      return set ? (value as string) : word;
    case ":-":
    case ":=":
      return nonEmpty ? (value as string) : word;
    case "+":
      return set ? word : "";
    default:
      return nonEmpty ? word : "";
  }
}

/** Returns `text` with environment variables substituted. */
export function envsubst(text: string, env: Environment): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c !== "$") {
      out += c;
      i++;
      continue;
    }
    const next = text[i + 1];
    if (next === "$") {
      out += "$";
      i += 2;
    } else if (next === "{") {
      let depth = 1;
      let j = i + 2;
      for (; j < text.length && depth > 0; j++) {
        if (text[j] === "{") depth++;
        else if (text[j] === "}") depth--;
      }
      if (depth > 0) {
        out += text.slice(i);
        break;
      }
      out += expandBraced(text.slice(i + 2, j - 1), env);
      i = j;
    } else {
      const m = NAME.exec(text.slice(i + 1));
      if (m === null) {
        out += "$";
        i++;
      } else {
        out += env[m[0]] ?? "";
        i += 1 + m[0].length;
      }
    }
  }
  return out;
}
