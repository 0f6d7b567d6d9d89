/**
 * End to end through our own Node.js language host (tools/engine/language-nodejs): the real engine
 * runs a program from a folder (`runtime: nodejs`), and a Node component provider plugin through
 * `RunPlugin` (the helmfile provider constructed as a remote component). No mocks, no cluster.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { buildSync } from "esbuild";
import { join } from "node:path";
import { LocalWorkspace, PulumiCommand, type Stack } from "@pulumi/pulumi/automation";
import { parse } from "yaml";
import { ENGINE_ROOT, engineEnv, engineMissingReason } from "./engine";

const REPO = join(__dirname, "..", "..");
const HOST = join(ENGINE_ROOT, "bin", "pulumi-language-nodejs");

function missingReason(): string | undefined {
  const engine = engineMissingReason();
  if (engine !== undefined) return engine;
  if (!existsSync(HOST)) return `language host absent: ${HOST} (scripts/build-engine.sh builds it)`;
  return undefined;
}

const reason = missingReason();
const describeHost = reason === undefined ? describe : describe.skip;
const title =
  reason === undefined ? "nodejs language host (real engine)" : `nodejs language host (skipped: ${reason})`;

/** Every file under dir, relative to it. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) out.push(join(e.parentPath, e.name).slice(dir.length + 1));
  }
  return out.sort();
}

/** A folder project whose program is plain JS, with node_modules resolved from this repository. */
function writeProject(dir: string, name: string, program: string, extraYaml = ""): void {
  mkdirSync(dir, { recursive: true });
  symlinkSync(join(REPO, "node_modules"), join(dir, "node_modules"));
  const state = join(dir, ".state");
  mkdirSync(state);
  writeFileSync(
    join(dir, "Pulumi.yaml"),
    `name: ${name}\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nbackend:\n  url: file://${state}\n${extraYaml}`,
  );
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name, main: "index.js" }));
  writeFileSync(join(dir, "index.js"), program);
}

// The SDK's kubernetes Provider takes `kubeconfig` from $KUBECONFIG, which render mode rejects.
const CONFIG_GROUP_PROGRAM = `
delete process.env.KUBECONFIG;
const pulumi = require("@pulumi/pulumi");
const k8s = require("@pulumi/kubernetes");
const cfg = new pulumi.Config();
const provider = new k8s.Provider("render", { renderYamlToDirectory: cfg.require("renderDir") });
new k8s.yaml.v2.ConfigGroup("cg", {
  objs: [{ apiVersion: "v1", kind: "ConfigMap", metadata: { name: "greeting", namespace: "demo" },
           data: { greeting: cfg.require("greeting") } }],
}, { provider });
`;

const COMPONENT_PROGRAM = `
const pulumi = require("@pulumi/pulumi");
const cfg = new pulumi.Config();
const hf = new pulumi.ComponentResource("helmfile:index:Helmfile", "quickstart",
  { file: cfg.require("file"), renderToDirectory: cfg.require("renderDir"), releaseIds: undefined }, {}, true);
exports.releaseIds = hf.releaseIds;
`;

async function folderStack(workDir: string): Promise<Stack> {
  const pulumiCommand = await PulumiCommand.get({ root: ENGINE_ROOT });
  const envVars = { ...engineEnv(), KUBECONFIG: "" };
  return LocalWorkspace.createOrSelectStack({ stackName: "dev", workDir }, { pulumiCommand, envVars });
}

describeHost(title, () => {
  jest.setTimeout(300_000);
  let root: string;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), "ph-langhost-"));
  });
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it("runs a folder program: up renders the ConfigGroup's ConfigMap with secret config, destroy deletes it", async () => {
    const work = join(root, "configgroup");
    const out = join(root, "configgroup-out");
    writeProject(work, "langhost-configgroup", CONFIG_GROUP_PROGRAM);
    const stack = await folderStack(work);
    await stack.setConfig("renderDir", { value: out });
    await stack.setConfig("greeting", { value: "hello from a folder", secret: true });

    const result = await stack.up();
    expect(result.summary.result).toBe("succeeded");
    expect(filesUnder(out)).toEqual(["1-manifest/v1-configmap-demo-greeting.yaml"]);
    const doc = parse(
      readFileSync(join(out, "1-manifest/v1-configmap-demo-greeting.yaml"), "utf8"),
    ) as unknown;
    expect(doc).toEqual({
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: { name: "greeting", namespace: "demo" },
      data: { greeting: "hello from a folder" },
    });

    await stack.destroy();
    expect(filesUnder(out)).toEqual([]);
  });

  it("runs a Node component provider plugin: the remote Helmfile component renders the quickstart releases", async () => {
    // The real provider folder, with the bundle scripts/gen-sdk.sh builds (provider/bin is git-ignored):
    // cmd/run-plugin requires its `main` and calls the start function provider/plugin.ts exports.
    const plugin = join(REPO, "provider");
    buildSync({
      entryPoints: [join(plugin, "plugin.ts")],
      bundle: true,
      platform: "node",
      target: "node22",
      format: "cjs",
      packages: "external",
      outfile: join(plugin, "bin", "plugin.js"),
      logLevel: "warning",
    });

    const work = join(root, "component");
    const out = join(root, "component-out");
    writeProject(
      work,
      "langhost-component",
      COMPONENT_PROGRAM,
      `plugins:\n  providers:\n    - name: helmfile\n      path: ${plugin}\n`,
    );
    const stack = await folderStack(work);
    await stack.setConfig("file", { value: join(REPO, "examples", "quickstart", "helmfile.yaml") });
    await stack.setConfig("renderDir", { value: out });

    const result = await stack.up();
    expect(result.summary.result).toBe("succeeded");
    // Releases as declared in examples/quickstart/helmfile.yaml (namespace/name, in file order).
    expect(result.outputs["releaseIds"]?.value).toEqual(["web/frontend", "api/backend"]);
    const files = filesUnder(out);
    expect(files.some((f) => f.includes("deployment-web-frontend"))).toBe(true);
    expect(files.some((f) => f.includes("deployment-api-backend"))).toBe(true);

    await stack.destroy();
    expect(filesUnder(out)).toEqual([]);
  });
});
