/**
 * Go's `fmt` printing for template values: `Sprint`, `Sprintln`, `Sprintf` with Go's verbs,
 * flags, bad-verb forms (`%!d(string=x)`), `%!d(MISSING)` and `%!(EXTRA …)`.
 */
import {
  FuncError,
  type CallContext,
  GoComplex,
  GoFunc,
  GoNumber,
  GoStruct,
  GoTime,
  goStringFromBytes,
  isGoMap,
  typeName,
  type GoMap,
  type GoValue,
} from "../types";
import { fmtComplex, fmtFloat } from "./float-verb";
import { formatInteger } from "./integer";
import { fmtStringVerb } from "./strings";
import { goTimeString as timeString } from "../../shared/go-time";
import { compareKeys } from "./sort-keys";
import { goSyntax } from "./go-syntax";

/** Formatting flags of one verb. */
export interface Flags {
  plus: boolean;
  minus: boolean;
  sharp: boolean;
  space: boolean;
  zero: boolean;
  wid: number | undefined;
  prec: number | undefined;
  /** `%+v`: struct field names. */
  plusV?: boolean;
  /** `%#v`: Go syntax. */
  sharpV?: boolean;
}

/** Flags with nothing set. */
export function noFlags(): Flags {
  return {
    plus: false,
    minus: false,
    sharp: false,
    space: false,
    zero: false,
    wid: undefined,
    prec: undefined,
  };
}

/** Pads `s` to the width (counted in runes), honouring `-` and `0`. */
export function pad(s: string, f: Flags, zeroOk = true): string {
  if (f.wid === undefined) return s;
  const n = [...s].length;
  if (n >= f.wid) return s;
  const fill = f.wid - n;
  if (f.minus) return s + " ".repeat(fill);
  return (f.zero && zeroOk ? "0" : " ").repeat(fill) + s;
}

/** Formats one top-level argument with a verb (Go's `printArg`). */
export function printArg(arg: GoValue, verb: string, f: Flags): string {
  if (verb === "v" && f.sharpV === true) return pad(goSyntax(arg, 0), f, false);
  if (arg === null) return verb === "T" || verb === "v" ? pad("<nil>", f, false) : badVerb(verb, arg);
  if (verb === "T") return pad(typeName(arg), f, false);
  return printValue(arg, verb, f, 0);
}

function badVerb(verb: string, arg: GoValue): string {
  if (arg === null) return `%!${verb}(<nil>)`;
  return `%!${verb}(${typeName(arg)}=${printValue(arg, "v", noFlags(), 0)})`;
}

function fmtFloatVerb(v: number, bits: 32 | 64, verb: string, f: Flags, arg: GoValue): string {
  return fmtFloat(v, bits, verb, f) ?? badVerb(verb, arg);
}

/** Go's `printValue`: formats any value with a verb at a nesting depth. */
export function printValue(v: GoValue, verb: string, f: Flags, depth: number): string {
  if (v === null) return depth > 0 ? pad("<nil>", f, false) : badOrNil(verb, f);
  switch (typeof v) {
    case "boolean":
      return verb === "t" || verb === "v" ? pad(v ? "true" : "false", f, false) : badVerb(verb, v);
    case "string":
      return fmtStringVerb(v, verb, f) ?? badVerb(verb, v);
    case "bigint":
      return formatInteger(v, false, verb, f) ?? badVerb(verb, v);
    case "number":
      return fmtFloatVerb(v, 64, verb, f, v);
    default:
      break;
  }
  if (v instanceof GoNumber) {
    if (v.kind === "float32") return fmtFloatVerb(v.value as number, 32, verb, f, v);
    return formatInteger(v.value as bigint, v.kind.startsWith("u"), verb, f) ?? badVerb(verb, v);
  }
  if (v instanceof GoTime) {
    if ("vsxXq".includes(verb)) return fmtStringVerb(timeString(v), verb, f) ?? badVerb(verb, v);
    return badVerb(verb, v);
  }
  if (v instanceof Uint8Array) {
    if ("sqxX".includes(verb)) return fmtStringVerb(goStringFromBytes(v), verb, f) ?? "";
    return `[${[...v].map((b) => formatInteger(BigInt(b), true, verb, f) ?? badVerb(verb, new GoNumber("uint8", BigInt(b)))).join(" ")}]`;
  }
  if (Array.isArray(v)) return `[${v.map((e) => printValue(e, verb, f, depth + 1)).join(" ")}]`;
  if (v instanceof GoStruct) {
    const text = "vsxXq".includes(verb) ? stringerText(v) : undefined;
    if (text !== undefined) return fmtStringVerb(text, verb, f) ?? badVerb(verb, v);
    return printStruct(v, verb, f, depth);
  }
  if (v instanceof GoFunc) return "0x1";
  if (v instanceof GoComplex) return fmtComplex(v.re, v.im, verb, f) ?? badVerb(verb, v);
  if (isGoMap(v)) return printMap(v, verb, f, depth);
  return "?";
}

/** Go's `handleMethods`: a value with an `Error()` or `String()` method prints through it. */
function stringerText(v: GoStruct): string | undefined {
  for (const name of ["Error", "String"]) {
    const m = v.methods.get(name);
    if (m !== undefined && m.params.length === 0) {
      const out = m.impl([], METHOD_CONTEXT);
      return typeof out === "string" ? out : undefined;
    }
  }
  return undefined;
}

/** Printing calls zero-argument methods that need no engine access. */
const METHOD_CONTEXT: CallContext = {
  funcName: "String",
  env: {},
  funcs: new Map(),
  missingKey: "default",
  state: new Map(),
  hasTemplate: () => false,
  executeTemplate: () => {
    throw new FuncError("templates are not available while printing");
  },
  renderString: () => {
    throw new FuncError("templates are not available while printing");
  },
};

function badOrNil(verb: string, f: Flags): string {
  return verb === "v" ? pad("<nil>", f, false) : `%!${verb}(<nil>)`;
}

function printMap(m: GoMap, verb: string, f: Flags, depth: number): string {
  const keys = Object.keys(m).sort(compareKeys);
  const parts = keys.map(
    (k) => `${printValue(k, verb, f, depth + 1)}:${printValue(m[k] as GoValue, verb, f, depth + 1)}`,
  );
  return `map[${parts.join(" ")}]`;
}

function printStruct(s: GoStruct, verb: string, f: Flags, depth: number): string {
  const parts: string[] = [];
  for (const [name, val] of s.fields) {
    const shown = printValue(val, verb, f, depth + 1);
    parts.push(f.plusV === true || f.sharpV === true ? `${name}:${shown}` : shown);
  }
  const body = `{${parts.join(" ")}}`;
  return s.pointer && depth === 0 ? `&${body}` : body;
}

/** Go's `fmt.Sprint`: spaces between operands when neither side is a string. */
export function sprint(args: readonly GoValue[]): string {
  let out = "";
  let prevString = false;
  args.forEach((a, i) => {
    const isString = typeof a === "string";
    if (i > 0 && !isString && !prevString) out += " ";
    out += printArg(a, "v", noFlags());
    prevString = isString;
  });
  return out;
}

/** Go's `fmt.Sprintln`: spaces between all operands and a final newline. */
export function sprintln(args: readonly GoValue[]): string {
  return `${args.map((a) => printArg(a, "v", noFlags())).join(" ")}\n`;
}

export { compareKeys };
