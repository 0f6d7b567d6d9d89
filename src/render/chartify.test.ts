import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NodeFileSystem } from "../node/node-file-system";
import { NodeScratchFileSystem } from "../node/node-scratch-fs";
import type { CommandOptions, CommandResult, ProcessRunner } from "../shared/io";
import { newMap, type ValueMap } from "../shared/value";
import { preparedRelease } from "../../tests/support/model-fixtures";
import { adhocChartDependencies, chartifyRequest, runChartify, type ChartifyInput } from "./chartify";

const helm = { path: "/bin/helm", major: 4, minor: 0, patch: 0, raw: "v4.0.0" };

function spec(fields: Record<string, unknown>): ValueMap {
  return Object.assign(newMap(), fields) as ValueMap;
}

const input: ChartifyInput = {
  helm,
  kustomize: "kustomize",
  chart: "/p/chart",
  valuesFiles: ["/v/0.yaml"],
  setFlags: ["--set", "a=b"],
  jsonPatches: [],
  strategicMergePatches: ["/v/smp.yaml"],
  transformers: [],
  dependencies: [],
  skipDeps: true,
  includeCrds: false,
  validate: false,
  kubeVersion: "",
  apiVersions: [],
  ociPlainHttp: false,
};

describe("chartifyRequest", () => {
  // pkg/state/helmx.go PrepareChartify: WorkaroundOutputDirIssue and EnableKustomizeAlphaPlugins on,
  // the release's version, namespace and id (ReleaseToID), forceNamespace as OverrideNamespace.
  it("carries what helmfile's PrepareChartify sets for the release", () => {
    const r = preparedRelease({
      name: "web",
      namespace: "team",
      kubeContext: "prod",
      version: "1.2.3",
      spec: spec({ forceNamespace: "forced" }),
    });
    const req = chartifyRequest(r, input, "/v/result.json");
    expect(req).toMatchObject({
      release: "web",
      chart: "/p/chart",
      helm: "/bin/helm",
      result: "/v/result.json",
    });
    expect(req.opts).toMatchObject({
      WorkaroundOutputDirIssue: true,
      EnableKustomizeAlphaPlugins: true,
      ChartVersion: "1.2.3",
      Namespace: "team",
      ID: "prod/team/web",
      OverrideNamespace: "forced",
      ValuesFiles: ["/v/0.yaml"],
      SetFlags: ["--set", "a=b"],
      StrategicMergePatches: ["/v/smp.yaml"],
      SkipDeps: true,
    });
  });

  it("makes local ad-hoc dependencies absolute and keeps repository ones as written", () => {
    const dir = mkdtempSync(join(tmpdir(), "ph-chartify-deps-"));
    try {
      writeFileSync(join(dir, "Chart.yaml"), "name: x\n");
      const r = preparedRelease({
        baseDir: join(dir, ".."),
        spec: spec({
          dependencies: [
            spec({ chart: `./${dir.split("/").pop() ?? ""}`, alias: "local" }),
            spec({ chart: "repo/redis", version: "1.0.0" }),
          ],
        }),
      });
      expect(adhocChartDependencies(r, new NodeFileSystem())).toEqual([
        { alias: "local", chart: dir, version: "" },
        { alias: "", chart: "repo/redis", version: "1.0.0" },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("runChartify", () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "ph-chartify-run-"));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const release = () =>
    preparedRelease({
      name: "app",
      namespace: "ns",
      values: [{ kind: "inline", content: "a: 1\n", origin: "v", secret: true }],
      patches: {
        jsonPatches: [],
        strategicMergePatches: [{ kind: "inline", content: "kind: ConfigMap\n", origin: "p", secret: false }],
        transformers: [],
      },
    });

  function fakeRunner(
    answer: (request: Record<string, unknown>, options: CommandOptions | undefined) => CommandResult,
  ): ProcessRunner & { calls: number } {
    const r = {
      calls: 0,
      run: (_cmd: string, _args: readonly string[], options?: CommandOptions) => {
        r.calls++;
        return Promise.resolve(
          answer(JSON.parse(options?.input ?? "{}") as Record<string, unknown>, options),
        );
      },
      runSync: () => ({ exitCode: 1, stdout: "", stderr: "unused" }),
    };
    return r;
  }

  const ctx = (runner: ProcessRunner, onStdout?: (t: string) => void) => ({
    tools: { chartify: "/bin/pulumi-helmfile-chartify", kustomize: "kustomize" },
    env: {},
    scratch: new NodeScratchFileSystem(root),
    tempRoot: join(root, "ct"),
    filesDir: root,
    runner,
    fs: new NodeFileSystem(),
    ...(onStdout === undefined ? {} : { onStdout }),
  });
  const rest = { ...input, chart: "/p/chart" };

  it("hands chartify the inline values and patches as files, then removes them", async () => {
    const seen: string[] = [];
    const runner = fakeRunner((req, options) => {
      const opts = req.opts as Record<string, string[]>;
      for (const f of [...(opts.ValuesFiles ?? []), ...(opts.StrategicMergePatches ?? [])])
        seen.push(readFileSync(f, "utf8"));
      expect(options?.env?.CHARTIFY_TEMPDIR).toBe(join(root, "ct"));
      writeFileSync(req.result as string, JSON.stringify({ dir: join(root, "ct", "ns", "app") }));
      return { exitCode: 0, stdout: "\n", stderr: "" };
    });
    const printed: string[] = [];
    const dir = await runChartify(
      release(),
      rest,
      ctx(runner, (t) => printed.push(t)),
      0,
    );
    expect(dir).toBe(join(root, "ct", "ns", "app"));
    expect(seen).toEqual(["a: 1\n", "kind: ConfigMap\n"]);
    expect(printed).toEqual(["\n"]);
    // Only what chartify itself would leave: nothing of ours.
    expect(existsSync(join(root, "0-values-0.yaml"))).toBe(false);
    expect(existsSync(join(root, "0-strategic-merge-patch-0.yaml"))).toBe(false);
    expect(existsSync(join(root, "0-chartify-result.json"))).toBe(false);
  });

  it("puts the command line's --values first, as processChartification does", async () => {
    let files: unknown;
    const runner = fakeRunner((req) => {
      files = (req.opts as Record<string, unknown>).ValuesFiles;
      return { exitCode: 1, stdout: "", stderr: "boom\n" };
    });
    await expect(runChartify(release(), rest, ctx(runner), 3, ["/cli/values.yaml"])).rejects.toThrow();
    expect(files).toEqual(["/cli/values.yaml", join(root, "3-values-0.yaml")]);
  });

  it("fails with chartify's own error and still passes on what it printed", async () => {
    const runner = fakeRunner(() => ({
      exitCode: 1,
      stdout: "\n",
      stderr: "exit status 1\n\nOUTPUT:\n  Error: no match\n",
    }));
    const printed: string[] = [];
    const err = await runChartify(
      release(),
      rest,
      ctx(runner, (t) => printed.push(t)),
      0,
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: "CHARTIFY_FAILED",
      detail: "exit status 1\n\nOUTPUT:\n  Error: no match",
    });
    expect(printed).toEqual(["\n"]);
  });

  it("without the chartify program fails naming the build script, running nothing", async () => {
    const runner = fakeRunner(() => ({ exitCode: 0, stdout: "", stderr: "" }));
    const err = await runChartify(
      release(),
      rest,
      { ...ctx(runner), tools: { chartify: undefined, kustomize: "kustomize" } },
      0,
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "CHARTIFY_NOT_FOUND" });
    expect(String((err as Error).message)).toContain("scripts/build-chartify.sh");
    expect(runner.calls).toBe(0);
  });
});
