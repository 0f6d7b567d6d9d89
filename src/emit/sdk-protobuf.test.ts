import { dirname } from "node:path";
import {
  internalNames,
  type ResourcePb,
  type StructPb,
  lazyProtobufWrapperSync,
  sdkProtobuf,
  type JspbModule,
  type SdkProtobuf,
} from "./sdk-protobuf";

/** The folder of @pulumi/pulumi's generated protobuf code, from which it loads google-protobuf. */
const PROTO_DIR = dirname(require.resolve("@pulumi/pulumi/proto/resource_pb.js"));

interface Copy {
  jspb: JspbModule;
  resourcePb: ResourcePb;
  structPb: StructPb;
}

/** The getters of google.protobuf.Struct this reads. */
interface StructMessage {
  getFieldsMap(): {
    get(k: string): { getStructValue(): StructMessage | undefined } | undefined;
    set(k: string, v: unknown): void;
  };
}

/** A fresh copy of the SDK's google-protobuf and generated code: patches stay in the test that made them. */
function freshCopy(): Copy {
  let copy: Copy | undefined;
  jest.isolateModules(() => {
    // Jest's own require: only it loads a module again inside isolateModules.
    /* eslint-disable @typescript-eslint/no-require-imports */
    const resolve = (m: string): string => require.resolve(m, { paths: [PROTO_DIR] });
    copy = {
      jspb: require(resolve("google-protobuf")) as Copy["jspb"],
      resourcePb: require(`${PROTO_DIR}/resource_pb.js`) as Copy["resourcePb"],
      structPb: require(resolve("google-protobuf/google/protobuf/struct_pb.js")) as Copy["structPb"],
    };
    /* eslint-enable @typescript-eslint/no-require-imports */
  });
  return copy!;
}

function loaderOf(copy: Copy, overrides: Partial<SdkProtobuf> = {}): () => SdkProtobuf {
  const real = sdkProtobuf();
  return () => ({
    jspb: copy.jspb,
    version: real.version,
    roundTrip: () => {
      const response = new copy.resourcePb.RegisterResourceResponse();
      response.setObject(copy.structPb.Struct.fromJavaScript({ a: { b: [{ c: 1 }, null, "x"] } }));
      const decoded = copy.resourcePb.RegisterResourceResponse.deserializeBinary(response.serializeBinary());
      return {
        value: JSON.stringify(decoded.getObject()?.toJavaScript()),
        bytes: Buffer.from(decoded.serializeBinary()).toString("base64"),
        array: JSON.stringify(decoded.toArray()),
      };
    },
    ...overrides,
  });
}

/** A CRD-like object: a schema nested `depth` levels, through maps, lists and their oneof values. */
function deepSchema(depth: number): unknown {
  let node: unknown = { type: "string", maxLength: 63, nullable: true, default: null };
  for (let i = 0; i < depth; i++)
    node = {
      type: "object",
      properties: { flag: { type: "boolean" } },
      anyOf: [{ [`p${i}`]: node }, [i, `s${i}`]],
    };
  return node;
}

/** Decodes the response, counting the array syncs google-protobuf makes on the way. */
function decodeCounting(
  copy: Copy,
  bytes: Uint8Array,
): { syncs: number; value: string; bytes: string; array: string } {
  const names = internalNames(copy.jspb)!;
  const proto = copy.jspb.Message.prototype as Record<string, (...a: unknown[]) => unknown>;
  const sync = proto[names.sync]!;
  let syncs = 0;
  proto[names.sync] = function (this: unknown, ...a: unknown[]) {
    syncs++;
    return sync.apply(this, a);
  };
  let decoded: ReturnType<Copy["resourcePb"]["RegisterResourceResponse"]["deserializeBinary"]>;
  try {
    decoded = copy.resourcePb.RegisterResourceResponse.deserializeBinary(bytes);
  } finally {
    proto[names.sync] = sync;
  }
  const during = syncs;
  return {
    syncs: during,
    value: JSON.stringify(decoded.getObject()?.toJavaScript()),
    bytes: Buffer.from(decoded.serializeBinary()).toString("base64"),
    array: JSON.stringify(decoded.toArray()),
  };
}

function wrapperStores(jspb: JspbModule): unknown[] {
  const m = jspb.Message as Record<string, unknown>;
  const map = jspb.Map.prototype as Record<string, unknown>;
  return [m.setWrapperField, m.setOneofWrapperField, m.addToRepeatedWrapperField, map.set];
}

describe("the SDK's protobuf decoding", () => {
  const schema = {
    apiVersion: "apiextensions.k8s.io/v1",
    kind: "CustomResourceDefinition",
    spec: deepSchema(30),
  };
  const object = { ...schema, __inputs: schema };

  function encoded(copy: Copy): Uint8Array {
    const response = new copy.resourcePb.RegisterResourceResponse();
    response.setUrn(
      "urn:pulumi:dev::p::kubernetes:apiextensions.k8s.io/v1:CustomResourceDefinition::widgets",
    );
    response.setObject(copy.structPb.Struct.fromJavaScript(object));
    return response.serializeBinary();
  }

  it("decodes a deep response as the stock code does, without syncing each child's subtree as it is stored", () => {
    const stockCopy = freshCopy();
    const stock = decodeCounting(stockCopy, encoded(stockCopy));
    const copy = freshCopy();
    expect(lazyProtobufWrapperSync({}, loaderOf(copy))).toEqual({ installed: true, already: false });
    const lazy = decodeCounting(copy, encoded(copy));
    // The stock code syncs every subtree again at each level above it.
    expect(stock.syncs).toBeGreaterThan(1000);
    expect(lazy.syncs).toBe(0);
    expect(JSON.parse(lazy.value)).toEqual(object);
    expect(lazy.value).toBe(stock.value);
    expect(lazy.bytes).toBe(stock.bytes);
    expect(lazy.array).toBe(stock.array);
  });

  it("leaves toArray() syncing the whole tree, so a change made after the decode shows in it", () => {
    const copy = freshCopy();
    lazyProtobufWrapperSync({}, loaderOf(copy));
    const decoded = copy.resourcePb.RegisterResourceResponse.deserializeBinary(encoded(copy));
    const spec = (decoded.getObject() as unknown as StructMessage)
      .getFieldsMap()
      .get("spec")!
      .getStructValue()!;
    const added = new copy.structPb.Value();
    added.setStringValue("added later");
    spec.getFieldsMap().set("note", added);
    expect(JSON.stringify(decoded.toArray())).toContain('"added later"');
    const again = copy.resourcePb.RegisterResourceResponse.deserializeBinary(decoded.serializeBinary());
    expect(again.getObject()?.toJavaScript()).toMatchObject({
      spec: { note: "added later", type: "object" },
    });
  });

  it("is installed once per process", () => {
    const copy = freshCopy();
    expect(lazyProtobufWrapperSync({}, loaderOf(copy)).installed).toBe(true);
    const stores = wrapperStores(copy.jspb);
    expect(lazyProtobufWrapperSync({}, loaderOf(copy))).toEqual({ installed: true, already: true });
    expect(wrapperStores(copy.jspb)).toEqual(stores);
  });

  it("is left out with PULUMI_HELMFILE_STOCK_PROTOBUF=1", () => {
    const copy = freshCopy();
    const stores = wrapperStores(copy.jspb);
    expect(lazyProtobufWrapperSync({ PULUMI_HELMFILE_STOCK_PROTOBUF: "1" }, loaderOf(copy))).toEqual({
      installed: false,
      reason: "PULUMI_HELMFILE_STOCK_PROTOBUF=1",
    });
    expect(wrapperStores(copy.jspb)).toEqual(stores);
    expect(decodeCounting(copy, encoded(copy)).syncs).toBeGreaterThan(0);
  });

  it("leaves a google-protobuf other than 3.21.x as it is", () => {
    const copy = freshCopy();
    const stores = wrapperStores(copy.jspb);
    const outcome = lazyProtobufWrapperSync({}, loaderOf(copy, { version: "4.0.0" }));
    expect(outcome).toEqual({ installed: false, reason: "google-protobuf 4.0.0 is not 3.21.x" });
    expect(wrapperStores(copy.jspb)).toEqual(stores);
  });

  it("keeps the stock code when the self-test decodes differently, or when the internals are not found", () => {
    const copy = freshCopy();
    const stores = wrapperStores(copy.jspb);
    let round = 0;
    const differs = loaderOf(copy, {
      roundTrip: () => ({ value: `${round++}`, bytes: "", array: "" }),
    });
    expect(lazyProtobufWrapperSync({}, differs)).toEqual({
      installed: false,
      reason: "the self-test decoded differently from the stock code",
    });
    expect(wrapperStores(copy.jspb)).toEqual(stores);
    expect(decodeCounting(copy, encoded(copy)).syncs).toBeGreaterThan(0);

    const renamed = {
      Message: { prototype: { toArray: () => [] } },
      Map: { prototype: {} },
    } as unknown as JspbModule;
    expect(internalNames(renamed)).toBeUndefined();
    expect(lazyProtobufWrapperSync({}, loaderOf(copy, { jspb: renamed }))).toEqual({
      installed: false,
      reason: "google-protobuf's internals are not as expected",
    });
  });

  it("applies to the google-protobuf that the installed @pulumi/pulumi loads", () => {
    const sdk = sdkProtobuf();
    expect(sdk.version).toMatch(/^3\.21\.\d+$/);
    expect(internalNames(sdk.jspb)).toBeDefined();
    const stock = sdk.roundTrip();
    expect(JSON.parse(stock.value)).toMatchObject({
      spec: { type: "object" },
      __inputs: { spec: { type: "object" } },
    });
    expect(lazyProtobufWrapperSync({}).installed).toBe(true);
    expect(sdk.roundTrip()).toEqual(stock);
  });
});
