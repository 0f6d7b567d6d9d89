/**
 * The render keys `up` records once a release is applied (./upgrade-keys.ts): what is batched, and
 * when a key is recorded or not. The renders are faked (unit test); the real ones are checked end to
 * end (tests/e2e/real-shapes.e2e.test.ts: the preview right after a first `up` renders nothing).
 */
import type { RenderKey } from "../render/cluster-render";
import { UpgradeKeys, type UpgradeRenders } from "./upgrade-keys";

const keyOf = (id: string): RenderKey => ({ key: `sha256:${id}`, mode: "upgrade" });

/** A fake render: each release renders `outputs[id]` (absent: no manifest), with a key unless `unkeyed`. */
function fakeRender(outputs: Record<string, string>, unkeyed: readonly string[] = []) {
  const batches: string[][] = [];
  let failNext = false;
  const render = (ids: ReadonlySet<string>): Promise<UpgradeRenders> => {
    batches.push([...ids].sort());
    if (failNext) {
      failNext = false;
      return Promise.reject(new Error("helm: the cluster went away"));
    }
    const manifests = new Map<string, string>();
    const keys = new Map<string, RenderKey | undefined>();
    for (const id of ids) {
      const out = outputs[id];
      if (out !== undefined) manifests.set(id, out);
      keys.set(id, unkeyed.includes(id) ? undefined : keyOf(id));
    }
    return Promise.resolve({ manifests, keys });
  };
  return { render, batches, failOnce: () => (failNext = true) };
}

const sameText = (a: string, b: string): boolean => a === b;

describe("render keys recorded once a release is applied", () => {
  it("records a release's key only when its upgrade's render is the applied one", async () => {
    const f = fakeRender({ a: "A", b: "B changed", c: "C" }, ["c"]);
    const keys = new UpgradeKeys(f.render, sameText);
    const [a, b, c, d] = await Promise.all([
      keys.keyFor("a", "A"),
      keys.keyFor("b", "B"),
      // Rendered the same, but the render could record no key.
      keys.keyFor("c", "C"),
      // Not rendered at all.
      keys.keyFor("d", "D"),
    ]);
    expect([a, b, c, d]).toEqual([keyOf("a"), undefined, undefined, undefined]);
  });

  it("what is asked in one turn renders in one batch; what is asked during a batch, in the next", async () => {
    const f = fakeRender({ a: "A", b: "B", c: "C" });
    const keys = new UpgradeKeys(f.render, sameText);
    const first = Promise.all([keys.keyFor("a", "A"), keys.keyFor("b", "B")]);
    await new Promise((r) => setImmediate(r));
    const late = keys.keyFor("c", "C");
    expect(await first).toEqual([keyOf("a"), keyOf("b")]);
    expect(await late).toEqual(keyOf("c"));
    expect(f.batches).toEqual([["a", "b"], ["c"]]);
  });

  it("a failed render records nothing, says so, and the next batch still renders", async () => {
    const f = fakeRender({ a: "A", b: "B" });
    const failures: string[][] = [];
    const keys = new UpgradeKeys(f.render, sameText, (ids) => failures.push([...ids]));
    f.failOnce();
    expect(await keys.keyFor("a", "A")).toBeUndefined();
    expect(failures).toEqual([["a"]]);
    expect(await keys.keyFor("b", "B")).toEqual(keyOf("b"));
  });

  it("a comparison that throws records nothing and never blocks the next batch", async () => {
    const f = fakeRender({ a: "A", b: "B" });
    const keys = new UpgradeKeys(f.render, (rendered) => {
      if (rendered === "A") throw new Error("not YAML");
      return true;
    });
    expect(await keys.keyFor("a", "A")).toBeUndefined();
    expect(await keys.keyFor("b", "B")).toEqual(keyOf("b"));
  });

  it("the comparison decides what counts as the same render (objects, not text)", async () => {
    const f = fakeRender({ a: "# Source: x\nkind: A\n" });
    const keys = new UpgradeKeys(f.render, (x, y) => x.replace(/^#.*\n/gm, "") === y.replace(/^#.*\n/gm, ""));
    expect(await keys.keyFor("a", "kind: A\n")).toEqual(keyOf("a"));
  });
});
