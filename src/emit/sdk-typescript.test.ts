import { spawnSync } from "node:child_process";
import { join } from "node:path";

/**
 * Each case runs in a Node process of its own (Jest's module registry is not Node's): the sources
 * through tsx, then the Pulumi SDK as a program imports it.
 */
function run(script: string): Record<string, unknown> {
  const r = spawnSync(process.execPath, ["--require", "tsx/cjs", "-e", script], {
    cwd: join(__dirname, "..", ".."),
    encoding: "utf8",
    timeout: 60_000,
  });
  if (r.status !== 0) throw new Error(`node exited ${r.status}: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split("\n").pop() as string) as Record<string, unknown>;
}

const LOADED = `const tsLoaded = () => Object.keys(require.cache).some((k) => /[\\\\/]typescript[\\\\/]lib[\\\\/]typescript\\.js$|typescript@[^\\\\/]+[\\\\/]typescript\\.js$/.test(k));`;

describe("deferTypescript", () => {
  it("keeps the SDK from loading TypeScript when it is imported; the first use of the shim loads it, and serializing a function works", () => {
    const out = run(`
      ${LOADED}
      const { deferTypescript } = require("./src/emit/sdk-typescript.ts");
      const placed = deferTypescript();
      const pulumi = require("@pulumi/pulumi");
      const afterImport = tsLoaded();
      pulumi.runtime.serializeFunction(() => 6 * 7).then((s) => {
        console.log(JSON.stringify({ placed, afterImport, afterUse: tsLoaded(), text: s.text.includes("6 * 7") }));
      });
    `);
    expect(out).toEqual({ placed: true, afterImport: false, afterUse: true, text: true });
  });

  it("without it, importing the SDK loads TypeScript (what it saves)", () => {
    const out = run(`
      ${LOADED}
      require("@pulumi/pulumi");
      console.log(JSON.stringify({ afterImport: tsLoaded() }));
    `);
    expect(out).toEqual({ afterImport: true });
  });

  it("does nothing once the SDK's shim is loaded, and the stand-in answers as the shim does", () => {
    const out = run(`
      const { deferTypescript } = require("./src/emit/sdk-typescript.ts");
      require("@pulumi/pulumi/typescript-shim.js");
      const again = deferTypescript();
      console.log(JSON.stringify({ again }));
    `);
    expect(out).toEqual({ again: false });
    const standIn = run(`
      const { deferTypescript } = require("./src/emit/sdk-typescript.ts");
      deferTypescript();
      const ts = require("@pulumi/pulumi/typescript-shim.js");
      const real = require("typescript");
      console.log(JSON.stringify({
        same: ts.createSourceFile === real.createSourceFile,
        kind: ts.SyntaxKind.ExtendsKeyword === real.SyntaxKind.ExtendsKeyword,
        has: "isClassDeclaration" in ts,
        keys: Object.keys(ts).length === Object.keys(real).length,
      }));
    `);
    expect(standIn).toEqual({ same: true, kind: true, has: true, keys: true });
  });
});
