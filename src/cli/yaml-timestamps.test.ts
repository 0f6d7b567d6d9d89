/**
 * End to end with the real helm: go-yaml v3 (helmfile's default) decodes an unquoted
 * `date: 2024-01-02` state value into a Go time.Time; go-yaml v2 (HELMFILE_GO_YAML_V3=false)
 * keeps the string. The values files below are what helmfile hands helm in each mode, written
 * by hand from a Go program's output (go.yaml.in/yaml/v3 v3.0.5, go.yaml.in/yaml/v2 v2.4.2):
 * text/template prints a time with String() (`2024-01-02 00:00:00 +0000 UTC`), go-yaml's
 * Marshal writes it as RFC 3339 (`2024-01-02T00:00:00Z`), and a timestamp-like string is quoted.
 * Our CLI must print exactly what `helm template` prints for those files.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testHelmBinaries } from "../node/helm-binaries";
import { runCli } from "./main";

const HELMFILE = `environments:
  default:
    values:
    - date: 2024-01-02
      ts: 2001-12-14t21:59:43.10-05:00
---
releases:
- name: r
  chart: ./chart
  labels:
    day: 2024-01-02
  values:
  - inline: {{ .Values.date }}
    raw: 2024-01-02
    kind: {{ typeOf .Values.date }}
  - values.yaml.gotmpl
`;

const GOTMPL = `fromGotmpl: {{ .Values.ts }}
dump:
{{ .Values | toYaml | indent 2 }}`;

/** helmfile's temp values files under go-yaml v3: the inline map re-encoded, the .gotmpl rendered. */
const V3_FILES = [
  "inline: 2024-01-02 00:00:00 +0000 UTC\nkind: time.Time\nraw: 2024-01-02T00:00:00Z\n",
  "fromGotmpl: 2001-12-14 21:59:43.1 -0500 -0500\ndump:\n  date: 2024-01-02T00:00:00Z\n  ts: 2001-12-14T21:59:43.1-05:00\n",
];
/** The same under go-yaml v2: strings throughout, quoted when they look like timestamps. */
const V2_FILES = [
  'inline: "2024-01-02"\nkind: string\nraw: "2024-01-02"\n',
  'fromGotmpl: 2001-12-14t21:59:43.10-05:00\ndump:\n  date: "2024-01-02"\n  ts: "2001-12-14t21:59:43.10-05:00"\n',
];

describe.each(testHelmBinaries())("go-yaml timestamps with %s", (_label, helm) => {
  let tmp: string;
  beforeEach(() => {
    tmp = mkdtempSync(join(tmpdir(), "ph-timestamps-"));
    mkdirSync(join(tmp, "chart", "templates"), { recursive: true });
    writeFileSync(join(tmp, "chart", "Chart.yaml"), "apiVersion: v2\nname: c\nversion: 0.1.0\n");
    writeFileSync(
      join(tmp, "chart", "templates", "cm.yaml"),
      "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n  values: |\n{{ toYaml .Values | indent 4 }}\n",
    );
    writeFileSync(join(tmp, "helmfile.yaml.gotmpl"), HELMFILE);
    writeFileSync(join(tmp, "values.yaml.gotmpl"), GOTMPL);
  });
  afterEach(() => rmSync(tmp, { recursive: true, force: true }));

  function helmTemplate(files: readonly string[]): string {
    const args = ["template", "r", "./chart"];
    files.forEach((content, i) => {
      const f = join(tmp, `expected-${i}.yaml`);
      writeFileSync(f, content);
      args.push("--values", f);
    });
    const r = spawnSync(helm, args, { cwd: tmp, encoding: "utf8" });
    if (r.status !== 0) throw new Error(r.stderr);
    return r.stdout;
  }

  async function template(
    extraEnv: Record<string, string>,
  ): Promise<{ code: number; stdout: string; stderr: string }> {
    let stdout = "";
    let stderr = "";
    const code = await runCli(["-f", "helmfile.yaml.gotmpl", "template", "--skip-deps"], {
      cwd: tmp,
      env: { PATH: process.env.PATH, HOME: tmp, HELM_BINARY: helm, TMPDIR: tmp, ...extraEnv },
      writeStdout: (t) => (stdout += t),
      writeStderr: (t) => (stderr += t),
    });
    return { code, stdout, stderr };
  }

  test("under go-yaml v3 a state timestamp reaches helm as Go prints and marshals a time.Time", async () => {
    const r = await template({});
    expect(r.stderr).not.toContain("error");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${helmTemplate(V3_FILES)}\n`);
  });

  test("under go-yaml v2 (HELMFILE_GO_YAML_V3=false) it stays the written string", async () => {
    const r = await template({ HELMFILE_GO_YAML_V3: "false" });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${helmTemplate(V2_FILES)}\n`);
  });
});
