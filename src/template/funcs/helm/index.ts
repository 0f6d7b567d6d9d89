/**
 * What helm (4.1) adds to sprig for chart templates, and what it removes (`env`,
 * `expandenv`). Charts themselves are rendered by the real helm binary; these functions
 * serve helm-flavoured template rendering inside this library and its conformance runs.
 */
import { fn, mergeFuncMaps, type FuncMap, type FuncSpec, type GoMap, type GoValue } from "../../types";
import { fail, include, lookup, required, tpl } from "./engine-funcs";
import { fromJson, fromJsonArray, mustToJson, toJson } from "./json-funcs";
import { fromToml, toToml } from "./toml";
import { fromYaml, fromYamlArray, mustToYaml, toYaml, toYamlPretty } from "./yaml-funcs";

/** Functions helm's engine removes from sprig's map. */
export const HELM_REMOVED_FUNCTIONS: readonly string[] = ["env", "expandenv"];

/** helm's own functions (without sprig). */
export function helmFunctions(): Map<string, FuncSpec> {
  const str = (v: GoValue | undefined): string => (typeof v === "string" ? v : "");
  const any = (v: GoValue | undefined): GoValue => v ?? null;
  return new Map<string, FuncSpec>([
    ["toToml", fn(["interface {}"], (a) => toToml(any(a[0])))],
    ["fromToml", fn(["string"], (a): GoMap => fromToml(str(a[0])))],
    ["toYaml", fn(["interface {}"], (a) => toYaml(any(a[0])))],
    ["mustToYaml", fn(["interface {}"], (a) => mustToYaml(any(a[0])))],
    ["toYamlPretty", fn(["interface {}"], (a) => toYamlPretty(any(a[0])))],
    ["fromYaml", fn(["string"], (a): GoMap => fromYaml(str(a[0])))],
    ["fromYamlArray", fn(["string"], (a) => fromYamlArray(str(a[0])))],
    ["toJson", fn(["interface {}"], (a) => toJson(any(a[0])))],
    ["mustToJson", fn(["interface {}"], (a) => mustToJson(any(a[0])))],
    ["fromJson", fn(["string"], (a): GoMap => fromJson(str(a[0])))],
    ["fromJsonArray", fn(["string"], (a) => fromJsonArray(str(a[0])))],
    ["include", fn(["string", "interface {}"], include)],
    ["tpl", fn(["string", "interface {}"], (a, ctx) => tpl(ctx, str(a[0]), any(a[1])))],
    ["required", fn(["string", "interface {}"], (a) => required(str(a[0]), any(a[1])))],
    ["fail", fn(["string"], (a) => fail(str(a[0])))],
    ["lookup", fn(["string", "string", "string", "string"], () => lookup())],
    ["getHostByName", fn(["string"], () => "")],
  ]);
}

/** `base` (normally sprig's map) as helm's engine sees it: `env`/`expandenv` removed, helm's functions added. */
export function withHelmFunctions(base: FuncMap): Map<string, FuncSpec> {
  const out = mergeFuncMaps(base, helmFunctions());
  for (const name of HELM_REMOVED_FUNCTIONS) out.delete(name);
  return out;
}
