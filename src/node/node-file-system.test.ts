import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LoadError } from "../shared/errors";
import { NodeFileSystem } from "./node-file-system";
import { thrownCode } from "../../tests/support/error-code";

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

describe("hostile files and trees", () => {
  let dir = "";
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "ph-nfs-"));
    execFileSync("mkfifo", [join(dir, "fifo.yaml")]);
    mkdirSync(join(dir, "adir.yaml"));
    mkdirSync(join(dir, "states", "a"), { recursive: true });
    writeFileSync(join(dir, "states", "a", "h.yaml"), "x: 1\n");
    symlinkSync("..", join(dir, "states", "a", "up"));
    symlinkSync("..", join(dir, "states", "up2"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const codeOf = thrownCode;

  test("a FIFO, a directory and a NUL byte are refused at once with located errors", () => {
    const fs = new NodeFileSystem(dir);
    expect(codeOf(() => fs.readFile("fifo.yaml"))).toBe("LOAD_NOT_A_FILE");
    expect(() => fs.readFile("adir.yaml")).toThrow("read adir.yaml: is a directory, not a regular file");
    expect(codeOf(() => fs.readFile("a\0b"))).toBe("LOAD_INVALID_PATH");
    expect(() => fs.readFile("missing.yaml")).toThrow(
      "cannot read file: open missing.yaml: no such file or directory",
    );
  });

  test("a recursive glob through symlinks back up the tree finds each file once per real path and ends", () => {
    const found = new NodeFileSystem(dir).glob("states/**/h.yaml");
    expect(found.length).toBeLessThan(10);
    expect(found).toContain(join(dir, "states", "a", "h.yaml"));
  });
});
