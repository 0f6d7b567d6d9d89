import { spawn } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LocalStateLocation } from "./local-state";
import { endWaitingReadsUnder, pendingState, type PendingState } from "./pending-state";

const location: LocalStateLocation = {
  backendUrl: "file:///unused",
  projectName: "proj",
  stackName: "dev",
  secretsProvider: "passphrase",
  env: {},
};

/** Another process reading the file at `path` whole, as the engine does: what it read, or its error. */
function readInChild(path: string): Promise<{ text: string; code: number | null }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ["-e", `process.stdout.write(require("fs").readFileSync(${JSON.stringify(path)}))`],
      { stdio: ["ignore", "pipe", "ignore"] },
    );
    let text = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (text += d));
    child.on("exit", (code) => resolve({ text, code }));
  });
}

const within = <T>(p: Promise<T>, ms: number): Promise<T | "timeout"> =>
  Promise.race([p, new Promise<"timeout">((r) => setTimeout(() => r("timeout"), ms).unref())]);

describe("pendingState (a stack file handed over later)", () => {
  let dir: string;
  let made: PendingState[];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "pending-state-"));
    made = [];
  });
  afterEach(() => {
    for (const p of made) p.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const make = (): { state: PendingState; file: string } => {
    const state = pendingState(dir, location, "version: 1\n");
    if (state === undefined) throw new Error("no named pipe could be made");
    made.push(state);
    return { state, file: join(dir, ".pulumi", "stacks", "proj", "dev.json") };
  };

  it("lays the copy out as Pulumi's file backend, with a named pipe for the stack's file", () => {
    const { state, file } = make();
    expect(state.url).toBe(`file://${dir}`);
    expect(readFileSync(join(dir, ".pulumi", "meta.yaml"), "utf8")).toBe("version: 1\n");
    expect(lstatSync(file).isFIFO()).toBe(true);
    expect(lstatSync(file).mode & 0o777).toBe(0o600);
  });

  it("hands a reader that came first the whole text, larger than a pipe holds", async () => {
    const { state, file } = make();
    const text = JSON.stringify({ checkpoint: { latest: { resources: "x".repeat(300_000) } } });
    const reading = readInChild(file);
    await new Promise((r) => setTimeout(r, 200));
    await state.provide(text);
    expect(await reading).toEqual({ text, code: 0 });
  });

  it("waits for a reader that comes later, and hands only the first text", async () => {
    const { state, file } = make();
    const handing = state.provide("first");
    expect(await within(handing, 200)).toBe("timeout");
    void state.provide("second");
    expect(await readInChild(file)).toEqual({ text: "first", code: 0 });
    await handing;
  });

  it("a second read of the stack's file (an engine that reads it twice) finds the same text", async () => {
    const { state, file } = make();
    const reading = readInChild(file);
    await state.provide("{state}");
    expect(await reading).toEqual({ text: "{state}", code: 0 });
    expect(await within(readInChild(file), 5000)).toEqual({ text: "{state}", code: 0 });
    expect(lstatSync(file).mode & 0o777).toBe(0o600);
  });

  it('"" ends the read with no state', async () => {
    const { state, file } = make();
    const reading = readInChild(file);
    await state.provide("");
    expect(await reading).toEqual({ text: "", code: 0 });
  });

  it("releases a hand-over when the engine is gone without reading", async () => {
    const { state } = make();
    const handing = state.provide("never read");
    await new Promise((r) => setTimeout(r, 100));
    state.engineGone();
    expect(await within(handing, 5000)).toBeUndefined();
    // A later hand-over does not wait at all.
    expect(await within(state.provide("again"), 1000)).toBeUndefined();
  });

  it("on close, ends a read still waiting and removes the pipe", async () => {
    const { state, file } = make();
    const reading = readInChild(file);
    await new Promise((r) => setTimeout(r, 200));
    state.close();
    expect(await within(reading, 5000)).toEqual({ text: "", code: 0 });
    expect(existsSync(file)).toBe(false);
  });

  it("endWaitingReadsUnder ends the reads waiting on pipes in a folder left behind", async () => {
    const { file } = make();
    mkdirSync(join(dir, "other"));
    const reading = readInChild(file);
    await new Promise((r) => setTimeout(r, 200));
    endWaitingReadsUnder(dir);
    expect(await within(reading, 5000)).toEqual({ text: "", code: 0 });
  });
});
