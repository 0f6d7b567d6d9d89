/**
 * Python and Go users, proven: examples/python and examples/go (the quickstart through the generated
 * SDKs sdk/python and sdk/go) run on the real engine with our own language hosts
 * (tools/engine/language-python, tools/engine/language-go) and the built component provider bundle:
 * - `up` renders exactly what the TypeScript quickstart (the library's `Helmfile`) renders;
 * - changing one state value previews exactly one updated Release, with its values diff;
 * - an HCL-valued state works through the provider;
 * - a secret input keeps the release values secret in the state (no plaintext in the export);
 * - `destroy` removes every rendered file and every resource.
 * Local programs (a `workDir` copy of each example with its relative paths made absolute), file
 * backend in a temporary folder, empty passphrase. No mocks, no cluster. The Python program runs in
 * a virtual environment of its own, outside the repository, that installs the SDK as Python users
 * do: `pip install` of the sdist scripts/setup.sh builds (sdk/dist/), with the pinned Pulumi SDKs.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { LocalWorkspace, PulumiCommand, type EngineEvent, type Stack } from "@pulumi/pulumi/automation";
import { parseAllDocuments } from "yaml";
import { Helmfile } from "../../src/emit/helmfile";
import { ENGINE_ROOT, engineEnv, engineMissingReason } from "./engine";
import { buildProviderBundle } from "./provider-bundle";

const REPO = join(__dirname, "..", "..");
const QUICKSTART = join(REPO, "examples", "quickstart", "helmfile.yaml");
const HCL_STATE = join(__dirname, "fixtures", "polyglot-hcl", "helmfile.yaml.gotmpl");
const SECRET = "polyglot-Secret-51ab";
const LANGS = ["python", "go"] as const;
type Lang = (typeof LANGS)[number];

function missingReason(): string | undefined {
  const engine = engineMissingReason();
  if (engine !== undefined) return engine;
  for (const h of ["nodejs", "python", "go"]) {
    const p = join(ENGINE_ROOT, "bin", `pulumi-language-${h}`);
    if (!existsSync(p)) return `language host absent: ${p} (scripts/build-engine.sh builds it)`;
  }
  if (!existsSync(pythonSdist()))
    return `no Python SDK sdist at ${pythonSdist()} (scripts/setup.sh builds it)`;
  try {
    execFileSync("go", ["version"], { stdio: "ignore" });
  } catch {
    return "no go on PATH (the Go language host compiles the program with it)";
  }
  return undefined;
}
const reason = missingReason();
const describeEngine = reason === undefined ? describe : describe.skip;
const title =
  reason === undefined
    ? "Python and Go programs (real engine)"
    : `Python and Go programs (skipped: ${reason})`;

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

/** The sdist of the Python SDK that scripts/setup.sh builds. */
function pythonSdist(): string {
  const version = /^\s*version = "(.*)"$/m.exec(
    readFileSync(join(REPO, "sdk", "python", "pyproject.toml"), "utf8"),
  )?.[1];
  return join(REPO, "sdk", "dist", `pulumi_helmfile-${version ?? "?"}.tar.gz`);
}

/** The Pulumi SDK pins scripts/setup.sh installs (PYTHON_SDK_VERSION, PYTHON_K8S_VERSION). */
function pythonPins(): string[] {
  const setup = readFileSync(join(REPO, "scripts", "setup.sh"), "utf8");
  const pin = (name: string): string => new RegExp(`^${name}=([0-9.]+)`, "m").exec(setup)?.[1] ?? "?";
  return [`pulumi==${pin("PYTHON_SDK_VERSION")}`, `pulumi_kubernetes==${pin("PYTHON_K8S_VERSION")}`];
}

/**
 * A virtual environment outside the repository with the SDK installed from its sdist, as a Python
 * user installs a package (pip resolves its dependencies; the Pulumi SDKs pinned as setup pins them).
 */
function freshVenv(dir: string): string {
  execFileSync("python3", ["-m", "venv", dir], { stdio: "ignore" });
  execFileSync(
    join(dir, "bin", "python"),
    ["-m", "pip", "install", "-q", "--disable-pip-version-check", pythonSdist(), ...pythonPins()],
    { stdio: ["ignore", "ignore", "pipe"], timeout: 600_000 },
  );
  return dir;
}

/**
 * A copy of examples/<lang> whose `../../` paths (provider, sdk/go) point into this checkout; a
 * Python copy names `venv` as its virtual environment.
 */
function copyExample(lang: Lang, dest: string, venv?: string): void {
  cpSync(join(REPO, "examples", lang), dest, {
    recursive: true,
    filter: (src) => !/[/\\](rendered|\.state)([/\\]|$)/.test(src) && !/Pulumi\.[^/\\]+\.yaml$/.test(src),
  });
  for (const f of ["Pulumi.yaml", "go.mod"]) {
    const p = join(dest, f);
    if (!existsSync(p)) continue;
    let text = readFileSync(p, "utf8");
    if (venv !== undefined) text = text.replace(/^(\s*virtualenv:).*$/m, `$1 ${venv}`);
    writeFileSync(p, text.replaceAll("../../", `${REPO}/`));
  }
}

/** The objects of a rendered tree in `namespace`: kind and `namespace/name` (the Kubernetes provider's id). */
function objectsIn(rendered: Record<string, string>, namespace: string): { kind: string; id: string }[] {
  const out: { kind: string; id: string }[] = [];
  for (const text of Object.values(rendered)) {
    for (const doc of parseAllDocuments(text)) {
      const o = doc.toJS() as { kind?: string; metadata?: { name?: string; namespace?: string } } | null;
      if (o?.metadata?.namespace === namespace)
        out.push({ kind: o.kind ?? "", id: `${namespace}/${o.metadata.name ?? ""}` });
    }
  }
  return out.sort((a, b) => a.id.localeCompare(b.id));
}

interface ReleaseInfo {
  id: string;
  name: string;
  namespace: string;
  chart: string;
  version?: string;
  values: Record<string, unknown>;
}

describeEngine(title, () => {
  jest.setTimeout(1_800_000);
  let root: string;
  let reference: Record<string, string>;
  let pulumiCommand: PulumiCommand;
  let envVars: Record<string, string>;
  let venv: string;
  /** The project folder the SDK made for the reference's inline program (it never removes it). */
  let referenceWorkDir: string | undefined;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), "ph-polyglot-"));
    venv = freshVenv(join(root, "venv"));
    // The program imports the SDK this install put in its own environment, not the repository's.
    const where = execFileSync(
      join(venv, "bin", "python"),
      ["-c", "import pulumi_helmfile; print(pulumi_helmfile.__file__)"],
      {
        encoding: "utf8",
      },
    );
    expect(where.startsWith(join(venv, "lib"))).toBe(true);
    buildProviderBundle();
    mkdirSync(join(root, "backend"));
    pulumiCommand = await PulumiCommand.get({ root: ENGINE_ROOT });
    envVars = {
      ...engineEnv(),
      KUBECONFIG: "",
      PULUMI_BACKEND_URL: `file://${join(root, "backend")}`,
    };
    // The TypeScript quickstart: the library's Helmfile in an inline program, rendered to a folder.
    const refDir = join(root, "reference");
    const ref = await LocalWorkspace.createOrSelectStack(
      {
        stackName: "reference",
        projectName: "polyglot-reference",
        program: async () => {
          const q = new Helmfile("quickstart", { file: QUICKSTART, renderToDirectory: refDir });
          await q.releases;
          return { releaseIds: q.releaseIds };
        },
      },
      { pulumiCommand, envVars },
    );
    referenceWorkDir = ref.workspace.workDir;
    const up = await ref.up();
    expect(up.outputs["releaseIds"]?.value).toEqual(["web/frontend", "api/backend"]);
    reference = tree(refDir);
    expect(Object.keys(reference).length).toBeGreaterThan(0);
    await ref.destroy();
  });
  afterAll(() => {
    if (root !== undefined) rmSync(root, { recursive: true, force: true });
    if (referenceWorkDir !== undefined) rmSync(referenceWorkDir, { recursive: true, force: true });
  });

  const stacks = new Map<Lang, { work: string; dev?: Stack }>();
  const open = async (lang: Lang, stackName: string): Promise<Stack> => {
    let entry = stacks.get(lang);
    if (entry === undefined) {
      const work = join(root, lang);
      copyExample(lang, work, lang === "python" ? venv : undefined);
      entry = { work };
      stacks.set(lang, entry);
    }
    return LocalWorkspace.createOrSelectStack({ stackName, workDir: entry.work }, { pulumiCommand, envVars });
  };

  describe.each(LANGS)("%s", (lang) => {
    const out = (name: string): string => join(root, `${lang}-${name}`);

    it("up renders exactly what the TypeScript quickstart renders; releases are maps", async () => {
      const stack = await open(lang, "dev");
      await stack.setConfig("file", { value: QUICKSTART });
      await stack.setConfig("renderDir", { value: out("dev") });
      const result = await stack.up();
      expect(result.summary.result).toBe("succeeded");
      expect(result.outputs["releaseIds"]?.value).toEqual(["web/frontend", "api/backend"]);
      const releases = result.outputs["releases"]?.value as Record<string, ReleaseInfo>;
      expect(Object.keys(releases).sort()).toEqual(["api/backend", "web/frontend"]);
      expect(releases["web/frontend"]).toMatchObject({
        id: "web/frontend",
        name: "frontend",
        namespace: "web",
        chart: "./charts/webapp",
        values: { image: "nginx:1.27", replicas: 1, labels: { team: "platform" } },
      });
      expect(releases["api/backend"]?.values).toMatchObject({ role: "backend", port: 8080 });
      expect(tree(out("dev"))).toEqual(reference);
      // Composable: the first release's objects, as the Helmfile's `releases[id].resources` gives
      // them, are the objects helm rendered for it (Python: typed by pulumi_kubernetes; Go: by id).
      const frontend = objectsIn(reference, "web");
      expect(frontend.map((o) => o.kind).sort()).toEqual(["ConfigMap", "Deployment"]);
      if (lang === "python") {
        expect(result.outputs["firstConfigMap"]?.value).toBe(
          frontend.find((o) => o.kind === "ConfigMap")?.id.split("/")[1],
        );
      } else {
        expect(
          [...((result.outputs["firstReleaseObjectIds"]?.value as string[] | undefined) ?? [])].sort(),
        ).toEqual(frontend.map((o) => o.id));
      }
    });

    it("a one-value change previews exactly one updated release, with its values diff", async () => {
      const stack = await open(lang, "dev");
      await stack.setConfig("stateValues", { value: JSON.stringify({ image: "nginx:1.28" }) });
      const events: EngineEvent[] = [];
      await stack.preview({ diff: true, onEvent: (e) => events.push(e) });
      const releaseSteps = events
        .map((e) => e.resourcePreEvent?.metadata)
        .filter((m) => m !== undefined && m.type === "helmfile:index:Release" && m.op !== "same");
      expect(releaseSteps.map((m) => [m?.op, m?.urn.split("::").pop()])).toEqual([
        ["update", "quickstart-web/frontend"],
      ]);
      // The diff: of the Release's inputs only the merged values (and so the manifest) change.
      const step = releaseSteps[0];
      if (step?.diffs !== undefined) expect(step.diffs).toContain("values");
      const before = (step?.old?.inputs ?? {}) as Record<string, unknown>;
      const after = (step?.new?.inputs ?? {}) as Record<string, unknown>;
      const changed = Object.keys({ ...before, ...after })
        .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
        .sort();
      expect(changed).toEqual(["manifest", "values"]);
      expect(JSON.parse(before["values"] as string)).toMatchObject({ image: "nginx:1.27" });
      expect(JSON.parse(after["values"] as string)).toMatchObject({ image: "nginx:1.28" });
      // The preview wrote nothing.
      expect(tree(out("dev"))).toEqual(reference);
    });

    it("destroy removes every rendered file and resource", async () => {
      const stack = await open(lang, "dev");
      await stack.destroy();
      expect(tree(out("dev"))).toEqual({});
      const state = (await stack.exportStack()).deployment as { resources?: unknown[] };
      expect(state.resources ?? []).toEqual([]);
    });

    it("an HCL-valued state works through the provider, and a secret input stays secret in the state", async () => {
      const stack = await open(lang, "hcl");
      await stack.setConfig("file", { value: HCL_STATE });
      await stack.setConfig("renderDir", { value: out("hcl") });
      await stack.setConfig("secretValues", { value: JSON.stringify({ password: SECRET }), secret: true });
      const result = await stack.up();
      expect(result.summary.result).toBe("succeeded");
      expect(result.outputs["releaseIds"]?.value).toEqual(["hcl/hcl-app"]);
      expect(result.outputs["releases"]?.secret).toBe(true);
      const releases = result.outputs["releases"]?.value as Record<string, ReleaseInfo>;
      expect(releases["hcl/hcl-app"]?.values).toEqual({
        envSecret: SECRET,
        auth: { token: "hcl-tier/hcl.example.com/HCL-ROLE" }, // from values.hcl
      });
      expect(Object.keys(tree(out("hcl")))).toEqual([
        "1-manifest/v1-namespace-default-hcl.yaml",
        "1-manifest/v1-secret-hcl-hcl-app-credentials.yaml",
      ]);
      // The backend's files (checkpoint, history, backups) hold the secret only encrypted.
      const stored = Object.entries(tree(join(root, "backend")));
      expect(stored.some(([p]) => p.endsWith(join(`helmfile-quickstart-${lang}`, "hcl.json")))).toBe(true);
      expect(stored.filter(([, text]) => text.includes(SECRET)).map(([p]) => p)).toEqual([]);
      expect(JSON.stringify(stored)).toContain("4dabf18193072939515e22adb298388d"); // Pulumi's secret signature

      await stack.destroy();
      expect(tree(out("hcl"))).toEqual({});
    });
  });
});
