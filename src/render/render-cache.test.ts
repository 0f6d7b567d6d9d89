import { spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
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

describe("RenderCache under any timing: never serves a broken entry", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "ph-cache-stress-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const open = (): RenderCache => new RenderCache({ dir }, new NodeFileSystem(), new NodeScratchFileSystem());
  const manifest =
    "---\n# Source: app/templates/cm.yaml\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n";

  test("a truncated, damaged or foreign entry is a miss, removed and reported", () => {
    const c = open();
    const entry = join(dir, "ab", "ab12.yaml");
    const cases: Array<[string, (whole: string) => string]> = [
      ["cut short", (w) => w.slice(0, w.length - 10)],
      ["cut inside the header", (w) => w.slice(0, 20)],
      ["empty", () => ""],
      ["a byte changed", (w) => w.replace("ConfigMap", "ConfigMaq")],
      ["grown", (w) => `${w}extra: 1\n`],
      ["a manifest without the header (an older cache)", () => manifest],
    ];
    for (const [what, damage] of cases) {
      c.put("ab12", manifest);
      const whole = readFileSync(entry, "utf8");
      writeFileSync(entry, damage(whole));
      const broken: string[] = [];
      expect({ what, got: c.get("ab12", (p) => broken.push(p)) }).toEqual({ what, got: undefined });
      expect({ what, broken }).toEqual({ what, broken: [entry] });
      expect({ what, exists: existsSync(entry) }).toEqual({ what, exists: false });
    }
    c.put("ab12", manifest);
    expect(c.get("ab12")).toBe(manifest);
  });

  test("writers killed mid-write leave only temp files, which no reader takes for the entry", () => {
    const c = open();
    mkdirSync(join(dir, "cd"), { recursive: true });
    // What a writer killed before its rename leaves: a partial temp file beside no entry.
    writeFileSync(join(dir, "cd", "cd34.yaml.0a1b2c3d4e5f.tmp"), "# pulumi-helmfile render cache v2 99");
    expect(c.get("cd34")).toBeUndefined();
    c.put("cd34", manifest);
    expect(c.get("cd34")).toBe(manifest);
  });

  test("processes writing and reading the same keys at once: every read is a miss or exactly what was written", async () => {
    // Four processes, each putting and getting the same eight keys 150 times, every value tied to its key.
    const script = `
      const { RenderCache } = require(${JSON.stringify(join(__dirname, "render-cache"))});
      const { NodeFileSystem, NodeScratchFileSystem } = require(${JSON.stringify(join(__dirname, "..", "node"))});
      const c = new RenderCache({ dir: process.env.CACHE_DIR }, new NodeFileSystem(), new NodeScratchFileSystem());
      const value = (k) => ("kind: " + k + "\\n").repeat(2000 + (k.charCodeAt(3) * 37));
      let bad = 0, hits = 0;
      for (let i = 0; i < 150; i++) {
        const k = "ee0" + (i % 8);
        if (i % 3 === 0) c.put(k, value(k));
        const got = c.get(k);
        if (got !== undefined) { hits++; if (got !== value(k)) bad++; }
      }
      process.stdout.write(JSON.stringify({ bad, hits }));
    `;
    const runs = await Promise.all(
      [0, 1, 2, 3].map(
        () =>
          new Promise<{ bad: number; hits: number }>((resolve, reject) => {
            const child = spawn(join(__dirname, "..", "..", "node_modules", ".bin", "tsx"), ["-e", script], {
              stdio: ["ignore", "pipe", "pipe"],
              env: { ...process.env, CACHE_DIR: dir },
            });
            let out = "";
            let err = "";
            child.stdout.on("data", (d: Buffer) => (out += d.toString()));
            child.stderr.on("data", (d: Buffer) => (err += d.toString()));
            child.on("close", (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(err))));
          }),
      ),
    );
    expect(runs.map((r) => r.bad)).toEqual([0, 0, 0, 0]);
    expect(runs.reduce((n, r) => n + r.hits, 0)).toBeGreaterThan(0);
    // No temp file is left behind by writers that finished.
    const left = readdirSync(join(dir, "ee")).filter((f) => f.endsWith(".tmp"));
    expect(left).toEqual([]);
  }, 120_000);
});
