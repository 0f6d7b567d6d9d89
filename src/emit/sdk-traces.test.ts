import * as pulumi from "@pulumi/pulumi";
import { cheapSdkPromiseStacks, isSdkRpcTrace, quietSdkRpcTraces, shortSdkResponseText } from "./sdk-traces";

describe("the SDK's RPC traces", () => {
  // Lines as @pulumi/pulumi 3.276 runtime/resource.js and runtime/invoke.js write them.
  const traces = [
    "Registering resource: t=kubernetes:core/v1:ConfigMap, name=a, custom=true, remote=false",
    "RegisterResource RPC prepared: t=kubernetes:core/v1:ConfigMap, name=a",
    "RegisterResource RPC finished: resource:a[kubernetes:core/v1:ConfigMap]; err: null, resp: urn:…",
    "Resource RPC serialization requested: resource:a[kubernetes:core/v1:ConfigMap] is current",
    "getResource Invoke RPC finished: err: null, resp: …",
    "Invoke RPC finished: tok=kubernetes:yaml:decode; err: null, resp: …",
  ];

  it("recognises the per-RPC traces and nothing else", () => {
    for (const t of traces) expect(isSdkRpcTrace(t)).toBe(true);
    for (const other of [
      "render cache hit for release web (0123456789ab)",
      "exec: helm template web ./chart",
      "RegisterResource RPC failed: t=kubernetes:core/v1:ConfigMap, name=a, err=boom",
    ])
      expect(isSdkRpcTrace(other)).toBe(false);
  });

  it("drops them from pulumi.log.debug once installed, once per process, unless asked to keep them", async () => {
    const original = pulumi.log.debug;
    const sent = jest.fn((_m: string) => Promise.resolve());
    const log = pulumi.log as { debug: typeof pulumi.log.debug };
    try {
      log.debug = sent;
      quietSdkRpcTraces({ PULUMI_HELMFILE_SDK_TRACES: "1" });
      expect(log.debug).toBe(sent);
      quietSdkRpcTraces({});
      quietSdkRpcTraces({});
      for (const t of traces) await pulumi.log.debug(t);
      await pulumi.log.debug("exec: helm template web ./chart");
      expect(sent.mock.calls.map((c) => c[0])).toEqual(["exec: helm template web ./chart"]);
    } finally {
      log.debug = original;
    }
  });
});

describe("the SDK's promise stacks", () => {
  it("are left empty when the SDK's debuggablePromise makes them; every other stack is formatted as before", () => {
    const original = Error.prepareStackTrace;
    try {
      cheapSdkPromiseStacks({});
      const installed = Error.prepareStackTrace;
      cheapSdkPromiseStacks({});
      expect(Error.prepareStackTrace).toBe(installed);
      // Named as the SDK names it (runtime/debuggable.js).
      function debuggablePromise(): string | undefined {
        return new Error().stack;
      }
      expect(debuggablePromise()).toBe("");
      function somewhereElse(): string | undefined {
        return new Error("boom").stack;
      }
      const stack = somewhereElse() ?? "";
      expect(stack.split("\n")[0]).toBe("Error: boom");
      expect(stack.split("\n")[1]).toMatch(/^ {4}at somewhereElse \(.*sdk-traces\.test\.ts:\d+:\d+\)$/);
    } finally {
      Error.prepareStackTrace = original;
    }
  });

  it("are kept with PULUMI_HELMFILE_SDK_TRACES=1", () => {
    const original = Error.prepareStackTrace;
    try {
      cheapSdkPromiseStacks({ PULUMI_HELMFILE_SDK_TRACES: "1" });
      expect(Error.prepareStackTrace).toBe(original);
    } finally {
      Error.prepareStackTrace = original;
    }
  });
});

describe("the text of the engine's answers in the SDK's trace lines", () => {
  // A separate module registry: the short text is installed once per process on the SDK's messages.
  const load = () => {
    let mods: {
      sdkRequire: (id: string) => unknown;
      pb: { RegisterResourceResponse: new () => { setUrn(u: string): void; setObject(s: unknown): void } };
      struct: { Struct: { fromJavaScript(v: unknown): unknown } };
    };
    jest.isolateModules(() => {
      // Jest's own require: only it loads a module again inside isolateModules.
      /* eslint-disable @typescript-eslint/no-require-imports */
      const modules: Record<string, unknown> = {
        "./resource_pb.js": require("@pulumi/pulumi/proto/resource_pb.js"),
        "./provider_pb.js": require("@pulumi/pulumi/proto/provider_pb.js"),
      };
      const sdkRequire = (id: string): unknown => modules[id];
      mods = {
        sdkRequire,
        pb: sdkRequire("./resource_pb.js") as never,
        struct: require("google-protobuf/google/protobuf/struct_pb.js") as never,
      };
      /* eslint-enable @typescript-eslint/no-require-imports */
    });
    return mods!;
  };
  const answer = (m: ReturnType<typeof load>) => {
    const r = new m.pb.RegisterResourceResponse();
    r.setUrn("urn:pulumi:s::p::kubernetes:apiextensions.k8s.io/v1:CustomResourceDefinition::x");
    r.setObject(
      m.struct.Struct.fromJavaScript({ spec: { versions: [{ schema: { deep: { x: "kept" } } }] } }),
    );
    return r;
  };

  it("is google-protobuf's whole array form until installed, then only the answer's type", () => {
    const m = load();
    const before = String(answer(m));
    expect(before).toContain("CustomResourceDefinition::x");
    expect(before).toContain("kept");
    shortSdkResponseText({}, m.sdkRequire);
    shortSdkResponseText({}, m.sdkRequire);
    expect(String(answer(m))).toBe("[pulumirpc.RegisterResourceResponse]");
    expect(`resp: ${answer(m)}`).toBe("resp: [pulumirpc.RegisterResourceResponse]");
  });

  it("is left whole with PULUMI_HELMFILE_SDK_TRACES=1", () => {
    const m = load();
    shortSdkResponseText({ PULUMI_HELMFILE_SDK_TRACES: "1" }, m.sdkRequire);
    expect(String(answer(m))).toContain("CustomResourceDefinition::x");
  });
});
