import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LoadError } from "../shared/errors";
import { NodeFileSystem } from "./node-file-system";

describe("NodeFileSystem", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "ph-fs-"));
    for (const f of ["a.yaml", "b.yaml", "_helpers.tpl", "sub/c.yaml", "sub/deep/d.yaml", "sub/e.txt"]) {
      mkdirSync(join(dir, f, ".."), { recursive: true });
      writeFileSync(join(dir, f), f);
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("glob matches one level for a plain `*` pattern", () => {
    expect(new NodeFileSystem(dir).glob("*.yaml")).toEqual([join(dir, "a.yaml"), join(dir, "b.yaml")]);
  });

  test("glob `**` matches zero or more directories", () => {
    expect(new NodeFileSystem(dir).glob(join(dir, "**/*.yaml"))).toEqual(
      [
        join(dir, "a.yaml"),
        join(dir, "b.yaml"),
        join(dir, "sub/c.yaml"),
        join(dir, "sub/deep/d.yaml"),
      ].sort(),
    );
  });

  test("glob supports `?` and character classes", () => {
    const fs = new NodeFileSystem(dir);
    expect(fs.glob("sub/?.txt")).toEqual([join(dir, "sub/e.txt")]);
    expect(fs.glob("[ab].yaml")).toEqual([join(dir, "a.yaml"), join(dir, "b.yaml")]);
    expect(fs.glob("_*.tpl")).toEqual([join(dir, "_helpers.tpl")]);
  });

  test("a pattern without glob characters returns the file only when it exists", () => {
    const fs = new NodeFileSystem(dir);
    expect(fs.glob("a.yaml")).toEqual([join(dir, "a.yaml")]);
    expect(fs.glob("missing.yaml")).toEqual([]);
  });

  test("reading a missing file is a LoadError with code FILE_NOT_FOUND", () => {
    const fs = new NodeFileSystem(dir);
    expect(() => fs.readFile("nope.yaml")).toThrow(LoadError);
    try {
      fs.readFile("nope.yaml");
    } catch (e) {
      expect((e as LoadError).code).toBe("FILE_NOT_FOUND");
    }
  });

  test("readDir lists entry names sorted; isFile and isDirectory tell them apart", () => {
    const fs = new NodeFileSystem(dir);
    expect(fs.readDir("sub")).toEqual(["c.yaml", "deep", "e.txt"]);
    expect(fs.isFile("a.yaml")).toBe(true);
    expect(fs.isDirectory("sub")).toBe(true);
    expect(fs.isDirectory("a.yaml")).toBe(false);
  });
});
