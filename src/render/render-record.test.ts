/**
 * A render against the cluster answered by the stack's record (src/render/render-release.ts
 * `renderKey`, src/render/cluster-render.ts `RenderRecord`): which renders may be skipped, and
 * which must run. helm is faked (unit test); the chart is a real folder read as the session reads it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NodeFileSystem } from "../node";
import { NodeScratchFileSystem } from "../node/node-scratch-fs";
import type { CommandResult, ProcessRunner } from "../shared/io";
import type { PreparedRelease } from "../shared/model";
import { newMap } from "../shared/value";
import { computeHelmValues } from "../merge/helm-values/compute-helm-values";
import { readChart } from "./chart-purity";
import type { CapabilitiesProbe, ClusterCapabilities, RenderKey } from "./cluster-render";
import type { PreparedChart } from "./prepare-charts";
import { hashChartDirectory, renderRelease, type ReleaseRenderContext } from "./render-release";
import type { HelmBinary } from "./render-types";

const helm4 = { path: "/usr/bin/helm", major: 4, raw: "v4.0.0" } as unknown as HelmBinary;

interface Fixture {
  readonly dir: string;
  /** Each `helm template` of the release: its arguments. */
  readonly renders: string[][];
  /** Writes a template file of the chart. */
  template(name: string, text: string): void;
  /** What the fake helm prints for the release's render. */
  output: string;
  /** In order: each `helm start`/`helm done` of a render, and each `read ahead` of the chart. */
  readonly events: string[];
  caps: ClusterCapabilities;
  /** Renders the release once; `recorded`: the stack's keys; `upgrade`: the stack holds the release. */
  render(options: {
    recorded?: RenderKey | undefined;
    upgrade?: boolean;
    values?: string;
    /** Give the render helm's `.Values` (src/merge/helm-values), as the default pipeline does. */
    chartValues?: boolean;
  }): Promise<{
    key: RenderKey | undefined;
    fromRecord: boolean;
    afterInstall: boolean;
    manifest: string;
  }>;
}

const fixtures: string[] = [];
afterAll(() => {
  for (const d of fixtures) rmSync(d, { recursive: true, force: true });
});

function fixture(): Fixture {
  const dir = mkdtempSync(join(tmpdir(), "phf-render-record-"));
  fixtures.push(dir);
  const chartDir = join(dir, "chart");
  mkdirSync(join(chartDir, "templates"), { recursive: true });
  writeFileSync(join(chartDir, "Chart.yaml"), "apiVersion: v2\nname: app\nversion: 1.0.0\n");
  const renders: string[][] = [];
  const events: string[] = [];
  const f: Fixture = {
    dir,
    renders,
    events,
    output: "---\n# Source: app/templates/cm.yaml\nkind: ConfigMap\n",
    caps: { kubeVersion: "v1.33.0", apiVersions: ["apps/v1", "v1"] },
    template: (name, text) => writeFileSync(join(chartDir, "templates", name), text),
    render: async ({ recorded, upgrade = false, values = "replicas: 1\n", chartValues = false }) => {
      const runner: ProcessRunner = {
        run: (_cmd, args): Promise<CommandResult> => {
          if (args[0] === "history")
            return Promise.resolve({ exitCode: 1, stdout: "", stderr: "Error: release: not found\n" });
          renders.push([...args]);
          events.push("helm start");
          // helm takes a while, in its own process.
          return new Promise((done) =>
            setTimeout(() => {
              events.push("helm done");
              done({ exitCode: 0, stdout: f.output, stderr: "" });
            }, 20),
          );
        },
        runSync: () => ({ exitCode: 1, stdout: "", stderr: "" }),
      };
      const probe = {
        reachable: () => Promise.resolve(),
        reachedProbing: () => Promise.resolve(),
        capabilities: () => Promise.resolve(f.caps),
      } as unknown as CapabilitiesProbe;
      const fs = new NodeFileSystem();
      const scratch = new NodeScratchFileSystem();
      const keys: Array<{ key: RenderKey | undefined; fromRecord: boolean; afterInstall: boolean }> = [];
      const release: PreparedRelease = {
        id: "web/app",
        name: "app",
        namespace: "web",
        chart: "./chart",
        labels: {},
        needs: [],
        installed: true,
        values: [{ kind: "inline", content: values, origin: "test", secret: false }],
        setFlags: [],
        templateFlags: [],
        skipDeps: false,
        stateFile: join(dir, "helmfile.yaml"),
        baseDir: dir,
        hasSecrets: false,
        spec: newMap(),
      };
      const chart: PreparedChart = { chartArg: chartDir, displayChart: "./chart", isLocal: true };
      const ctx: ReleaseRenderContext = {
        helm: helm4,
        env: {},
        fs,
        runner,
        scratch,
        valuesDir: mkdtempSync(join(dir, "values-")),
        flagsBase: { helmDefaults: newMap() },
        template: {},
        extraArgs: [],
        cache: undefined,
        chartHash: (d) => hashChartDirectory(d, fs, scratch),
        chartReadingAhead: () => events.push("read ahead"),
        chartReading: () =>
          readChart(
            scratch.listFilesRecursive(chartDir).map((rel) => ({
              path: rel,
              content: fs.readBytes(join(chartDir, rel)),
            })),
          ),
        cluster: {
          options: {
            ...(upgrade ? { recorded: new Set(["web/app"]) } : {}),
            record: {
              ...(recorded === undefined
                ? {}
                : { recorded: Promise.resolve(new Map([["web/app", recorded]])) }),
              onKey: (_id, key, fromRecord, afterInstall = false) =>
                keys.push({ key, fromRecord, afterInstall }),
            },
          },
          probe,
        },
        environment: { name: "default", kubeContext: "", values: newMap() },
        ...(chartValues ? { chartValues: (input) => computeHelmValues(input).values } : {}),
      };
      const rendered = await renderRelease(release, chart, ctx, 0);
      expect(keys).toHaveLength(1);
      return {
        ...(keys[0] ?? { key: undefined, fromRecord: false, afterInstall: false }),
        manifest: rendered.manifest,
      };
    },
  };
  f.template("cm.yaml", "kind: ConfigMap\n");
  return f;
}

describe("a render answered by the stack's record", () => {
  it("reads the chart's templates while helm renders, not after", async () => {
    const f = fixture();
    await f.render({});
    expect(f.events).toEqual(["helm start", "read ahead", "helm done"]);
  });

  it("is not rendered again when its key is the recorded one, and is rendered when its values change", async () => {
    const f = fixture();
    const first = await f.render({});
    expect(first.key?.key).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect([first.fromRecord, first.key?.mode, f.renders.length]).toEqual([false, "any", 1]);
    const again = await f.render({ recorded: first.key, upgrade: true });
    expect([again.fromRecord, again.manifest, f.renders.length]).toEqual([true, "", 1]);
    const changed = await f.render({ recorded: first.key, upgrade: true, values: "replicas: 2\n" });
    expect([changed.fromRecord, f.renders.length]).toEqual([false, 2]);
    expect(changed.key?.key).not.toBe(first.key?.key);
  });

  it("a change to the chart's files renders again", async () => {
    const f = fixture();
    const first = await f.render({});
    f.template("extra.yaml", "kind: Secret\n");
    const next = await f.render({ recorded: first.key, upgrade: true });
    expect([next.fromRecord, f.renders.length]).toEqual([false, 2]);
  });

  it("the cluster's API versions count only as far as the chart asks about them", async () => {
    const f = fixture();
    f.template("hpa.yaml", '{{ if .Capabilities.APIVersions.Has "autoscaling/v2" }}kind: HPA{{ end }}\n');
    const first = await f.render({});
    expect(first.key?.apis).toEqual(["autoscaling/v2"]);
    // A CRD's API the chart never asks about: the render is the same.
    f.caps = { ...f.caps, apiVersions: [...f.caps.apiVersions, "monitoring.coreos.com/v1"] };
    expect((await f.render({ recorded: first.key, upgrade: true })).fromRecord).toBe(true);
    // The API it asks about is served now: it renders.
    f.caps = { ...f.caps, apiVersions: [...f.caps.apiVersions, "autoscaling/v2"] };
    expect((await f.render({ recorded: first.key, upgrade: true })).fromRecord).toBe(false);
    // So does another cluster version.
    const second = await f.render({});
    f.caps = { ...f.caps, kubeVersion: "v1.34.0" };
    expect((await f.render({ recorded: second.key, upgrade: true })).fromRecord).toBe(false);
  });

  it("a chart that reads the API versions otherwise renders again when any of them changes", async () => {
    const f = fixture();
    f.template("all.yaml", "# {{ .Capabilities.APIVersions | toJson }}\n");
    const first = await f.render({});
    expect(first.key?.apis).toBeUndefined();
    f.caps = { ...f.caps, apiVersions: [...f.caps.apiVersions, "monitoring.coreos.com/v1"] };
    expect((await f.render({ recorded: first.key, upgrade: true })).fromRecord).toBe(false);
  });

  it("a chart that reads IsInstall: an install records no key but asks for the upgrade's after it is applied (every later render is an upgrade); an upgrade's key answers", async () => {
    const f = fixture();
    f.template("webhook.yaml", 'failurePolicy: {{ .Release.IsInstall | ternary "Ignore" "Fail" }}\n');
    const install = await f.render({});
    expect([install.key, install.afterInstall]).toEqual([undefined, true]);
    const upgrade = await f.render({ upgrade: true });
    expect(upgrade.afterInstall).toBe(false);
    expect(upgrade.key?.mode).toBe("upgrade");
    expect((await f.render({ recorded: upgrade.key, upgrade: true })).fromRecord).toBe(true);
  });

  it("a template that draws a value anew without lookup records no key when it rendered a document", async () => {
    const f = fixture();
    f.template("ca.yaml", '{{ if .Values.ca }}{{ $ca := genCA "x" 365 }}ca: {{ $ca.Cert }}{{ end }}\n');
    // Its file rendered nothing (helm prints no `# Source:` for it): the render is still a function of its key.
    expect((await f.render({})).key).toBeDefined();
    f.output = `${f.output}---\n# Source: app/templates/ca.yaml\nca: x\n`;
    const drawn = await f.render({});
    // Neither would an upgrade's render: the value is drawn on every render.
    expect([drawn.key, drawn.afterInstall]).toEqual([undefined, false]);
    expect((await f.render({ upgrade: true })).afterInstall).toBe(false);
  });

  it("a file that rendered a document, whose every impure call its values left out, records its key", async () => {
    const f = fixture();
    writeFileSync(join(f.dir, "chart", "values.yaml"), 'secret:\n  create: true\n  password: ""\n');
    f.template(
      "secret.yaml",
      '{{ if .Values.secret.create }}kind: Secret\n{{ if .Values.secret.password }}mtime: {{ now | date "2006" }}{{ end }}{{ end }}\n',
    );
    f.output = `${f.output}---\n# Source: app/templates/secret.yaml\nkind: Secret\n`;
    // Without helm's values the call counts, as before.
    expect((await f.render({})).key).toBeUndefined();
    const left = await f.render({ chartValues: true });
    expect(left.key).toBeDefined();
    expect((await f.render({ chartValues: true, recorded: left.key })).fromRecord).toBe(true);
    // A password set in the release's values (inline, or by --set-family flags) takes the call.
    expect((await f.render({ chartValues: true, values: "secret: {password: pw}\n" })).key).toBeUndefined();
  });

  it("a value kept through lookup: an install's render records no key, an upgrade's does", async () => {
    const f = fixture();
    f.template(
      "_helpers.tpl",
      '{{ define "pw" }}{{ $s := lookup "v1" "Secret" "web" "pw" }}{{ if $s }}{{ $s.data.pw }}{{ else }}{{ randAlphaNum 8 }}{{ end }}{{ end }}\n',
    );
    const install = await f.render({});
    // No key, but only because it was an install: an upgrade's render, once the objects exist, may record one.
    expect([install.key, install.afterInstall]).toEqual([undefined, true]);
    const upgrade = await f.render({ upgrade: true });
    expect([upgrade.key === undefined, upgrade.afterInstall]).toEqual([false, false]);
    expect((await f.render({ recorded: upgrade.key, upgrade: true })).fromRecord).toBe(true);
  });

  it("a key recorded for another release's render, or of another format, answers nothing", async () => {
    const f = fixture();
    const first = await f.render({});
    const forged = { ...(first.key as RenderKey), key: `sha256:${"0".repeat(64)}` };
    expect((await f.render({ recorded: forged, upgrade: true })).fromRecord).toBe(false);
  });
});
