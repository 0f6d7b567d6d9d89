/**
 * `build` and `list` against expectations read from helmfile's source (commit ecf604d5):
 * - pkg/app/app.go PrintState / ListReleases never render release values or secrets (only
 *   `build --embed-values` does, through LoadYAMLForEmbedding);
 * - processFilteredReleases (pkg/app/app.go) filters by `condition:` only when selectors are
 *   given, and `list` prints `enabled` from ConditionEnabled (HelmRelease's json tags: name,
 *   namespace, enabled, installed, labels, chart, version);
 * - Run.WithPreparedCharts (pkg/app/run.go) sets `chartPath` to normalizeChart's
 *   filepath.Join(basePath, chart) for a local chart directory;
 * - event.Hook (pkg/event/bus.go) marshals name, events, command, args and showlogs without
 *   omitempty; ReleaseSpec.CleanupOnFail is a `*bool` (an explicit false is printed) while
 *   HelmSpec.CleanupOnFail is a plain `bool` with omitempty (dropped).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { captureCli } from "../../tests/support/run-cli";

const HELMFILE = `helmDefaults:
  cleanupOnFail: false
releases:
- name: a
  chart: ./chart
  values:
  - missing.yaml
  - fails.yaml.gotmpl
  secrets:
  - secrets.yaml
  hooks:
  - events: [presync]
    command: echo
  cleanupOnFail: false
- name: b
  chart: ./chart
  condition: false
  labels: {tier: web}
- name: c
  chart: repo/x
  installed: false
`;

describe("build and list", () => {
  let tmp: string;
  beforeEach(() => {
    tmp = mkdtempSync(join(tmpdir(), "ph-build-list-"));
    mkdirSync(join(tmp, "chart"));
    writeFileSync(join(tmp, "chart", "Chart.yaml"), "apiVersion: v2\nname: c\nversion: 0.1.0\n");
    writeFileSync(join(tmp, "helmfile.yaml"), HELMFILE);
    writeFileSync(
      join(tmp, "fails.yaml.gotmpl"),
      '{{ fail "must not be rendered" }}\n{{ exec "false" list }}\n',
    );
  });
  afterEach(() => rmSync(tmp, { recursive: true, force: true }));

  async function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return captureCli(["-f", "helmfile.yaml", ...args], tmp, {
      PATH: process.env.PATH,
      HOME: tmp,
      TMPDIR: tmp,
    });
  }

  test("build reads no release values or secrets and keeps condition-false releases", async () => {
    const r = await run("build");
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('  - chart: ./chart\n    condition: "false"\n    name: b\n');
    expect(r.stdout).toContain("    name: c\n");
  });

  test("build prints chartPath for a local chart, the hook defaults and a release's explicit cleanupOnFail", async () => {
    const r = await run("build");
    expect(r.stdout).toContain(
      [
        "  - chart: ./chart",
        "    chartPath: chart",
        "    cleanupOnFail: false",
        "    hooks:",
        '      - name: ""',
        "        events:",
        "          - presync",
        "        command: echo",
        "        args: []",
        "        showlogs: false",
        "    name: a",
      ].join("\n"),
    );
    // Neither the repository chart nor the disabled release is prepared.
    expect(r.stdout.match(/chartPath/g)?.length).toBe(1);
    // helmDefaults.cleanupOnFail is a plain bool with omitempty.
    expect(r.stdout).not.toMatch(/helmDefaults:[\s\S]*cleanupOnFail[\s\S]*releases:/);
  });

  test("build with a selector drops a release whose condition is false", async () => {
    const r = await run("-l", "tier=web", "build");
    expect(r.code).toBe(3);
    expect(r.stderr).toContain("err: no releases found that matches specified selector(tier=web)");
  });

  // cmd/root.go toCLIError: app.NoMatchingHelmfileError exits with 3 for every state-visiting command.
  test.each(["build", "list", "write-values", "template"])(
    "%s exits 3 when no release matches",
    async (cmd) => {
      const r = await run("-l", "name=nothing", cmd);
      expect(r.code).toBe(3);
    },
  );

  test("list shows condition-false releases as not enabled, in the table and as JSON", async () => {
    const table = await run("list");
    expect(table.code).toBe(0);
    expect(table.stdout.split("\n")[2]).toMatch(
      /^b\s+\tfalse\s+\ttrue\s+\tchart:chart,name:b,namespace:,tier:web\t/,
    );
    const json = await run("list", "--output", "json");
    expect(JSON.parse(json.stdout)).toEqual([
      {
        name: "a",
        namespace: "",
        enabled: true,
        installed: true,
        labels: "chart:chart,name:a,namespace:",
        chart: "./chart",
        version: "",
      },
      {
        name: "b",
        namespace: "",
        enabled: false,
        installed: true,
        labels: "chart:chart,name:b,namespace:,tier:web",
        chart: "./chart",
        version: "",
      },
      {
        name: "c",
        namespace: "",
        enabled: true,
        installed: false,
        labels: "chart:x,name:c,namespace:",
        chart: "repo/x",
        version: "",
      },
    ]);
  });
});

/**
 * The state's lock file in `build`, `list` and `template`, as measured with helmfile v1.8.0 (helm
 * 4.1.4 on PATH, the repository never reached): `build` prints each repository release with the
 * locked version that satisfies its own (none: any), after `chart:`; a release no locked version
 * satisfies fails each command in its own words.
 */
describe("the lock file in build, list and template", () => {
  const STATE = (bVersion: string): string =>
    "repositories:\n- name: stable\n  url: http://127.0.0.1:1/charts\nreleases:\n" +
    "- name: a\n  namespace: ns\n  chart: stable/cm\n" +
    `- name: b\n  namespace: ns\n  chart: stable/cm\n  version: ${bVersion}\n`;
  const LOCK =
    "version: v1.8.0\ndependencies:\n- name: cm\n  repository: http://127.0.0.1:1/charts\n  version: 0.1.0\n" +
    'digest: sha256:0000000000000000000000000000000000000000000000000000000000000000\ngenerated: "2026-01-01T00:00:00Z"\n';
  let tmp: string;
  beforeEach(() => {
    tmp = mkdtempSync(join(tmpdir(), "ph-lock-"));
    writeFileSync(join(tmp, "helmfile.lock"), LOCK);
  });
  afterEach(() => rmSync(tmp, { recursive: true, force: true }));

  it("build prints the locked versions", async () => {
    writeFileSync(join(tmp, "helmfile.yaml"), STATE("~0.1"));
    const r = await captureCli(["build"], tmp, { ...process.env });
    expect(r.code).toBe(0);
    const lines = (release: string): string =>
      `  - chart: stable/cm\n    version: 0.1.0\n    name: ${release}\n    namespace: ns\n    labels:\n      chart: cm\n      name: ${release}\n      namespace: ns\n`;
    expect(r.stdout).toContain(`releases:\n${lines("a")}${lines("b")}`);
  });

  it("a release no locked version satisfies fails build, list and template in helmfile's words", async () => {
    writeFileSync(join(tmp, "helmfile.yaml"), STATE("0.0.9"));
    const message = 'no resolved dependency found for "cm", running "helmfile deps" may resolve the issue';
    const expected: Record<string, string> = {
      build: `in ./helmfile.yaml: [${message}]`,
      template: `in ./helmfile.yaml: [${message}]`,
      list: `in ./helmfile.yaml: unable to resolve dependencies for helmfile.yaml: ${message}`,
    };
    for (const [command, text] of Object.entries(expected)) {
      const r = await captureCli([command, "--skip-deps"].slice(0, command === "template" ? 2 : 1), tmp, {
        ...process.env,
      });
      expect([command, r.code, r.stderr.trim().split("\n").pop()]).toEqual([command, 1, text]);
    }
  });
});
