/**
 * The committed schema and SDKs are what the generators write, and they are packaged as their
 * ecosystems expect: provider/schema.json = the analyzer's (completed) schema; sdk/python and sdk/go =
 * what `scripts/gen-sdk.sh --sdk-only` writes from it; pip builds a wheel from sdk/python's
 * pyproject.toml; `go vet ./...` accepts the sdk/go module.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { generateSchema } from "../../provider/write-schema";
import { ENGINE_ROOT, engineEnv, engineMissingReason } from "./engine";

const REPO = join(__dirname, "..", "..");
const VENV = process.env.PULUMI_HELMFILE_VENV ?? join(REPO, ".venv");

function missingReason(): string | undefined {
  const engine = engineMissingReason(); // gen-sdk reads the kubernetes schema from the plugin
  if (engine !== undefined) return engine;
  try {
    execFileSync("go", ["version"], { stdio: "ignore" });
  } catch {
    return "no go on PATH (provider/sdkgen is a Go command)";
  }
  if (!existsSync(join(VENV, "bin", "python"))) return `no virtual environment at ${VENV} (scripts/setup.sh)`;
  return undefined;
}
const reason = missingReason();
const describeGen = reason === undefined ? describe : describe.skip;
const title = reason === undefined ? "generated SDKs" : `generated SDKs (skipped: ${reason})`;

const IGNORED = /(^|\/)(__pycache__|build|[^/]*\.egg-info)(\/|$)/;

/** Every file under dir, relative to it, with its text (build leftovers ignored). */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const p = join(e.parentPath, e.name);
    const rel = p.slice(dir.length + 1);
    if (!IGNORED.test(rel)) out[rel] = readFileSync(p, "utf8");
  }
  return out;
}

describe("provider schema", () => {
  it("provider/schema.json is what the analyzer and provider/helmfile-provider.ts produce", async () => {
    expect(await generateSchema()).toBe(readFileSync(join(REPO, "provider", "schema.json"), "utf8"));
  }, 120_000);
});

describeGen(title, () => {
  jest.setTimeout(1_200_000);
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), "ph-sdkgen-"));
  });
  afterAll(() => {
    if (root !== undefined) rmSync(root, { recursive: true, force: true });
  });

  it("sdk/python and sdk/go are what scripts/gen-sdk.sh writes", () => {
    const out = join(root, "sdk");
    execFileSync("bash", [join(REPO, "scripts", "gen-sdk.sh"), "--sdk-only"], {
      cwd: REPO,
      env: {
        ...process.env,
        ...engineEnv(),
        PULUMI_HELMFILE_PULUMI_ROOT: ENGINE_ROOT,
        PULUMI_HELMFILE_SDK_OUT: out,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    for (const lang of ["python", "go"]) {
      expect({ lang, files: tree(join(REPO, "sdk", lang)) }).toEqual({ lang, files: tree(join(out, lang)) });
    }
  });

  it("pip builds a wheel from sdk/python's pyproject.toml", () => {
    const copy = join(root, "python");
    cpSync(join(REPO, "sdk", "python"), copy, { recursive: true });
    const wheels = join(root, "wheels");
    execFileSync(
      join(VENV, "bin", "python"),
      ["-m", "pip", "wheel", "-q", "--no-deps", "--disable-pip-version-check", "-w", wheels, copy],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    expect(readdirSync(wheels).filter((f) => /^pulumi_helmfile-0\.1\.0-.*\.whl$/.test(f))).toHaveLength(1);
  });

  it("go vet accepts the sdk/go module", () => {
    execFileSync("go", ["vet", "./..."], {
      cwd: join(REPO, "sdk", "go"),
      env: { ...process.env, GOFLAGS: "-mod=readonly" },
      stdio: ["ignore", "pipe", "pipe"],
    });
  });
});
