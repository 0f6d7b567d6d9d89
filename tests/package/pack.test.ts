/**
 * The package as users get it: `npm pack` of this checkout installed into an empty folder, with
 * nothing of the repository beside it. The installed CLI, the library entry points and a real
 * `template` of a copied helmfile must work from there.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { testHelmBinaries } from "../../src/node/helm-binaries";

const root = resolve(__dirname, "..", "..");
const helmPair = testHelmBinaries()[0];
if (helmPair === undefined) throw new Error("no helm binary: run scripts/setup.sh (or set HELM4_BINARY)");
const helm = helmPair[1];

function run(cmd: string, args: string[], cwd: string): string {
  const res = spawnSync(cmd, args, { cwd, encoding: "utf8", timeout: 5 * 60 * 1000, maxBuffer: 32 << 20 });
  if (res.status !== 0) {
    throw new Error(`${cmd} ${args.join(" ")} exited ${res.status}: ${res.stderr ?? ""}${res.stdout ?? ""}`);
  }
  return res.stdout;
}

describe("the packed npm package", () => {
  let work: string;
  let app: string;

  beforeAll(
    () => {
      work = mkdtempSync(join(tmpdir(), "phf-pack-"));
      run("npm", ["pack", "--silent", "--pack-destination", work], root);
      const tarball = readdirSync(work).find((f) => f.endsWith(".tgz"));
      if (tarball === undefined) throw new Error(`npm pack wrote no tarball into ${work}`);
      app = join(work, "app");
      cpSync(join(root, "examples", "quickstart"), join(app, "quickstart"), { recursive: true });
      writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true }));
      // --ignore-scripts: @pulumi/kubernetes' install script would try to download its plugin.
      run(
        "npm",
        ["install", "--ignore-scripts", "--no-audit", "--no-fund", "--prefer-offline", join(work, tarball)],
        app,
      );
    },
    10 * 60 * 1000,
  );

  afterAll(() => {
    if (work !== undefined) rmSync(work, { recursive: true, force: true });
  });

  it("holds the compiled library and CLI, and no sources, tests or test corpora", () => {
    const listing = execFileSync(
      "tar",
      ["tzf", join(work, readdirSync(work).find((f) => f.endsWith(".tgz")) ?? "")],
      {
        encoding: "utf8",
      },
    ).split("\n");
    expect(listing).toContain("package/dist/cli/main.js");
    expect(listing).toContain("package/dist/index.d.ts");
    expect(listing).toContain("package/bin/pulumi-helmfile.js");
    expect(listing).toContain("package/LICENSE");
    // client-node as one file, with the licences of what it joins (scripts/bundle-kube-client.js).
    expect(listing).toContain("package/dist/vendor/kubernetes-client.cjs");
    expect(listing).toContain("package/dist/vendor/kubernetes-client.LICENSES.txt");
    expect(listing.filter((f) => f.startsWith("package/src/") || f.startsWith("package/tests/"))).toEqual([]);
    expect(listing.filter((f) => /\.test\.(js|d\.ts)$/.test(f))).toEqual([]);
  });

  it("runs `npx pulumi-helmfile --help` from the installed package", () => {
    const out = run("npx", ["--no-install", "pulumi-helmfile", "--help"], app);
    expect(out).toMatch(/^Usage:\n  pulumi-helmfile \[global flags\] <command>/m);
    expect(out).toContain("template");
  });

  it("exposes the library, core and automation entry points to require()", () => {
    const script = [
      'const lib = require("pulumi-helmfile");',
      'const core = require("pulumi-helmfile/core");',
      'const auto = require("pulumi-helmfile/automation");',
      "console.log(JSON.stringify({ helmfile: typeof lib.Helmfile, release: typeof lib.Release,",
      "  load: typeof core.loadDesiredState, up: typeof auto.up, preview: typeof auto.preview }));",
    ].join("\n");
    const out = JSON.parse(run(process.execPath, ["-e", script], app)) as Record<string, string>;
    expect(out).toEqual({
      helmfile: "function",
      release: "function",
      load: "function",
      up: "function",
      preview: "function",
    });
  });

  it("takes client-node from its bundle: none of client-node's own modules load", () => {
    const script = [
      'const k = require("./node_modules/pulumi-helmfile/dist/node/kubernetes-client.js");',
      "const loaded = Object.keys(require.cache);",
      "console.log(JSON.stringify({ config: typeof k.KubeConfig,",
      '  bundle: loaded.some((f) => f.endsWith("kubernetes-client.cjs")),',
      '  own: loaded.filter((f) => f.includes("@kubernetes/client-node")).length }));',
    ].join("\n");
    const out = JSON.parse(run(process.execPath, ["-e", script], app)) as Record<string, unknown>;
    expect(out).toEqual({ config: "function", bundle: true, own: 0 });
  });

  it("templates a helmfile with the installed CLI exactly as helm renders its release", () => {
    const qs = join(app, "quickstart");
    const ours = run(
      "npx",
      [
        "--no-install",
        "pulumi-helmfile",
        "-f",
        "quickstart/helmfile.yaml",
        "-e",
        "production",
        "-b",
        helm,
        "-l",
        "name=backend",
        "template",
      ],
      app,
    );
    writeFileSync(join(work, "backend.yaml"), "role: backend\nport: 8080\n");
    const direct = run(
      helm,
      [
        "template",
        "backend",
        "./charts/webapp",
        "--namespace",
        "api",
        "--values",
        "values/common.yaml",
        "--values",
        join(work, "backend.yaml"),
      ],
      qs,
    );
    expect(direct).toContain("kind: Deployment");
    // helmfile prints each release's helm output followed by one empty line.
    expect(ours).toBe(`${direct}\n`);
  });
});
