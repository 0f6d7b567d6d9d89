/**
 * The Pulumi Node.js SDK decodes every engine response with google-protobuf 3.21's generated code.
 * Each time a decoded message is stored in its parent (`setWrapperField`, `setOneofWrapperField`,
 * `addToRepeatedWrapperField`, `jspb.Map#set`), google-protobuf syncs the child's array form, and
 * that sync walks the child's whole subtree (protocolbuffers/protobuf#2117). A `Struct` is stored
 * once per level, so decoding one is quadratic in its depth. The Kubernetes provider's outputs for a
 * CustomResourceDefinition (its schema, twice with `__inputs`) are deep: one `RegisterResourceResponse`
 * of 1 MB took a third of a second, and a first `up` of the public charts spent 6.8 s of this
 * process's 16.6 s of CPU in those decodes.
 *
 * Installed once per process on the copy of google-protobuf that @pulumi/pulumi loads, the store
 * takes the child's array without syncing it while it is being stored. Nothing is lost: every
 * child was fully decoded before it is stored, its getters read the child wrappers (not the
 * arrays), and `toArray()` (called by `serializeBinary`'s users, `toString`, …) still syncs the
 * whole tree when it is called. google-protobuf has no option for this and no maintained
 * replacement the SDK could be pointed at; see the README's "hand-written parts".
 *
 * It is only installed where it was checked: google-protobuf 3.21.x whose internal names are
 * found as expected, and which decodes a nested message exactly as the stock code does (its
 * `toJavaScript()` value, its re-serialized bytes and its synced array) before it is kept.
 * Anything else leaves google-protobuf as it is. `PULUMI_HELMFILE_STOCK_PROTOBUF=1` leaves it as
 * it is too.
 */
import { createRequire } from "node:module";

/** What was done: installed, already installed, or why not. */
export type ProtobufPatchOutcome =
  | { readonly installed: true; readonly already: boolean }
  | { readonly installed: false; readonly reason: string };

/** The parts of google-protobuf's module this reads or wraps. */
export interface JspbModule {
  readonly Message: JspbMessageClass;
  readonly Map: { readonly prototype: object };
}
interface JspbMessageClass {
  readonly prototype: object;
  [k: string]: unknown;
}

/** The google-protobuf module of the SDK and its version, as @pulumi/pulumi's generated code loads them. */
export interface SdkProtobuf {
  readonly jspb: JspbModule;
  readonly version: string;
  /** Round-trips a nested message through the SDK's generated code (the self-test's sample). */
  readonly roundTrip: () => RoundTrip;
}

/** A nested message decoded from bytes: what the self-test compares. */
export interface RoundTrip {
  readonly value: string;
  readonly bytes: string;
  readonly array: string;
}

const PATCHED = Symbol.for("pulumi-helmfile.lazy-protobuf-wrapper-sync");

/** The wrapper stores whose child sync is skipped, with the index of the child among their arguments. */
const STORES: readonly {
  readonly on: "Message" | "Map.prototype";
  readonly name: string;
  readonly child: number;
}[] = [
  { on: "Message", name: "setWrapperField", child: 2 },
  { on: "Message", name: "setOneofWrapperField", child: 3 },
  { on: "Message", name: "addToRepeatedWrapperField", child: 2 },
  { on: "Map.prototype", name: "set", child: 1 },
];

type AnyFunction = (this: unknown, ...args: unknown[]) => unknown;

/** The SDK's google-protobuf, loaded as @pulumi/pulumi's generated code loads it. */
export function sdkProtobuf(): SdkProtobuf {
  const sdkRequire = createRequire(require.resolve("@pulumi/pulumi/proto/resource_pb.js"));
  const jspb = sdkRequire("google-protobuf") as JspbModule;
  const version = (sdkRequire("google-protobuf/package.json") as { version?: unknown }).version;
  const resourcePb = sdkRequire("./resource_pb.js") as ResourcePb;
  const structPb = sdkRequire("google-protobuf/google/protobuf/struct_pb.js") as StructPb;
  return {
    jspb,
    version: typeof version === "string" ? version : "",
    roundTrip: () => roundTripSample(resourcePb, structPb),
  };
}

/** The parts of @pulumi/pulumi's generated `resource_pb.js` this reads. */
export interface ResourcePb {
  RegisterResourceResponse: {
    new (): { setUrn(u: string): void; setObject(s: unknown): void; serializeBinary(): Uint8Array };
    deserializeBinary(b: Uint8Array): {
      getObject(): { toJavaScript(): unknown } | undefined;
      serializeBinary(): Uint8Array;
      toArray(): unknown;
    };
  };
}
/** The parts of google-protobuf's `struct_pb.js` this (and its test) reads. */
export interface StructPb {
  Struct: { fromJavaScript(v: unknown): unknown };
  Value: new () => { setStringValue(s: string): void };
}

/** A response shaped like a CRD's outputs: maps, lists and oneofs nested inside each other. */
function roundTripSample(resourcePb: ResourcePb, structPb: StructPb): RoundTrip {
  const node = {
    type: "object",
    properties: { a: { items: [{ type: "string", n: 1, ok: true, none: null }, [2, "s"]] } },
  };
  const response = new resourcePb.RegisterResourceResponse();
  response.setUrn(
    "urn:pulumi:stack::project::kubernetes:apiextensions.k8s.io/v1:CustomResourceDefinition::sample",
  );
  response.setObject(structPb.Struct.fromJavaScript({ spec: node, __inputs: { spec: node } }));
  const decoded = resourcePb.RegisterResourceResponse.deserializeBinary(response.serializeBinary());
  const value = JSON.stringify(decoded.getObject()?.toJavaScript());
  const bytes = Buffer.from(decoded.serializeBinary()).toString("base64");
  return { value, bytes, array: JSON.stringify(decoded.toArray()) };
}

/**
 * The minified names of `toArray`'s internal alias (what the stores call) and of a message's array
 * field, found on the module itself; undefined when either is not there as expected.
 */
export function internalNames(jspb: JspbModule): { sync: string; array: string } | undefined {
  const proto = jspb.Message.prototype as Record<string, unknown>;
  const toArray = proto.toArray;
  if (typeof toArray !== "function") return undefined;
  const aliases = Object.getOwnPropertyNames(proto).filter((k) => k !== "toArray" && proto[k] === toArray);
  if (aliases.length !== 1) return undefined;
  // A bare message: its array is the one value toArray() returns.
  const Ctor = jspb.Message as unknown as new () => object;
  const probe = Object.create(Ctor.prototype) as Record<string, unknown>;
  try {
    (jspb.Message as unknown as { initialize: AnyFunction }).initialize(probe, [], 0, -1, null, null);
  } catch {
    return undefined;
  }
  const array = (toArray as AnyFunction).call(probe);
  const fields = Object.keys(probe).filter((k) => probe[k] === array);
  if (fields.length !== 1 || !Array.isArray(array)) return undefined;
  return { sync: aliases[0]!, array: fields[0]! };
}

/**
 * Installs the lazy sync on the SDK's google-protobuf (or the given one), once per process, and
 * keeps it only if the self-test decodes as the stock code does.
 */
export function lazyProtobufWrapperSync(
  env: NodeJS.ProcessEnv = process.env,
  load: () => SdkProtobuf = sdkProtobuf,
): ProtobufPatchOutcome {
  if (env.PULUMI_HELMFILE_STOCK_PROTOBUF === "1")
    return { installed: false, reason: "PULUMI_HELMFILE_STOCK_PROTOBUF=1" };
  let sdk: SdkProtobuf;
  try {
    sdk = load();
  } catch (err) {
    return { installed: false, reason: `the SDK's google-protobuf could not be loaded: ${String(err)}` };
  }
  const message = sdk.jspb.Message;
  if ((message as unknown as Record<symbol, unknown>)[PATCHED] === true)
    return { installed: true, already: true };
  if (!/^3\.21\.\d+$/.test(sdk.version))
    return {
      installed: false,
      reason: `google-protobuf ${sdk.version || "(unknown version)"} is not 3.21.x`,
    };
  const names = internalNames(sdk.jspb);
  if (names === undefined)
    return { installed: false, reason: "google-protobuf's internals are not as expected" };
  const owners = {
    Message: message as Record<string, unknown>,
    "Map.prototype": sdk.jspb.Map.prototype as Record<string, unknown>,
  };
  if (STORES.some((s) => typeof owners[s.on][s.name] !== "function"))
    return { installed: false, reason: "google-protobuf's wrapper stores are not as expected" };

  let stock: RoundTrip;
  try {
    stock = sdk.roundTrip();
  } catch (err) {
    return { installed: false, reason: `the self-test's stock decode failed: ${String(err)}` };
  }
  const { sync, array } = names;
  const unsynced = function (this: Record<string, unknown>): unknown {
    return this[array];
  };
  const originals = STORES.map((s) => owners[s.on][s.name] as AnyFunction);
  STORES.forEach((s, i) => {
    const original = originals[i]!;
    owners[s.on][s.name] = function (this: unknown, ...args: unknown[]): unknown {
      const child = args[s.child];
      if (child === null || typeof child !== "object" || Object.prototype.hasOwnProperty.call(child, sync))
        return original.apply(this, args);
      const c = child as Record<string, unknown>;
      c[sync] = unsynced;
      try {
        return original.apply(this, args);
      } finally {
        delete c[sync];
      }
    };
  });
  const restore = (): void => STORES.forEach((s, i) => (owners[s.on][s.name] = originals[i]));
  try {
    const patched = sdk.roundTrip();
    if (patched.value !== stock.value || patched.bytes !== stock.bytes || patched.array !== stock.array) {
      restore();
      return { installed: false, reason: "the self-test decoded differently from the stock code" };
    }
  } catch (err) {
    restore();
    return { installed: false, reason: `the self-test failed: ${String(err)}` };
  }
  Object.defineProperty(message, PATCHED, { value: true });
  return { installed: true, already: false };
}
