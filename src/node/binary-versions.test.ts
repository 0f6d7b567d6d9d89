import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { binaryIdentity, rememberedVersions, rememberVersion } from "./binary-versions";

describe("remembered binary versions", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "phf-binary-versions-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("are kept by path, size and time: another binary at the same path is another identity", () => {
    const bin = join(dir, "tool");
    writeFileSync(bin, "one");
    const first = binaryIdentity(bin);
    expect(first).toBeDefined();
    utimesSync(bin, new Date(2020, 0, 1), new Date(2020, 0, 1));
    expect(binaryIdentity(bin)).not.toBe(first);
    expect(binaryIdentity(join(dir, "missing"))).toBeUndefined();
  });

  it("keep the most recently learnt ones, and read a broken file as none", () => {
    const file = join(dir, "sub", "versions.json");
    expect(rememberedVersions(file)).toEqual({});
    for (let i = 0; i < 5; i++) rememberVersion(file, `id${i}`, `v${i}`, 3);
    expect(rememberedVersions(file)).toEqual({ id2: "v2", id3: "v3", id4: "v4" });
    rememberVersion(file, "id2", "v2b", 3);
    expect(Object.keys(rememberedVersions(file))).toEqual(["id3", "id4", "id2"]);
    writeFileSync(file, "[1,2]");
    expect(rememberedVersions(file)).toEqual({});
  });
});
