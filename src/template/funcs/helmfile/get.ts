/**
 * helmfile's path-based `get` and `getOrNil` (pkg/tmpl/get_or_nil.go): `get "a.b" [default] obj`
 * walks maps and struct fields; a missing key yields the default when one is given, but
 * stepping into something that is neither a map nor a struct is an error even then.
 * `getOrNil` turns every such "no value" into nil.
 */
import {
  FuncError,
  GoStruct,
  isGoMap,
  mapElemType,
  typeName,
  fn,
  type FuncSpec,
  type GoValue,
} from "../../types";
import { formatV } from "../sprig/format-v";

/** A lookup that found nothing (helmfile's `noValueError`). */
export class NoValueError extends FuncError {}

function lookup(path: string, hasDefault: boolean, def: GoValue, obj: GoValue): GoValue {
  if (path === "") return obj;
  const keys = path.split(".");
  const first = keys[0] as string;
  const rest = keys.slice(1).join(".");
  let v: GoValue;
  if (isGoMap(obj)) {
    if (!Object.prototype.hasOwnProperty.call(obj, first)) {
      if (hasDefault) return def;
      throw new NoValueError(`no value exist for key "${first}" in ${formatV(obj)}`);
    }
    v = obj[first] as GoValue;
    // A map[string]string ends the walk: helmfile returns the string whatever the rest of the path.
    if (mapElemType(obj) === "string") return v;
  } else if (obj instanceof GoStruct && !obj.pointer) {
    if (obj.fields.size < 1) throw new NoValueError(`no accessible struct fields for key "${first}"`);
    if (!obj.fields.has(first)) {
      if (hasDefault) return def;
      throw new NoValueError(`no field named "${first}" exist in ${formatV(obj)}`);
    }
    v = obj.fields.get(first) as GoValue;
  } else {
    const t = obj === null ? "<nil>" : typeName(obj);
    throw new NoValueError(
      `unexpected type(${t}) of value for key "${first}": it must be either map[string]any or any struct`,
    );
  }
  return lookup(rest, hasDefault, def, v);
}

/** `get(path, [default], obj)`. */
export function helmfileGet(path: string, rest: readonly GoValue[]): GoValue {
  if (rest.length === 1) return lookup(path, false, null, rest[0] as GoValue);
  if (rest.length === 2) return lookup(path, true, rest[0] as GoValue, rest[1] as GoValue);
  throw new FuncError(
    `unexpected number of args passed to the template function get(path, [def, ]obj): expected 1 or 2, got ${rest.length}, args was ${formatV([...rest])}`,
  );
}

/** The `get` and `getOrNil` specs. */
export function getFuncs(): Map<string, FuncSpec> {
  return new Map<string, FuncSpec>([
    ["get", fn(["string", "interface {}"], (args) => helmfileGet(args[0] as string, args.slice(1)), true)],
    [
      "getOrNil",
      fn(["string", "interface {}"], (args) => {
        try {
          return helmfileGet(args[0] as string, [args[1] as GoValue]);
        } catch (e) {
          if (e instanceof NoValueError) return null;
          throw e;
        }
      }),
    ],
  ]);
}
