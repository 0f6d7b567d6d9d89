import type { EngineEvent, PreviewResult } from "@pulumi/pulumi/automation";
import { EarlyPreview, type EngineStream } from "./early-preview";
import type { PendingState } from "./pending-state";

/** A pending state that records what it was handed, and an engine run that ends when told. */
function fixture() {
  const provided: string[] = [];
  let gone = 0;
  let closed = 0;
  const state: PendingState = {
    url: "file:///copy",
    provide: (text) => {
      provided.push(text);
      return Promise.resolve();
    },
    engineGone: () => void gone++,
    close: () => void closed++,
  };
  let engine: EngineStream | undefined;
  let finish: (r: PreviewResult) => void = () => undefined;
  let fail: (e: Error) => void = () => undefined;
  const early = new EarlyPreview(state, "never", (stream) => {
    engine = stream;
    return new Promise<PreviewResult>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
  });
  const said: string[] = [];
  const to: EngineStream = {
    color: "never",
    onOutput: (text) => said.push(`out:${text}`),
    onEvent: (e) => said.push(`event:${String((e as { sequence?: number }).sequence)}`),
  };
  return {
    early,
    provided,
    gone: () => gone,
    closed: () => closed,
    engine: () => engine as EngineStream,
    finish: (r: PreviewResult) => finish(r),
    fail: (e: Error) => fail(e),
    said,
    to,
  };
}

const result: PreviewResult = { stdout: "done", stderr: "", changeSummary: { same: 3 } };
const event = (sequence: number): EngineEvent => ({ sequence, timestamp: 0 }) as EngineEvent;

describe("EarlyPreview", () => {
  it("starts the engine at once and holds what it says until taken, then passes it on in order", async () => {
    const f = fixture();
    expect(f.engine().color).toBe("never");
    f.engine().onOutput("Previewing update (dev):\n");
    f.engine().onEvent(event(1));
    expect(f.said).toEqual([]);
    expect(f.early.waiting).toBe(true);
    const taken = f.early.adopt(f.to, "{state}");
    expect(f.provided).toEqual(["{state}"]);
    expect(f.said).toEqual(["out:Previewing update (dev):\n", "event:1"]);
    f.engine().onEvent(event(2));
    expect(f.said).toEqual(["out:Previewing update (dev):\n", "event:1", "event:2"]);
    f.finish(result);
    await expect(taken).resolves.toBe(result);
    expect(f.gone()).toBe(1);
    expect(f.early.waiting).toBe(false);
  });

  it("discarded: hands the engine no state, says nothing of it, and resolves once it has ended", async () => {
    const f = fixture();
    f.engine().onOutput("Previewing update (dev):\n");
    let done = false;
    const discarding = f.early.discard().then(() => (done = true));
    await Promise.resolve();
    expect(f.provided).toEqual([""]);
    expect(done).toBe(false);
    f.engine().onOutput("error: failed to load checkpoint\n");
    f.fail(new Error("failed to load checkpoint"));
    await discarding;
    expect(done).toBe(true);
    expect(f.said).toEqual([]);
    expect(f.early.waiting).toBe(false);
  });

  it("is no longer waiting once the engine ended on its own (its failure is not unhandled)", async () => {
    const f = fixture();
    f.fail(new Error("passphrase"));
    await f.early.ended;
    expect(f.early.waiting).toBe(false);
    expect(f.gone()).toBe(1);
  });

  it("close ends the state's wait", () => {
    const f = fixture();
    f.early.close();
    expect(f.closed()).toBe(1);
  });
});
