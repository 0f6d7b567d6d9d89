/**
 * Secrecy end to end through the automation layer and the real Go-built engine (no mocks): `up`
 * of a helmfile with sops-encrypted environment and release secrets must leave no plaintext in
 * the file backend (state, history, backups), the engine's events, progress or output; the
 * release's values and manifest must be Pulumi secrets (ciphertext that decrypts to the
 * plaintext). Only the render directory holds the Secret in plain text, as documented.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { destroy, preview, up, type HelmfileStackOptions, type StackProgress } from "../../src/automation";
import {
  E2E_SECRET_PLAINTEXTS,
  E2E_SECRETS_DIR,
  E2E_SECRETS_RELEASE,
  e2eSecretsEnv,
} from "../secrets/e2e-fixture";
import { SOPS } from "../secrets/sops-tools";
import { yamlDocuments } from "../component/helm-expectations";
import { ENGINE_ROOT, engineEnv, engineMissingReason } from "./engine";
import {
  checkpointResources,
  filesUnder,
  isEncryptedSecret,
  leakForms,
  leaksIn,
  type StateResource,
} from "./secret-scan";

const reason =
  engineMissingReason() ??
  (SOPS === undefined
    ? "sops not found (run scripts/build-engine.sh --only sops, or set SOPS_BINARY)"
    : undefined);
const describeEngine = reason === undefined ? describe : describe.skip;
const title =
  reason === undefined
    ? "secrets end to end (real engine, real sops)"
    : `secrets end to end (skipped: ${reason})`;

const PROJECT_NAME = "pulumi-helmfile-secrets-e2e";
const STACK = "secrets-e2e";
const PASSPHRASE = "e2e-test-passphrase";
const FORMS = leakForms(E2E_SECRET_PLAINTEXTS);
const DOCS = join(__dirname, "..", "..", "docs", "component.md");

/** `{ file: leaked forms }` for every file whose text holds a plaintext (empty when none leaks). */
function leakingFiles(files: Map<string, string>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [path, text] of files) {
    const found = leaksIn(text, FORMS);
    if (found.length > 0) out[path] = found;
  }
  return out;
}

describeEngine(title, () => {
  jest.setTimeout(600_000);
  let root: string;
  let project: string;
  let backend: string;
  let outDir: string;
  let base: HelmfileStackOptions;
  // Everything the engine and the automation layer report, serialised as it arrives.
  const captured: string[] = [];
  const savedEnv: Record<string, string | undefined> = {};

  const setEnv = (vars: Record<string, string>): void => {
    for (const [k, v] of Object.entries(vars)) {
      savedEnv[k] = process.env[k];
      process.env[k] = v;
    }
  };

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), "ph-e2e-secrets-"));
    project = join(root, "project");
    backend = join(root, "backend");
    outDir = join(root, "rendered");
    cpSync(E2E_SECRETS_DIR, project, { recursive: true });
    // The inline program (and so sops) runs in this process: it needs the key and sops here.
    setEnv({
      ...e2eSecretsEnv(project),
      SOPS_BINARY: SOPS as string,
      SOPS_DISABLE_VERSION_CHECK: "1",
    });
    base = {
      file: join(project, "helmfile.yaml"),
      projectName: PROJECT_NAME,
      stackName: STACK,
      backendUrl: `file://${backend}`,
      secretsProvider: "passphrase",
      renderToDirectory: outDir,
      pulumiRoot: ENGINE_ROOT,
      envVars: { ...engineEnv(), PULUMI_CONFIG_PASSPHRASE: PASSPHRASE },
      onEvent: (e: EngineEvent) => captured.push(JSON.stringify(e)),
      onProgress: (p: StackProgress) => captured.push(JSON.stringify(p)),
    };
  });

  afterAll(() => {
    for (const [k, v] of Object.entries(savedEnv)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    rmSync(root, { recursive: true, force: true });
  });

  it("up creates the release, and its output, events and progress hold no plaintext", async () => {
    const result = await up(base);
    expect(result.releases.map((r) => [r.release, r.op])).toEqual([
      [`${E2E_SECRETS_RELEASE.namespace}/${E2E_SECRETS_RELEASE.name}`, "create"],
    ]);
    expect(captured.length).toBeGreaterThan(0);
    expect(leaksIn(captured.join("\n"), FORMS)).toEqual([]);
    expect(leaksIn(result.stdout, FORMS)).toEqual([]);
    expect(leaksIn(JSON.stringify(result.releases), FORMS)).toEqual([]);
  });

  it("no file of the backend (state, history, backups) or of the project and its workspace holds a plaintext", () => {
    const state = filesUnder(backend);
    expect([...state.keys()].some((p) => p.endsWith(`${STACK}.json`))).toBe(true);
    for (const kept of ["history", "backups"])
      expect([...state.keys()].some((p) => p.includes(join(".pulumi", kept)))).toBe(true);
    expect(leakingFiles(state)).toEqual({});
    // The fixture's README names the plaintexts; every other project file (workspace included) must not.
    expect(leakingFiles(filesUnder(project, [join(project, "README.md")]))).toEqual({});
  });

  it("the release's values and manifest-digest inputs are Pulumi secrets in the state, and it registers no outputs", () => {
    const resources = checkpointResources(backend, PROJECT_NAME, STACK);
    const release = resources.find((r) => r.type === "helmfile:index:Release");
    expect(release).toBeDefined();
    const r = release as StateResource;
    expect(isEncryptedSecret(r.inputs?.values)).toBe(true);
    expect(isEncryptedSecret(r.inputs?.manifest)).toBe(true);
    expect(r.outputs?.values).toBeUndefined();
    expect(r.outputs?.manifest).toBeUndefined();
    // The Kubernetes Secret the chart renders is in state too, with its data only as ciphertext.
    const secret = resources.find((x) => x.type === "kubernetes:core/v1:Secret");
    expect(secret?.urn).toContain(E2E_SECRETS_RELEASE.secret);
  });

  it("the ciphertext in the state decrypts to the secret values (they are kept, not dropped)", () => {
    const exported = execFileSync(
      join(ENGINE_ROOT, "bin", "pulumi"),
      ["stack", "export", "--show-secrets", "--stack", STACK, "--non-interactive"],
      {
        cwd: join(dirname(base.file), ".pulumi-helmfile", "workspace"),
        env: {
          ...process.env,
          ...engineEnv(),
          PULUMI_BACKEND_URL: `file://${backend}`,
          PULUMI_CONFIG_PASSPHRASE: PASSPHRASE,
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    ).toString("utf8");
    const resources = (JSON.parse(exported) as { deployment: { resources: StateResource[] } }).deployment
      .resources;
    const release = resources.find((r) => r.type === "helmfile:index:Release");
    const plain = (v: unknown): string =>
      typeof v === "object" && v !== null ? String((v as { plaintext?: unknown }).plaintext) : String(v);
    const values = JSON.parse(JSON.parse(plain(release?.inputs?.values)) as string) as {
      envSecret?: string;
      auth?: { token?: string };
    };
    expect(values.envSecret).toBe(E2E_SECRET_PLAINTEXTS[0]);
    expect(values.auth?.token).toBe(E2E_SECRET_PLAINTEXTS[1]);
    // The Release keeps a digest of its manifest; the rendered Secret object keeps the plaintexts.
    expect(JSON.parse(plain(release?.inputs?.manifest))).toMatch(/^sha256:[0-9a-f]{64}$/);
    const secret = resources.find((x) => x.type === "kubernetes:core/v1:Secret");
    const objectText = JSON.stringify(secret?.inputs ?? {});
    for (const p of E2E_SECRET_PLAINTEXTS)
      expect(objectText.includes(p) || objectText.includes(Buffer.from(p).toString("base64"))).toBe(true);
  });

  it("the render directory holds the rendered Secret in plain text, as docs/component.md says", () => {
    const docs = readFileSync(DOCS, "utf8").replace(/\s+/g, " ");
    expect(docs).toMatch(/rendered Secrets are written in plain text in that directory/);
    const docsWithSecret = [...filesUnder(outDir).values()].flatMap(yamlDocuments).filter((d) => {
      const o = d as { kind?: string; metadata?: { name?: string } };
      return o.kind === "Secret" && o.metadata?.name === E2E_SECRETS_RELEASE.secret;
    });
    expect(docsWithSecret).toHaveLength(1);
    const text = JSON.stringify(docsWithSecret[0]);
    for (const p of E2E_SECRET_PLAINTEXTS)
      expect(text.includes(p) || text.includes(Buffer.from(p).toString("base64"))).toBe(true);
  });

  it("a preview that changes a secret-derived value shows neither the old plaintexts nor the new Secret data", async () => {
    const replacement = "e2e-replacement-Secret-51ab";
    const before = captured.length;
    const result = await preview({ ...base, stateValuesSet: [`envSecret=${replacement}`] });
    expect(result.changedReleases.map((r) => r.op)).toEqual(["update"]);
    const text = [...captured.slice(before), result.stdout, JSON.stringify(result.releases)].join("\n");
    // The replacement itself is a plain component input (shown as such); as Secret data it is base64.
    expect(leaksIn(text, [...FORMS, Buffer.from(replacement).toString("base64")])).toEqual([]);
  });

  it("destroy removes the rendered files and the state's history still holds no plaintext", async () => {
    const before = captured.length;
    const result = await destroy(base);
    expect(result.releases.map((r) => r.op)).toEqual(["delete"]);
    expect([...filesUnder(outDir).keys()].filter((f) => f.endsWith(".yaml"))).toEqual([]);
    expect(leaksIn([...captured.slice(before), result.stdout].join("\n"), FORMS)).toEqual([]);
    expect(leakingFiles(filesUnder(backend))).toEqual({});
  });
});
