/**
 * The gate that applies a run's CRDs together (./crd-gate.ts): when the releases' other objects
 * may go, and how long a CRD's create is held.
 */
import type * as pulumi from "@pulumi/pulumi";
import { CrdGate, crdGateMembers, engineParallelism } from "./crd-gate";

/** A CRD resource whose registration comes back (its URN resolves) when `settle` is called. */
function crd(urn: string): { resource: pulumi.Resource; settle: () => void; fail: () => void } {
  let settle: () => void = () => undefined;
  let fail: () => void = () => undefined;
  const promise = new Promise<string>((resolve, reject) => {
    settle = () => resolve(urn);
    fail = () => reject(new Error("create failed"));
  });
  promise.catch(() => undefined);
  return { resource: { urn: promise } as unknown as pulumi.Resource, settle, fail };
}

/** Whether `p` has settled once pending callbacks have run. */
async function isDone(p: Promise<void>): Promise<boolean> {
  let done = false;
  void p.then(() => (done = true));
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
  return done;
}

describe("crdGateMembers", () => {
  it("takes the releases that need none of the others and have no helmfile hooks", () => {
    expect(
      crdGateMembers([
        { resourceName: "hf-a/db", needs: [] },
        { resourceName: "hf-a/app", needs: ["hf-a/db"] },
        { resourceName: "hf-a/web", needs: ["hf-elsewhere/x"] },
        { resourceName: "hf-a/hooked", needs: [], hooks: '{"hooks":[]}' },
      ]),
    ).toEqual(["hf-a/db", "hf-a/web"]);
  });
});

describe("CrdGate", () => {
  it("lets the other objects go once every member has reported and each CRD registration has come back", async () => {
    const gate = new CrdGate(["a", "b"], "hook");
    const x = crd("urn:x");
    const y = crd("urn:y");
    gate.report("a", [x.resource, y.resource]);
    expect(await isDone(gate.opened())).toBe(false);
    x.settle();
    y.fail();
    // b has not said whether it has CRDs.
    expect(await isDone(gate.opened())).toBe(false);
    gate.report("b", []);
    expect(await isDone(gate.opened())).toBe(true);
  });

  it("is open from the start when no release is a member, and a second report of a member changes nothing", async () => {
    expect(await isDone(new CrdGate([], "hook").opened())).toBe(true);
    const gate = new CrdGate(["a"], "hook");
    gate.report("a", []);
    gate.report("a", [crd("urn:never").resource]);
    gate.report("c", [crd("urn:never").resource]);
    expect(await isDone(gate.opened())).toBe(true);
  });

  it("holds each CRD's create until every CRD has reached its create or come back, then lets all go", async () => {
    const gate = new CrdGate(["a", "b"], "hook", 60_000, undefined);
    const [x, y, z] = [crd("urn:x"), crd("urn:y"), crd("urn:z")];
    gate.report("a", [x.resource, y.resource]);
    const heldX = gate.held("urn:x");
    expect(await isDone(heldX)).toBe(false);
    // z exists already: its registration comes back without a create.
    gate.report("b", [z.resource]);
    z.settle();
    expect(await isDone(heldX)).toBe(false);
    const heldY = gate.held("urn:y");
    expect(await isDone(heldX)).toBe(true);
    expect(await isDone(heldY)).toBe(true);
    // Later creates are not held.
    expect(await isDone(gate.held("urn:late"))).toBe(true);
  });

  it("lets a held create go once nothing has moved for the quiet time", async () => {
    jest.useFakeTimers();
    try {
      const gate = new CrdGate(["a"], "hook", 1_000, undefined);
      gate.report("a", [crd("urn:x").resource, crd("urn:y").resource]);
      let released = false;
      void gate.held("urn:x").then(() => (released = true));
      await jest.advanceTimersByTimeAsync(900);
      expect(released).toBe(false);
      await jest.advanceTimersByTimeAsync(200);
      expect(released).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it("lets the held creates go once they fill the engine's parallel steps: no other CRD could be checked", async () => {
    const gate = new CrdGate(["a"], "hook", 60_000, 2);
    gate.report("a", [crd("urn:x").resource, crd("urn:y").resource, crd("urn:z").resource]);
    const heldX = gate.held("urn:x");
    expect(await isDone(heldX)).toBe(false);
    const heldY = gate.held("urn:y");
    expect(await isDone(heldX)).toBe(true);
    expect(await isDone(heldY)).toBe(true);
  });

  it("reads the engine's parallelism as the Node.js language host passes it", () => {
    expect(engineParallelism({ PULUMI_NODEJS_PARALLEL: "8" })).toBe(8);
    expect(engineParallelism({})).toBeUndefined();
    expect(engineParallelism({ PULUMI_NODEJS_PARALLEL: "x" })).toBeUndefined();
  });

  it("takes no hook where the engine takes none (Pulumi's mocks, no monitor)", () => {
    expect(new CrdGate(["a"], "hook").hook()).toBeUndefined();
  });
});
