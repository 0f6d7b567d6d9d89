/**
 * The contract between the Go template engine core and the function families (sprig,
 * helm, helmfile). Additive changes only: other folders code against these names.
 *
 * Runtime values mirror Go's reflect model closely enough to reproduce Go's printing,
 * comparison and call-conversion rules:
 *
 * | Go                         | TypeScript                                   |
 * | -------------------------- | -------------------------------------------- |
 * | nil interface              | `null`                                       |
 * | `bool` / `string`          | `boolean` / `string` (see Go strings below)  |
 * | `int`                      | `bigint`                                     |
 * | `float64`                  | `number`                                     |
 * | other numeric kinds        | {@link GoNumber} (`int64`, `uint8`, `float32`…) |
 * | `[]interface {}`           | JS array (typed slices: {@link typedSlice})  |
 * | `map[string]interface {}`  | null-prototype object ({@link typedMap} for others) |
 * | structs                    | {@link GoStruct}                             |
 * | `time.Time`                | {@link GoTime}                               |
 * | `[]byte`                   | `Uint8Array`                                 |
 * | func values (for `call`)   | {@link GoFunc}                               |
 *
 * Go strings are byte strings. We keep JS strings; a byte that is not part of valid UTF-8
 * is stored as the lone surrogate U+DC80+byte ("surrogateescape"), so cutting a string by
 * bytes (sprig `trunc`) stays exact. Use {@link goStringFromBytes} / {@link goStringToBytes}.
 */
import type { FileSystem, Logger, ProcessRunner, Environment } from "../shared/io";
import { GoTime } from "../shared/value";

/** Go numeric kinds other than `int` (bigint) and `float64` (number). */
export type GoNumberKind =
  | "int8"
  | "int16"
  | "int32"
  | "int64"
  | "uint"
  | "uint8"
  | "uint16"
  | "uint32"
  | "uint64"
  | "uintptr"
  | "float32";

/** A Go number of a kind other than `int`/`float64`: ints carry a bigint, `float32` a number. */
export class GoNumber {
  constructor(
    readonly kind: GoNumberKind,
    readonly value: bigint | number,
  ) {}
  /** An `int64` (sprig's math functions return these). */
  static int64(v: bigint | number): GoNumber {
    return new GoNumber("int64", typeof v === "bigint" ? BigInt.asIntN(64, v) : BigInt(Math.trunc(v)));
  }
}

/** A Go struct (or pointer to struct): unknown fields are an error, not `<no value>`. */
export class GoStruct {
  constructor(
    /** Type name as `%T` prints it without the pointer star, e.g. `state.Release`. */
    readonly typeName: string,
    /** Exported fields in declaration order (order matters for `%v`). */
    readonly fields: ReadonlyMap<string, GoValue>,
    /** Methods callable as `.Name args…` from templates; they receive only the call's arguments (bind the receiver yourself). */
    readonly methods: ReadonlyMap<string, FuncSpec> = new Map(),
    /** True for `*T` (prints `&{…}`, nil-able). */
    readonly pointer = false,
  ) {}
}

// One class for values-tree times and template times: go-yaml v3 decodes timestamps to it.
export { GoTime };

/** A Go `complex128` (template literals such as `1i`, `1+2i`). */
export class GoComplex {
  constructor(
    readonly re: number,
    readonly im: number,
  ) {}
}

/** A function value (reached via a field) for the `call` builtin. */
export class GoFunc {
  constructor(readonly spec: FuncSpec) {}
}

/** Every value a template or function can see. */
export type GoValue =
  | null
  | boolean
  | string
  | bigint
  | number
  | GoNumber
  | GoValue[]
  | GoMap
  | GoStruct
  | GoTime
  | GoFunc
  | GoComplex
  | Uint8Array;

/** A Go map with string keys; create with {@link newGoMap} or {@link typedMap}. */
export interface GoMap {
  [key: string]: GoValue;
}

const SLICE_TYPE = Symbol("goSliceType");
const MAP_TYPE = Symbol("goMapType");

/** Creates a null-prototype `map[string]interface {}`. */
export function newGoMap(): GoMap {
  return Object.create(null) as GoMap;
}

/** Marks an array as a typed Go slice, e.g. `typedSlice(xs, "string")` → `[]string`. Returns the same array. */
export function typedSlice<T extends GoValue[]>(items: T, elemType: string): T {
  Object.defineProperty(items, SLICE_TYPE, { value: elemType, enumerable: false });
  return items;
}

/** Marks a map as `map[string]<elemType>` (e.g. sprig's `split` gives `map[string]string`). */
export function typedMap<T extends GoMap>(map: T, elemType: string): T {
  Object.defineProperty(map, MAP_TYPE, { value: elemType, enumerable: false });
  return map;
}

/** Element type of a slice (`interface {}` unless marked). */
export function sliceElemType(items: readonly GoValue[]): string {
  return (items as unknown as { [SLICE_TYPE]?: string })[SLICE_TYPE] ?? "interface {}";
}

/** Element type of a map (`interface {}` unless marked). */
export function mapElemType(map: GoMap): string {
  return (map as unknown as { [MAP_TYPE]?: string })[MAP_TYPE] ?? "interface {}";
}

/** True for a Go map value (null-prototype object, not a class instance). */
export function isGoMap(v: unknown): v is GoMap {
  if (typeof v !== "object" || v === null || Array.isArray(v) || v instanceof Uint8Array) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === null || proto === Object.prototype;
}

/** The Go reflect kind of a value, as sprig's `kindOf` prints it (`invalid` for nil). */
export type GoKind =
  | "invalid"
  | "bool"
  | "string"
  | "int"
  | GoNumberKind
  | "float64"
  | "slice"
  | "map"
  | "struct"
  | "ptr"
  | "func"
  | "complex128";

/** Go's `reflect.Kind` of a value. */
/**
 * The Go kind of a plain integer: `int`, or `uint64` beyond int64 (go-yaml and encoding/json
 * decode such an integer as uint64; no int operation yields one, since ints wrap at 64 bits).
 */
export function intKind(v: bigint): "int" | "uint64" {
  return v > INT64_MAX ? "uint64" : "int";
}

const INT64_MAX = (1n << 63n) - 1n;

export function kindOf(v: GoValue | undefined): GoKind {
  if (v === null || v === undefined) return "invalid";
  switch (typeof v) {
    case "boolean":
      return "bool";
    case "string":
      return "string";
    case "bigint":
      return intKind(v);
    case "number":
      return "float64";
    default:
      break;
  }
  if (v instanceof GoNumber) return v.kind;
  if (Array.isArray(v) || v instanceof Uint8Array) return "slice";
  if (v instanceof GoStruct) return v.pointer ? "ptr" : "struct";
  if (v instanceof GoTime) return "struct";
  if (v instanceof GoFunc) return "func";
  if (v instanceof GoComplex) return "complex128";
  return "map";
}

/** The type name as Go's `%T` prints it (`<nil>`, `int`, `[]interface {}`, `map[string]interface {}`…). */
export function typeName(v: GoValue | undefined): string {
  if (v === null || v === undefined) return "<nil>";
  if (v instanceof GoStruct) return (v.pointer ? "*" : "") + v.typeName;
  if (v instanceof GoTime) return "time.Time";
  if (v instanceof GoFunc) return "func(...)";
  if (v instanceof GoComplex) return "complex128";
  if (v instanceof Uint8Array) return "[]uint8";
  if (Array.isArray(v)) return `[]${sliceElemType(v)}`;
  const k = kindOf(v);
  if (k === "map") return `map[string]${mapElemType(v as GoMap)}`;
  return k;
}

/** Go's template truthiness (`text/template.IsTrue`): zero values and empty containers are false. */
export function isTrue(v: GoValue | undefined): boolean {
  if (v === null || v === undefined) return false;
  if (typeof v === "boolean") return v;
  if (typeof v === "string") return v.length > 0;
  if (typeof v === "bigint") return v !== 0n;
  if (typeof v === "number") return v !== 0;
  if (v instanceof GoNumber) return v.value !== 0n && v.value !== 0;
  if (v instanceof GoComplex) return v.re !== 0 || v.im !== 0;
  if (Array.isArray(v) || v instanceof Uint8Array) return v.length > 0;
  if (v instanceof GoStruct || v instanceof GoTime || v instanceof GoFunc) return true;
  return Object.keys(v).length > 0;
}

/** Go parameter types the executor converts arguments to, with Go's reflect-call errors. */
export type GoParamType =
  | "interface {}"
  | "string"
  | "bool"
  | "int"
  | GoNumberKind
  | "float64"
  | "[]interface {}"
  | "[]string"
  | "map[string]interface {}"
  | "time.Time"
  /** Raw value, as Go builtins take it: an invalid value (missing key) arrives as `undefined`. */
  | "reflect.Value";

/** One template function (or method). */
export interface FuncSpec {
  /** Parameter types in order; for variadic functions the last one is the element type. */
  readonly params: readonly GoParamType[];
  /** True when the last parameter is `...T`. */
  readonly variadic?: boolean;
  /**
   * The implementation. Arguments arrive converted to `params` (ints as bigint for `int`,
   * {@link GoNumber} for other int kinds, `null` for nil interfaces). Throw {@link FuncError}
   * for Go's `error calling NAME: msg`.
   */
  readonly impl: (args: GoValue[], ctx: CallContext) => GoValue;
}

/** A function map: name → spec. */
export type FuncMap = ReadonlyMap<string, FuncSpec>;

/** Merges function maps; later maps win (like repeated `template.Funcs`). */
export function mergeFuncMaps(...maps: readonly FuncMap[]): Map<string, FuncSpec> {
  const out = new Map<string, FuncSpec>();
  for (const m of maps) for (const [k, v] of m) out.set(k, v);
  return out;
}

/** Shorthand for a {@link FuncSpec}. */
export function fn(params: readonly GoParamType[], impl: FuncSpec["impl"], variadic = false): FuncSpec {
  return variadic ? { params, impl, variadic } : { params, impl };
}

/**
 * Thrown by a function implementation; the executor reports it as
 * `error calling NAME: <message>` at the calling node.
 */
export class FuncError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "FuncError";
  }
}

/** Side effects a template may need; absent members make the functions fail cleanly. */
export interface TemplateEnv {
  readonly fs?: FileSystem;
  /** Environment variables (helmfile's `env`, `requiredEnv`). */
  readonly environ?: Environment;
  /** External commands (helmfile's `exec`). */
  readonly process?: ProcessRunner;
  /** Directory relative paths are resolved against (helmfile's base dir). */
  readonly basePath?: string;
  readonly logger?: Logger;
  /** Anything else a function family needs (e.g. a secret resolver), keyed by name. */
  readonly extra?: Readonly<Record<string, unknown>>;
}

/** Options accepted when a function re-enters the engine (`tpl`, `include`). */
export interface ReentryOptions {
  /** Template name for error messages (default: the current template's name). */
  readonly name?: string;
}

/** What a function can see of the engine while it runs. */
export interface CallContext {
  /** Name of the function being called (as written in the template). */
  readonly funcName: string;
  /** The injected environment ({} when none was given). */
  readonly env: TemplateEnv;
  /** The function map of this run (helmfile's `tpl` renders with it). */
  readonly funcs: FuncMap;
  /** The missingkey mode of this run. */
  readonly missingKey: MissingKeyMode;
  /** Most characters the run may output; functions building strings refuse larger ones. Default unbounded. */
  readonly maxOutput?: number;
  /** Executes a named template of the current set with `data` and returns its output (helm `include`). */
  executeTemplate(name: string, data: GoValue): string;
  /** True when the current set has a template called `name`. */
  hasTemplate(name: string): boolean;
  /**
   * Parses `source` into the current set (its defines become visible, like helm's `tpl`)
   * and executes it with `data`.
   */
  renderString(source: string, data: GoValue, options?: ReentryOptions): string;
  /** Per-run scratch space shared by all calls (e.g. helm's include-depth counters). */
  readonly state: Map<string, unknown>;
}

/** Go's `missingkey` option. `default` and `invalid` are the same. */
export type MissingKeyMode = "default" | "invalid" | "zero" | "error";

/** Decodes bytes as a Go string: invalid UTF-8 bytes become lone surrogates U+DC80–U+DCFF. */
export function goStringFromBytes(bytes: Uint8Array): string {
  let out = "";
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    const need =
      b < 0x80
        ? 0
        : b >= 0xc2 && b <= 0xdf
          ? 1
          : b >= 0xe0 && b <= 0xef
            ? 2
            : b >= 0xf0 && b <= 0xf4
              ? 3
              : -1;
    let cp = need === 0 ? b : need === 1 ? b & 0x1f : need === 2 ? b & 0x0f : b & 0x07;
    let ok = need >= 0 && i + need < bytes.length;
    for (let j = 1; ok && j <= need; j++) {
      const c = bytes[i + j];
      if (c === undefined || (c & 0xc0) !== 0x80) ok = false;
      else cp = (cp << 6) | (c & 0x3f);
    }
    // Overlong, surrogate and out-of-range sequences are invalid in Go too.
    if (
      ok &&
      ((need === 2 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
        (need === 3 && (cp < 0x10000 || cp > 0x10ffff)))
    )
      ok = false;
    if (ok) {
      out += String.fromCodePoint(cp);
      i += need + 1;
    } else {
      out += String.fromCharCode(0xdc00 + b);
      i += 1;
    }
  }
  return out;
}

/** Encodes a Go string (see {@link goStringFromBytes}) back to its bytes. */
export function goStringToBytes(s: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 0x3f));
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      const cp = 0x10000 + ((c - 0xd800) << 10) + (s.charCodeAt(i + 1) - 0xdc00);
      out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
      i++;
    } else if (c >= 0xdc80 && c <= 0xdcff) out.push(c - 0xdc00);
    else if (c >= 0xd800 && c <= 0xdfff)
      out.push(0xef, 0xbf, 0xbd); // other lone surrogates: Go would hold U+FFFD
    else out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
  }
  return Uint8Array.from(out);
}

/** Length of a Go string in bytes (`len`). */
export function goByteLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else if (c >= 0xdc80 && c <= 0xdcff) n += 1;
    else n += 3;
  }
  return n;
}

/**
 * True when `e` is JavaScript's stack-overflow error. Deep template recursion exhausts the JS
 * stack long before Go's limits (≈400+ nested `include`s, not 1000); `include`-like functions
 * can catch it around `ctx.executeTemplate` and throw their own recursion error instead.
 */
export function isStackExhausted(e: unknown): boolean {
  return e instanceof RangeError && e.message.startsWith("Maximum call stack");
}
