import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NodeFileSystem, NodeScratchFileSystem } from "../node";
import type { CommandOptions, CommandResult, ProcessRunner } from "../shared/io";
import type { LoadedState, RepositorySpec } from "../shared/model";
import { fromPlain, newMap, type ValueMap } from "../shared/value";
import { openRenderSession } from "./render-state";

const helm = { path: "/fake/helm", major: 4, minor: 1, patch: 4, raw: "v4.1.4" };

function recorder(): ProcessRunner & {
  calls: Array<{ args: readonly string[]; env: Readonly<Record<string, string>> | undefined }>;
} {
  const calls: Array<{ args: readonly string[]; env: Readonly<Record<string, string>> | undefined }> = [];
  return {
    calls,
    run: async (_cmd: string, args: readonly string[], o?: CommandOptions): Promise<CommandResult> => {
      calls.push({ args, env: o?.env });
      return { exitCode: 0, stdout: `"${args[2] ?? ""}" has been added to your repositories\n`, stderr: "" };
    },
    runSync: () => ({ exitCode: 1, stdout: "", stderr: "" }),
  };
}

const repo = (name: string, url: string, oci = false): RepositorySpec => ({
  name,
  url,
  oci,
  spec: fromPlain({ name, url }) as ValueMap,
});
const state = (repositories: RepositorySpec[], helmDefaults: ValueMap = newMap()): LoadedState => ({
  file: "/s/helmfile.yaml",
  displayPath: "helmfile.yaml",
  environment: "default",
  values: newMap(),
  helmDefaults,
  repositories,
  releases: [],
  document: newMap(),
});

describe("repository sync in a render session", () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "ph-repos-"));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  test("each repository is added once per session, into the private helm home, with helmfile's log lines", async () => {
    const runner = recorder();
    const lines: string[] = [];
    const logger = { debug() {}, info: (m: string) => lines.push(m), warn() {} };
    const session = openRenderSession(
      { helm },
      { fs: new NodeFileSystem(), runner, scratch: new NodeScratchFileSystem(root), logger },
    );
    await session.renderState(
      state([repo("myrepo", "http://localhost:18084/"), repo("oci", "ghcr.io/x", true)]),
    );
    await session.renderState(state([repo("myrepo", "http://localhost:18084/")]));
    expect(runner.calls.map((c) => c.args)).toEqual([
      ["repo", "add", "myrepo", "http://localhost:18084/", "--force-update"],
    ]);
    expect(runner.calls[0]?.env?.HELM_CONFIG_HOME?.startsWith(root)).toBe(true);
    expect(lines).toEqual([
      "Adding repo myrepo http://localhost:18084/",
      '"myrepo" has been added to your repositories',
    ]);
    session.dispose();
    expect(new NodeFileSystem().readDir(root)).toEqual([]);
  });

  test("skipDeps (option or helmDefaults) skips repository sync", async () => {
    const runner = recorder();
    const io = {
      fs: new NodeFileSystem(),
      runner,
      scratch: new NodeScratchFileSystem(root),
      logger: { debug() {}, info() {}, warn() {} },
    };
    const a = openRenderSession({ helm, skipDeps: true }, io);
    await a.renderState(state([repo("r", "http://example.invalid/")]));
    a.dispose();
    const b = openRenderSession({ helm }, io);
    await b.renderState(
      state([repo("r", "http://example.invalid/")], fromPlain({ skipDeps: true }) as ValueMap),
    );
    b.dispose();
    expect(runner.calls).toEqual([]);
  });
});
