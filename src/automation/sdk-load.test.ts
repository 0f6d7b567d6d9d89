/**
 * The operations' module, the plan and the comparison with the stack's record load without the
 * Pulumi SDKs (~0.2 s of an unchanged preview): they are loaded when the stack is opened
 * (./operations.ts `stackModule`). A fresh Node.js process (through tsx) loads each module and
 * says which SDK files its module cache then holds.
 */
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";

const root = resolve(__dirname, "../..");

/** The SDK entry files in the module cache after `module` (a path under src/) is loaded. */
function sdkFilesAfterLoading(module: string): string[] {
  const script = [
    `require(${JSON.stringify(join(root, "node_modules/tsx/dist/cjs/index.cjs"))});`,
    `require(${JSON.stringify(join(root, module))});`,
    "const sdk = /node_modules[\\\\/]@pulumi[\\\\/](pulumi|kubernetes)[\\\\/]index\\.js$/;",
    "process.stdout.write(JSON.stringify(Object.keys(require.cache).filter((k) => sdk.test(k))));",
  ].join("\n");
  const r = spawnSync(process.execPath, ["-e", script], { cwd: root, encoding: "utf8", timeout: 60_000 });
  if (r.status !== 0) throw new Error(`loading ${module} failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as string[];
}

describe("what an operation loads before it opens its stack", () => {
  test.each([
    "src/automation/operations.ts",
    "src/emit/plan-helmfile.ts",
    "src/automation/recorded-preview.ts",
  ])("%s loads neither @pulumi/pulumi nor @pulumi/kubernetes", (module) => {
    expect(sdkFilesAfterLoading(module)).toEqual([]);
  });

  test("the stack's module does (the check sees them)", () => {
    const loaded = sdkFilesAfterLoading("src/automation/stack.ts").map(
      (f) => /@pulumi[\\/](\w+)/.exec(f)?.[1],
    );
    expect(loaded.sort()).toEqual(["kubernetes", "pulumi"]);
  });
});
