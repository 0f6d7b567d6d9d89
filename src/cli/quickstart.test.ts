/**
 * End to end with the real helm: `pulumi-helmfile -f examples/quickstart/helmfile.yaml -e
 * production template` must print exactly what `helm template` prints for the same releases
 * and values, in helmfile's format (each release's output plus one newline). The rendered
 * `app.yaml.gotmpl` values are written out by hand from the state, not taken from our output.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { testHelmBinaries } from "../node/helm-binaries";
import { captureCli, type CliRun } from "../../tests/support/run-cli";

const quickstart = resolve(__dirname, "../../examples/quickstart");

/** app.yaml.gotmpl rendered by hand for `-e production` (state values + production values). */
const PRODUCTION_APP_VALUES = `replicas: 3
image: "nginx:1.27"
host: www.example.com
environment: production
tier: production
`;

function helmTemplate(helm: string, args: string[]): string {
  const r = spawnSync(helm, ["template", ...args], { cwd: quickstart, encoding: "utf8" });
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout;
}

async function cli(argv: string[], env: Record<string, string | undefined>): Promise<CliRun> {
  return captureCli(argv, resolve(quickstart, "../.."), env);
}

describe.each(testHelmBinaries())("quickstart with %s", (_label, helm) => {
  let tmp: string;
  beforeEach(() => {
    tmp = mkdtempSync(join(tmpdir(), "ph-quickstart-"));
  });
  afterEach(() => rmSync(tmp, { recursive: true, force: true }));

  test("template -e production equals helm template with the same values", async () => {
    const app = join(tmp, "app.yaml");
    writeFileSync(app, PRODUCTION_APP_VALUES);
    const frontend = helmTemplate(helm, [
      "frontend",
      "./charts/webapp",
      "--namespace",
      "web",
      "--values",
      "values/common.yaml",
      "--values",
      app,
      "--set",
      "labels.team=platform",
    ]);
    const backendValues = join(tmp, "backend.yaml");
    writeFileSync(backendValues, "role: backend\nport: 8080\n");
    const backend = helmTemplate(helm, [
      "backend",
      "./charts/webapp",
      "--namespace",
      "api",
      "--values",
      "values/common.yaml",
      "--values",
      backendValues,
    ]);
    const env = { PATH: process.env.PATH, HOME: tmp, HELM_BINARY: helm, TMPDIR: tmp };
    const r = await cli(["-f", "examples/quickstart/helmfile.yaml", "-e", "production", "template"], env);
    expect(r.stderr).toBe(
      [
        "Building dependency release=frontend, chart=charts/webapp",
        "Building dependency release=backend, chart=charts/webapp",
        "Templating release=frontend, chart=charts/webapp",
        "Templating release=backend, chart=charts/webapp",
        "",
      ].join("\n"),
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${frontend}\n${backend}\n`);
  });

  test("no temp file is left behind, after success and after a failure", async () => {
    const env = { PATH: process.env.PATH, HOME: tmp, HELM_BINARY: helm, TMPDIR: join(tmp, "t") };
    const { mkdirSync } = await import("node:fs");
    mkdirSync(join(tmp, "t"));
    const ok = await cli(["-f", "examples/quickstart/helmfile.yaml", "template", "--skip-deps"], env);
    expect(ok.code).toBe(0);
    expect(readdirSync(join(tmp, "t"))).toEqual([]);
    const bad = await cli(
      ["-f", "examples/quickstart/helmfile.yaml", "template", "--skip-deps", "--set", "replicas={{"],
      env,
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('release "frontend" (chart charts/webapp): helm template failed');
    expect(readdirSync(join(tmp, "t"))).toEqual([]);
  });

  test("a mistyped flag prints pflag's line and exits 3, as helmfile's usage errors do", async () => {
    const r = await cli(["-f", "examples/quickstart/helmfile.yaml", "template", "--no-such-flag"], {
      PATH: process.env.PATH,
      HELM_BINARY: helm,
    });
    expect(r.code).toBe(3);
    expect(r.stderr).toBe("unknown flag: --no-such-flag\n");
  });
});
