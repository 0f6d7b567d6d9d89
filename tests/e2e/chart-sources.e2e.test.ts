/**
 * Charts from real sources, with helm 3 and helm 4: an HTTP chart repository (helm's own
 * `index.yaml`, served on loopback) and an OCI registry (Debian's docker-registry, charts pushed
 * by `helm push`), through `repositories:` with and without `oci: true` and a pinned `oci://`
 * chart reference. Each release renders exactly what helm renders from the chart's folder.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testHelmBinaries } from "../../src/node/helm-binaries";
import {
  startChartRepository,
  startOciRegistry,
  repositoriesYaml,
  type ChartSource,
} from "../support/chart-sources";
import { captureCli } from "../support/run-cli";

const CHART = join(__dirname, "fixtures", "cluster", "charts", "cm");

describe.each(testHelmBinaries())("chart sources with %s", (_label, helm) => {
  jest.setTimeout(300_000);
  let repo: ChartSource;
  let oci: ChartSource;
  let dir: string;

  beforeAll(async () => {
    repo = await startChartRepository(helm, [CHART]);
    oci = await startOciRegistry(helm, [CHART]);
    dir = mkdtempSync(join(tmpdir(), "phf-sources-"));
  });
  afterAll(async () => {
    await repo?.close();
    await oci?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("renders charts pinned from an HTTP repository, an OCI repository and an oci:// reference as helm renders them", async () => {
    writeFileSync(
      join(dir, "helmfile.yaml"),
      [
        ...repositoriesYaml(repo, oci, "web"),
        "releases:",
        "  - name: from-http",
        "    namespace: sources",
        "    chart: web/cm",
        "    version: 0.1.0",
        "    values: [{ value: http }]",
        "  - name: from-oci-repo",
        "    namespace: sources",
        "    chart: registry/cm",
        "    version: 0.1.0",
        "    values: [{ value: oci-repo }]",
        "  - name: from-oci-url",
        "    namespace: sources",
        `    chart: oci://${oci.url}/charts/cm`,
        "    version: 0.1.0",
        "    plainHttp: true",
        "    values: [{ value: oci-url }]",
        "",
      ].join("\n"),
    );
    const env = { ...process.env, HELM_BINARY: helm, PULUMI_HELMFILE_CACHE: "0" };
    const run = await captureCli(["template", "--skip-tests"], dir, env);
    expect([run.code, run.stderr.includes("rror")]).toEqual([0, false]);
    for (const [name, value] of <Array<[string, string]>>[
      ["from-http", "http"],
      ["from-oci-repo", "oci-repo"],
      ["from-oci-url", "oci-url"],
    ]) {
      const expected = execFileSync(
        helm,
        ["template", name, CHART, "--namespace", "sources", "--set", `value=${value}`],
        { encoding: "utf8" },
      );
      expect(run.stdout).toContain(expected.replace(/^---\n/, ""));
    }
  });
});
