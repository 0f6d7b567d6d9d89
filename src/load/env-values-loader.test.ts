import { newEnvironment } from "../merge/index";
import { canonicalJson, fromPlain, type Value } from "../shared/value";
import { createLoaderContext } from "./load-desired-state";
import { loadEnvironmentValues } from "./env-values-loader";
import { MemoryFileSystem } from "./memory-fs";

function run(
  files: Record<string, string>,
  entries: unknown[],
  mergeStrategy = "",
  missingFileHandler?: string,
) {
  const ctx = createLoaderContext({ cwd: "/w" }, { fs: new MemoryFileSystem(files), env: {} });
  return loadEnvironmentValues(ctx, {
    loc: { absDir: "/w", displayDir: ".", displayFile: "helmfile.yaml" },
    missingFileHandler,
    entries: entries.map((e) => fromPlain(e)) as Value[],
    ctxEnv: undefined,
    envName: "default",
    mergeStrategy,
  });
}

describe("loadEnvironmentValues", () => {
  const files = { "/w/a.yaml": "x: {a: 1}\nflag: false\n", "/w/b.yaml": "x: {b: 2}\nflag: true\n" };

  it("lets later files win under override", () => {
    expect(canonicalJson(run(files, ["a.yaml", "b.yaml"]))).toBe(
      canonicalJson(fromPlain({ x: { a: 1, b: 2 }, flag: true })),
    );
  });

  it("lets earlier files win under fallback, filling gaps from later ones", () => {
    expect(canonicalJson(run(files, ["a.yaml", "b.yaml"], "fallback"))).toBe(
      canonicalJson(fromPlain({ x: { a: 1, b: 2 }, flag: false })),
    );
  });

  it("reads glob matches in sorted order", () => {
    expect(canonicalJson(run(files, ["*.yaml"]))).toBe(
      canonicalJson(fromPlain({ x: { a: 1, b: 2 }, flag: true })),
    );
  });

  it("skips a missing file with the Warn handler and fails with the default", () => {
    expect(canonicalJson(run(files, ["nope.yaml"], "", "Warn"))).toBe("{}");
    expect(() => run(files, ["nope.yaml"])).toThrow(expect.objectContaining({ code: "LOAD_MISSING_FILE" }));
  });

  it("renders .gotmpl files with the environment name", () => {
    expect(
      canonicalJson(run({ "/w/e.yaml.gotmpl": "name: {{ .Environment.Name }}\n" }, ["e.yaml.gotmpl"])),
    ).toBe(canonicalJson(fromPlain({ name: "default" })));
  });

  it("rejects an unknown merge strategy naming both valid ones", () => {
    expect(() => run(files, ["a.yaml"], "newest")).toThrow(/"override" or "fallback"/);
  });

  void newEnvironment;
});
