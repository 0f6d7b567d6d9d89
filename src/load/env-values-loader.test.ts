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

  it("a file that does not parse is named, as helmfile names it, with the text it could not parse and where", () => {
    const text = "a: 1\nb: [unclosed\nc: 3\n";
    let caught: unknown;
    try {
      run({ "/w/env.yaml": text }, ["env.yaml"]);
    } catch (err) {
      caught = err;
    }
    expect(caught).toMatchObject({ code: "YAML_SYNTAX", file: "/w/env.yaml" });
    const message = String((caught as Error).message);
    // helmfile v1.8.0 (the same text in tests/cli-oracle/cases/template-yaml-flow-later): the line the
    // unclosed bracket opens on, counted from 0 as go-yaml does.
    expect(
      message.startsWith(
        `failed to load environment values file "env.yaml": yaml: line 1: did not find expected ',' or ']'\n\nOffending YAML:\n${text}`,
      ),
    ).toBe(true);
    expect(message).toMatch(/location: \/w\/env\.yaml:\d+:\d+/);
  });

  it("rejects an unknown merge strategy naming both valid ones", () => {
    expect(() => run(files, ["a.yaml"], "newest")).toThrow(/"override" or "fallback"/);
  });

  void newEnvironment;
});
