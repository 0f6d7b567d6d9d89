/**
 * Safe in the user's own Pulumi program (docs/component.md, "Failures" and "Selectors"): programs
 * of each language, outside the repository and exporting nothing, run by the `pulumi` CLI itself
 * (not through our automation layer) against the test cluster:
 * - TypeScript, on the packed npm package installed into the program's own folder;
 * - Python, Go and Pulumi YAML, through the component provider and the generated SDKs.
 * Each deploys two releases; then one release breaks in each way a state breaks (its chart is
 * missing, its values template fails, helm fails to render it), and `pulumi up --skip-preview`
 * must exit non-zero with the error's code, leaving every object of both releases as it was
 * (UIDs and resourceVersions, read with kubectl). Then `selectors` naming one release: refused, the
 * other release unchanged. Finally `pulumi destroy` removes everything.
 */
import { execFileSync, spawnSync } from "node:child_process";
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
import { delimiter, dirname, join } from "node:path";
import { ENGINE_ROOT, engineMissingReason } from "./engine";
import { KUBECTL, testClusters, waitGone } from "./cluster";
import { buildProviderBundle, PROVIDER_DIR } from "./provider-bundle";

const REPO = join(__dirname, "..", "..");
const VENV = process.env.PULUMI_HELMFILE_VENV ?? join(REPO, ".venv");
const HELM = process.env.HELM_BINARY ?? join(REPO, ".tools", "helm4", "helm");
const LANGS = ["typescript", "python", "go", "yaml"] as const;
type Lang = (typeof LANGS)[number];

function missingReason(): string | undefined {
  const engine = engineMissingReason();
  if (engine !== undefined) return engine;
  for (const h of ["nodejs", "python", "go", "yaml"]) {
    const p = join(ENGINE_ROOT, "bin", `pulumi-language-${h}`);
    if (!existsSync(p)) return `language host absent: ${p} (scripts/build-engine.sh builds it)`;
  }
  if (!existsSync(join(VENV, "bin", "python"))) return `no virtual environment at ${VENV} (scripts/setup.sh)`;
  if (!existsSync(KUBECTL)) return `kubectl absent: ${KUBECTL} (scripts/test-cluster.sh build)`;
  return undefined;
}
const reason = missingReason();
const describeEngine = reason === undefined ? describe : describe.skip;
const title =
  reason === undefined
    ? "a broken release or a selector never changes a user's stack (pulumi CLI, test cluster)"
    : `user's program safety (skipped: ${reason})`;

/** The chart both releases use: one ConfigMap whose value helm requires. */
const CHART = {
  "Chart.yaml": "apiVersion: v2\nname: safety\nversion: 0.1.0\n",
  "values.yaml": 'value: ""\n',
  "templates/cm.yaml": [
    "apiVersion: v1",
    "kind: ConfigMap",
    "metadata:",
    "  name: {{ .Release.Name }}",
    "data:",
    '  value: {{ required "value is required" .Values.value | quote }}',
    "",
  ].join("\n"),
};

/** How the second release breaks; `undefined`: it is healthy. */
type Break = "missing-chart" | "values-template" | "helm-render";

/** The state: releases safe-a and safe-b in `namespace`, b broken as asked. */
function stateText(namespace: string, broken?: Break): string {
  const b =
    broken === "missing-chart"
      ? ["    chart: ./charts/absent", "    values:", '      - value: "b"']
      : broken === "values-template"
        ? ["    chart: ./charts/safety", "    values:", "      - values-b.yaml.gotmpl"]
        : broken === "helm-render"
          ? ["    chart: ./charts/safety", "    values:", "      - value: null"]
          : ["    chart: ./charts/safety", "    values:", '      - value: "b"'];
  return [
    "releases:",
    "  - name: safe-a",
    `    namespace: ${namespace}`,
    "    chart: ./charts/safety",
    "    values:",
    '      - value: "a"',
    "  - name: safe-b",
    `    namespace: ${namespace}`,
    ...b,
    "",
  ].join("\n");
}

/** What each break prints: the error's code, then the file or release and helm's or Go's words. */
const BREAK_CODES: Record<Break, RegExp> = {
  "missing-chart": /\b[A-Z][A-Z_]+: [^\n]*helmfile\.yaml[^\n]*charts\/absent/,
  "values-template": /\b[A-Z][A-Z_]+: [^\n]*values-b\.yaml\.gotmpl/,
  "helm-render": /\b[A-Z][A-Z_]+: [^\n]*safe-b[\s\S]*value is required/,
};

/** The program of each language: one Helmfile, `file` and optional `selectors` from config, no exports. */
function writeProgram(lang: Lang, dir: string, tarball: string): void {
  mkdirSync(dir, { recursive: true });
  const provider = `plugins:\n  providers:\n    - name: helmfile\n      path: ${PROVIDER_DIR}\n`;
  if (lang === "typescript") {
    writeFileSync(join(dir, "Pulumi.yaml"), "name: safety-typescript\nruntime: nodejs\n");
    // The user's program already depends on the Pulumi SDKs, as `pulumi new kubernetes-typescript` leaves it.
    const sdk = (name: string): string =>
      (
        JSON.parse(readFileSync(join(REPO, "node_modules", name, "package.json"), "utf8")) as {
          version: string;
        }
      ).version;
    writeFileSync(
      join(dir, "package.json"),
      JSON.stringify(
        {
          name: "safety-typescript",
          main: "index.ts",
          private: true,
          // The kubernetes SDK pinned to the provider plugin this offline machine has installed.
          dependencies: {
            "@pulumi/pulumi": `^${sdk("@pulumi/pulumi")}`,
            "@pulumi/kubernetes": sdk("@pulumi/kubernetes"),
          },
        },
        null,
        2,
      ),
    );
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify(
        {
          compilerOptions: {
            strict: true,
            outDir: "bin",
            target: "es2020",
            module: "commonjs",
            moduleResolution: "node",
            sourceMap: true,
            experimentalDecorators: true,
            forceConsistentCasingInFileNames: true,
          },
          files: ["index.ts"],
        },
        null,
        2,
      ),
    );
    writeFileSync(
      join(dir, "index.ts"),
      [
        'import * as pulumi from "@pulumi/pulumi";',
        'import { Helmfile } from "pulumi-helmfile";',
        "",
        "const config = new pulumi.Config();",
        'const selectors = config.getObject<string[]>("selectors");',
        'new Helmfile("platform", { file: config.require("file"), ...(selectors ? { selectors } : {}) });',
        "",
      ].join("\n"),
    );
    // The user's own dependencies: the packed package, and TypeScript as `pulumi new typescript` has it.
    const ts = JSON.parse(readFileSync(join(REPO, "node_modules", "typescript", "package.json"), "utf8")) as {
      version: string;
    };
    execFileSync(
      "npm",
      [
        "install",
        "--ignore-scripts",
        "--no-audit",
        "--no-fund",
        "--prefer-offline",
        tarball,
        `typescript@${ts.version}`,
        "@types/node@22",
      ],
      { cwd: dir, stdio: "ignore", timeout: 10 * 60 * 1000 },
    );
    // One copy of each SDK: the program's and the package's are the same (peer dependencies).
    const copies = (name: string): string[] =>
      execFileSync(
        "find",
        ["node_modules", "-path", `*/${name}/package.json`, "-not", "-path", `*/${name}/*/*`],
        {
          cwd: dir,
          encoding: "utf8",
        },
      )
        .split("\n")
        .filter((l) => l !== "");
    expect([copies("@pulumi/pulumi"), copies("@pulumi/kubernetes")]).toEqual([
      ["node_modules/@pulumi/pulumi/package.json"],
      ["node_modules/@pulumi/kubernetes/package.json"],
    ]);
  } else if (lang === "python") {
    writeFileSync(
      join(dir, "Pulumi.yaml"),
      `name: safety-python\nruntime:\n  name: python\n  options:\n    virtualenv: ${VENV}\n${provider}`,
    );
    writeFileSync(
      join(dir, "__main__.py"),
      [
        "import pulumi",
        "import pulumi_helmfile as helmfile",
        "",
        "config = pulumi.Config()",
        'helmfile.Helmfile("platform", file=config.require("file"), selectors=config.get_object("selectors"))',
        "",
      ].join("\n"),
    );
  } else if (lang === "go") {
    writeFileSync(join(dir, "Pulumi.yaml"), `name: safety-go\nruntime: go\n${provider}`);
    // The example's module file, renamed, with its `replace` pointing at this checkout's SDK.
    const gomod = readFileSync(join(REPO, "examples", "go", "go.mod"), "utf8")
      .replace(/^module .*$/m, "module example.com/safety")
      .replaceAll("../../sdk/go", join(REPO, "sdk", "go"));
    writeFileSync(join(dir, "go.mod"), gomod);
    cpSync(join(REPO, "examples", "go", "go.sum"), join(dir, "go.sum"));
    writeFileSync(
      join(dir, "main.go"),
      [
        "package main",
        "",
        "import (",
        '\t"example.com/pulumi-helmfile/sdk/go/helmfile"',
        '\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
        '\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"',
        ")",
        "",
        "func main() {",
        "\tpulumi.Run(func(ctx *pulumi.Context) error {",
        '\t\tcfg := config.New(ctx, "")',
        '\t\targs := &helmfile.HelmfileArgs{File: pulumi.String(cfg.Require("file"))}',
        "\t\tvar selectors []string",
        '\t\tif cfg.Get("selectors") != "" {',
        '\t\t\tcfg.RequireObject("selectors", &selectors)',
        "\t\t\targs.Selectors = pulumi.ToStringArray(selectors)",
        "\t\t}",
        '\t\t_, err := helmfile.NewHelmfile(ctx, "platform", args)',
        "\t\treturn err",
        "\t})",
        "}",
        "",
      ].join("\n"),
    );
  } else {
    writeFileSync(
      join(dir, "Pulumi.yaml"),
      [
        "name: safety-yaml",
        "runtime: yaml",
        provider.trimEnd(),
        "config:",
        "  file:",
        "    type: string",
        "  selectors:",
        "    type: array",
        "    items:",
        "      type: string",
        "    default: []",
        "resources:",
        "  platform:",
        "    type: helmfile:index:Helmfile",
        "    properties:",
        "      file: ${file}",
        "      selectors: ${selectors}",
        "",
      ].join("\n"),
    );
  }
}

interface Run {
  readonly status: number | null;
  readonly output: string;
}

/** One object's identity and version, as the API server reports them. */
type Versions = Record<string, { uid: string; resourceVersion: string; value?: string }>;

describeEngine(title, () => {
  jest.setTimeout(3_600_000);
  let root: string;
  let tarball: string;
  let env: NodeJS.ProcessEnv;

  const pulumiCliWith = (extra: NodeJS.ProcessEnv, cwd: string, ...args: string[]): Run => {
    const r = spawnSync(join(ENGINE_ROOT, "bin", "pulumi"), [...args, "--non-interactive"], {
      cwd,
      env: { ...env, ...extra },
      encoding: "utf8",
      timeout: 20 * 60 * 1000,
      maxBuffer: 64 << 20,
    });
    return { status: r.status, output: `${r.stdout}${r.stderr}` };
  };
  const pulumiCli = (cwd: string, ...args: string[]): Run => pulumiCliWith({}, cwd, ...args);
  const ok = (cwd: string, ...args: string[]): string => {
    const r = pulumiCli(cwd, ...args);
    if (r.status !== 0) throw new Error(`pulumi ${args.join(" ")} exited ${r.status}:\n${r.output}`);
    return r.output;
  };

  /** The namespace and both ConfigMaps, read with kubectl. */
  const objects = (kubeconfig: string, namespace: string): Versions => {
    const out: Versions = {};
    const ns = JSON.parse(
      execFileSync(KUBECTL, ["--kubeconfig", kubeconfig, "get", "namespace", namespace, "-o", "json"], {
        encoding: "utf8",
      }),
    ) as { metadata: { uid: string; resourceVersion: string } };
    out[`namespace/${namespace}`] = { uid: ns.metadata.uid, resourceVersion: ns.metadata.resourceVersion };
    const cms = JSON.parse(
      execFileSync(KUBECTL, ["--kubeconfig", kubeconfig, "get", "configmap", "-n", namespace, "-o", "json"], {
        encoding: "utf8",
      }),
    ) as {
      items: Array<{
        metadata: { name: string; uid: string; resourceVersion: string };
        data?: { value?: string };
      }>;
    };
    for (const cm of cms.items) {
      if (cm.metadata.name === "kube-root-ca.crt") continue;
      out[`configmap/${cm.metadata.name}`] = {
        uid: cm.metadata.uid,
        resourceVersion: cm.metadata.resourceVersion,
        ...(cm.data?.value === undefined ? {} : { value: cm.data.value }),
      };
    }
    return out;
  };

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), "ph-safety-"));
    buildProviderBundle();
    execFileSync("npm", ["pack", "--silent", "--pack-destination", root], { cwd: REPO, stdio: "ignore" });
    const packed = readdirSync(root).find((f) => f.endsWith(".tgz"));
    if (packed === undefined) throw new Error(`npm pack wrote no tarball into ${root}`);
    tarball = join(root, packed);
    mkdirSync(join(root, "backend"));
    writeFileSync(
      join(root, "node-20.js"),
      'Object.defineProperty(process.versions, "node", { value: "20.20.2", enumerable: true, configurable: true });\n',
    );
    const clusters = testClusters();
    env = {
      ...process.env,
      PATH: [join(ENGINE_ROOT, "bin"), dirname(process.execPath), process.env.PATH ?? ""].join(delimiter),
      PULUMI_HOME: join(ENGINE_ROOT, "pulumi-home"),
      PULUMI_BACKEND_URL: `file://${join(root, "backend")}`,
      PULUMI_CONFIG_PASSPHRASE: "",
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      KUBECONFIG: clusters.a,
      HELM_BINARY: HELM,
    };
    delete env.PULUMI_CONFIG_PASSPHRASE_FILE;
  });
  afterAll(() => {
    if (root !== undefined) rmSync(root, { recursive: true, force: true });
  });

  describe.each(LANGS)("%s", (lang) => {
    const namespace = `safety-${lang}`;
    let program: string;
    let state: string;
    let deployed: Versions;

    beforeAll(() => {
      const work = join(root, lang);
      state = join(work, "state");
      for (const [f, text] of Object.entries(CHART)) {
        mkdirSync(dirname(join(state, "charts", "safety", f)), { recursive: true });
        writeFileSync(join(state, "charts", "safety", f), text);
      }
      // A values template with a typo a user makes: a key path into a value that does not exist.
      writeFileSync(join(state, "values-b.yaml.gotmpl"), "value: {{ .Values.app.tag | quote }}\n");
      writeFileSync(join(state, "helmfile.yaml"), stateText(namespace));
      program = join(work, "program");
      writeProgram(lang, program, tarball);
      ok(program, "stack", "init", "dev");
      ok(program, "config", "set", "file", join(state, "helmfile.yaml"));
    });

    it("deploys both releases", () => {
      const out = ok(program, "up", "--yes", "--skip-preview");
      expect(out).toContain("created");
      deployed = objects(env.KUBECONFIG as string, namespace);
      expect(Object.keys(deployed).sort()).toEqual([
        "configmap/safe-a",
        "configmap/safe-b",
        `namespace/${namespace}`,
      ]);
      expect(deployed["configmap/safe-b"]?.value).toBe("b");
    });

    it("on a Node.js older than package.json asks, up exits non-zero with NODE_TOO_OLD, and no object changes", () => {
      // Every node the run starts (the program's, or the component provider's for Python, Go and
      // YAML) reports the version the machine's Debian Node.js has, which the package refuses.
      const r = pulumiCliWith(
        { NODE_OPTIONS: `--require ${join(root, "node-20.js")}` },
        program,
        "up",
        "--yes",
        "--skip-preview",
      );
      expect(r.status).not.toBe(0);
      expect(r.output).toMatch(
        /NODE_TOO_OLD: pulumi-helmfile needs Node\.js [\d.]+ or newer; this is Node\.js 20\.20\.2 \(/,
      );
      expect(r.output).not.toMatch(/ deleted|deleting/);
      expect(r.output).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/); // no JavaScript stack trace
      expect(r.output).not.toContain("Traceback");
      expect(objects(env.KUBECONFIG as string, namespace)).toEqual(deployed);
    });

    it.each(["missing-chart", "values-template", "helm-render"] as const)(
      "a release broken by %s: up exits non-zero with the error, and no object of either release changes",
      (broken) => {
        writeFileSync(join(state, "helmfile.yaml"), stateText(namespace, broken));
        try {
          const r = pulumiCli(program, "up", "--yes", "--skip-preview");
          expect({ broken, status: r.status }).not.toEqual({ broken, status: 0 });
          expect(r.output).toMatch(BREAK_CODES[broken]);
          expect(r.output).not.toMatch(/ deleted|deleting/);
          expect(r.output).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/); // no JavaScript stack trace
          expect(r.output).not.toContain("Traceback"); // nor a Python one
          expect(objects(env.KUBECONFIG as string, namespace)).toEqual(deployed);
        } finally {
          writeFileSync(join(state, "helmfile.yaml"), stateText(namespace));
        }
      },
    );

    it("selectors naming one release are refused, and the other release is unchanged", () => {
      ok(program, "config", "set", "--path", "selectors[0]", "name=safe-a");
      try {
        const r = pulumiCli(program, "up", "--yes", "--skip-preview");
        expect(r.status).not.toBe(0);
        expect(r.output).toContain("CONFIG_SELECTORS_IN_PROGRAM");
        expect(r.output).toContain("pulumi-helmfile -l");
        expect(r.output).not.toMatch(/ deleted|deleting/);
        expect(r.output).not.toContain("Traceback");
        expect(objects(env.KUBECONFIG as string, namespace)).toEqual(deployed);
      } finally {
        ok(program, "config", "rm", "selectors");
      }
    });

    it("the healthy state still applies (nothing to change), and destroy removes everything", async () => {
      const preview = pulumiCli(program, "preview", "--expect-no-changes");
      expect({ status: preview.status, output: preview.status === 0 ? "" : preview.output }).toEqual({
        status: 0,
        output: "",
      });
      ok(program, "destroy", "--yes", "--skip-preview");
      expect(await waitGone(env.KUBECONFIG as string, "test-a", "namespace", namespace)).toBe(true);
    });
  });
});
