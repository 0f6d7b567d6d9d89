/** sprig's regex family on Go (RE2) syntax and linear-time matching (src/shared/go-regexp.ts); the plain forms panic on a bad pattern, `must…` forms return the error. */
import { fn, FuncError, typedSlice, type FuncSpec, type GoValue } from "../../types";
import { intArg, strArg } from "./cast";
import {
  expandGo,
  findAllGo,
  GoRegexp,
  mustCompileMessage,
  quoteMetaGo,
  replaceAllGo,
  splitGo,
} from "../../../shared/go-regexp";

type Body = (re: GoRegexp, args: string[], n: number, pattern: string) => GoValue;

function compile(pattern: string, must: boolean): GoRegexp {
  try {
    return GoRegexp.compile(pattern);
  } catch (e) {
    throw new FuncError(must ? (e as Error).message : mustCompileMessage(pattern, e as Error));
  }
}

/** Builds the plain and `must` forms of one regex function. */
function pair(name: string, params: readonly ("string" | "int")[], body: Body): [string, FuncSpec][] {
  const make = (must: boolean): FuncSpec =>
    fn(params, (args) => {
      const pattern = strArg(args[0]);
      const strs = args.map((a) => (typeof a === "string" ? a : ""));
      const n = params[params.length - 1] === "int" ? intArg(args[args.length - 1]) : 0;
      return body(compile(pattern, must), strs, n, pattern);
    });
  return [
    [name, make(false)],
    [`must${name[0]?.toUpperCase()}${name.slice(1)}`, make(true)],
  ];
}

function regexMatch(must: boolean): FuncSpec {
  return fn(["string", "string"], ([p, s]) => {
    let re: GoRegexp;
    try {
      re = GoRegexp.compile(strArg(p));
    } catch (e) {
      // regexMatch swallows compile errors and answers false.
      if (must) throw new FuncError((e as Error).message);
      return false;
    }
    return re.test(strArg(s));
  });
}

/** The regex functions. */
export function regexFuncs(): Map<string, FuncSpec> {
  return new Map<string, FuncSpec>([
    ["regexMatch", regexMatch(false)],
    ["mustRegexMatch", regexMatch(true)],
    ...pair("regexFindAll", ["string", "string", "int"], (re, [, s], n) =>
      typedSlice(
        findAllGo(re, s ?? "", n).map((m) => m[0] ?? ""),
        "string",
      ),
    ),
    ...pair("regexFind", ["string", "string"], (re, [, s]) => findAllGo(re, s ?? "", 1)[0]?.[0] ?? ""),
    ...pair("regexReplaceAll", ["string", "string", "string"], (re, [, s, r]) =>
      replaceAllGo(re, s ?? "", (m) => expandGo(r ?? "", m, re.names)),
    ),
    ...pair("regexReplaceAllLiteral", ["string", "string", "string"], (re, [, s, r]) =>
      replaceAllGo(re, s ?? "", () => r ?? ""),
    ),
    ...pair("regexSplit", ["string", "string", "int"], (re, [, s], n, p) =>
      typedSlice(splitGo(re, p, s ?? "", n), "string"),
    ),
    ["regexQuoteMeta", fn(["string"], ([s]) => quoteMetaGo(strArg(s)))],
  ]);
}
