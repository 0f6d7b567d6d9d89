/**
 * The parameters of each function helmfile registers, as cty declares them (name, and the
 * primitive type an argument is converted to, when it is one): hcl checks the argument count
 * and converts the arguments against these before calling the function.
 */

/** A parameter: its name, the primitive type it converts to (`other` for collections, `dynamic` for any), and whether it takes null. */
export interface HclParam {
  readonly name: string;
  readonly type:
    | "string"
    | "number"
    | "bool"
    | "list of string"
    | "list of dynamic"
    | "set of dynamic"
    | "other"
    | "dynamic";
  readonly allowNull: boolean;
}

/** A function's fixed parameters and its variadic one. */
export interface HclSignature {
  readonly params: readonly HclParam[];
  readonly varParam?: HclParam;
}

const p = (name: string, type: HclParam["type"], allowNull = false): HclParam => ({ name, type, allowNull });

/** Signatures by function name. */
export const HCL_SIGNATURES: ReadonlyMap<string, HclSignature> = new Map<string, HclSignature>([
  ["abs", { params: [p("num", "number")] }],
  ["ceil", { params: [p("num", "number")] }],
  ["chomp", { params: [p("str", "string")] }],
  ["cidrhost", { params: [p("prefix", "string"), p("hostnum", "number")] }],
  ["cidrnetmask", { params: [p("prefix", "string")] }],
  ["cidrsubnet", { params: [p("prefix", "string"), p("newbits", "number"), p("netnum", "number")] }],
  ["cidrsubnets", { params: [p("prefix", "string")], varParam: p("newbits", "number") }],
  ["coalesce", { params: [], varParam: p("vals", "dynamic", true) }],
  ["coalescelist", { params: [], varParam: p("vals", "dynamic", true) }],
  ["compact", { params: [p("list", "list of string")] }],
  ["concat", { params: [], varParam: p("seqs", "dynamic") }],
  ["contains", { params: [p("list", "dynamic"), p("value", "dynamic", true)] }],
  ["csvdecode", { params: [p("str", "string")] }],
  ["distinct", { params: [p("list", "list of dynamic")] }],
  ["element", { params: [p("list", "dynamic"), p("index", "number")] }],
  ["chunklist", { params: [p("list", "list of dynamic"), p("size", "number")] }],
  ["flatten", { params: [p("list", "dynamic")] }],
  ["floor", { params: [p("num", "number")] }],
  ["format", { params: [p("format", "string")], varParam: p("args", "dynamic", true) }],
  ["formatdate", { params: [p("format", "string"), p("time", "string")] }],
  ["formatlist", { params: [p("format", "string")], varParam: p("args", "dynamic", true) }],
  ["indent", { params: [p("spaces", "number"), p("str", "string")] }],
  ["int", { params: [p("num", "number")] }],
  ["join", { params: [p("separator", "string")], varParam: p("lists", "list of string") }],
  ["jsondecode", { params: [p("str", "string")] }],
  ["jsonencode", { params: [p("val", "dynamic", true)] }],
  ["keys", { params: [p("inputMap", "dynamic")] }],
  ["length", { params: [p("collection", "dynamic")] }],
  ["log", { params: [p("num", "number"), p("base", "number")] }],
  ["lookup", { params: [p("inputMap", "dynamic"), p("key", "string"), p("default", "dynamic")] }],
  ["lower", { params: [p("str", "string")] }],
  ["max", { params: [], varParam: p("numbers", "number") }],
  ["merge", { params: [], varParam: p("maps", "dynamic", true) }],
  ["min", { params: [], varParam: p("numbers", "number") }],
  ["parseint", { params: [p("number", "dynamic"), p("base", "number")] }],
  ["pow", { params: [p("num", "number"), p("power", "number")] }],
  ["range", { params: [], varParam: p("params", "number") }],
  ["regex", { params: [p("pattern", "string"), p("string", "string")] }],
  ["regexall", { params: [p("pattern", "string"), p("string", "string")] }],
  ["reverselist", { params: [p("list", "dynamic")] }],
  [
    "setintersection",
    { params: [p("first_set", "set of dynamic")], varParam: p("other_sets", "set of dynamic") },
  ],
  ["setproduct", { params: [], varParam: p("sets", "dynamic") }],
  ["setsubtract", { params: [p("a", "set of dynamic"), p("b", "set of dynamic")] }],
  ["setunion", { params: [p("first_set", "set of dynamic")], varParam: p("other_sets", "set of dynamic") }],
  ["signum", { params: [p("num", "number")] }],
  ["slice", { params: [p("list", "dynamic"), p("start_index", "number"), p("end_index", "number")] }],
  ["sort", { params: [p("list", "list of string")] }],
  ["split", { params: [p("separator", "string"), p("str", "string")] }],
  ["strrev", { params: [p("str", "string")] }],
  ["strlen", { params: [p("str", "string")] }],
  ["substr", { params: [p("str", "string"), p("offset", "number"), p("length", "number")] }],
  ["timeadd", { params: [p("timestamp", "string"), p("duration", "string")] }],
  ["title", { params: [p("str", "string")] }],
  ["trim", { params: [p("str", "string"), p("cutset", "string")] }],
  ["trimprefix", { params: [p("str", "string"), p("prefix", "string")] }],
  ["trimspace", { params: [p("str", "string")] }],
  ["trimsuffix", { params: [p("str", "string"), p("suffix", "string")] }],
  ["try", { params: [], varParam: p("expressions", "other") }],
  ["can", { params: [p("expression", "other")] }],
  ["upper", { params: [p("str", "string")] }],
  ["values", { params: [p("mapping", "dynamic")] }],
  ["yamldecode", { params: [p("src", "string")] }],
  ["yamlencode", { params: [p("value", "dynamic", true)] }],
  ["zipmap", { params: [p("keys", "list of string"), p("values", "dynamic")] }],
]);
