import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { checkLayers } from "../../scripts/check-layers";

/** The temporary folders `tree` made, removed after each test. */
const made: string[] = [];

/** Writes `files` (path under src/ → text) into a fresh temporary src/ and returns its path. */
function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "layers-"));
  made.push(root);
  const src = path.join(root, "src");
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(src, name)), { recursive: true });
    fs.writeFileSync(path.join(src, name), text);
  }
  return src;
}

describe("layering rule (scripts/check-layers.ts)", () => {
  afterEach(() => {
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("holds for src/", () => {
    expect(checkLayers(path.join(__dirname, "..", "..", "src"))).toEqual([]);
  });

  it("fails on a library importing the stage that uses it, on every import form", () => {
    const src = tree({
      "template/a.ts": 'import { x } from "../load/x";\nexport const y = x;\n',
      "merge/b.ts": 'export { x } from "../load";\n',
      "shared/c.ts": 'export async function f() {\n  return import("../render/r");\n}\n',
      "load/x.ts": "export const x = 1;\n",
      "load/index.ts": 'export * from "./x";\n',
      "render/r.ts": 'import { x } from "../load/x";\nexport const r = x;\n',
    });
    const found = checkLayers(src).map((v) => `${path.basename(v.file)}:${v.line} ${v.from}->${v.to}`);
    expect(found.sort()).toEqual(["a.ts:1 template->load", "b.ts:1 merge->load", "c.ts:2 shared->render"]);
  });

  it("lets a folder import a type-only layer with `import type` but not a value from it", () => {
    const src = tree({
      "node/ok.ts": 'import type { R } from "../render/r";\nexport type N = R;\n',
      "node/also-ok.ts": 'import { type R } from "../render/r";\nexport type M = R;\n',
      "node/bad.ts": 'import { r } from "../render/r";\nexport const n = r;\n',
      "render/r.ts": "export type R = number;\nexport const r = 1;\n",
    });
    expect(checkLayers(src).map((v) => path.basename(v.file))).toEqual(["bad.ts"]);
  });

  it("exempts tests and refuses folders the rule does not name", () => {
    const src = tree({
      "template/a.test.ts": 'import { x } from "../load/x";\n',
      "extra/z.ts": 'import { s } from "../shared/s";\nexport const z = s;\n',
      "shared/s.ts": "export const s = 1;\n",
      "load/x.ts": "export const x = 1;\n",
    });
    expect(checkLayers(src).map((v) => `${v.from}->${v.to}`)).toEqual(["extra->shared"]);
  });

  it("as a command (npm run lint) exits 1 and names the file, line and rule", () => {
    const src = tree({
      "merge/m.ts": 'import { x } from "../load/x";\nexport const m = x;\n',
      "load/x.ts": "export const x = 1;\n",
    });
    const root = path.join(__dirname, "..", "..");
    const tsx = path.join(root, "node_modules", ".bin", "tsx");
    const res = spawnSync(tsx, [path.join(root, "scripts", "check-layers.ts"), src], { encoding: "utf8" });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain(`m.ts:1: merge may not import load ("../load/x")`);
  });
});
