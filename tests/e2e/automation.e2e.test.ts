/**
 * End to end through the automation layer and the real Go-built engine (no mocks): up renders
 * to a directory, a one-value change previews as exactly one updated release, `installed: false`
 * deletes its files, destroy removes everything, and a concurrent up hits the stack lock.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  AutomationError,
  destroy,
  preview,
  up,
  StackLockedError,
  type HelmfileStackOptions,
} from "../../src/automation";
import { isHelmfileError } from "../../src/shared/errors";
import { runStackCommand } from "../../src/automation/cli-commands";
import { expectedObjects, helmTemplate, yamlDocuments } from "../component/helm-expectations";
import { demoProject, renderedFiles } from "./demo-project";
import { ENGINE_ROOT, engineEnv, engineMissingReason } from "./engine";

const reason = engineMissingReason();
const describeEngine = reason === undefined ? describe : describe.skip;
const title =
  reason === undefined ? "automation end to end (real engine)" : `automation end to end (skipped: ${reason})`;

/** The rendered ConfigMap of a release, as a plain object. */
function renderedObject(files: Map<string, string>, name: string): Record<string, unknown> | undefined {
  for (const text of files.values()) {
    for (const doc of yamlDocuments(text)) {
      const o = doc as { kind?: string; metadata?: { name?: string } };
      if (o.kind === "ConfigMap" && o.metadata?.name === name) return doc as Record<string, unknown>;
    }
  }
  return undefined;
}

describeEngine(title, () => {
  jest.setTimeout(600_000);
  let project: string;
  let base: HelmfileStackOptions;
  let outDir: string;

  beforeAll(() => {
    ({ project, outDir, base } = demoProject("ph-e2e-"));
  });
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it("up renders every release to the directory exactly as helm renders it", async () => {
    const result = await up(base);
    expect(result.releases.map((r) => [r.release, r.op]).sort()).toEqual([
      ["demo/backend", "create"],
      ["demo/frontend", "create"],
    ]);
    const files = renderedFiles(outDir);
    for (const [name, message] of [
      ["backend", "hello"],
      ["frontend", "hi"],
    ] as const) {
      const expected = yamlDocuments(
        helmTemplate(name, join(project, "charts", "config"), "demo", { message }),
      )[0] as Record<string, unknown>;
      const got = renderedObject(files, name);
      expect(got?.data).toEqual(expected.data);
      expect(got?.metadata).toMatchObject(expected.metadata as object);
    }
  });

  it("a preview with nothing changed reports every release as same", async () => {
    const result = await preview(base);
    expect(result.changedReleases).toEqual([]);
  });

  it("changing one environment value previews exactly one updated release with its values diff", async () => {
    const result = await preview({ ...base, stateValuesSet: ["backendMessage=changed"] });
    expect(result.changedReleases.map((r) => [r.release, r.op])).toEqual([["demo/backend", "update"]]);
    // The new value is written by the release's `values:` entry, line 12 of the fixture's state file.
    expect(result.changedReleases[0]?.valuesChanges).toEqual([
      { path: "message", old: "hello", new: "changed", source: "helmfile.yaml.gotmpl:12" },
    ]);
  });

  it("the CLI's preview names the template line of a .gotmpl values file that set a changed value", async () => {
    // The backend now takes its message from a values template whose rendered lines are not its own:
    // `{{- if }}` drops line 2, so the key is on rendered line 2 but written on line 3.
    writeFileSync(
      join(project, "values-backend.yaml.gotmpl"),
      [
        "# backend values",
        "{{- if true }}",
        "message: {{ .Values.backendMessage }}-file",
        "{{- end }}",
        "",
      ].join("\n"),
    );
    const sourced = join(project, "sourced.yaml.gotmpl");
    const text = readFileSync(join(project, "helmfile.yaml.gotmpl"), "utf8");
    writeFileSync(
      sourced,
      text.replace("      - message: {{ .Values.backendMessage }}", "      - values-backend.yaml.gotmpl"),
    );
    let stdout = "";
    const code = await runStackCommand(
      {
        command: "preview",
        state: { file: sourced },
        cwd: project,
        json: false,
        stack: "e2e",
        renderToDirectory: outDir,
      },
      { writeStdout: (t) => void (stdout += t), writeStderr: () => undefined },
    );
    expect(code).toBe(0);
    expect(stdout).toContain('message: "hello" => "hello-file" (values-backend.yaml.gotmpl:3)');
  });

  it("the CLI's preview --json reports the same single change", async () => {
    let stdout = "";
    const code = await runStackCommand(
      {
        command: "preview",
        state: { file: base.file, stateValuesSet: ["backendMessage=changed"] },
        cwd: project,
        json: true,
        stack: "e2e",
        renderToDirectory: outDir,
      },
      { writeStdout: (t) => void (stdout += t), writeStderr: () => undefined },
    );
    expect(code).toBe(0);
    const parsed = JSON.parse(stdout) as { changedReleases: Array<{ release: string; op: string }> };
    expect(parsed.changedReleases.map((r) => [r.release, r.op])).toEqual([["demo/backend", "update"]]);
  });

  it("setting installed: false deletes that release's files", async () => {
    const result = await up({ ...base, stateValuesSet: ["frontendInstalled=false"] });
    expect(result.changedReleases.map((r) => [r.release, r.op])).toEqual([["demo/frontend", "delete"]]);
    const files = renderedFiles(outDir);
    expect(renderedObject(files, "frontend")).toBeUndefined();
    expect(renderedObject(files, "backend")).toBeDefined();
  });

  it("a release that fails to render fails the preview with the renderer's error naming it", async () => {
    const broken = join(project, "broken.yaml.gotmpl");
    const text = readFileSync(join(project, "helmfile.yaml.gotmpl"), "utf8");
    writeFileSync(
      broken,
      text.replace(/(name: frontend[\s\S]*?chart: )\.\/charts\/config/, "$1./charts/missing"),
    );
    const failure = await preview({ ...base, file: broken }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(isHelmfileError(failure)).toBe(true);
    expect(failure).not.toBeInstanceOf(AutomationError);
    expect(String((failure as Error).message)).toContain("frontend");
  });

  it("a concurrent up on the same stack fails with StackLockedError", async () => {
    const options = { ...base, stateValuesSet: ["backendMessage=concurrent"] };
    const results = await Promise.allSettled([up(options), up(options)]);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(rejected.length).toBeGreaterThanOrEqual(1);
    expect(rejected[0]?.reason).toBeInstanceOf(StackLockedError);
    expect(rejected[0]?.reason).toMatchObject({ code: "STACK_LOCKED" });
  });

  it("destroy leaves no rendered file", async () => {
    await destroy(base);
    const left = [...renderedFiles(outDir).keys()].filter((f) => f.endsWith(".yaml"));
    expect(left).toEqual([]);
  });
});

const QUICKSTART = join(__dirname, "..", "..", "examples", "quickstart");

describeEngine(`${title}: examples/quickstart`, () => {
  jest.setTimeout(600_000);

  it("up with the defaults renders both releases under .pulumi-helmfile/manifests/<stack> as helm renders them", async () => {
    const project = mkdtempSync(join(tmpdir(), "ph-e2e-qs-"));
    try {
      cpSync(QUICKSTART, project, { recursive: true });
      const options: HelmfileStackOptions = {
        file: join(project, "helmfile.yaml"),
        pulumiRoot: ENGINE_ROOT,
        envVars: engineEnv(),
      };
      const result = await up(options);
      expect(result.stackName).toBe("default");
      expect(result.releases.map((r) => [r.release, r.op]).sort()).toEqual([
        ["api/backend", "create"],
        ["web/frontend", "create"],
      ]);
      const files = renderedFiles(join(project, ".pulumi-helmfile", "manifests", "default"));
      const rendered = [...files.values()].flatMap(yamlDocuments) as Array<{
        kind: string;
        metadata: { name: string };
      }>;
      const chart = join(project, "charts", "webapp");
      const common = join(project, "values", "common.yaml");
      const app = {
        replicas: 1,
        image: "nginx:1.27",
        host: "www.dev.example.com",
        environment: "default",
        tier: "web",
      };
      // helm install puts namespace-less objects into the release namespace and, with
      // helmDefaults.createNamespace (the quickstart sets it), creates the namespaces.
      const objects: unknown[] = [
        ...expectedObjects(
          helmTemplate("frontend", chart, "web", { files: [common, app], set: ["labels.team=platform"] }),
          "web",
        ),
        ...expectedObjects(
          helmTemplate("backend", chart, "api", { files: [common, { role: "backend", port: 8080 }] }),
          "api",
        ),
      ];
      type Obj = { kind: string; metadata: { name: string } & Record<string, unknown> };
      const expected: Obj[] = [
        // helm installs without --wait: applied without Pulumi's await.
        ...(objects as Obj[]).map((o) => ({
          ...o,
          metadata: {
            ...o.metadata,
            annotations: { ...(o.metadata.annotations as object), "pulumi.com/skipAwait": "true" },
          },
        })),
        { kind: "Namespace", apiVersion: "v1", metadata: { name: "web" } } as Obj,
        { kind: "Namespace", apiVersion: "v1", metadata: { name: "api" } } as Obj,
      ];
      const key = (o: { kind: string; metadata: { name: string } }): string => `${o.kind}/${o.metadata.name}`;
      expect(rendered.map(key).sort()).toEqual(expected.map(key).sort());
      for (const e of expected) expect(rendered.find((r) => key(r) === key(e))).toEqual(e);
      await destroy(options);
      expect([...renderedFiles(join(project, ".pulumi-helmfile", "manifests", "default")).keys()]).toEqual(
        [],
      );
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});
