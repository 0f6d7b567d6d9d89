/**
 * The BUILT component provider bundle (provider/bin/plugin.js, as scripts/gen-sdk.sh builds it),
 * run by the real engine as it runs it for any language (Node.js language host, `RunPlugin`), over
 * corpus cases that exercise every loader stage: HCL values, sops secrets, gotmpl environment values,
 * sub-helmfiles. (`selectors` are refused in a program, through the bundle as through the library:
 * tests/e2e/program-safety.e2e.test.ts.) Each case is rendered twice in one `up`: by the bundle (a remote
 * `helmfile:index:Helmfile`) and by the library in this process (the `Helmfile` class); the rendered
 * directories, the release ids and the merged values must be the same. No mocks, no cluster.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { LocalWorkspace, PulumiCommand, type ProjectSettings } from "@pulumi/pulumi/automation";
import { Helmfile } from "../../src/emit/helmfile";
import type { HelmfileArgs } from "../../src/emit/helmfile-args";
import { corpusPath } from "../support/corpus";
import { E2E_SECRETS_DIR, E2E_SECRET_PLAINTEXTS, e2eSecretsEnv } from "../secrets/e2e-fixture";
import { SOPS } from "../secrets/sops-tools";
import { ENGINE_ROOT, engineEnv, engineMissingReason } from "./engine";
import { buildProviderBundle, PROVIDER_BUNDLE, PROVIDER_DIR } from "./provider-bundle";

const REPO = join(__dirname, "..", "..");
const PROVIDER = PROVIDER_DIR;
const BUNDLE = PROVIDER_BUNDLE;
const NODE_HOST = join(ENGINE_ROOT, "bin", "pulumi-language-nodejs");

function missingReason(): string | undefined {
  const engine = engineMissingReason();
  if (engine !== undefined) return engine;
  if (!existsSync(NODE_HOST)) return `language host absent: ${NODE_HOST} (scripts/build-engine.sh builds it)`;
  if (SOPS === undefined) return "sops not found (scripts/build-engine.sh --only sops)";
  return undefined;
}
const reason = missingReason();
const describeEngine = reason === undefined ? describe : describe.skip;
const title =
  reason === undefined
    ? "built provider bundle vs library (real engine)"
    : `built provider bundle (skipped: ${reason})`;

/** Every file under dir, relative to it, with its text. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!existsSync(dir)) return out;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) {
      const p = join(e.parentPath, e.name);
      out[p.slice(dir.length + 1)] = readFileSync(p, "utf8");
    }
  }
  return out;
}

interface Case {
  readonly name: string;
  /** What the case proves the bundle carries. */
  readonly stage: string;
  readonly args: Omit<HelmfileArgs, "renderToDirectory">;
}

describeEngine(title, () => {
  jest.setTimeout(600_000);
  let root: string;
  let cases: Case[];
  const saved: Record<string, string | undefined> = {};
  /** The project folder the SDK made for the inline program (it never removes it). */
  let workspaceDir: string | undefined;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), "ph-bundle-"));
    const secrets = join(root, "secrets");
    cpSync(E2E_SECRETS_DIR, secrets, { recursive: true });
    // sops runs in this process (the library) and in the provider (the engine passes our environment on).
    for (const [k, v] of Object.entries({
      ...e2eSecretsEnv(secrets),
      SOPS_BINARY: SOPS as string,
      SOPS_DISABLE_VERSION_CHECK: "1",
    })) {
      saved[k] = process.env[k];
      process.env[k] = v;
    }
    const hf = (c: string): string => corpusPath("helmfile", "cases", c);
    cases = [
      { name: "hcl", stage: "HCL values", args: { file: join(hf("hcl_override"), "input.yaml.gotmpl") } },
      { name: "sops", stage: "sops secrets", args: { file: join(secrets, "helmfile.yaml") } },
      {
        name: "gotmpl",
        // values/app.yaml.gotmpl: a gotmpl values file over environment values files.
        stage: "gotmpl values",
        args: { file: join(REPO, "examples", "quickstart", "helmfile.yaml"), environment: "production" },
      },
      {
        name: "subhelmfiles",
        stage: "sub-helmfiles",
        args: { file: join(hf("issue-2544--all"), "input", "helmfile.yaml"), namespace: "helmfile-tests" },
      },
    ];
    buildProviderBundle();
  });
  afterAll(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    rmSync(root, { recursive: true, force: true });
    if (workspaceDir !== undefined) rmSync(workspaceDir, { recursive: true, force: true });
  });

  it("the bundle carries the HCL evaluator (a static import, no optional require)", () => {
    const text = readFileSync(BUNDLE, "utf8");
    expect(text).toContain("function evaluateHclValues(");
    expect(text).not.toMatch(/require\(["']\.\/hcl\/index["']\)/);
  });

  it("renders every case exactly as the library does: files, release ids, merged values", async () => {
    const dir = (side: string, c: Case): string => join(root, "out", side, c.name);
    const program = async (): Promise<Record<string, unknown>> => {
      const out: Record<string, unknown> = {};
      for (const c of cases) {
        const remote = new pulumi.ComponentResource(
          "helmfile:index:Helmfile",
          `bundle-${c.name}`,
          { ...c.args, renderToDirectory: dir("bundle", c), releaseIds: undefined, releases: undefined },
          {},
          true,
        ) as pulumi.ComponentResource & {
          releaseIds: pulumi.Output<string[]>;
          releases: pulumi.Output<unknown>;
        };
        const lib = new Helmfile(`lib-${c.name}`, { ...c.args, renderToDirectory: dir("lib", c) });
        out[`bundle-${c.name}`] = { ids: remote.releaseIds, releases: remote.releases };
        out[`bundle-${c.name}-releases`] = remote.releases; // top level: its secrecy is reported
        const libValues = pulumi
          .output(lib.releases)
          .apply((rs) => pulumi.all(Object.fromEntries(Object.entries(rs).map(([id, r]) => [id, r.values]))));
        out[`lib-${c.name}`] = { ids: lib.releaseIds, values: libValues };
      }
      return out;
    };
    const pulumiCommand = await PulumiCommand.get({ root: ENGINE_ROOT });
    const backend = join(root, "backend");
    mkdirSync(backend, { recursive: true });
    const projectSettings = {
      name: "bundle-vs-library",
      runtime: "nodejs",
      backend: { url: `file://${backend}` },
      plugins: { providers: [{ name: "helmfile", path: PROVIDER }] },
    } as ProjectSettings;
    const stack = await LocalWorkspace.createOrSelectStack(
      { stackName: "dev", projectName: "bundle-vs-library", program },
      { pulumiCommand, projectSettings, envVars: { ...engineEnv(), KUBECONFIG: "" } },
    );
    workspaceDir = stack.workspace.workDir;
    const result = await stack.up();
    expect(result.summary.result).toBe("succeeded");

    for (const c of cases) {
      const bundle = result.outputs[`bundle-${c.name}`]?.value as {
        ids: string[];
        releases: Record<string, { values: unknown }>;
      };
      const lib = result.outputs[`lib-${c.name}`]?.value as { ids: string[]; values: Record<string, string> };
      // Each stage produced releases, and the same ones.
      expect({ case: c.stage, ids: bundle.ids }).toEqual({ case: c.stage, ids: lib.ids });
      expect(bundle.ids.length).toBeGreaterThan(0);
      const libValues = Object.fromEntries(
        Object.entries(lib.values).map(([id, v]) => [id, JSON.parse(v) as unknown]),
      );
      const bundleValues = Object.fromEntries(
        Object.entries(bundle.releases).map(([id, r]) => [id, r.values]),
      );
      expect({ case: c.stage, values: bundleValues }).toEqual({ case: c.stage, values: libValues });
      const libTree = tree(dir("lib", c));
      expect(Object.keys(libTree).length).toBeGreaterThan(0);
      expect({ case: c.stage, files: tree(dir("bundle", c)) }).toEqual({ case: c.stage, files: libTree });
    }
    // The sops case really decrypted (its plaintext is in the rendered Secret's values), and the
    // outputs that hold it are secret.
    expect(JSON.stringify(result.outputs["bundle-sops"]?.value)).toContain(E2E_SECRET_PLAINTEXTS[1]);
    expect(result.outputs["bundle-sops-releases"]?.secret).toBe(true);
    expect(result.outputs["bundle-hcl-releases"]?.secret).toBe(false);
    // The HCL case evaluated its .hcl files (values only HCL defines reach the manifest).
    const hcl = Object.values(tree(dir("bundle", cases[0] as Case))).join("\n");
    expect(hcl).toMatch(/hello: /);

    await stack.destroy();
    for (const c of cases) expect(tree(dir("bundle", c))).toEqual({});
  });
});
