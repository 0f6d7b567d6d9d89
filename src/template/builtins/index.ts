/** The text/template builtin function map. */
import { SPECIAL_BUILTINS } from "../exec/evaluate";
import { FuncError, GoFunc, isTrue, typeName, type FuncMap, type FuncSpec, type GoValue } from "../types";
import { collectionBuiltins } from "./collections";
import { compareBuiltins } from "./compare";
import { escapeBuiltins } from "./escape";
import { prepareCallArg } from "./call";

const R = "reflect.Value" as const;

const andSpec: FuncSpec = { params: [R, R], variadic: true, impl: (a) => a[a.length - 1] as GoValue };
const orSpec: FuncSpec = { params: [R, R], variadic: true, impl: (a) => a[a.length - 1] as GoValue };
const callSpec: FuncSpec = {
  params: [R, R],
  variadic: true,
  // The executor prepends the callee's source text (Go 1.21+ does the same for messages).
  impl: (a, ctx) => {
    const [name, fnv, ...rest] = a;
    const f = fnv === null ? undefined : fnv;
    if (f === undefined) throw new FuncError("call of nil");
    if (!(f instanceof GoFunc)) throw new FuncError(`non-function ${String(name)} of type ${typeName(f)}`);
    const spec = f.spec;
    const n = spec.params.length;
    if (spec.variadic === true) {
      if (rest.length < n - 1)
        throw new FuncError(
          `wrong number of args for ${String(name)}: got ${rest.length} want at least ${n - 1}`,
        );
    } else if (rest.length !== n)
      throw new FuncError(`wrong number of args for ${String(name)}: got ${rest.length} want ${n}`);
    const argv = rest.map((v, i) => prepareCallArg(v, spec.params[Math.min(i, n - 1)] ?? "interface {}", i));
    return spec.impl(argv, ctx);
  },
};
SPECIAL_BUILTINS.set(andSpec, "and");
SPECIAL_BUILTINS.set(orSpec, "or");
SPECIAL_BUILTINS.set(callSpec, "call");

/** Go's builtins: and or not call eq ne lt le gt ge index slice len print printf println html js urlquery. */
export function builtinFunctions(): FuncMap {
  return BUILTINS;
}

const BUILTINS: FuncMap = new Map<string, FuncSpec>([
  ["and", andSpec],
  ["or", orSpec],
  ["not", { params: [R], impl: (a) => !isTrue(a[0] ?? null) }],
  ["call", callSpec],
  ...compareBuiltins,
  ...collectionBuiltins,
  ...escapeBuiltins,
]);
