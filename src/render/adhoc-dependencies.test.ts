import { readFileSync, readdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { MemoryFileSystem } from "../load/memory-fs";
import { findHelm, NodeProcessRunner } from "../node";
import { testHelmBinaries } from "../node/helm-binaries";
import { scratchPerTest } from "../node/scratch-render-io";
import { RenderError } from "../shared/errors";
import type { LoadedState, PreparedRelease, RepositorySpec } from "../shared/model";
import { newMap, type Value, type ValueMap } from "../shared/value";
import { loadedState, repositorySpec } from "../../tests/support/model-fixtures";
import { adhocDependencies, releaseId } from "./adhoc-dependencies";
import { openRenderSession, renderDesiredState } from "./render-state";
import { corpusPath } from "../../tests/support/corpus";

const chartsDir = corpusPath("helmfile", "charts");

function map(fields: Record<string, Value>): ValueMap {
  return Object.assign(newMap(), fields);
}

function release(deps: Record<string, Value>[], extra: Partial<PreparedRelease> = {}): PreparedRelease {
  return {
    id: "foo",
    name: "foo",
    namespace: "",
    chart: "./raw-0.1.0",
    labels: {},
    needs: [],
    installed: true,
    values: [{ kind: "inline", content: chartNeedValues, origin: "test", secret: false }],
    setFlags: [],
    templateFlags: [],
    skipDeps: false,
    stateFile: join(chartsDir, "helmfile.yaml"),
    baseDir: chartsDir,
    hasSecrets: false,
    spec: map({ dependencies: deps.map(map) }),
    ...extra,
  };
}

const repo = repositorySpec;

function state(releases: PreparedRelease[], repositories: RepositorySpec[] = []): LoadedState {
  return loadedState(releases, repositories);
}

// The values of helmfile's chart_need snapshot case (after helmfile's own templating).
const chartNeedValues = [
  "templates:",
  "- |",
  "  apiVersion: v1",
  "  kind: ConfigMap",
  "  metadata:",
  "    name: {{ .Release.Name }}-1",
  "    namespace: {{ .Release.Namespace }}",
  "  data:",
  "    foo: FOO",
  "dep:",
  "  templates:",
  "  - |",
  "    apiVersion: v1",
  "    kind: ConfigMap",
  "    metadata:",
  "      name: {{ .Release.Name }}-2",
  "      namespace: {{ .Release.Namespace }}",
  "    data:",
  "      bar: BAR",
  "",
].join("\n");

// helm's output in chart_need's golden file (helmfile's snapshot test), after its log lines.
const chartNeedManifest = [
  "---",
  "# Source: raw/charts/dep/templates/resources.yaml",
  "apiVersion: v1",
  "kind: ConfigMap",
  "metadata:",
  "  name: foo-2",
  "  namespace: default",
  "data:",
  "  bar: BAR",
  "---",
  "# Source: raw/templates/resources.yaml",
  "apiVersion: v1",
  "kind: ConfigMap",
  "metadata:",
  "  name: foo-1",
  "  namespace: default",
  "data:",
  "  foo: FOO",
  "",
].join("\n");

describe("ad-hoc dependency entries (chartify's Chart.yaml dependencies)", () => {
  const fs = new MemoryFileSystem({ "/w/charts/lib/Chart.yaml": "name: lib\n" });
  const at = (deps: Record<string, Value>[], repos: RepositorySpec[] = []) =>
    adhocDependencies(release(deps, { baseDir: "/w", stateFile: "/w/helmfile.yaml" }), fs, repos);

  it("turns a local directory into an absolute file:// repository named after the directory", () => {
    expect(at([{ chart: "./charts/lib", version: "*" }])).toEqual([
      { name: "lib", repository: "file:///w/charts/lib", condition: "lib.enabled", version: "*" },
    ]);
  });

  it("takes the URL of the declared repository and conditions on the alias when there is one", () => {
    expect(
      at(
        [{ alias: "dep", chart: "myrepo/raw", version: "0.1.0" }],
        [repo("myrepo", "http://localhost:18080/")],
      ),
    ).toEqual([
      {
        name: "raw",
        repository: "http://localhost:18080/",
        condition: "dep.enabled",
        alias: "dep",
        version: "0.1.0",
      },
    ]);
  });

  it("splits an oci:// chart, and qualifies repo/chart of an OCI repository, into registry and name", () => {
    expect(
      at(
        [{ chart: "oci://reg.example/charts/raw" }, { chart: "o/raw" }],
        [repo("o", "reg.example/x/", true)],
      ),
    ).toEqual([
      { name: "raw", repository: "oci://reg.example/charts", condition: "raw.enabled" },
      { name: "raw", repository: "oci://reg.example/x", condition: "raw.enabled" },
    ]);
  });

  it("rejects a repo/chart whose repository is not declared, with the key path", () => {
    try {
      at([{ chart: "nowhere/raw" }]);
      throw new Error("expected a failure");
    } catch (err) {
      expect(err).toBeInstanceOf(RenderError);
      expect((err as RenderError).code).toBe("ADHOC_DEPENDENCY_INVALID");
      expect((err as RenderError).keyPath).toEqual(["releases", "foo", "dependencies", "0"]);
      expect((err as RenderError).message).toContain('no repository "nowhere"');
    }
  });

  it("names the temporary chart like helmfile's release id: context, namespace, name", () => {
    expect(releaseId(release([]))).toBe("foo");
    expect(releaseId(release([], { namespace: "ns" }))).toBe("ns/foo");
    expect(releaseId(release([], { namespace: "ns", kubeContext: "kc" }))).toBe("kc/ns/foo");
    expect(releaseId(release([], { kubeContext: "kc" }))).toBe("kc//foo");
  });
});

describe.each(testHelmBinaries())("rendering ad-hoc dependencies with %s", (_label, helmPath) => {
  const scratch = scratchPerTest("ph-adhoc-test-");
  const io = () => scratch.io();

  test("a local chart with an aliased local dependency renders like helmfile's chart_need golden output", async () => {
    const helm = await findHelm(new NodeProcessRunner(), { explicit: helmPath });
    const tempDir = join(scratch.root, "chartify");
    const out = await renderDesiredState(
      {
        states: [state([release([{ alias: "dep", chart: "./raw", version: "0.0.1" }])])],
        releases: [],
      },
      { helm, chartifyTempDir: tempDir },
      io(),
    );
    expect(out[0]?.manifest).toBe(chartNeedManifest);
    expect(out[0]?.displayChart).toBe(join(tempDir, "foo"));
    expect(scratch.lines[0]).toBe(`Building dependency release=foo, chart=${join(tempDir, "foo")}`);
    expect(readdirSync(tempDir)).toEqual([]);
  });

  test("without CHARTIFY_TEMPDIR the temporary chart lives in private scratch space and is removed", async () => {
    const helm = await findHelm(new NodeProcessRunner(), { explicit: helmPath });
    await renderDesiredState(
      { states: [state([release([{ alias: "dep", chart: "./raw", version: "*" }])])], releases: [] },
      { helm },
      io(),
    );
    expect(scratch.lines[0]).toMatch(/^Building dependency release=foo, chart=.*\/chartify\/foo$/);
    expect(readdirSync(scratch.root)).toEqual([]);
  });

  test("a dependency helm cannot fetch fails with the release, key path and helm's stderr", async () => {
    const helm = await findHelm(new NodeProcessRunner(), { explicit: helmPath });
    const err = await renderDesiredState(
      {
        states: [
          state([release([{ chart: "far/raw", version: "0.1.0" }])], [repo("far", "http://127.0.0.1:9/")]),
        ],
        releases: [],
      },
      { helm, skipRefresh: true, chartifyTempDir: join(scratch.root, "ct") },
      io(),
    ).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(RenderError);
    expect((err as RenderError).code).toBe("HELM_DEPENDENCY_UPDATE_FAILED");
    expect((err as RenderError).message).toContain('release "foo"');
    expect((err as RenderError).keyPath).toEqual(["releases", "foo", "dependencies"]);
    expect(readdirSync(join(scratch.root, "ct"))).toEqual([]);
  });

  test("the render cache tells apart two states whose same-named release adds different dependencies", async () => {
    const helm = await findHelm(new NodeProcessRunner(), { explicit: helmPath });
    const session = openRenderSession(
      // One CHARTIFY_TEMPDIR: both temporary charts get the same path.
      { helm, cache: { dir: join(scratch.root, "cache") }, chartifyTempDir: join(scratch.root, "ct") },
      io(),
    );
    try {
      const a = await session.renderState(state([release([{ alias: "dep", chart: "./raw", version: "*" }])]));
      const b = await session.renderState(
        state([release([{ alias: "other", chart: "./raw", version: "*" }])]),
      );
      expect(a.rendered[0]?.manifest).toContain("name: foo-2");
      expect(b.rendered[0]?.cached).toBe(false);
      // `other` gets no values, so the subchart renders nothing.
      expect(b.rendered[0]?.manifest).not.toContain("name: foo-2");
    } finally {
      session.dispose();
    }
  });

  test("a remote chart is pulled, gets its dependencies, and builds none (helmfile skips deps for remote charts)", async () => {
    const helm = await findHelm(new NodeProcessRunner(), { explicit: helmPath });
    const serveDir = join(scratch.root, "serve");
    const runner = new NodeProcessRunner();
    const pkg = await runner.run(helmPath, ["package", join(chartsDir, "raw-0.1.0"), "-d", serveDir]);
    expect(pkg.exitCode).toBe(0);
    const server: Server = createServer((req, res) => {
      try {
        res.end(readFileSync(join(serveDir, (req.url ?? "/").slice(1))));
      } catch {
        res.statusCode = 404;
        res.end();
      }
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/raw-0.1.0.tgz`;
      const out = await renderDesiredState(
        {
          states: [state([release([{ alias: "dep", chart: "./raw", version: "0.0.1" }], { chart: url })])],
          releases: [],
        },
        { helm, chartifyTempDir: join(scratch.root, "ct") },
        io(),
      );
      expect(out[0]?.manifest).toBe(chartNeedManifest);
      expect(scratch.lines.filter((l) => l.startsWith("Building dependency"))).toEqual([]);
      expect(readdirSync(join(scratch.root, "ct"))).toEqual([]);
    } finally {
      await new Promise((done) => server.close(done));
    }
  });
});
