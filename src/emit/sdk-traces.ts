/**
 * The Pulumi Node.js SDK traces every RPC it makes as a debug diagnostic: four or five per
 * resource (`Registering resource: …`, `RegisterResource RPC prepared: …`, `RegisterResource RPC
 * finished: …; resp: <the whole response>`, …). Each is one more engine call, one more engine
 * event, and one more event decoded by the automation layer, and the `resp:` payloads hold the
 * objects' state (secret values in plain text among it). For a state of 500 releases that is
 * about 8,000 diagnostics and most of the preview's cost in this process. The automation
 * layer's inline program and the component provider drop them before they leave; every other
 * debug line (ours, the SDK's failures) passes. A user's own program using the components keeps
 * the SDK as it is.
 * `PULUMI_HELMFILE_SDK_TRACES=1` keeps them, for debugging the SDK itself.
 */
import { createRequire } from "node:module";
import * as pulumi from "@pulumi/pulumi";
import { lazyProtobufWrapperSync } from "./sdk-protobuf";

/** The beginnings of the SDK's per-RPC trace lines (@pulumi/pulumi runtime/resource, invoke). */
const TRACE_PREFIXES = [
  "Registering resource: ",
  "RegisterResource RPC prepared: ",
  "RegisterResource RPC finished: ",
  "RegisterResourceOutputs RPC prepared: ",
  "RegisterResourceOutputs RPC finished: ",
  "Resource RPC serialization requested: ",
  "Reading resource: ",
  "ReadResource RPC prepared: ",
  "ReadResource RPC finished: ",
  "Getting resource: ",
  "getResource Invoke RPC finished: ",
  "Invoking function: ",
  "Invoke RPC prepared: ",
  "Invoke RPC finished: ",
  "Calling function: ",
  "Call RPC prepared: ",
  "Call RPC finished: ",
  "Checking resource existence: ",
];

/** Whether a debug line is one of the SDK's RPC traces. */
export function isSdkRpcTrace(message: string): boolean {
  return TRACE_PREFIXES.some((p) => message.startsWith(p));
}

const QUIET = Symbol.for("pulumi-helmfile.quiet-sdk-traces");

type DebugLog = typeof pulumi.log.debug;

/**
 * Replaces `pulumi.log.debug` (the function the SDK's own modules call) with one that drops the
 * SDK's RPC traces; once per process.
 */
export function quietSdkRpcTraces(env: NodeJS.ProcessEnv = process.env): void {
  if (env.PULUMI_HELMFILE_SDK_TRACES === "1") return;
  const log = pulumi.log as { debug: DebugLog & { [QUIET]?: true } };
  if (log.debug[QUIET] === true) return;
  const debug = log.debug;
  const quiet: DebugLog & { [QUIET]?: true } = (msg, resource, streamId, ephemeral) =>
    isSdkRpcTrace(msg) ? Promise.resolve() : debug(msg, resource, streamId, ephemeral);
  quiet[QUIET] = true;
  log.debug = quiet;
}

/** The engine's answers whose text the SDK puts in a trace line (`resp: ${innerResponse}`). */
const TRACED_RESPONSES: readonly (readonly [module: string, names: readonly string[]])[] = [
  ["./resource_pb.js", ["RegisterResourceResponse", "ReadResourceResponse"]],
  ["./provider_pb.js", ["InvokeResponse", "CallResponse"]],
];

const SHORT_TEXT = Symbol.for("pulumi-helmfile.short-sdk-response-text");

/**
 * The SDK writes each trace line before `pulumi.log.debug` sees it, so dropping the line (above)
 * still pays for its text: `resp: ${innerResponse}` runs google-protobuf's `toString`, which syncs
 * the answer's whole array form and joins it into one string. For a CustomResourceDefinition's
 * outputs that is megabytes: 1.2 s of this process's CPU in a first `up` of the public charts.
 * Installed with the quiet traces (once per process, on the SDK's own generated messages), the
 * answers those lines name say only their type; nothing else in the SDK formats them.
 * The answers of a response whose module or class is not where the SDK keeps them are left as
 * they are.
 */
export function shortSdkResponseText(
  env: NodeJS.ProcessEnv = process.env,
  sdkRequire: (id: string) => unknown = createRequire(require.resolve("@pulumi/pulumi/proto/resource_pb.js")),
): void {
  if (env.PULUMI_HELMFILE_SDK_TRACES === "1") return;
  for (const [file, names] of TRACED_RESPONSES) {
    let mod: Record<string, unknown>;
    try {
      mod = sdkRequire(file) as Record<string, unknown>;
    } catch {
      continue;
    }
    for (const name of names) {
      const ctor = mod[name];
      if (typeof ctor !== "function") continue;
      const proto = (ctor as { prototype: Record<PropertyKey, unknown> }).prototype;
      if (Object.prototype.hasOwnProperty.call(proto, SHORT_TEXT)) continue;
      const text = `[pulumirpc.${name}]`;
      Object.defineProperty(proto, "toString", { value: () => text, configurable: true, writable: true });
      Object.defineProperty(proto, SHORT_TEXT, { value: true });
    }
  }
}

const CHEAP_STACKS = Symbol.for("pulumi-helmfile.cheap-sdk-promise-stacks");

/** How V8 formats a stack when no formatter is installed (`Error: message` then `    at …` lines). */
function v8Stack(err: Error, callsites: readonly NodeJS.CallSite[]): string {
  return `${Error.prototype.toString.call(err)}${callsites.map((c) => `\n    at ${c.toString()}`).join("")}`;
}

/**
 * The SDK stamps every promise it makes with `new Error().stack` (runtime/debuggable.js, kept
 * for its leaked-promise report) and formats each of those stacks at once: about a tenth of a
 * preview's time in this process at 500 releases. Installed once per process, the formatter
 * leaves a stack empty when its top frame is the SDK's `debuggablePromise`, and formats every
 * other one as before (the formatter installed earlier, else as V8 does).
 */
export function cheapSdkPromiseStacks(env: NodeJS.ProcessEnv = process.env): void {
  if (env.PULUMI_HELMFILE_SDK_TRACES === "1") return;
  const current = Error.prepareStackTrace as ((e: Error, s: NodeJS.CallSite[]) => unknown) & {
    [CHEAP_STACKS]?: true;
  };
  if (current?.[CHEAP_STACKS] === true) return;
  const previous = current;
  const format: typeof Error.prepareStackTrace & { [CHEAP_STACKS]?: true } = (err, callsites) => {
    if (callsites[0]?.getFunctionName() === "debuggablePromise") return "";
    return previous === undefined ? v8Stack(err, callsites) : previous(err, callsites);
  };
  format[CHEAP_STACKS] = true;
  Error.prepareStackTrace = format;
}

/**
 * The above (the traces, their answers' text, the promise stacks) and the SDK's protobuf decoding
 * without its quadratic syncs (./sdk-protobuf.ts): what the inline program and the component
 * provider install.
 */
export function trimSdkOverhead(env: NodeJS.ProcessEnv = process.env): void {
  quietSdkRpcTraces(env);
  shortSdkResponseText(env);
  cheapSdkPromiseStacks(env);
  lazyProtobufWrapperSync(env);
}
