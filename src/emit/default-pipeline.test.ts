import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testHelmBinaries } from "../node/helm-binaries";
import { NodeProcessRunner } from "../node";
import type { ProcessRunner } from "../shared/io";
import { RenderError } from "../shared/errors";
import { createDefaultPipeline } from "./default-pipeline";

const PLAINTEXT = "hunter2-sup3r-s3cret";

describe.each(testHelmBinaries())("the default pipeline with %s", (_label, helm) => {
  let tmp: string;
  beforeEach(() => {
    tmp = mkdtempSync(join(tmpdir(), "ph-pipeline-redact-"));
    mkdirSync(join(tmp, "chart", "templates"), { recursive: true });
    writeFileSync(join(tmp, "chart", "Chart.yaml"), "apiVersion: v2\nname: c\nversion: 0.1.0\n");
    writeFileSync(join(tmp, "chart", "templates", "cm.yaml"), "{{ fail .Values.password }}\n");
    writeFileSync(join(tmp, "secret-values.yaml"), `password: ref+echo://${PLAINTEXT}\n`);
    writeFileSync(
      join(tmp, "helmfile.yaml"),
      "releases:\n- name: r\n  chart: ./chart\n  values:\n  - secret-values.yaml\n",
    );
  });
  afterEach(() => rmSync(tmp, { recursive: true, force: true }));

  test("a helm failure echoing a resolved secret reaches the component without the plaintext", async () => {
    const pipeline = createDefaultPipeline({
      cwd: tmp,
      env: { PATH: process.env.PATH, HOME: tmp, TMPDIR: tmp },
    });
    const context = {
      helmBinary: helm,
      concurrency: 1,
      logger: { debug: () => {}, info: () => {}, warn: () => {} },
    };
    const state = await pipeline.loadDesiredState({ file: "helmfile.yaml", skipDeps: true }, context);
    const err = await pipeline.renderReleases(state, context).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(RenderError);
    const e = err as RenderError;
    expect(e.message).toContain("[redacted]");
    for (const text of [e.message, e.detail, e.found ?? "", String(e.stack)])
      expect(text).not.toContain(PLAINTEXT);
  });

  test("serves an unchanged release from the render cache, and never caches a release with secret values", async () => {
    writeFileSync(
      join(tmp, "chart", "templates", "cm.yaml"),
      "kind: ConfigMap\ndata: {v: {{ .Values.v | quote }}}\n",
    );
    writeFileSync(
      join(tmp, "helmfile.yaml"),
      "releases:\n- name: plain\n  chart: ./chart\n  values:\n  - v: one\n" +
        "- name: sealed\n  chart: ./chart\n  values:\n  - secret-values.yaml\n  - v: two\n",
    );
    const cacheDir = join(tmp, "cache");
    let helmCalls = 0;
    const context = {
      helmBinary: helm,
      concurrency: 1,
      logger: {
        debug: (m: string) => void (m.includes("render cache hit") && helmCalls--),
        info: () => {},
        warn: () => {},
      },
    };
    const render = async (): Promise<ReadonlyMap<string, string>> => {
      const pipeline = createDefaultPipeline({
        cwd: tmp,
        env: { PATH: process.env.PATH, HOME: tmp, TMPDIR: tmp },
        cacheDir,
      });
      const state = await pipeline.loadDesiredState({ file: "helmfile.yaml", skipDeps: true }, context);
      helmCalls += 2;
      return pipeline.renderReleases(state, context);
    };
    const first = await render();
    const entries = (): string[] =>
      existsSync(cacheDir)
        ? readdirSync(cacheDir, { recursive: true })
            .map(String)
            .filter((f) => f.endsWith(".yaml"))
        : [];
    expect(entries()).toHaveLength(1);
    helmCalls = 0;
    const second = await render();
    expect(second).toEqual(first);
    // One of the two releases came from the cache: only the secret one ran helm again.
    expect(helmCalls).toBe(1);
  });

  test("asks helm for its version once per binary, then remembers it beside the render cache", async () => {
    writeFileSync(join(tmp, "chart", "templates", "cm.yaml"), "kind: ConfigMap\n");
    writeFileSync(join(tmp, "helmfile.yaml"), "releases:\n- name: plain\n  chart: ./chart\n");
    const env = { PATH: process.env.PATH, HOME: tmp, TMPDIR: tmp };
    const real = new NodeProcessRunner({ baseEnv: env, cwd: tmp });
    const asked: string[][] = [];
    const runner: ProcessRunner = {
      run: (command, args, options) => {
        if (args[0] === "version") asked.push([...args]);
        return real.run(command, args, options);
      },
      runSync: (command, args, options) => real.runSync(command, args, options),
    };
    const context = {
      helmBinary: helm,
      concurrency: 1,
      logger: { debug: () => {}, info: () => {}, warn: () => {} },
    };
    const run = async (cacheDir: string | false): Promise<ReadonlyMap<string, string>> => {
      const pipeline = createDefaultPipeline({ cwd: tmp, env, runner, cacheDir });
      const state = await pipeline.loadDesiredState({ file: "helmfile.yaml", skipDeps: true }, context);
      return pipeline.renderReleases(state, context);
    };
    const first = await run(join(tmp, "cache", "render"));
    expect(asked).toEqual([["version", "--short"]]);
    expect(existsSync(join(tmp, "cache", "helm-versions.json"))).toBe(true);
    expect(await run(join(tmp, "cache", "render"))).toEqual(first);
    expect(asked).toHaveLength(1);
    // Without a cache folder nothing is remembered.
    await run(false);
    expect(asked).toHaveLength(2);
  });
});
