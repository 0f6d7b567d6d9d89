import { mkdtempSync, readdirSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NodeFileSystem, NodeScratchFileSystem } from "../node";
import { hashParts, RenderCache } from "./render-cache";

describe("RenderCache", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "ph-cache-test-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const cache = (maxMegabytes?: number) =>
    new RenderCache(
      { dir, ...(maxMegabytes === undefined ? {} : { maxMegabytes }) },
      new NodeFileSystem(),
      new NodeScratchFileSystem(),
    );

  test("stores and returns manifests by key, and misses unknown keys", () => {
    const c = cache();
    c.put("ab12", "---\nkind: A\n");
    expect(c.get("ab12")).toBe("---\nkind: A\n");
    expect(c.get("cd34")).toBeUndefined();
  });

  test("writes leave no temp files behind", () => {
    cache().put("ab12", "x");
    expect(readdirSync(join(dir, "ab"))).toEqual(["ab12.yaml"]);
  });

  test("prune evicts the least recently used entries beyond the size bound", () => {
    const c = cache(2048 / (1024 * 1024));
    const big = "x".repeat(900);
    c.put("aa01", big);
    c.put("aa02", big);
    c.put("aa03", big);
    const old = new Date(Date.now() - 60_000);
    utimesSync(join(dir, "aa", "aa01.yaml"), old, old);
    c.prune();
    expect(readdirSync(join(dir, "aa")).sort()).toEqual(["aa02.yaml", "aa03.yaml"]);
  });

  test("hashParts keeps part boundaries: [ab, c] and [a, bc] differ", () => {
    expect(hashParts(["ab", "c"])).not.toBe(hashParts(["a", "bc"]));
    expect(hashParts(["a", "b"])).toBe(hashParts(["a", "b"]));
  });
});
