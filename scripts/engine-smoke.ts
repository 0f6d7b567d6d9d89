// Smoke test of the real Pulumi engine built by scripts/build-engine.sh (no mocks, no cluster).
//
//   scripts/build-engine.sh && npx tsx scripts/engine-smoke.ts      (Node >= 22)
//
// Runs an inline Automation API program on a file:// backend with the passphrase secrets provider:
// a kubernetes Provider with renderYamlToDirectory and a yaml/v2 ConfigGroup. Checks that `up`
// renders the manifest, that `preview` after a change shows an update, and that `destroy` removes it.
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { LocalWorkspace, PulumiCommand } from "@pulumi/pulumi/automation";

const cache = process.env.PULUMI_HELMFILE_CACHE ?? path.join(os.homedir(), ".cache", "pulumi-helmfile");
const root = process.env.PULUMI_HELMFILE_PULUMI_ROOT ?? cache;

// The same settings as scripts/engine-env.sh, so this also runs without sourcing it.
const engineEnv: Record<string, string> = {
  PATH: `${path.join(root, "bin")}${path.delimiter}${process.env.PATH ?? ""}`,
  PULUMI_HOME: process.env.PULUMI_HOME ?? path.join(cache, "pulumi-home"),
  PULUMI_SKIP_UPDATE_CHECK: "true",
  PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
  PULUMI_IGNORE_AMBIENT_PLUGINS: "true",
  PULUMI_CONFIG_PASSPHRASE: process.env.PULUMI_CONFIG_PASSPHRASE ?? "",
};

function manifests(dir: string): string[] {
  const sub = path.join(dir, "1-manifest");
  return fs.existsSync(sub) ? fs.readdirSync(sub).map((f) => path.join(sub, f)) : [];
}

async function main(): Promise<void> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "engine-smoke-"));
  const stateDir = path.join(tmp, "state");
  const renderDir = path.join(tmp, "rendered");
  fs.mkdirSync(stateDir);
  // No cluster: in render mode the provider rejects any kubeconfig, and the SDK's Provider takes one
  // from $KUBECONFIG, so it must be unset (pointing it at a missing file fails the provider's Check).
  delete process.env.KUBECONFIG;
  const env = { ...engineEnv };
  Object.assign(process.env, env); // the inline program runs in this process

  let greeting = "hello";
  const program = async () => {
    const provider = new k8s.Provider("render", { renderYamlToDirectory: renderDir });
    const group = new k8s.yaml.v2.ConfigGroup(
      "smoke",
      {
        objs: [
          {
            apiVersion: "v1",
            kind: "ConfigMap",
            metadata: { name: "smoke", namespace: "smoke-ns" },
            data: { greeting },
          },
        ],
      },
      { provider },
    );
    return { resources: pulumi.output(group.resources).apply((rs) => rs.length) };
  };

  // Checks that the CLI is at least the version of the SDK (the build must set it via ldflags).
  const pulumiCommand = await PulumiCommand.get({ root });
  console.log(`pulumi ${pulumiCommand.version?.format() ?? "(no version)"} at ${pulumiCommand.command}`);

  const started = Date.now();
  const lap = (what: string) => console.log(`${what}: ${((Date.now() - started) / 1000).toFixed(1)}s`);
  const stack = await LocalWorkspace.createOrSelectStack(
    { stackName: "smoke", projectName: "engine-smoke", program },
    {
      pulumiCommand,
      workDir: tmp,
      envVars: env,
      secretsProvider: "passphrase",
      projectSettings: {
        name: "engine-smoke",
        runtime: "nodejs",
        backend: { url: `file://${stateDir}` },
      },
    },
  );
  lap("stack ready");

  try {
    const up = await stack.up({ onOutput: (s) => process.stdout.write(s) });
    lap("up");
    assert.equal(up.summary.result, "succeeded");
    assert.equal(up.outputs.resources?.value, 1);
    const files = manifests(renderDir);
    assert.equal(files.length, 1, `expected one rendered manifest, got ${JSON.stringify(files)}`);
    const rendered = fs.readFileSync(files[0]!, "utf8");
    assert.match(rendered, /greeting: hello/);
    console.log(`rendered ${path.relative(tmp, files[0]!)}:\n${rendered}`);

    greeting = "hello again";
    const preview = await stack.preview({ diff: true, onOutput: (s) => process.stdout.write(s) });
    lap("preview");
    // A ConfigMap's data change is a replace (pulumi-kubernetes treats ConfigMaps as immutable).
    const changes = preview.changeSummary;
    assert.ok(
      (changes.update ?? 0) + (changes.replace ?? 0) >= 1,
      `expected a change: ${JSON.stringify(changes)}`,
    );
    assert.match(preview.stdout, /greeting: "hello" => "hello again"/);
    assert.match(fs.readFileSync(files[0]!, "utf8"), /greeting: hello\n/, "preview must not render");

    const destroy = await stack.destroy({ onOutput: (s) => process.stdout.write(s) });
    lap("destroy");
    assert.equal(destroy.summary.result, "succeeded");
    assert.deepEqual(manifests(renderDir), [], "destroy must delete the rendered manifest");
    await stack.workspace.removeStack("smoke");
  } finally {
    if (!process.env.ENGINE_SMOKE_KEEP) fs.rmSync(tmp, { recursive: true, force: true });
    else console.log(`kept ${tmp}`);
  }
  console.log("engine smoke: 1 passed, 0 failed");
}

main().catch((err: unknown) => {
  console.error(err);
  console.log("engine smoke: 0 passed, 1 failed");
  process.exit(1);
});
