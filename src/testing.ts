/**
 * `pulumi-helmfile/testing`: helpers for testing programs that use the components under
 * `pulumi.runtime.setMocks`, recording every registered resource with its parent, its
 * dependencies and its raw inputs (so secretness and unknowns stay visible).
 */
import "./shared/require-supported-node";
import * as pulumi from "@pulumi/pulumi";

/** The wire markers Pulumi uses for secrets and unknowns inside serialized properties. */
const SIG_KEY = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";
const UNKNOWN_VALUE = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** One resource registration as the engine would see it. */
export interface RecordedResource {
  readonly type: string;
  readonly name: string;
  readonly urn: string;
  /** URN of the parent; empty for top-level resources. */
  readonly parent: string;
  /** URNs listed as explicit and input dependencies. */
  readonly dependencies: readonly string[];
  readonly custom: boolean;
  readonly remote: boolean;
  /** Provider reference (`urn::id`), or empty. */
  readonly provider: string;
  /** Provider references by package. */
  readonly providers: Readonly<Record<string, string>>;
  /** Inputs as serialized on the wire (secrets and unknowns keep their markers). */
  readonly rawInputs: Readonly<Record<string, unknown>>;
  /** The `retainOnDelete` option. */
  readonly retainOnDelete: boolean;
  /** The `ignoreChanges` option. */
  readonly ignoreChanges: readonly string[];
  /** How many `transforms` the registration carries. */
  readonly transforms: number;
  /** Names of the resource hooks bound per kind (`beforeCreate`, …); empty kinds left out. */
  readonly hooks: Readonly<Record<string, readonly string[]>>;
}

/** Options of {@link recordMockResources}. */
export interface MockRecorderOptions {
  /** Run as a preview (`true`) or an update (`false`). Default false. */
  readonly preview?: boolean;
  readonly project?: string;
  readonly stack?: string;
}

/** The resources registered since {@link recordMockResources}. */
export interface MockRecorder {
  readonly resources: RecordedResource[];
  /**
   * Promise rejections nobody handled while recording. A component whose `initialize` fails
   * rejects its registered outputs; in a real program that unhandled rejection fails the
   * program, in a test it is collected here instead of killing the test runner.
   */
  readonly unhandledRejections: unknown[];
  /**
   * Resolves once every resource registration and other RPC the program started has finished,
   * including those started while waiting (Pulumi's own drain before it disconnects). Await it
   * after the component's outputs instead of sleeping.
   */
  settled(): Promise<void>;
}

/** Pulumi's drain of outstanding RPCs (`runtime.waitForRPCs`, internal in @pulumi/pulumi 3.276). */
function waitForRPCs(): Promise<void> {
  const runtime = pulumi.runtime as unknown as { waitForRPCs?: () => Promise<void> };
  if (runtime.waitForRPCs === undefined) throw new Error("this @pulumi/pulumi has no runtime.waitForRPCs");
  return runtime.waitForRPCs();
}

let currentRecorder: MockRecorder | undefined;
let rejectionHandlerInstalled = false;

function installRejectionHandler(): void {
  if (rejectionHandlerInstalled) return;
  rejectionHandlerInstalled = true;
  process.on("unhandledRejection", (reason) => {
    currentRecorder?.unhandledRejections.push(reason);
  });
}

interface RegisterRequest {
  getType(): string;
  getName(): string;
  getParent(): string;
  getDependenciesList(): string[];
  getCustom(): boolean;
  getRemote(): boolean;
  getProvider(): string;
  getProvidersMap(): { toObject(): Array<[string, string]> };
  getObject(): { toJavaScript(): Record<string, unknown> } | undefined;
  getRetainondelete(): boolean;
  getIgnorechangesList(): string[];
  getTransformsList(): unknown[];
  getHooks(): HooksBinding | undefined;
}
interface HooksBinding {
  getBeforeCreateList(): string[];
  getAfterCreateList(): string[];
  getBeforeUpdateList(): string[];
  getAfterUpdateList(): string[];
  getBeforeDeleteList(): string[];
  getAfterDeleteList(): string[];
}

function hookNames(b: HooksBinding | undefined): Record<string, readonly string[]> {
  if (b === undefined) return {};
  const all: Array<[string, string[]]> = [
    ["beforeCreate", b.getBeforeCreateList()],
    ["afterCreate", b.getAfterCreateList()],
    ["beforeUpdate", b.getBeforeUpdateList()],
    ["afterUpdate", b.getAfterUpdateList()],
    ["beforeDelete", b.getBeforeDeleteList()],
    ["afterDelete", b.getAfterDeleteList()],
  ];
  return Object.fromEntries(all.filter(([, v]) => v.length > 0));
}
type Callback = (err: Error | null, response?: { getUrn(): string }) => void;
interface RecordableMonitor {
  registerResource(req: RegisterRequest, callback: Callback): void;
}

/** Installs Pulumi mocks that echo inputs as outputs and records every registration. */
export async function recordMockResources(options: MockRecorderOptions = {}): Promise<MockRecorder> {
  const recorder: MockRecorder = { resources: [], unhandledRejections: [], settled: waitForRPCs };
  currentRecorder = recorder;
  installRejectionHandler();
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => ({
        id: args.custom === true ? `${args.name}-id` : "",
        state: args.inputs as Record<string, unknown>,
      }),
      call: (args) => args.inputs as Record<string, unknown>,
    },
    options.project ?? "project",
    options.stack ?? "stack",
    options.preview ?? false,
  );
  const monitor = pulumi.runtime.getMonitor() as unknown as RecordableMonitor;
  const original = monitor.registerResource.bind(monitor);
  monitor.registerResource = (req, callback) => {
    original(req, (err, response) => {
      if (err === null && response !== undefined) {
        recorder.resources.push({
          type: req.getType(),
          name: req.getName(),
          urn: response.getUrn(),
          parent: req.getParent(),
          dependencies: req.getDependenciesList(),
          custom: req.getCustom(),
          remote: req.getRemote(),
          provider: req.getProvider(),
          providers: Object.fromEntries(req.getProvidersMap().toObject()),
          rawInputs: req.getObject()?.toJavaScript() ?? {},
          retainOnDelete: req.getRetainondelete(),
          ignoreChanges: req.getIgnorechangesList(),
          transforms: req.getTransformsList().length,
          hooks: hookNames(req.getHooks()),
        });
      }
      callback(err, response);
    });
  };
  return recorder;
}

/** True when a serialized property is a secret. */
export function isSecretValue(raw: unknown): boolean {
  return typeof raw === "object" && raw !== null && (raw as Record<string, unknown>)[SIG_KEY] === SECRET_SIG;
}

/** True when a serialized property is unknown (preview). */
export function isUnknownValue(raw: unknown): boolean {
  return (
    raw === UNKNOWN_VALUE || (isSecretValue(raw) && (raw as { value?: unknown }).value === UNKNOWN_VALUE)
  );
}

/** The plain value of a serialized property (secret wrappers removed). */
export function plainValue(raw: unknown): unknown {
  if (isSecretValue(raw)) return plainValue((raw as { value?: unknown }).value);
  if (Array.isArray(raw)) return raw.map(plainValue);
  if (typeof raw === "object" && raw !== null) {
    return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, plainValue(v)]));
  }
  return raw;
}
