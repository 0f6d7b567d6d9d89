/**
 * `explain` down to the chart's subcharts, for a chart in a directory, from an HTTP repository and
 * from an OCI registry alike: a subchart folder, an aliased one, one switched off by its
 * `condition`, an archived one (`charts/lib-0.1.0.tgz`, as `helm dependency build` leaves it),
 * `global` copied down and `import-values` (both forms) copied up. Each explained value is the
 * value the real helm computes (read from `helm template` of the same chart and values), and each
 * source file and line is read off the test's own files.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { parse } from "yaml";
import { startChartRepository, startOciRegistry, type ChartSource } from "../../tests/support/chart-sources";
import { captureCli } from "../../tests/support/run-cli";

const helm = process.env.HELM_BINARY ?? "helm";

/** The charts' files, each chart's values.yaml kept for the lines. */
const FILES: Record<string, string> = {
  "app/Chart.yaml": [
    "apiVersion: v2",
    "name: app",
    "version: 1.0.0",
    "dependencies:",
    "  - name: db",
    "    version: 0.1.0",
    "    condition: db.enabled",
    "    import-values:",
    "      - data",
    "      - child: info",
    "        parent: imported",
    "  - name: cache",
    "    alias: redis",
    "    version: 0.1.0",
    "  - name: optional",
    "    version: 0.1.0",
    "    condition: optional.enabled",
    "  - name: lib",
    "    version: 0.1.0",
    "",
  ].join("\n"),
  "app/values.yaml": [
    "global:",
    "  region: eu",
    "db:",
    "  enabled: true",
    "  auth:",
    "    user: parent-user",
    "optional:",
    "  enabled: false",
    "",
  ].join("\n"),
  // helm's own .Values, as the parent chart sees them.
  "app/templates/values.yaml": [
    "apiVersion: v1",
    "kind: ConfigMap",
    "metadata:",
    "  name: values",
    "data:",
    "  values: {{ toJson .Values | quote }}",
    "",
  ].join("\n"),
  "app/charts/db/Chart.yaml": "apiVersion: v2\nname: db\nversion: 0.1.0\n",
  "app/charts/db/values.yaml": [
    "auth:",
    "  user: db-default",
    "  password: db-pw",
    "global:",
    "  region: db-own",
    "  tier: gold",
    "exports:",
    "  data:",
    "    port: 5432",
    "info:",
    "  version: '15'",
    "",
  ].join("\n"),
  "app/charts/cache/Chart.yaml": "apiVersion: v2\nname: cache\nversion: 0.1.0\n",
  "app/charts/cache/values.yaml": "size: 1\n",
  "app/charts/optional/Chart.yaml": "apiVersion: v2\nname: optional\nversion: 0.1.0\n",
  "app/charts/optional/values.yaml": "hidden: 1\n",
  "lib/Chart.yaml": "apiVersion: v2\nname: lib\nversion: 0.1.0\n",
  "lib/values.yaml": "flavour: plain\nlevel: 3\n",
};

/** The state's release values: they override a subchart default and add a global. */
const STATE_VALUES = "db:\n  auth:\n    password: state-pw\nglobal:\n  owner: team\nredis:\n  size: 2\n";

let root: string;
/** helm's `.Values` of the chart with the state's values. */
let helmValues: Record<string, unknown>;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "phf-explain-subcharts-"));
  for (const [f, text] of Object.entries(FILES)) {
    mkdirSync(join(root, f, ".."), { recursive: true });
    writeFileSync(join(root, f), text);
  }
  // The archived subchart, as `helm dependency build` leaves it.
  execFileSync(helm, ["package", join(root, "lib"), "--destination", join(root, "app", "charts")], {
    stdio: "pipe",
  });
  writeFileSync(join(root, "state-values.yaml"), STATE_VALUES);
  const manifest = execFileSync(
    helm,
    ["template", "rel", join(root, "app"), "-f", join(root, "state-values.yaml")],
    { encoding: "utf8" },
  );
  const cm = parse(manifest.split("\n---\n").find((d) => d.includes("name: values")) ?? "") as {
    data: { values: string };
  };
  helmValues = JSON.parse(cm.data.values) as Record<string, unknown>;
});
afterAll(() => {
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
});

/** The value at a dotted key of helm's `.Values`. */
function helmValue(key: string): unknown {
  return key
    .split(".")
    .reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], helmValues);
}

/** The 1-based line of the first `key:` in a file of {@link FILES}. */
function line(file: string, key: string): number {
  return (FILES[file] as string).split("\n").findIndex((l) => l.trimStart().startsWith(`${key}:`)) + 1;
}

interface Explained {
  value: unknown;
  source: { file: string; line: number | null; layer: string };
  chain: { file: string; line: number | null; layer: string; value: unknown }[];
}

type Explain = (key: string) => Promise<{ code: number; result: Explained }>;

/** A state whose release `rel` has chart `chart`; `explain rel <key> -o json` on it, and its folder. */
function explainer(chart: string, head: string[]): { explain: Explain; dir: string } {
  const dir = mkdtempSync(join(root, "state-"));
  writeFileSync(join(dir, "state-values.yaml"), STATE_VALUES);
  writeFileSync(
    join(dir, "helmfile.yaml"),
    [
      ...head,
      "releases:",
      "  - name: rel",
      ...chart.split("\n").map((l) => `    ${l}`),
      "    values:",
      "      - state-values.yaml",
      "",
    ].join("\n"),
  );
  const explain: Explain = async (key) => {
    const run = await captureCli(["explain", "rel", key, "--output", "json"], dir, {
      PATH: process.env.PATH,
      HOME: dir,
      HELM_BINARY: helm,
    });
    return { code: run.code, result: (run.stdout === "" ? {} : JSON.parse(run.stdout)) as Explained };
  };
  return { explain, dir };
}

/** Every expectation, for a chart named in the chain by `name(file)` (`file` relative to the chart). */
async function expectSubcharts(
  explain: Explain,
  name: (file: string) => string,
  archived: string,
): Promise<void> {
  const chain = (r: Explained): [string, unknown][] => r.chain.map((c) => [c.file, c.value]);

  // A subchart default overridden by the parent's values.yaml under the subchart's name.
  const user = await explain("db.auth.user");
  expect(user.result.value).toBe(helmValue("db.auth.user"));
  expect(user.result.source).toEqual({
    file: name("values.yaml"),
    line: line("app/values.yaml", "user"),
    layer: "chart default",
  });
  expect(chain(user.result)).toEqual([
    [name("charts/db/values.yaml"), "db-default"],
    [name("values.yaml"), "parent-user"],
  ]);
  expect(user.result.chain[0]?.line).toBe(line("app/charts/db/values.yaml", "user"));

  // A subchart default overridden by the state's release values.
  const pw = await explain("db.auth.password");
  expect(pw.result.value).toBe(helmValue("db.auth.password"));
  expect(chain(pw.result)).toEqual([
    [name("charts/db/values.yaml"), "db-pw"],
    ["state-values.yaml", "state-pw"],
  ]);

  // global: the parent's global wins over the subchart's own, and reaches it.
  const region = await explain("db.global.region");
  expect(region.result.value).toBe(helmValue("db.global.region"));
  expect(region.result.source).toEqual({
    file: name("values.yaml"),
    line: line("app/values.yaml", "region"),
    layer: "chart default",
  });
  expect(chain(region.result)).toEqual([
    [name("charts/db/values.yaml"), "db-own"],
    [name("values.yaml"), "eu"],
  ]);
  // The subchart's own global, and a global of the release values copied down to the subchart.
  const tier = await explain("db.global.tier");
  expect([tier.result.value, tier.result.source.file]).toEqual([
    helmValue("db.global.tier"),
    name("charts/db/values.yaml"),
  ]);
  const owner = await explain("redis.global.owner");
  expect([owner.result.value, owner.result.source.file, owner.result.source.line]).toEqual([
    helmValue("redis.global.owner"),
    "state-values.yaml",
    STATE_VALUES.split("\n").findIndex((l) => l.trimStart().startsWith("owner:")) + 1,
  ]);

  // import-values: `exports.data` to the parent's top, `info` to `imported`.
  const port = await explain("port");
  expect(port.result.value).toBe(helmValue("port"));
  expect(port.result.source).toEqual({
    file: name("charts/db/values.yaml"),
    line: line("app/charts/db/values.yaml", "port"),
    layer: "chart default",
  });
  const version = await explain("imported.version");
  expect([version.result.value, version.result.source.file, version.result.source.line]).toEqual([
    helmValue("imported.version"),
    name("charts/db/values.yaml"),
    line("app/charts/db/values.yaml", "version"),
  ]);

  // An aliased subchart, its default overridden by the release values.
  const size = await explain("redis.size");
  expect(size.result.value).toBe(helmValue("redis.size"));
  expect(chain(size.result)).toEqual([
    [name("charts/cache/values.yaml"), 1],
    ["state-values.yaml", 2],
  ]);

  // An archived subchart: named by its archive (`helm package` stores subcharts as folders).
  const flavour = await explain("lib.flavour");
  expect(flavour.result.value).toBe(helmValue("lib.flavour"));
  expect(flavour.result.source).toEqual({
    file: archived,
    line: line("lib/values.yaml", "flavour"),
    layer: "chart default",
  });

  // A subchart its condition switched off: helm leaves its defaults out, and so does explain.
  expect(helmValue("optional.hidden")).toBeUndefined();
  const hidden = await explain("optional.hidden");
  expect([hidden.code, hidden.result.chain]).toEqual([1, []]);
}

describe("explain down to the subcharts", () => {
  jest.setTimeout(180_000);

  it("of a chart in a directory", async () => {
    const { explain, dir } = explainer(`chart: ${join(root, "app")}`, []);
    // A local chart's files are named relative to the state's folder.
    await expectSubcharts(
      explain,
      (f) => relative(dir, join(root, "app", f)),
      `${relative(dir, join(root, "app", "charts", "lib-0.1.0.tgz"))}: values.yaml`,
    );
  });

  it("of a chart from an HTTP repository", async () => {
    const repo: ChartSource = await startChartRepository(helm, [join(root, "app")]);
    try {
      const { explain } = explainer("chart: charts/app\nversion: 1.0.0", [
        "repositories:",
        "  - name: charts",
        `    url: ${repo.url}`,
      ]);
      await expectSubcharts(
        explain,
        (f) => `charts/app@1.0.0: ${f}`,
        "charts/app@1.0.0: charts/lib/values.yaml",
      );
    } finally {
      await repo.close();
    }
  });

  it("of a chart from an OCI registry", async () => {
    const oci: ChartSource = await startOciRegistry(helm, [join(root, "app")]);
    try {
      const { explain } = explainer("chart: registry/app\nversion: 1.0.0", [
        "repositories:",
        "  - name: registry",
        `    url: ${oci.url}/charts`,
        "    oci: true",
        "    plainHttp: true",
      ]);
      await expectSubcharts(
        explain,
        (f) => `registry/app@1.0.0: ${f}`,
        "registry/app@1.0.0: charts/lib/values.yaml",
      );
    } finally {
      await oci.close();
    }
  });
});
