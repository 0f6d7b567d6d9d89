import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findHelm, NodeFileSystem, NodeProcessRunner } from "../node";
import { testHelmBinaries } from "../node/helm-binaries";
import { scratchPerTest } from "../node/scratch-render-io";
import { RenderError } from "../shared/errors";
import { loadedState } from "../../tests/support/model-fixtures";
import type { LoadedState, PreparedRelease } from "../shared/model";
import { newMap } from "../shared/value";
import { renderDesiredState } from "./render-state";
import { corpusPath } from "../../tests/support/corpus";

const chartsDir = corpusPath("helmfile", "charts");

function release(name: string, content: string, extra: Partial<PreparedRelease> = {}): PreparedRelease {
  return {
    id: `ns/${name}`,
    name,
    namespace: "ns",
    chart: "./raw-0.1.0",
    labels: {},
    needs: [],
    installed: true,
    values: [{ kind: "inline", content, origin: "test", secret: false }],
    setFlags: [{ kind: "set", expression: "extra=1", secret: false }],
    templateFlags: [],
    skipDeps: false,
    stateFile: join(chartsDir, "helmfile.yaml"),
    baseDir: chartsDir,
    hasSecrets: false,
    spec: newMap(),
    ...extra,
  };
}

function state(releases: PreparedRelease[]): LoadedState {
  return loadedState(releases);
}

const configMap = (name: string): string =>
  `templates:\n- |\n  apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: ${name}\n`;

describe.each(testHelmBinaries())("rendering with %s", (_label, helmPath) => {
  const scratch = scratchPerTest("ph-render-test-");
  const io = () => scratch.io();

  test("releases render in declaration order with helm's own output", async () => {
    const helm = await findHelm(new NodeProcessRunner(), { explicit: helmPath });
    const out = await renderDesiredState(
      {
        states: [state([release("b", configMap("first")), release("a", configMap("second"))])],
        releases: [],
      },
      { helm, concurrency: 2 },
      io(),
    );
    expect(out.map((r) => r.release.name)).toEqual(["b", "a"]);
    expect(out[0]?.manifest).toBe(
      "---\n# Source: raw/templates/resources.yaml\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: first\n",
    );
    expect(scratch.lines).toEqual([
      "Building dependency release=b, chart=raw-0.1.0",
      "Building dependency release=a, chart=raw-0.1.0",
    ]);
  });

  test("no temp file is left after a successful render", async () => {
    const helm = await findHelm(new NodeProcessRunner(), { explicit: helmPath });
    await renderDesiredState(
      { states: [state([release("ok", configMap("x"))])], releases: [] },
      { helm },
      io(),
    );
    expect(readdirSync(scratch.root)).toEqual([]);
  });

  test("a helm failure names release, chart, command and stderr, and leaves no temp file", async () => {
    const helm = await findHelm(new NodeProcessRunner(), { explicit: helmPath });
    const bad = release("broken", 'templates:\n- |\n  {{ fail "boom" }}\n', {
      setFlags: [{ kind: "set", expression: "password=hunter2", secret: true }],
    });
    const err = await renderDesiredState({ states: [state([bad])], releases: [] }, { helm }, io()).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(RenderError);
    const e = err as RenderError;
    expect(e.code).toBe("HELM_TEMPLATE_FAILED");
    expect(e.message).toContain('release "broken"');
    expect(e.message).toContain("raw-0.1.0");
    expect(e.message).toContain("template broken");
    expect(e.message).toContain("boom");
    expect(e.message).not.toContain("hunter2");
    expect(readdirSync(scratch.root)).toEqual([]);
  });

  test("inline values files are private (0600 in a 0700 directory) while helm runs", async () => {
    const helm = await findHelm(new NodeProcessRunner(), { explicit: helmPath });
    // A post-renderer-free way to observe the file: helm reads it; we check modes via a wrapper runner.
    const seen: string[] = [];
    const base = new NodeProcessRunner();
    const runner = {
      run: async (cmd: string, args: readonly string[], o?: object) => {
        const { statSync } = await import("node:fs");
        args.forEach((a, i) => {
          if (args[i - 1] === "--values") {
            seen.push((statSync(a).mode & 0o777).toString(8));
            seen.push((statSync(join(a, "..")).mode & 0o777).toString(8));
          }
        });
        return base.run(cmd, args, o);
      },
      runSync: base.runSync.bind(base),
    };
    await renderDesiredState(
      { states: [state([release("p", configMap("x"))])], releases: [] },
      { helm },
      { ...io(), runner },
    );
    expect(seen).toEqual(["600", "700"]);
  });

  test("a warm cache returns the same manifest without running helm template", async () => {
    const helm = await findHelm(new NodeProcessRunner(), { explicit: helmPath });
    const cacheDir = join(scratch.root, "..", `${scratch.root.split("/").pop() ?? "x"}-cache`);
    try {
      const cold = await renderDesiredState(
        { states: [state([release("c", configMap("cached"))])], releases: [] },
        { helm, cache: { dir: cacheDir } },
        io(),
      );
      const warm = await renderDesiredState(
        { states: [state([release("c", configMap("cached"))])], releases: [] },
        { helm, cache: { dir: cacheDir } },
        io(),
      );
      expect(cold[0]?.cached).toBe(false);
      expect(warm[0]?.cached).toBe(true);
      expect(warm[0]?.manifest).toBe(cold[0]?.manifest);
      const changed = await renderDesiredState(
        { states: [state([release("c", configMap("other"))])], releases: [] },
        { helm, cache: { dir: cacheDir } },
        io(),
      );
      expect(changed[0]?.cached).toBe(false);
      expect(changed[0]?.manifest).toContain("name: other");
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });

  test("a chart or values calling impure functions are never cached; a pure chart is", async () => {
    const helm = await findHelm(new NodeProcessRunner(), { explicit: helmPath });
    const cacheDir = mkdtempSync(join(tmpdir(), "ph-cache-"));
    const chart = mkdtempSync(join(tmpdir(), "ph-impure-chart-"));
    try {
      mkdirSync(join(chart, "templates"));
      writeFileSync(join(chart, "Chart.yaml"), "apiVersion: v2\nname: gen\nversion: 0.1.0\n");
      writeFileSync(
        join(chart, "templates", "secret.yaml"),
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: gen\nstringData:\n  pw: {{ randAlphaNum 12 | quote }}\n",
      );
      const render = (r: PreparedRelease) =>
        renderDesiredState({ states: [state([r])], releases: [] }, { helm, cache: { dir: cacheDir } }, io());
      const generated = release("g", "{}", { chart, chartPath: chart });
      const [first] = await render(generated);
      const [second] = await render(generated);
      expect([first?.cached, second?.cached]).toEqual([false, false]);
      expect(first?.manifest).not.toBe(second?.manifest);
      const viaTpl = release("t", configMap("{{ randAlpha 6 | lower }}"));
      expect((await render(viaTpl))[0]?.cached).toBe(false);
      expect((await render(viaTpl))[0]?.cached).toBe(false);
      const pure = release("p", configMap("pure"));
      await render(pure);
      expect((await render(pure))[0]?.cached).toBe(true);
      // Asked to, the render names the template that generates a value anew each time, once per chart.
      await renderDesiredState(
        { states: [state([generated, { ...generated, id: "ns/g2", name: "g2" }])], releases: [] },
        { helm, warnRegenerated: true },
        io(),
      );
      const warned = scratch.lines.filter((l) => l.includes("generates values anew on every render"));
      expect(warned).toHaveLength(1);
      expect(warned[0]).toMatch(
        /^release ns\/g2?: chart \S+ generates values anew on every render, with no lookup of what the cluster holds: templates\/secret\.yaml \(randAlphaNum\)\./,
      );
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
      rmSync(chart, { recursive: true, force: true });
    }
  });

  test("a chart archive file is cached by its content, and read for impure templates", async () => {
    const helm = await findHelm(new NodeProcessRunner(), { explicit: helmPath });
    const cacheDir = mkdtempSync(join(tmpdir(), "ph-cache-"));
    const dir = mkdtempSync(join(tmpdir(), "ph-archive-chart-"));
    try {
      // The same archive file's path, with three contents in turn.
      const archive = (template: string): string => {
        const src = join(dir, "src");
        rmSync(src, { recursive: true, force: true });
        mkdirSync(join(src, "templates"), { recursive: true });
        writeFileSync(join(src, "Chart.yaml"), "apiVersion: v2\nname: app\nversion: 0.1.0\n");
        writeFileSync(join(src, "templates", "cm.yaml"), template);
        execFileSync(helmPath, ["package", src, "--destination", dir], { stdio: "pipe" });
        return join(dir, "app-0.1.0.tgz");
      };
      const cm = (data: string) =>
        `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app\ndata:\n  v: ${data}\n`;
      const render = async (chart: string) =>
        (
          await renderDesiredState(
            { states: [state([release("a", "{}", { chart, baseDir: dir, setFlags: [] })])], releases: [] },
            { helm, cache: { dir: cacheDir } },
            io(),
          )
        )[0];
      const one = archive(cm("one"));
      expect((await render(one))?.cached).toBe(false);
      expect((await render(one))?.cached).toBe(true);
      const two = await render(archive(cm("two")));
      expect([two?.cached, two?.manifest.includes("v: two")]).toEqual([false, true]);
      const drawn = archive(cm("{{ randAlphaNum 8 | quote }}"));
      await render(drawn);
      expect((await render(drawn))?.cached).toBe(false);
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("releases with secret values are never cached", async () => {
    const helm = await findHelm(new NodeProcessRunner(), { explicit: helmPath });
    const cacheDir = mkdtempSync(join(tmpdir(), "ph-cache-"));
    try {
      const secret = release("s", configMap("sec"), { hasSecrets: true });
      await renderDesiredState(
        { states: [state([secret])], releases: [] },
        { helm, cache: { dir: cacheDir } },
        io(),
      );
      expect(readdirSync(cacheDir)).toEqual([]);
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });

  test("a local chart with dependencies gets `helm dependency build`", async () => {
    const helm = await findHelm(new NodeProcessRunner(), { explicit: helmPath });
    const dir = mkdtempSync(join(tmpdir(), "ph-deps-"));
    try {
      mkdirSync(join(dir, "parent/templates"), { recursive: true });
      writeFileSync(
        join(dir, "parent/Chart.yaml"),
        `apiVersion: v2\nname: parent\nversion: 0.1.0\ndependencies:\n- name: raw\n  version: 0.1.0\n  repository: file://${join(chartsDir, "raw-0.1.0")}\n`,
      );
      const subchartValues = "raw:\n  templates:\n  - |\n    kind: ConfigMap\n    name: from-subchart\n";
      const r = release("dep", subchartValues, { chart: "./parent", baseDir: dir });
      const out = await renderDesiredState({ states: [state([r])], releases: [] }, { helm }, io());
      expect(out[0]?.manifest).toContain("# Source: parent/charts/raw/templates/resources.yaml");
      expect(out[0]?.manifest).toContain("name: from-subchart");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("chart resolution", () => {
  test("repo/chart of an OCI repository becomes an oci:// reference; other refs stay", async () => {
    const { resolveChart } = await import("./prepare-charts");
    const r = release("o", "", { chart: "karpenter/karpenter", baseDir: "/nonexistent" });
    const repos = [{ name: "karpenter", url: "public.ecr.aws/karpenter", oci: true, spec: newMap() }];
    expect(resolveChart(r, new NodeFileSystem(), repos)).toEqual({
      chartArg: "oci://public.ecr.aws/karpenter/karpenter",
      displayChart: "karpenter/karpenter",
      isLocal: false,
    });
    expect(resolveChart({ ...r, chart: "stable/app" }, new NodeFileSystem(), repos).chartArg).toBe(
      "stable/app",
    );
  });

  test("a local chart shows as written, cleaned, in helmfile's log lines", async () => {
    const { resolveChart } = await import("./prepare-charts");
    const r = release("l", "", { chart: "./raw-0.1.0/" });
    expect(resolveChart(r, new NodeFileSystem())).toEqual({
      chartArg: join(chartsDir, "raw-0.1.0"),
      displayChart: "raw-0.1.0",
      isLocal: true,
    });
  });
});

describe("log lines never show chart URL credentials", () => {
  test("user:password in a chart URL is masked in the display chart", async () => {
    const { resolveChart } = await import("./prepare-charts");
    const r = release("u", "", {
      chart: "https://user:s3cret@charts.example.com/app-1.0.0.tgz",
      baseDir: "/nonexistent",
    });
    expect(resolveChart(r, new NodeFileSystem()).displayChart).toBe(
      "https://***@charts.example.com/app-1.0.0.tgz",
    );
  });
});
