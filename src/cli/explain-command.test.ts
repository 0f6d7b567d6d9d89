/**
 * `explain` through the CLI on examples/quickstart: the exact JSON shape, the human chain, and
 * exit 1 with suggestions for a key no layer sets. Expected files and lines are read off the
 * quickstart's files (helmfile.yaml, environments/production.yaml, values/app.yaml.gotmpl).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startChartRepository } from "../../tests/support/chart-sources";
import { captureCli, type CliRun } from "../../tests/support/run-cli";

const root = resolve(__dirname, "../..");

/** The temporary folders of the running test, removed after it. */
const made: string[] = [];

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function cli(argv: string[]): Promise<CliRun> {
  return captureCli(["-f", "examples/quickstart/helmfile.yaml", "-e", "production", ...argv], root, {
    PATH: process.env.PATH,
    HOME: "/nonexistent",
  });
}

describe("pulumi-helmfile explain", () => {
  it("prints a state value's winner and chain as the fixed JSON shape", async () => {
    const r = await cli(["explain", "--state", "replicas", "--output", "json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      release: null,
      key: "replicas",
      value: 3,
      source: { file: "environments/production.yaml", line: 1, layer: "environment values file 1" },
      chain: [
        { file: "helmfile.yaml", line: 7, layer: "root values", value: 1, rule: "override" },
        {
          file: "environments/production.yaml",
          line: 1,
          layer: "environment values file 1",
          value: 3,
          rule: "override",
        },
      ],
    });
  });

  it("names the .gotmpl values file line of a release value over the chart's, and values/common.yaml's", async () => {
    const r = await cli(["explain", "web/frontend", "replicas", "--output", "json"]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { release: string; source: unknown; chain: { file: string }[] };
    expect(out.release).toBe("web/frontend");
    expect(out.source).toEqual({ file: "values/app.yaml.gotmpl", line: 1, layer: "values[1]" });
    expect(out.chain.map((s) => s.file)).toEqual(["charts/webapp/values.yaml", "values/app.yaml.gotmpl"]);
    const port = await cli(["explain", "web/frontend", "port"]);
    expect(port.stdout).toBe(
      [
        "web/frontend port = 80  (values/common.yaml:3, values[0])",
        "   80  charts/webapp/values.yaml:4  [chart default; chart default]",
        "=> 80  values/common.yaml:3  [values[0]; override]",
        "",
      ].join("\n"),
    );
  });

  it("exits 1 and suggests close keys for a key no layer sets", async () => {
    const r = await cli(["explain", "--state", "replica"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("no layer sets this key");
    expect(r.stdout).toContain("replicas");
  });
});

describe("explain of a value a secret reference resolved", () => {
  it("names the reference (its query masked), never the value", async () => {
    const dir = tempDir("phf-explain-ref-");
    mkdirSync(join(dir, "chart"));
    writeFileSync(join(dir, "chart", "Chart.yaml"), "apiVersion: v2\nname: c\nversion: 0.1.0\n");
    writeFileSync(
      join(dir, "helmfile.yaml"),
      [
        "releases:",
        "  - name: app",
        "    chart: ./chart",
        "    values:",
        "      - password: ref+echo://echoed-s3cr3t?x=1",
        "        plain: visible",
        "",
      ].join("\n"),
    );
    const run = (key: string): Promise<CliRun> =>
      captureCli(["explain", "app", key, "--output", "json"], dir, {
        PATH: process.env.PATH,
        HOME: "/nonexistent",
      });
    const secret = await run("password");
    expect(secret.code).toBe(0);
    expect(JSON.parse(secret.stdout)).toMatchObject({
      value: "[secret: ref+echo://echoed-s3cr3t?***]",
      chain: [{ value: "[secret: ref+echo://echoed-s3cr3t?***]" }],
    });
    expect(`${secret.stdout}${secret.stderr}`).not.toContain("echoed-s3cr3t?x");
    // The other keys of that map are secret too (the map is one layer), named by nothing.
    expect(JSON.parse((await run("plain")).stdout)).toMatchObject({ value: "[secret]" });
  });
});

describe("pulumi-helmfile explain, a chart from a repository", () => {
  it("names the chart's default and the state layer that overrode it, with the chart's file and line", async () => {
    const helm = process.env.HELM_BINARY ?? "helm";
    const src = tempDir("phf-explain-chart-");
    mkdirSync(join(src, "podinfo", "templates"), { recursive: true });
    writeFileSync(join(src, "podinfo", "Chart.yaml"), "apiVersion: v2\nname: podinfo\nversion: 6.5.0\n");
    const values = "replicaCount: 1\nimage:\n  repository: ghcr.io/stefanprodan/podinfo\n  tag: 6.5.0\n";
    writeFileSync(join(src, "podinfo", "values.yaml"), values);
    const repo = await startChartRepository(helm, [join(src, "podinfo")]);
    try {
      const dir = tempDir("phf-explain-state-");
      writeFileSync(
        join(dir, "helmfile.yaml"),
        [
          "repositories:",
          "  - name: podinfo",
          `    url: ${repo.url}`,
          "releases:",
          "  - name: hello",
          "    chart: podinfo/podinfo",
          "    version: 6.5.0",
          "    values:",
          "      - replicaCount: 2",
          "",
        ].join("\n"),
      );
      const run = (key: string): Promise<CliRun> =>
        captureCli(["explain", "hello", key, "--output", "json"], dir, {
          PATH: process.env.PATH,
          HOME: dir,
          HELM_BINARY: helm,
        });
      const line = (key: string): number =>
        values.split("\n").findIndex((l) => l.trimStart().startsWith(`${key}:`)) + 1;
      const image = await run("image.repository");
      expect([image.code, image.stderr]).toEqual([0, expect.any(String)]);
      expect(JSON.parse(image.stdout)).toMatchObject({
        value: "ghcr.io/stefanprodan/podinfo",
        source: {
          layer: "chart default",
          file: "podinfo/podinfo@6.5.0: values.yaml",
          line: line("repository"),
        },
      });
      const replicas = JSON.parse((await run("replicaCount")).stdout) as {
        value: unknown;
        chain: { layer: string; value: unknown; line?: number }[];
      };
      expect(replicas.value).toBe(2);
      expect(replicas.chain.map((c) => [c.layer, c.value])).toEqual([
        ["chart default", 1],
        [expect.stringContaining("values"), 2],
      ]);
      expect(replicas.chain[0]?.line).toBe(line("replicaCount"));
    } finally {
      await repo.close();
    }
  });
});
